// The API contract a remote build uses against the one this server serves (micro-frontend audit
// N5: a remote built against a renamed response field deployed with exit 0 and showed
// 'Total Stok Barang 0'). The build records, for every TypeBox schema of @gudang/api-client its
// own sources import, a hash of the schema's fields (mf-manifest.json metaData.gudang.contract)
// and the fields themselves (gudang-contract.json), read by @gudang/mf-build's contract.js with
// the rules of contractFields below. The deploy reads this server's schemas of the same names and
// refuses a build that expects a field the server does not have, or has with another type
// (docs/adr/0010-versioned-remotes.md, addendum 'The API contract a remote uses').
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as served from '@gudang/api-client/contract';
import { skew, type BuildProblem } from './problems';

/** The build file with each used schema's fields (packages/mf-build/contract.js). */
export const CONTRACT_FILE = 'gudang-contract.json';

/** A schema's fields: path -> type ('' the schema itself, 'a.b', 'a[]', 'a{}'; '?' optional). */
export type ContractFields = Record<string, string>;

type Node = Record<string, unknown>;

/** The same reading as contractFields in packages/mf-build/contract.js (a test compares them). */
export function contractFields(schema: unknown): ContractFields {
  const out: ContractFields = {};
  const walk = (value: unknown, at: string, depth: number): string => {
    if (!value || typeof value !== 'object' || depth > 16) return 'any';
    const node = value as Node;
    if ('const' in node) return JSON.stringify(node.const);
    if (Array.isArray(node.enum))
      return node.enum
        .map((v) => JSON.stringify(v))
        .sort()
        .join('|');
    const union = node.anyOf ?? node.oneOf;
    if (Array.isArray(union))
      return [...new Set(union.map((alt) => walk(alt, at, depth + 1)))].sort().join('|');
    if (Array.isArray(node.allOf))
      return node.allOf
        .map((part) => walk(part, at, depth + 1))
        .sort()
        .join('&');
    if (typeof node.$ref === 'string') return `ref:${node.$ref}`;
    if (node.type === 'object' || node.properties || node.patternProperties) {
      const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
      for (const [key, child] of Object.entries((node.properties ?? {}) as Node)) {
        const at2 = at === '' ? key : `${at}.${key}`;
        out[at2] = `${required.has(key) ? '' : '?'}${walk(child, at2, depth + 1)}`;
      }
      for (const child of Object.values((node.patternProperties ?? {}) as Node))
        out[`${at}{}`] = walk(child, `${at}{}`, depth + 1);
      return 'object';
    }
    if (node.type === 'array') {
      out[`${at}[]`] = walk(node.items, `${at}[]`, depth + 1);
      return 'array';
    }
    if (Array.isArray(node.type)) return [...(node.type as string[])].sort().join('|');
    return typeof node.type === 'string' ? node.type : 'any';
  };
  out[''] = walk(schema, '', 0);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export const fieldsHash = (fields: ContractFields): string =>
  createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 12);

/** The schemas this server serves, by the names the contract exports. */
export type ServedSchemas = Record<string, unknown>;
const SERVED: ServedSchemas = served as unknown as ServedSchemas;

const isSchema = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && Symbol.for('TypeBox.Kind') in value;

const fieldName = (schema: string, at: string) => (at === '' ? schema : `${schema}.${at}`);
const bare = (type: string) => type.replace(/^\?/, '');

/** The differences that break a build expecting `built` from a server serving `server`. */
function fieldProblems(schema: string, built: ContractFields, server: ContractFields): string[] {
  const problems: string[] = [];
  const missing = Object.keys(built).filter((at) => !(at in server));
  for (const at of missing) {
    // The server's fields beside it that the build does not know: a rename names both sides.
    const parent = at.includes('.') ? at.slice(0, at.lastIndexOf('.') + 1) : '';
    const instead = Object.keys(server).filter(
      (other) =>
        !(other in built) &&
        other.startsWith(parent) &&
        !other.slice(parent.length).includes('.') &&
        other !== '',
    );
    problems.push(
      `API ${fieldName(schema, at)} (server tidak mengenal field ini${
        instead.length > 0
          ? `; server punya ${instead.map((o) => fieldName(schema, o)).join(', ')}`
          : ''
      })`,
    );
  }
  for (const [at, type] of Object.entries(built)) {
    const theirs = server[at];
    if (theirs === undefined) continue;
    if (bare(type) !== bare(theirs))
      problems.push(`API ${fieldName(schema, at)} bertipe ${bare(type)} (server: ${bare(theirs)})`);
    else if (!type.startsWith('?') && theirs.startsWith('?'))
      problems.push(`API ${fieldName(schema, at)} wajib (server: boleh kosong)`);
  }
  return problems;
}

/**
 * What the build in `dir` expects of the API that this server (its `schemas`) does not serve, one
 * skew problem each, naming the schema and the field. A field the server has and the build does
 * not know is fine (an older build ignores it). Builds made before the fingerprint was recorded
 * are not checked.
 */
export function contractProblems(
  dir: string,
  hashes: Record<string, string> | undefined,
  schemas: ServedSchemas = SERVED,
): BuildProblem[] {
  if (!hashes) return [];
  const file = path.join(dir, CONTRACT_FILE);
  let fields: Record<string, ContractFields> = {};
  if (existsSync(file)) {
    try {
      fields = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ContractFields>;
    } catch {
      fields = {};
    }
  }
  const problems: BuildProblem[] = [];
  for (const [schema, hash] of Object.entries(hashes).sort()) {
    const theirs = schemas[schema];
    if (!isSchema(theirs)) {
      problems.push(skew(`butuh API ${schema} (server tidak menyediakan skema ini)`));
      continue;
    }
    const server = contractFields(theirs);
    if (fieldsHash(server) === hash) continue;
    const built = fields[schema];
    // The fields must be the ones hashed in the manifest, else nothing can be said of them.
    if (!built || fieldsHash(built) !== hash) {
      problems.push(skew(`butuh API ${schema} versi lain (server menyajikan kontrak berbeda)`));
      continue;
    }
    for (const message of fieldProblems(schema, built, server))
      problems.push(skew(`butuh ${message}`));
  }
  return problems;
}
