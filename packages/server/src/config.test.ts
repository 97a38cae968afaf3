import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, parseEnv } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'gudang-config-'));

describe('parseEnv', () => {
  it('applies the defaults', () => {
    const config = parseEnv({}, '/srv/gudang');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/gudang/data',
      pgliteDir: '/srv/gudang/data/pglite',
      databaseUrl: null,
      jwtSecret: null,
      seedDemo: true,
      shopTimezone: 'Asia/Jakarta',
      remotesJson: null,
      nodeEnv: 'development',
      logLevel: 'info',
      trustProxy: false,
      backupKeep: 0,
    });
    expect(path.basename(config.webDir)).toBe('packages');
  });

  it('reads every variable', () => {
    const config = parseEnv(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/db',
        DATABASE_URL: 'postgres://u:p@db:5432/gudang',
        SEED_DEMO: '0',
        SHOP_TIMEZONE: 'Asia/Makassar',
        REMOTES_JSON: 'conf/remotes.json',
        LOG_LEVEL: 'warn',
        WEB_DIR: '/opt/web',
        BACKUP_KEEP: '14',
        PGLITE_THREAD: '0',
        PG_KEEP_STATEMENTS: 'false',
        WORKERS: '4',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/var/db',
      databaseUrl: 'postgres://u:p@db:5432/gudang',
      seedDemo: false,
      shopTimezone: 'Asia/Makassar',
      remotesJson: '/srv/conf/remotes.json',
      logLevel: 'warn',
      webDir: '/opt/web',
      backupKeep: 14,
      pgliteThread: false,
      keepStatements: false,
      workers: 4,
    });
    expect(parseEnv({})).toMatchObject({ pgliteThread: true, keepStatements: true });
    // Unset or blank: the default is chosen from the database and the cores (cluster.ts).
    expect(parseEnv({}).workers).toBeUndefined();
    expect(parseEnv({ WORKERS: ' ' }).workers).toBeUndefined();
    expect(parseEnv({ WORKERS: '256' }).workers).toBe(256);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ SHOP_TIMEZONE: 'Mars/Olympus' }, /SHOP_TIMEZONE/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ BACKUP_KEEP: 'seven' }, /BACKUP_KEEP/],
    [{ BACKUP_KEEP: '-1' }, /BACKUP_KEEP/],
    [{ PGLITE_THREAD: 'no' }, /PGLITE_THREAD/],
    [{ PG_KEEP_STATEMENTS: '2' }, /PG_KEEP_STATEMENTS/],
    [{ WORKERS: 'dua' }, 'WORKERS must be a whole number from 1 to 256 (got "dua")'],
    [{ WORKERS: '0' }, /WORKERS/],
    [{ WORKERS: '257' }, /WORKERS/],
    [{ WORKERS: '1.5' }, /WORKERS/],
    [{ TRUST_PROXY: '10.0.0.1,proxy.local' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '-1' }, /TRUST_PROXY/],
    // Fastify treats a hop count as trusting no one; refuse it rather than mislead.
    [{ TRUST_PROXY: '2' }, /TRUST_PROXY/],
  ])('rejects %j with a message naming the variable', (env, name) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(name);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
    ['TRUE', true],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.5 ,::1', ['10.0.0.0/8', '192.168.1.5', '::1']],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses TRUST_PROXY=true in production, asking for the proxy address', () => {
    const production = { NODE_ENV: 'production', TRUST_PROXY: 'true' };
    expect(() => parseEnv(production)).toThrow(ConfigError);
    expect(() => parseEnv(production)).toThrow(/TRUST_PROXY=true .*the reverse proxy's address/);
    expect(parseEnv({ NODE_ENV: 'production', TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual([
      '127.0.0.1',
    ]);
  });

  it('turns the demo data off in production unless asked for', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});

describe('loadConfig and the JWT secret', () => {
  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      /JWT_SECRET is required/,
    );
  });

  it('uses JWT_SECRET when given', () => {
    const secret = 'a'.repeat(40);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: tempDir() }).jwtSecret,
    ).toBe(secret);
  });

  it('outside production creates a random secret once and keeps it in DATA_DIR', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toMatch(/^[\w-]{32,}$/);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });
});
