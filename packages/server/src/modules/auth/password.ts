import bcrypt from 'bcryptjs';

/** bcrypt work factor: about 70 ms per hash here, slow enough against offline guessing. */
export const BCRYPT_COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
