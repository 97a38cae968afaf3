// 'Nilai Stok' after a receipt whose average cost does not come out in whole sen (issue 42: "Nilai
// Stok ends in odd sen after receipts"). It is stock x the moving-average cost as the product
// keeps it, to the sen (issue 26, ADR 0015): the cost every sale takes into Pembukuan as its Harga
// Beli. So a sale lowers Nilai Stok by exactly the Harga Beli Pembukuan shows for it, and no stock
// is worth 0. What the receipts paid can differ from it by the cost's rounding (at most half a sen
// a unit): 7 x 48.000 + 27 x 52.000 = 1.740.000,00 paid, Nilai Stok 34 x 51.176,47 = 1.739.999,98.
import type { DashboardStats, PembukuanList } from '@gudang/api-client/contract';
import {
  INCOMING,
  OUTGOING,
  postMovement,
  productBody,
  setupTestServer,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();

/** Nilai Stok in sen (whole numbers compare exactly). */
async function stockValueSen(): Promise<number> {
  const response = await server.call('GET', '/api/dashboard/stats', server.actors.managerToken);
  expect(response.statusCode).toBe(200);
  return Math.round(((response.json() as DashboardStats).stockValue ?? NaN) * 100);
}

describe("'Nilai Stok'", () => {
  it("is stock x the cost to the sen, and a sale lowers it by the sale's Harga Beli", async () => {
    const before = await stockValueSen();
    const created = await server.call(
      'POST',
      '/api/products',
      server.actors.managerToken,
      productBody('NS-ROK', { initial_stock: 7, purchase_price: 48_000 }),
    );
    expect(created.statusCode).toBe(201);
    const data = (created.json() as { data: { id: number; code: string; name: string } }).data;
    const rok: TestProduct = { ...data, barcodeId: 'NS-ROK-BC' };
    expect((await stockValueSen()) - before).toBe(7 * 4_800_000);

    // (7 x 48.000 + 27 x 52.000) / 34 = 51.176,470588... -> 51.176,47.
    await postMovement(server, INCOMING, rok, { quantity: 27, purchase_price: 52_000 });
    expect((await stockValueSen()) - before).toBe(34 * 5_117_647); // 1.739.999,98

    const sale = await postMovement(server, OUTGOING, rok, { quantity: 1 });
    expect((await stockValueSen()) - before).toBe(33 * 5_117_647); // 1.688.823,51
    const books = await server.call(
      'GET',
      `/api/pembukuan?search=${sale.resi_number}`,
      server.actors.managerToken,
    );
    const [row] = (books.json() as PembukuanList).data;
    expect(row?.purchase_price).toBe(51_176.47);

    // The rest sold: nothing in stock is worth nothing, no sen left over.
    await postMovement(server, OUTGOING, rok, { quantity: 33 });
    expect(await stockValueSen()).toBe(before);
  });
});
