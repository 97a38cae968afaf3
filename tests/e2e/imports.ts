import { expect, type APIRequestContext } from '@playwright/test';

/** Imports a Shopee order file through the API, preview then commit, as a manager's headers. */
export async function importShopeeOrders(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  csv: string,
): Promise<void> {
  const upload = await request.post('/api/marketplace-imports', {
    headers,
    multipart: {
      channel: 'shopee',
      file: { name, mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: number };
  const commit = await request.post(`/api/marketplace-imports/${id}/commit`, {
    headers,
    data: {},
  });
  expect(commit.status()).toBe(200);
}
