// One rule for every list: 'Cari...' matches every text column the list shows, case
// insensitively, and only those.
import {
  INCOMING,
  insertProduct,
  OUTGOING,
  postMovement,
  setupTestServer,
} from '../../testing/fixtures';

const server = setupTestServer();

async function found(url: string, search: string): Promise<number[]> {
  const response = await server.call(
    'GET',
    `${url}?search=${encodeURIComponent(search)}`,
    server.actors.managerToken,
  );
  expect(response.statusCode).toBe(200);
  return (response.json().data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
}

describe('list search', () => {
  it('finds a movement by every column its list shows', async () => {
    const shown = await insertProduct(server.database, {
      stock: 50,
      name: 'Kaos Polos Zamrud',
      brand: 'Cahaya Xenon',
      category: 'Busana Yodium',
      code: 'QWX-771',
    });
    const other = await insertProduct(server.database, { stock: 50 });
    for (const kind of [INCOMING, OUTGOING]) {
      const mine = await postMovement(server, kind, shown, {
        resi_number: `${kind.sign}RESI-ABC987`,
      });
      await postMovement(server, kind, other);
      const searches = ['zamrud', 'XENON', 'yodium', 'qwx-7', shown.barcodeId.slice(2), 'abc98'];
      for (const search of searches) {
        expect({ search, ids: await found(kind.url, search) }).toEqual({ search, ids: [mine.id] });
      }
    }
    // Barang Masuk also shows the platform.
    const tiktok = await postMovement(server, INCOMING, other, { platform: 'TikTok Shop' });
    expect(await found(INCOMING.url, 'tiktok')).toEqual([tiktok.id]);
  });

  it('finds a damaged record by every column its list shows, never across two columns', async () => {
    const body = {
      barcode_id: '8991234500017',
      code: 'DMG-QQ1',
      name: 'Piring Keramik',
      stock: 2,
      category: 'Dapur Ungu',
      brand: 'Merek Jingga',
      damage_reason: 'Retak halus',
      date: '2026-11-20',
    };
    const response = await server.call(
      'POST',
      '/api/damaged-goods',
      server.actors.managerToken,
      body,
    );
    expect(response.statusCode).toBe(201);
    const id = response.json().data.id as number;
    for (const search of ['45000', 'dmg-qq', 'keramik', 'UNGU', 'jingga', 'retak']) {
      expect({ search, ids: await found('/api/damaged-goods', search) }).toEqual({
        search,
        ids: [id],
      });
    }
    // The end of one column and the start of the next are not one text.
    expect(await found('/api/damaged-goods', 'Keramik Dapur')).toEqual([]);
  });
});
