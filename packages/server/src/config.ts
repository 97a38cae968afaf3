import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** Absolute path; PGlite keeps its files in `pgliteDir`. */
  dataDir: string;
  /** `DATA_DIR/pglite`, or `memory://` for a throw-away database (tests). */
  pgliteDir: string;
  /** When set, node-postgres talks to this server instead of PGlite. */
  databaseUrl: string | null;
  /** Null until resolveJwtSecret() ran (the user CLI never needs it). */
  jwtSecret: string | null;
  seedDemo: boolean;
  shopTimezone: string;
  /** Absolute path of a remotes.json file that replaces the default list. */
  remotesJson: string | null;
  /** Where versioned remote builds live (REMOTES_DIR, default DATA_DIR/remotes). */
  remotesDir?: string;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /** The packages/ folder: shell/dist and <remote>/dist live under it. */
  webDir: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (sign-in throttling):
   * false = none, true = any, else these addresses/CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** BACKUP_KEEP: daily backups into DATA_DIR/backups keeping this many; 0 = none. */
  backupKeep: number;
  /**
   * TLS_CERT and TLS_KEY (PEM file paths): the server speaks HTTPS itself (a phone's camera needs
   * a secure page); optional, so that existing configurations stay as they are.
   */
  tls?: TlsFiles | null;
}

export interface TlsFiles {
  cert: string;
  key: string;
}

export type TrustProxy = boolean | string[];

/** A configuration that must stop the start; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
const JWT_SECRET_MIN_LENGTH = 32;
const JWT_SECRET_FILE = 'jwt-secret';
/** packages/server/src -> packages */
const DEFAULT_WEB_DIR = path.resolve(__dirname, '../..');

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = text(env, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got '${value}')`);
  }
  return value as T;
}

function parsePort(env: Env): number {
  const value = text(env, 'PORT');
  if (value === undefined) return 8080;
  const port = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535 (got '${value}')`);
  }
  return port;
}

function parseBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`${name} must be true, false, 1 or 0 (got '${value}')`);
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function parseDatabaseUrl(env: Env): string | null {
  const value = text(env, 'DATABASE_URL');
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      'DATABASE_URL must be a URL such as postgres://user:password@host:5432/gudang',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// or postgresql:// (got '${url.protocol}')`,
    );
  }
  return value;
}

function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

function parseTrustProxy(env: Env, production: boolean): TrustProxy {
  const value = text(env, 'TRUST_PROXY');
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (lower === 'false' || lower === '0') return false;
  // Trusting any sender lets every client write its own X-Forwarded-For: sign-in throttling is
  // then bypassed, and an outsider can lock the owner out by naming the owner's address.
  if (lower === 'true' && production)
    throw new ConfigError(
      'TRUST_PROXY=true trusts X-Forwarded-For from anyone, so any client can pretend to be any ' +
        "address; with NODE_ENV=production give the reverse proxy's address instead " +
        '(e.g. TRUST_PROXY=127.0.0.1, or IP addresses/CIDR ranges, comma-separated)',
    );
  if (lower === 'true') return true;
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY must be false, true, or comma-separated IP addresses/CIDR ' +
        `ranges of the reverse proxies (got '${bad}')`,
    );
  }
  return entries;
}

/** Both TLS_CERT and TLS_KEY (readable files) or neither. */
function parseTls(env: Env, cwd: string): TlsFiles | null {
  const cert = text(env, 'TLS_CERT');
  const key = text(env, 'TLS_KEY');
  if (cert === undefined && key === undefined) return null;
  if (cert === undefined || key === undefined)
    throw new ConfigError(
      'TLS_CERT and TLS_KEY must be set together (PEM files of the certificate and its key)',
    );
  const files = { cert: path.resolve(cwd, cert), key: path.resolve(cwd, key) };
  for (const [name, file] of [
    ['TLS_CERT', files.cert],
    ['TLS_KEY', files.key],
  ] as const) {
    if (!existsSync(file)) throw new ConfigError(`${name} file not found: ${file}`);
  }
  return files;
}

function parseBackupKeep(env: Env): number {
  const value = text(env, 'BACKUP_KEEP');
  if (value === undefined) return 0;
  const keep = Number(value);
  if (!/^\d+$/.test(value) || keep > 3650) {
    throw new ConfigError(
      `BACKUP_KEEP must be the number of daily backups to keep, 0 to 3650 (got '${value}')`,
    );
  }
  return keep;
}

/**
 * Reads and checks the environment. Pure apart from resolving relative paths against `cwd`;
 * the JWT secret is left to resolveJwtSecret().
 */
export function parseEnv(env: Env = process.env, cwd: string = process.cwd()): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', NODE_ENVS, 'development');
  const production = nodeEnv === 'production';
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? './data');

  const shopTimezone = text(env, 'SHOP_TIMEZONE') ?? 'Asia/Jakarta';
  if (!isValidTimeZone(shopTimezone)) {
    throw new ConfigError(
      `SHOP_TIMEZONE must be an IANA time zone such as Asia/Jakarta (got '${shopTimezone}')`,
    );
  }

  const jwtSecret = text(env, 'JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters long`);
  }

  const remotesJson = text(env, 'REMOTES_JSON');
  const remotesDir = text(env, 'REMOTES_DIR');
  const webDir = text(env, 'WEB_DIR');

  return {
    port: parsePort(env),
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: parseDatabaseUrl(env),
    jwtSecret,
    seedDemo: parseBoolean(env, 'SEED_DEMO', !production),
    shopTimezone,
    remotesJson: remotesJson === undefined ? null : path.resolve(cwd, remotesJson),
    remotesDir:
      remotesDir === undefined ? path.join(dataDir, 'remotes') : path.resolve(cwd, remotesDir),
    nodeEnv,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    webDir: webDir === undefined ? DEFAULT_WEB_DIR : path.resolve(cwd, webDir),
    trustProxy: parseTrustProxy(env, production),
    backupKeep: parseBackupKeep(env),
    tls: parseTls(env, cwd),
  };
}

/**
 * Outside production a missing JWT_SECRET is replaced by a random one, created once and kept in
 * DATA_DIR so that tokens survive restarts. In production a missing secret stops the start.
 */
export function resolveJwtSecret(config: Config): Config {
  if (config.jwtSecret !== null) return config;
  if (config.nodeEnv === 'production') {
    throw new ConfigError(
      'JWT_SECRET is required when NODE_ENV=production (at least 32 random characters)',
    );
  }
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= JWT_SECRET_MIN_LENGTH) return { ...config, jwtSecret: stored };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { ...config, jwtSecret: secret };
}

/** The configuration the server starts with; throws ConfigError on a bad value. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  return resolveJwtSecret(parseEnv(env, cwd));
}
