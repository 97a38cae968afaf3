import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './accounts';

test('the API signs a manager in, verifies the token and documents itself', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

  const login = await request.post('/api/auth/login', { data: ACCOUNTS.manager });
  expect(login.status()).toBe(200);
  const { token, user } = await login.json();
  expect(user).toMatchObject({
    email: ACCOUNTS.manager.email,
    role: 'manager',
    name: 'Manajer Demo',
  });
  expect(user).not.toHaveProperty('password_hash');

  const verify = await request.get('/api/auth/verify', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(verify.status()).toBe(200);
  expect((await verify.json()).user).toEqual(user);

  const anonymous = await request.get('/api/auth/verify');
  expect(anonymous.status()).toBe(401);

  const docs = await request.get('/api/docs/json');
  expect(docs.status()).toBe(200);
  expect(Object.keys((await docs.json()).paths)).toContain('/api/auth/login');
});

test('the API documentation page renders', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('/api/auth/login').first()).toBeVisible();
});

test('deep links reload into the app', async ({ request }) => {
  const res = await request.get('/products');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(res.headers()['cache-control']).toContain('no-cache');
});
