import path from 'node:path';

export const ACCOUNTS = {
  manager: { email: 'manager@gudang.test', password: 'manager123' },
  admin: { email: 'admin@gudang.test', password: 'admin123' },
} as const;
export type RoleName = keyof typeof ACCOUNTS;

/** Browser storage with a signed-in session, written once by global-setup. */
export const storageStateOf = (role: RoleName) =>
  path.join(__dirname, '..', '.auth', `${role}.json`);
