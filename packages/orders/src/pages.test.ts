// Reads the package's own files with Node.js, which jest runs this test in.
/// <reference types="node" />
import { checkPageDeclarations } from '@gudang/api-client';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const read = (file: string): unknown =>
  JSON.parse(readFileSync(path.join(__dirname, '..', file), 'utf8')) as unknown;

// The pages this remote declares (pages.json, stamped into its build) pass the check the deploy
// and the shell apply: known pages, roles the server's rules let in, modules it exposes.
test("pages.json passes the contract's page rules", () => {
  const exposes = Object.keys(read('exposes.json') as Record<string, string>).map((name) =>
    name.replace(/^\.\//, ''),
  );
  const pages = read('pages.json');
  expect(checkPageDeclarations('orders', pages, { exposes }).problems).toEqual([]);
  expect(Array.isArray(pages) && pages.length > 0).toBe(true);
});
