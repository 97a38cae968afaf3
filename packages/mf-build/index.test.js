/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, like the module it tests */
/* global describe, it, expect -- jest globals */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildVersion, runtimeName } = require('./index');

/** A remote checkout outside any git repository: its package and the shared ones it installed. */
function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gudang-version-'));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write(
    'orders/package.json',
    JSON.stringify({ name: '@gudang/orders', version: '1.1.0', dependencies: { dep: '^2.0.0' } }),
  );
  write('orders/src/page.ts', 'export const page = 1;\n');
  write('orders/src/page.test.ts', 'test("x", () => {});\n');
  for (const pkg of ['shared-ui', 'api-client']) {
    write(`orders/node_modules/@gudang/${pkg}/package.json`, `{"version":"1.0.0"}`);
    write(`orders/node_modules/@gudang/${pkg}/src/index.ts`, 'export const x = 1;\n');
  }
  write('orders/node_modules/dep/package.json', '{"version":"2.0.1"}');
  return { dir: path.join(root, 'orders'), write };
}

describe('buildVersion', () => {
  it('is the package version plus a hash of the sources, the same without git in any checkout', () => {
    const a = checkout();
    const b = checkout();
    const version = buildVersion('orders', a.dir);
    expect(version).toMatch(/^1\.1\.0-[0-9a-f]{7}$/);
    expect(buildVersion('orders', b.dir)).toBe(version);
    // A test file is not part of the build.
    a.write('orders/src/page.test.ts', 'test("y", () => {});\n');
    expect(buildVersion('orders', a.dir)).toBe(version);
  });

  it('changes with its own code, a shared package it builds against, or an installed dependency', () => {
    const versions = new Set();
    const { dir, write } = checkout();
    versions.add(buildVersion('orders', dir));
    write('orders/src/page.ts', 'export const page = 2;\n');
    versions.add(buildVersion('orders', dir));
    write('orders/node_modules/@gudang/shared-ui/src/index.ts', 'export const y = 1;\n');
    versions.add(buildVersion('orders', dir));
    write('orders/node_modules/dep/package.json', '{"version":"2.0.2"}');
    versions.add(buildVersion('orders', dir));
    expect(versions.size).toBe(4);
  });

  it('gives each version its own runtime identity', () => {
    expect(runtimeName('finance', '1.1.0-3f2a9c1')).toBe('gudang_finance_1_1_0_3f2a9c1');
    expect(runtimeName('finance', '1.1.0-3f2a9c2')).not.toBe(
      runtimeName('finance', '1.1.0-3f2a9c1'),
    );
  });
});
