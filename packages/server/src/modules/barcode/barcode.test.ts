import { BARCODE_MESSAGES, MESSAGES, VALIDATION_MESSAGES } from '@gudang/api-client/contract';
import { count, eq } from 'drizzle-orm';
import { activityLogs } from '../../db/schema';
import { insertProduct, latestLog, setupTestServer } from '../../testing/fixtures';

const server = setupTestServer();

const barcodeLogs = async () =>
  (
    await server.database.db
      .select({ n: count() })
      .from(activityLogs)
      .where(eq(activityLogs.action, 'GENERATE_BARCODE'))
  )[0]?.n ?? 0;

describe('POST /api/barcode/generate', () => {
  it('logs GENERATE_BARCODE naming the product, as the manager', async () => {
    const product = await insertProduct(server.database, { code: 'BRC-001', name: 'Topi Rajut' });
    // Codes are unique regardless of letter case, and found that way.
    const response = await server.call(
      'POST',
      '/api/barcode/generate',
      server.actors.managerToken,
      { product_code: 'brc-001' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: BARCODE_MESSAGES.generated('BRC-001'),
      data: { code: 'BRC-001', name: 'Topi Rajut', barcode_id: product.barcodeId },
    });
    expect(await latestLog(server.database, 'GENERATE_BARCODE')).toMatchObject({
      userId: server.actors.manager.id,
      userName: server.actors.manager.name,
      userEmail: server.actors.manager.email,
      details: `Membuat barcode produk Topi Rajut (BRC-001), barcode ${product.barcodeId}`,
    });
  });

  it('answers 404 for an unknown product code and logs nothing', async () => {
    const before = await barcodeLogs();
    const response = await server.call(
      'POST',
      '/api/barcode/generate',
      server.actors.managerToken,
      { product_code: 'TIDAK-ADA' },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MESSAGES.productNotFound });
    expect(await barcodeLogs()).toBe(before);
  });

  it('refuses a missing code with 400', async () => {
    const response = await server.call(
      'POST',
      '/api/barcode/generate',
      server.actors.managerToken,
      {},
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: VALIDATION_MESSAGES.required('Kode Barang') });
  });

  it('is the manager’s only: admin 403, signed out 401, neither logged', async () => {
    await insertProduct(server.database, { code: 'BRC-002' });
    const before = await barcodeLogs();
    const asAdmin = await server.call('POST', '/api/barcode/generate', server.actors.adminToken, {
      product_code: 'BRC-002',
    });
    expect(asAdmin.statusCode).toBe(403);
    const anonymous = await server.call('POST', '/api/barcode/generate', null, {
      product_code: 'BRC-002',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await barcodeLogs()).toBe(before);
  });
});
