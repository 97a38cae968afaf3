// Every route the server registers, called as anonymous, admin and manager, against the one rules
// table (API_RULES in the contract). A route without a rule fails here: a new route cannot ship
// without one. The shell's pages follow the API route they stand on.
import {
  accessOutcome,
  API_RULES,
  apiRule,
  PAGE_RULES,
  type Role,
} from '@gudang/api-client/contract';
import type { RouteOptions } from 'fastify';
import type { App } from '../app';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
  type TestUser,
} from '../testing/test-app';

/** The documentation UI's own files (public by design) and the front ends are not the API. */
const isApiRoute = (url: string) => url.startsWith('/api') && !url.startsWith('/api/docs');

/** Path values that match no record: an allowed caller reaches the route's own 404 or 400. */
const PARAM_VALUES: Record<string, string> = {
  id: '999999',
  barcode: 'TIDAK-ADA',
  resi: 'TIDAK-ADA',
};

let database: TestDatabase;
let app: App;
const routes: RouteOptions[] = [];
const tokens: Record<Role, string> = { admin: '', manager: '' };
const accounts: Partial<Record<Role, TestUser>> = {};
/** Routes that end the token they are called with: each call signs in afresh. */
const ENDS_SESSION = new Set(['POST /api/auth/logout', 'POST /api/auth/logout-all']);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database, {
    loginLimits: { ipMax: 100_000 },
    onRoute: (route) => routes.push(route),
  });
  for (const role of ['admin', 'manager'] as const) {
    const user = await createTestUser(database, role);
    accounts[role] = user;
    tokens[role] = await login(app, user.email, user.password);
  }
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

function registered(): string[] {
  return routes
    .filter((route) => isApiRoute(route.url))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => `${method} ${route.url}`),
    );
}

describe('the rules table', () => {
  it('has a rule for every route the server registers, and none for a route it does not', () => {
    const keys = registered();
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((key) => !(key in API_RULES))).toEqual([]);
    expect(Object.keys(API_RULES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('gives every page the rule of the API route it stands on', () => {
    const pages: Record<string, { access: string; api?: string }> = PAGE_RULES;
    for (const [path, page] of Object.entries(pages)) {
      if (page.api === undefined) continue;
      expect({ path, access: apiRule(...(page.api.split(' ') as [string, string])) }).toEqual({
        path,
        access: page.access,
      });
    }
  });
});

describe('every route as anonymous, admin and manager', () => {
  const callers: (Role | null)[] = [null, 'admin', 'manager'];

  it('answers each caller as the table says', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const key of registered()) {
      const rule = apiRule(...(key.split(' ') as [string, string]));
      if (rule === undefined) continue; // reported by the test above
      const [method = '', path = ''] = key.split(' ');
      const url = path.replace(/:(\w+)/g, (_, name: string) => PARAM_VALUES[name] ?? 'x');
      for (const caller of callers) {
        const account = caller === null ? undefined : accounts[caller];
        const token =
          caller === null
            ? null
            : ENDS_SESSION.has(key) && account !== undefined
              ? await login(app, account.email, account.password)
              : tokens[caller];
        const response = await app.inject({
          method: method as 'GET',
          url,
          headers: token === null ? {} : authHeader(token),
        });
        calls += 1;
        // Ending every session of the caller (logout-all) ends the walk's token too.
        if (ENDS_SESSION.has(key) && caller !== null && account !== undefined)
          tokens[caller] = await login(app, account.email, account.password);
        const expected = accessOutcome(rule, caller);
        const got = response.statusCode;
        const ok =
          expected === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === expected;
        if (!ok) wrong.push(`${key} as ${caller ?? 'anonymous'}: ${got}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBe(registered().length * callers.length);
  }, 60_000);
});
