import { request, type FullConfig } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTS, storageStateOf, type RoleName } from './accounts';

// Sign in once per role through the API and keep the token as the browser would (localStorage
// key 'token'), so that the tests do not hit the login rate limit.
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL ?? process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('no baseURL');
  const api = await request.newContext({ baseURL });
  for (const role of Object.keys(ACCOUNTS) as RoleName[]) {
    const res = await api.post('/api/auth/login', { data: ACCOUNTS[role] });
    if (!res.ok()) throw new Error(`login ${role}: ${res.status()} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    const file = storageStateOf(role);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({
        cookies: [],
        origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }],
      }),
    );
  }
  await api.dispose();
}
