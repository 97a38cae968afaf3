// A remote (and the shell) builds and tests from a checkout of its own folder (docs/adr/0010,
// addendum; tests/e2e/deploy.spec.ts installs one for real): its package.json must declare every
// package its code, its tests and its build and test helper (@gudang/mf-build) load, at the
// ranges the root declares, which the root's lockfile holds.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
interface Pkg {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const rootPkg = JSON.parse(read('package.json')) as Pkg;
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, Pkg & { version?: string }>;
};

/** A module specifier's package: '@scope/name' or 'name'. */
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package a source file imports, requires or names in a string (builtins left out). */
function loaded(text: string): string[] {
  const out = new Set<string>();
  for (const [, spec] of text.matchAll(
    /(?:from|import\(|require\(|require\.resolve\()\s*'([^'.][^']*)'/g,
  ))
    if (spec && !spec.startsWith('node:')) out.add(packageOf(spec));
  return [...out];
}

function files(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist'].includes(entry.name) ? [] : files(file);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [file] : [];
  });
}

// The tools @gudang/mf-build loads on the building package's behalf: the names in its code that
// are packages (webpack, the loader, the jest transform and environment, …), plus the commands
// of a package's scripts (webpack-cli, webpack-dev-server, jest), the peers of swc-loader,
// @swc/jest (@swc/core) and jest-fixed-jsdom (jest-environment-jsdom), and React's types: the
// public-surface fingerprint (surface.js) reads the shared packages' types with them, and without
// them every component's fingerprint differs from the shell's (the deploy refuses the build).
const rootDev = rootPkg.devDependencies ?? {};
const helperText = files('packages/mf-build')
  .filter((file) => !file.endsWith('.test.js'))
  .map(read)
  .join('\n');
const tools = [
  ...Object.keys(rootDev).filter((name) => new RegExp(`'${name}['/]`).test(helperText)),
  '@swc/core',
  'webpack-cli',
  'webpack-dev-server',
  'jest',
  'jest-environment-jsdom',
  '@types/react',
  '@types/react-dom',
];

describe.each(['inventory', 'orders', 'finance', 'admin', 'shell'])('@gudang/%s', (name) => {
  const dir = `packages/${name}`;
  const pkg = JSON.parse(read(`${dir}/package.json`)) as Pkg;
  const declared = { ...pkg.dependencies, ...pkg.devDependencies };

  it('declares every package its code, tests and config load', () => {
    const used = new Set(files(dir).flatMap((file) => loaded(read(file))));
    expect([...used].filter((dep) => !(dep in declared)).sort()).toEqual([]);
  });

  it('declares the tools its build and tests run with, at the root ranges', () => {
    expect(tools).toEqual(
      expect.arrayContaining(['webpack', 'swc-loader', '@swc/jest', 'typescript']),
    );
    for (const tool of tools) expect([tool, declared[tool]]).toEqual([tool, rootDev[tool]]);
  });

  it('runs its tests with its own jest config and builds with webpack', () => {
    expect(pkg.scripts?.test).toBe('jest');
    expect(pkg.scripts?.build).toBe('webpack --mode production');
    expect(read(`${dir}/jest.config.js`)).toContain("require('@gudang/mf-build/jest-config')");
  });

  it('is recorded in the lockfile as declared (npm ci)', () => {
    const locked = lock.packages[dir];
    expect({ ...locked?.dependencies, ...locked?.devDependencies }).toEqual(declared);
  });
});
