import pg from 'pg';
import { keepStatements, MAX_PER_CONNECTION, nameable, statementName } from './statement-cache';

describe('nameable', () => {
  it.each([
    ['select 1', true],
    ['  WITH x as (select 1) select * from x', true],
    ['insert into t values ($1)', true],
    ['update t set a = $1', true],
    ['delete from t where id = $1', true],
    ['begin', false],
    ['commit', false],
    ['set local statement_timeout = 1000', false],
    ['select 1; select 2', false],
    ['create table t (a int)', false],
  ])('%j -> %s', (text, expected) => {
    expect(nameable(text)).toBe(expected);
  });
});

describe('statementName', () => {
  it('is the same for the same text and differs for another', () => {
    expect(statementName('select $1::int')).toBe(statementName('select $1::int'));
    expect(statementName('select $1::int')).not.toBe(statementName('select $1::text'));
    expect(statementName('select 1')).toMatch(/^g_[A-Za-z0-9_-]{27}$/);
  });
});

// Statements on a real connection need a PostgreSQL server: with DATABASE_URL only.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('keepStatements on PostgreSQL (needs DATABASE_URL)', () => {
  let pool: pg.Pool;
  let client: pg.PoolClient;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    pool.on('connect', keepStatements);
    client = await pool.connect();
  });
  afterAll(async () => {
    client.release();
    await pool.end();
  });

  const prepared = async () => {
    const { rows } = await client.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements',
    );
    return rows;
  };

  it('prepares a query text once per connection and answers as before', async () => {
    const text = 'select $1::int + 1 as n';
    for (const value of [1, 2, 3]) {
      const { rows } = await client.query({ text, values: [value] });
      expect(rows).toEqual([{ n: value + 1 }]);
    }
    const kept = (await prepared()).filter((row) => row.statement === text);
    expect(kept).toEqual([{ name: statementName(text), statement: text }]);
  });

  it('leaves transaction control and plain strings unnamed', async () => {
    await client.query({ text: 'begin' });
    await client.query({ text: 'commit' });
    await client.query('select $1::int as plain', [1]);
    const texts = (await prepared()).map((row) => row.statement);
    expect(texts).not.toContain('begin');
    expect(texts).not.toContain('select $1::int as plain');
  });

  it('prepares again when the session forgot its statements', async () => {
    const text = 'select $1::text as word';
    await client.query({ text, values: ['a'] });
    await client.query('deallocate all');
    await expect(client.query({ text, values: ['b'] })).rejects.toMatchObject({ code: '26000' });
    const { rows } = await client.query({ text, values: ['c'] });
    expect(rows).toEqual([{ word: 'c' }]);
  });

  it('recovers through the pool too (drizzle outside a transaction): pg-pool drops a connection whose query failed', async () => {
    const text = 'select $1::text as pooled';
    const viaPool = (value: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        void pool.query({ text, values: [value] }, (error: Error | undefined, result) =>
          error ? reject(error) : resolve(result.rows),
        );
      });
    // The pool's only connection is held by `client`: release it for the pool's own query.
    client.release();
    expect(await viaPool('a')).toEqual([{ pooled: 'a' }]);
    await pool.query('deallocate all');
    await expect(viaPool('b')).rejects.toMatchObject({ code: '26000' });
    expect(await viaPool('c')).toEqual([{ pooled: 'c' }]);
    client = await pool.connect();
  });

  it('runs a statement unnamed once its table changed shape under it', async () => {
    await client.query('create temporary table shape_t (a int)');
    await client.query('insert into shape_t values (1)');
    const text = 'select * from shape_t';
    expect((await client.query({ text })).rows).toEqual([{ a: 1 }]);
    await client.query('alter table shape_t add column b int');
    await expect(client.query({ text })).rejects.toMatchObject({ code: '0A000' });
    expect((await client.query({ text })).rows).toEqual([{ a: 1, b: null }]);
    await client.query('drop table shape_t');
  });

  it(`keeps at most ${MAX_PER_CONNECTION} statements on a connection`, async () => {
    for (let i = 0; i < MAX_PER_CONNECTION + 20; i += 1) {
      await client.query({ text: `select ${i} as i, $1::int as v`, values: [i] });
    }
    expect((await prepared()).length).toBeLessThanOrEqual(MAX_PER_CONNECTION);
  });
});
