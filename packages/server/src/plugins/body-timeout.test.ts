// A body that does not arrive in time: a real socket sends the headers and part of the body, then
// nothing. The server answers 408 and closes the connection; a whole body is served as before.
import net from 'node:net';
import type { App } from '../app';
import {
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
} from '../testing/test-app';
import { MSG_BODY_TIMEOUT } from './body-timeout';

let database: TestDatabase;
let app: App;
let port: number;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database, { bodyTimeoutMs: 500 });
  const manager = await createTestUser(database, 'manager');
  token = await login(app, manager.email, manager.password);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

/** Sends `head` and `body` on a new connection; what came back until the server closed it. */
function exchange(
  head: string,
  body: string,
): Promise<{ answer: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      socket.destroy();
      resolve({ answer, closedByServer: true });
    });
    socket.write(head + body);
  });
}

const product = JSON.stringify({
  barcode_id: 'LAMBAT-BC',
  code: 'LAMBAT-1',
  name: 'Kaos Lambat',
  initial_stock: 1,
  category: 'Kaos',
  brand: 'Lokal',
});

const headers = (length: number) =>
  'POST /api/products HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
  `Authorization: Bearer ${token}\r\nContent-Length: ${length}\r\n\r\n`;

it('answers 408 and closes the connection when the body stops half way', async () => {
  const { answer, closedByServer } = await exchange(
    headers(product.length + 100),
    product.slice(0, 20),
  );
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(answer).toContain(JSON.stringify({ message: MSG_BODY_TIMEOUT }));
  expect(closedByServer).toBe(true);
  // Nothing was created from the part that arrived.
  const list = await app.inject({
    method: 'GET',
    url: '/api/products?search=LAMBAT',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(list.json().data).toEqual([]);
}, 30_000);

it('serves a body that arrives in pieces within the time', async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
    socket.write(headers(product.length) + product.slice(0, 10));
    setTimeout(() => socket.write(product.slice(10)), 100);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 201 /);
}, 30_000);

const uploadHeaders = (length: number) =>
  'POST /api/marketplace-imports HTTP/1.1\r\nHost: localhost\r\n' +
  'Content-Type: multipart/form-data; boundary=batas\r\n' +
  `Authorization: Bearer ${token}\r\nContent-Length: ${length}\r\n\r\n`;

it('answers 408 and closes the connection when an upload stops half way', async () => {
  const part = '--batas\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n';
  const { answer, closedByServer } = await exchange(uploadHeaders(part.length + 5000), part);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer).toContain(JSON.stringify({ message: MSG_BODY_TIMEOUT }));
  expect(closedByServer).toBe(true);
}, 30_000);
