import path from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';

export const ACCOUNTS = {
  manager: { email: 'manager@gudang.test', password: 'manager123' },
  admin: { email: 'admin@gudang.test', password: 'admin123' },
} as const;
export type RoleName = keyof typeof ACCOUNTS;

/**
 * Browser storage with a signed-in session, written once by global-setup: one folder per port,
 * so that runs on other ports (several people or helpers on one machine) never overwrite it.
 */
export const storageStateOf = (role: RoleName) =>
  path.join(__dirname, '..', '.auth', process.env.E2E_PORT ?? '8181', `${role}.json`);

/**
 * A signed-in browser storage with a token of its own, for a test that signs out: Logout ends
 * its token on the server, which must not be the token the other tests share.
 */
export async function ownSession(baseURL: string, role: RoleName) {
  const api = await request.newContext({ baseURL });
  try {
    const res = await api.post('/api/auth/login', { data: ACCOUNTS[role] });
    if (!res.ok()) throw new Error(`login ${role}: ${res.status()} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }],
    };
  } finally {
    await api.dispose();
  }
}

/** A fresh token of the role's demo account, for calls through the API. */
export async function tokenOf(api: APIRequestContext, role: RoleName): Promise<string> {
  const res = await api.post('/api/auth/login', { data: ACCOUNTS[role] });
  if (!res.ok()) throw new Error(`login ${role}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The shop's day (Asia/Jakarta) as yyyy-mm-dd, offsetDays from today. */
export function shopDay(offsetDays = 0): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(day);
}
