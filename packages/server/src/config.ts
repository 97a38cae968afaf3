import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { Type, type StaticDecode } from '@sinclair/typebox';
import { TransformDecodeError, Value } from '@sinclair/typebox/value';

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
  /** PGLITE_THREAD (default true): the embedded database in a worker thread (ADR 0017). */
  pgliteThread?: boolean;
  /**
   * PG_KEEP_STATEMENTS: still accepted (0/1, so that an existing configuration starts) and
   * ignored: statements are no longer kept per connection (ADR 0018, addendum of 2026-11-28).
   */
  keepStatements?: boolean;
  /**
   * WORKERS: server processes on one port, 1 to 256; undefined when unset (the default depends
   * on the database and the cores: workerCount in cluster.ts, ADR 0007).
   */
  workers?: number;
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

/** An environment value, trimmed; blank counts as unset. */
const blank = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
};

/**
 * One environment variable: a string when set, decoded by `decode` (which gets the trimmed
 * value, or undefined when unset or blank, and throws a ConfigError naming the variable).
 */
function variable<T>(decode: (value: string | undefined) => T) {
  return Type.Optional(
    Type.Transform(Type.String())
      .Decode((value) => decode(blank(value)))
      .Encode(() => ''),
  );
}

function oneOf<T extends string>(name: string, allowed: readonly T[]) {
  return variable((value): T | undefined => {
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got '${value}')`);
    }
    return value as T;
  });
}

const plain = variable((value) => value);

const port = variable((value) => {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(number) || number < 0 || number > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535 (got '${value}')`);
  }
  return number;
});

function boolean(name: string) {
  return variable((raw) => {
    const value = raw?.toLowerCase();
    if (value === undefined) return undefined;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw new ConfigError(`${name} must be true, false, 1 or 0 (got '${value}')`);
  });
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeZone = variable((value) => {
  const zone = value ?? 'Asia/Jakarta';
  if (!isValidTimeZone(zone)) {
    throw new ConfigError(
      `SHOP_TIMEZONE must be an IANA time zone such as Asia/Jakarta (got '${zone}')`,
    );
  }
  return zone;
});

const jwtSecret = variable((value) => {
  if (value !== undefined && value.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters long`);
  }
  return value;
});

const databaseUrl = variable((value) => {
  if (value === undefined) return undefined;
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
});

function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** TRUST_PROXY: false, 'any' (true; refused in production, see parseEnv) or the proxies. */
const trustProxy = variable((value): false | 'any' | string[] => {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (lower === 'false' || lower === '0') return false;
  if (lower === 'true') return 'any';
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY must be false, true, or comma-separated IP addresses/CIDR ' +
        `ranges of the reverse proxies (got '${bad}')`,
    );
  }
  return entries;
});

/** WORKERS: a whole number from 1 to 256; undefined when unset (cluster.ts chooses). */
const workers = variable((value) => {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!/^\d+$/.test(value) || count < 1 || count > 256)
    throw new ConfigError(`WORKERS must be a whole number from 1 to 256 (got "${value}")`);
  return count;
});

const backupKeep = variable((value) => {
  if (value === undefined) return 0;
  const keep = Number(value);
  if (!/^\d+$/.test(value) || keep > 3650) {
    throw new ConfigError(
      `BACKUP_KEEP must be the number of daily backups to keep, 0 to 3650 (got '${value}')`,
    );
  }
  return keep;
});

/**
 * The environment schema: every variable the server reads, each decoded and checked on its own
 * (in this order, so the first bad one is named). The rules that join variables (production,
 * paths against the working directory, TLS files) are applied after, in parseEnv.
 */
export const EnvSchema = Type.Object({
  NODE_ENV: oneOf('NODE_ENV', NODE_ENVS),
  DATA_DIR: plain,
  SHOP_TIMEZONE: timeZone,
  JWT_SECRET: jwtSecret,
  REMOTES_JSON: plain,
  REMOTES_DIR: plain,
  WEB_DIR: plain,
  PORT: port,
  HOST: plain,
  DATABASE_URL: databaseUrl,
  SEED_DEMO: boolean('SEED_DEMO'),
  LOG_LEVEL: oneOf('LOG_LEVEL', LOG_LEVELS),
  TRUST_PROXY: trustProxy,
  BACKUP_KEEP: backupKeep,
  TLS_CERT: plain,
  TLS_KEY: plain,
  PGLITE_THREAD: boolean('PGLITE_THREAD'),
  PG_KEEP_STATEMENTS: boolean('PG_KEEP_STATEMENTS'),
  WORKERS: workers,
});

/** The environment decoded once by EnvSchema; a bad value throws the ConfigError naming it. */
function decodeEnv(env: Env): StaticDecode<typeof EnvSchema> {
  // Only the schema's variables, and only those set: the rest of the environment is not ours.
  const ours = Object.fromEntries(
    Object.keys(EnvSchema.properties).flatMap((name) => {
      const value = env[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
  try {
    return Value.Decode(EnvSchema, ours);
  } catch (error) {
    if (error instanceof TransformDecodeError && error.error instanceof ConfigError)
      throw error.error;
    throw error;
  }
}

/** Both TLS_CERT and TLS_KEY (readable files) or neither. */
function tlsFiles(cert: string | undefined, key: string | undefined, cwd: string): TlsFiles | null {
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

/**
 * Reads and checks the environment. Pure apart from resolving relative paths against `cwd`;
 * the JWT secret is left to resolveJwtSecret().
 */
export function parseEnv(env: Env = process.env, cwd: string = process.cwd()): Config {
  const vars = decodeEnv(env);
  const nodeEnv = vars.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const dataDir = path.resolve(cwd, vars.DATA_DIR ?? './data');
  // Trusting any sender lets every client write its own X-Forwarded-For: sign-in throttling is
  // then bypassed, and an outsider can lock the owner out by naming the owner's address.
  if (vars.TRUST_PROXY === 'any' && production)
    throw new ConfigError(
      'TRUST_PROXY=true trusts X-Forwarded-For from anyone, so any client can pretend to be any ' +
        "address; with NODE_ENV=production give the reverse proxy's address instead " +
        '(e.g. TRUST_PROXY=127.0.0.1, or IP addresses/CIDR ranges, comma-separated)',
    );

  return {
    port: vars.PORT ?? 8080,
    host: vars.HOST ?? '127.0.0.1',
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: vars.DATABASE_URL ?? null,
    jwtSecret: vars.JWT_SECRET ?? null,
    seedDemo: vars.SEED_DEMO ?? !production,
    shopTimezone: vars.SHOP_TIMEZONE ?? 'Asia/Jakarta',
    remotesJson: vars.REMOTES_JSON === undefined ? null : path.resolve(cwd, vars.REMOTES_JSON),
    remotesDir:
      vars.REMOTES_DIR === undefined
        ? path.join(dataDir, 'remotes')
        : path.resolve(cwd, vars.REMOTES_DIR),
    nodeEnv,
    logLevel: vars.LOG_LEVEL ?? 'info',
    webDir: vars.WEB_DIR === undefined ? DEFAULT_WEB_DIR : path.resolve(cwd, vars.WEB_DIR),
    trustProxy: vars.TRUST_PROXY === 'any' ? true : (vars.TRUST_PROXY ?? false),
    backupKeep: vars.BACKUP_KEEP ?? 0,
    tls: tlsFiles(vars.TLS_CERT, vars.TLS_KEY, cwd),
    pgliteThread: vars.PGLITE_THREAD ?? true,
    keepStatements: vars.PG_KEEP_STATEMENTS ?? true,
    workers: vars.WORKERS,
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
