/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: loaded by index.js */
// The API contract a remote is built against (micro-frontend audit N5: a remote built against a
// renamed response field deployed with exit 0 and showed 'Total Stok Barang 0'). Every name a
// remote's own sources import from @gudang/api-client (types included: they are read from the
// sources, before the compiler erases them) that is a TypeBox schema of the contract is recorded
// with the fields of that schema as this build's api-client defines it:
//   mf-manifest.json metaData.gudang.contract   { DashboardStats: '<hash of its fields>', ... }
//   gudang-contract.json                        { DashboardStats: { totalStock: 'integer', ... } }
// The deploy compares them with the schemas the running server serves, by the same reading
// (packages/server/src/remote-builds/contract.ts; docs/adr/0010-versioned-remotes.md, addendum).
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

/** The build file that holds each used schema's fields (the manifest holds only their hashes). */
const CONTRACT_FILE = 'gudang-contract.json';
const API_CLIENT = '@gudang/api-client';

/**
 * A schema's fields: path -> type ('' is the schema itself; 'a.b' a property, 'a[]' an array's
 * items, 'a{}' a record's values; '?' marks an optional property; literals as JSON, unions
 * joined by '|'). The server reads its schemas with the same rules (contract.ts there).
 */
function contractFields(schema) {
  const out = {};
  const walk = (node, at, depth) => {
    if (!node || typeof node !== 'object' || depth > 16) return 'any';
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
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const [key, value] of Object.entries(node.properties ?? {})) {
        const at2 = at === '' ? key : `${at}.${key}`;
        out[at2] = `${required.has(key) ? '' : '?'}${walk(value, at2, depth + 1)}`;
      }
      for (const value of Object.values(node.patternProperties ?? {}))
        out[`${at}{}`] = walk(value, `${at}{}`, depth + 1);
      return 'object';
    }
    if (node.type === 'array') {
      out[`${at}[]`] = walk(node.items, `${at}[]`, depth + 1);
      return 'array';
    }
    if (Array.isArray(node.type)) return [...node.type].sort().join('|');
    return typeof node.type === 'string' ? node.type : 'any';
  };
  out[''] = walk(schema, '', 0);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The fingerprint of a schema's fields (the same on the server for the same fields). */
const fieldsHash = (fields) =>
  createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 12);

/** Whether `value` is a TypeBox schema (TypeBox marks each with this symbol). */
const isSchema = (value) =>
  value !== null && typeof value === 'object' && Symbol.for('TypeBox.Kind') in value;

/**
 * Loads the contract's TypeScript sources (transpiled here, in memory) as the build resolves them:
 * its exported values by name.
 */
function loadContract(apiClientDir) {
  // swc, as the build itself: TypeScript's transpileModule type-checks each file (seconds).
  const swc = require('@swc/core');
  const cache = new Map();
  const load = (file) => {
    if (cache.has(file)) return cache.get(file).exports;
    const mod = new Module(file);
    mod.filename = file;
    cache.set(file, mod);
    const fromHere = Module.createRequire(file);
    mod.require = (spec) => {
      if (spec.startsWith('.')) {
        const base = path.resolve(path.dirname(file), spec);
        const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((f) =>
          fs.existsSync(f),
        );
        if (found?.endsWith('.ts') || found?.endsWith('.tsx')) return load(found);
      }
      return fromHere(spec);
    };
    const { code: outputText } = swc.transformSync(fs.readFileSync(file, 'utf8'), {
      filename: file,
      swcrc: false,
      configFile: false,
      module: { type: 'commonjs' },
      jsc: { parser: { syntax: 'typescript', tsx: file.endsWith('.tsx') }, target: 'es2022' },
    });
    /** @type {any} */ (mod)._compile(outputText, file);
    return mod.exports;
  };
  return load(path.join(apiClientDir, 'src', 'contract', 'index.ts'));
}

/** The names `files` import (or re-export) from @gudang/api-client or a subpath; '*' for all. */
function importedNames(files) {
  const swc = require('@swc/core');
  const names = new Set();
  const fromApiClient = (source) =>
    source?.value === API_CLIENT || source?.value.startsWith(`${API_CLIENT}/`);
  for (const file of files) {
    const program = swc.parseSync(fs.readFileSync(file, 'utf8'), {
      syntax: 'typescript',
      tsx: /\.[cm]?[jt]sx$/.test(file),
    });
    for (const node of program.body) {
      // An import or export declaration: the ones with a `source` and `specifiers`.
      const item = /** @type {any} */ (node);
      if (!fromApiClient(item.source)) continue;
      if (item.type === 'ExportAllDeclaration') names.add('*');
      for (const spec of item.specifiers ?? []) {
        if (spec.type === 'ImportNamespaceSpecifier' || spec.type === 'ExportNamespaceSpecifier')
          names.add('*');
        else if (spec.type === 'ImportSpecifier') names.add((spec.imported ?? spec.local).value);
        else if (spec.type === 'ExportSpecifier') names.add(spec.orig.value);
      }
    }
  }
  return names;
}

/**
 * The contract a remote uses: for each schema its own sources (`files`) import, the fields and
 * their hash, as the build's @gudang/api-client (in `apiClientDir`) defines them.
 */
function contractUse(files, apiClientDir) {
  const names = importedNames(files);
  if (names.size === 0) return { hashes: {}, fields: {} };
  const contract = loadContract(apiClientDir);
  const used = names.has('*') ? Object.keys(contract) : [...names];
  const fields = {};
  for (const name of used.sort())
    if (isSchema(contract[name])) fields[name] = contractFields(contract[name]);
  const hashes = Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, fieldsHash(f)]));
  return { hashes, fields };
}

module.exports = { CONTRACT_FILE, contractFields, contractUse, fieldsHash, importedNames };
