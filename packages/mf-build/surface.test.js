/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, like the module it tests */
/* global describe, it, expect -- jest globals */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { computeSurface, surfaceKey } = require('./surface');

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
    expect(Object.keys(before).sort()).toEqual(['Badge', 'VERSION', 'contract:LIMIT']);
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
    expect(same).toEqual(before);
  });
});
