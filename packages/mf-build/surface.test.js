/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, like the module it tests */
/* global describe, it, expect -- jest globals */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { computeSurface, surfaceKey, SOURCE_KEY } = require('./surface');

/** A shared package with the given src/index.ts (and a subpath entry), in a temporary folder. */
function pkg(index) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gudang-surface-'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: '@gudang/x',
      version: '1.3.0',
      exports: { '.': './src/index.ts', './contract': './src/contract.ts', './testing': './t.ts' },
    }),
  );
  fs.writeFileSync(path.join(dir, 'src', 'index.ts'), index);
  fs.writeFileSync(path.join(dir, 'src', 'contract.ts'), 'export const LIMIT = 100 as const;\n');
  return dir;
}

const base = `export interface BadgeProps { tone: 'red' | 'green'; label: string }
export function Badge({ tone, label }: BadgeProps): string { return tone + label; }
export const VERSION = '1';
export type OnlyAType = { a: number };
`;

describe('public surface', () => {
  const before = computeSurface(pkg(base));

  it('lists exported values (not types) of every entry point, subpaths prefixed', () => {
    expect(Object.keys(before).sort()).toEqual([SOURCE_KEY, 'Badge', 'VERSION', 'contract:LIMIT']);
    expect(surfaceKey('@gudang/x', '@gudang/x/contract', 'LIMIT')).toBe('contract:LIMIT');
    expect(surfaceKey('@gudang/x', '@gudang/x', 'Badge')).toBe('Badge');
  });

  it('sees an added export and a changed props type with the version number unchanged', () => {
    const added = computeSurface(
      pkg(`${base}export function NewBadge(): string { return 'baru'; }\n`),
    );
    expect(added.NewBadge).toBeDefined();
    expect(added.Badge).toBe(before.Badge);
    const changed = computeSurface(pkg(base.replace("'red' | 'green'", "'red' | 'blue'")));
    expect(changed.Badge).not.toBe(before.Badge);
    expect(changed.VERSION).toBe(before.VERSION);
  });

  it('ignores what does not change the contract: bodies and the names an implementation binds', () => {
    const same = computeSurface(
      pkg(
        base.replace(
          'export function Badge({ tone, label }: BadgeProps): string { return tone + label; }',
          'export function Badge(props: BadgeProps): string { return `${props.label}:${props.tone}`; }',
        ),
      ),
    );
    // The sources differ, so their digest does; every fingerprint is the same.
    expect({ ...same, [SOURCE_KEY]: '' }).toEqual({ ...before, [SOURCE_KEY]: '' });
  });

  it("leaves a library's own types out: another release of it changes no fingerprint", () => {
    // A props type extending a library's (React's input attributes): the library's next
    // release adds an attribute; the package's own props decide the fingerprint.
    const withLibrary = (attributes) => {
      const dir = pkg(`import type { InputAttributes } from 'lib';
export interface FieldProps extends InputAttributes { label: string }
export function Field(props: FieldProps): string { return props.label; }
`);
      fs.mkdirSync(path.join(dir, 'node_modules', 'lib'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'node_modules', 'lib', 'package.json'),
        JSON.stringify({ name: 'lib', version: '1.0.0', types: 'index.d.ts' }),
      );
      fs.writeFileSync(
        path.join(dir, 'node_modules', 'lib', 'index.d.ts'),
        `export interface InputAttributes { ${attributes} }\n`,
      );
      return computeSurface(dir);
    };
    const older = withLibrary('value?: string;');
    const newer = withLibrary('value?: string; webkitdirectory?: boolean;');
    expect(newer.Field).toBe(older.Field);
    expect(newer[SOURCE_KEY]).toBe(older[SOURCE_KEY]);
  });

  it("records its own sources' digest: equal for the same sources, wherever installed", () => {
    const dir = pkg(base);
    const installed = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'gudang-team-')),
      'node_modules',
      '@gudang',
      'x',
    );
    fs.mkdirSync(path.dirname(installed), { recursive: true });
    fs.cpSync(dir, installed, { recursive: true });
    const here = computeSurface(installed);
    expect(here).toEqual(before);
    expect(before[SOURCE_KEY]).toMatch(/^[0-9a-f]{16}$/);
    const edited = computeSurface(pkg(`${base}// a comment\n`));
    expect(edited[SOURCE_KEY]).not.toBe(before[SOURCE_KEY]);
    expect(edited.Badge).toBe(before.Badge);
  });
});
