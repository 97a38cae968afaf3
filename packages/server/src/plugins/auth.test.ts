// Access is declared once, in API_RULES: the auth plugin gives each /api route its guard from the
// table, and a route the table does not know stops the start.
import type { App } from '../app';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
} from '../testing/test-app';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('route access from API_RULES', () => {
  it('refuses to register an /api route that has no rule', () => {
    expect(() => app.get('/api/not-in-the-table', async () => ({ ok: true }))).toThrow(
      'GET /api/not-in-the-table has no rule in API_RULES (contract/permissions.ts)',
    );
  });

  it('refuses a route whose own declaration would disagree with its rule', () => {
    // DELETE /api/products/:id is 'manager' in the table; a route cannot make it public.
    expect(() =>
      app.delete('/api/products/:id', { config: { public: true } }, async () => ({ ok: true })),
    ).toThrow(
      "DELETE /api/products/:id declares config.public; its access is API_RULES' 'manager'",
    );
  });

  it("guards a 'manager' route without a guard of its own, with the route's 403 message", async () => {
    // POST /api/products declares only its message; the table makes it the manager's.
    const admin = await createTestUser(database, 'admin');
    const token = await login(app, admin.email, admin.password);
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: authHeader(token),
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Hanya manager yang dapat menambah produk' });
  });
});
