// Each SQL function has one current source: drizzle/functions/<name>.sql. A migration that
// changes a function restates it whole; this checks that the newest migration's copy of every
// function equals its source file, that every function of the migrations has one, and that the
// migrated database runs exactly that source.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from './client';
import { setupTestDatabase } from '../testing/test-app';

const FUNCTIONS_FOLDER = path.join(MIGRATIONS_FOLDER, 'functions');
const DEFINITION = /CREATE (?:OR REPLACE )?FUNCTION "?([a-z_]+)"?\(.*?\$\$(.*?)\$\$[^;]*;/gs;

/** Every function definition in `text`: name, whole statement, body between the $$. */
function definitions(text: string) {
  return [...text.matchAll(DEFINITION)].map(([statement, name = '', body = '']) => ({
    name,
    statement,
    body,
  }));
}

/** The newest definition of each function over the migrations, in the journal's order. */
function newestInMigrations(): Map<string, { tag: string; statement: string }> {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const newest = new Map<string, { tag: string; statement: string }>();
  for (const { tag } of journal.entries) {
    const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
    for (const { name, statement } of definitions(text)) newest.set(name, { tag, statement });
  }
  return newest;
}

function sources(): Map<string, { statement: string; body: string }> {
  const found = new Map<string, { statement: string; body: string }>();
  for (const file of readdirSync(FUNCTIONS_FOLDER)) {
    const [definition, ...more] = definitions(
      readFileSync(path.join(FUNCTIONS_FOLDER, file), 'utf8'),
    );
    expect({ file, definitions: more.length + 1, name: definition?.name }).toEqual({
      file,
      definitions: 1,
      name: file.replace(/\.sql$/, ''),
    });
    if (definition !== undefined) found.set(definition.name, definition);
  }
  return found;
}

describe('the SQL functions', () => {
  const database = setupTestDatabase();

  it("have one source file each, equal to the newest migration's copy", () => {
    const newest = newestInMigrations();
    const source = sources();
    expect([...source.keys()].sort()).toEqual([...newest.keys()].sort());
    for (const [name, { tag, statement }] of newest)
      expect({ name, tag, statement }).toEqual({
        name,
        tag,
        statement: source.get(name)?.statement,
      });
  });

  it('run in the migrated database as their source files say', async () => {
    const { rows } = await database.current.db.execute<{ name: string; body: string }>(sql`
      select p.proname as name, p.prosrc as body from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prolang in (select oid from pg_language
                                                    where lanname in ('plpgsql', 'sql'))`);
    const inDatabase = new Map(rows.map((row) => [row.name, row.body]));
    const source = sources();
    expect([...inDatabase.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [name, { body }] of source)
      expect({ name, body: inDatabase.get(name) }).toEqual({ name, body });
  });
});
