/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, like the module it tests */
/* global it, expect -- jest globals */
// The shell's index.html preloads the chunks every start runs (issue 48): those of bootstrap and
// of the shared workspace packages, with their split-off parts; never the entry, never the
// signed-in part or a page.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { PreloadStartChunks } = require('./index');

function shellCheckout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gudang-preload-'));
  const dir = path.join(root, 'shell');
  for (const pkg of ['shared-ui', 'api-client']) {
    const pkgDir = path.join(dir, 'node_modules', '@gudang', pkg);
    fs.mkdirSync(path.join(pkgDir, 'src'), { recursive: true });
    fs.writeFileSync(path.join(pkgDir, 'package.json'), '{"version":"1.0.0"}');
  }
  return dir;
}

it('names the start chunks of bootstrap and the shared workspace packages', () => {
  const dir = shellCheckout();
  const pkgSrc = (pkg) =>
    path.join(fs.realpathSync(path.join(dir, 'node_modules', '@gudang', pkg)), 'src');
  const chunk = (files, initial = false) => ({
    files: new Set(files),
    canBeInitial: () => initial,
    groupsIterable: [],
  });
  const main = chunk(['main.js'], true);
  const boot = chunk(['365.a.js']);
  const api = chunk(['187.b.js']);
  const dates = chunk(['347.c.js']);
  const ui = chunk(['991.d.js']);
  const signedIn = chunk(['870.e.js']);
  const group = (chunks, initial = false) => {
    const g = { chunks, isInitial: () => initial };
    for (const c of chunks) c.groupsIterable.push(g);
  };
  group([main], true);
  group([boot]);
  group([api, dates]);
  group([ui]);
  group([signedIn]);
  const modules = [
    { resource: path.join(dir, 'src', 'index.ts'), chunks: [main] },
    { resource: path.join(dir, 'src', 'bootstrap.tsx'), chunks: [boot] },
    // Concatenated in production: the module names its parts.
    { modules: [{ resource: path.join(pkgSrc('api-client'), 'index.ts') }], chunks: [api] },
    { resource: path.join(pkgSrc('shared-ui'), 'components', 'button.tsx'), chunks: [ui] },
    { resource: path.join(dir, 'src', 'layout', 'app-layout.tsx'), chunks: [signedIn] },
    { resource: path.join(dir, 'node_modules', 'react', 'index.js'), chunks: [main] },
  ];
  const compilation = {
    modules,
    chunkGraph: { getModuleChunksIterable: (module) => module.chunks },
  };
  expect(PreloadStartChunks.files(compilation, dir)).toEqual([
    '187.b.js',
    '347.c.js',
    '365.a.js',
    '991.d.js',
  ]);
});
