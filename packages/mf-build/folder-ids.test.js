/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, like the module it tests */
/* global describe, it, expect, afterAll -- jest globals */
// The cause of micro-frontend audit N3, fast (a few seconds, in the normal unit run): Module
// Federation's provided shared modules (`provide module (default) lib@1.0.0 = /abs/…/index.js`),
// its container entry and its runtime entry have identifiers with an absolute path inside them,
// which webpack's deterministic ids hash as they are: their ids changed with the checkout's folder,
// and through collisions so did other modules' ids (React's, in the admin remote). A tiny federated
// build in two folders must give every module the same id and the same bytes. The whole remote,
// built twice, is reproducible.test.js (slow, run on its own).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { FolderIndependentIds } = require('./index');

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gudang-folder-ids-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Writes a small remote with one shared package into `dir`. */
function sources(dir) {
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('src/index.js', "import('./page.js').then((page) => console.log(page.default));\n");
  write('src/page.js', "import lib from 'lib';\nexport default lib + 1;\n");
  write('node_modules/lib/package.json', '{"name":"lib","version":"1.0.0","main":"index.js"}');
  write('node_modules/lib/index.js', 'module.exports = 41;\n');
}

/** Builds the remote in `dir`; its module ids by (folder-relative) name and its files. */
function build(dir, plugins) {
  sources(dir);
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './src/index.js',
    output: { path: path.join(dir, 'out'), uniqueName: 'tiny' },
    optimization: { minimize: false },
    infrastructureLogging: { level: 'error' },
    plugins: [
      new ModuleFederationPlugin({
        name: 'tiny',
        filename: 'remoteEntry.js',
        exposes: { './Page': './src/page.js' },
        shared: { lib: { singleton: true, requiredVersion: '^1.0.0' } },
        dts: false,
        manifest: false,
      }),
      ...plugins,
    ],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (!stats || stats.hasErrors()) return reject(new Error(String(stats)));
      const ids = {};
      for (const module of stats.toJson({ modules: true }).modules ?? [])
        if (module.id !== null && module.id !== '') ids[String(module.name)] = module.id;
      const out = path.join(dir, 'out');
      const files = Object.fromEntries(
        fs.readdirSync(out).map((file) => [file, fs.readFileSync(path.join(out, file), 'utf8')]),
      );
      resolve({ ids, files });
    }),
  );
}

/** The same sources in two folders of the same depth (node_modules outside them is shared). */
const twice = async (name, plugins) => [
  await build(path.join(root, name, 'team-a'), plugins()),
  await build(path.join(root, name, 'another-team'), plugins()),
];

describe('FolderIndependentIds', () => {
  it('gives the federation modules the same ids, and the build the same bytes, in any folder', async () => {
    const [a, b] = await twice('fixed', () => [new FolderIndependentIds()]);
    const provided = Object.keys(a.ids).filter((name) => name.startsWith('provide '));
    expect(provided).toHaveLength(1);
    expect(Object.keys(a.ids)).toContain('container entry');
    expect(b.ids).toEqual(a.ids);
    expect(Object.keys(a.files)).toContain('remoteEntry.js');
    expect(b.files).toEqual(a.files);
  }, 60_000);

  it('(the control: without it, the provided module takes an id from the absolute path)', async () => {
    const [a, b] = await twice('control', () => []);
    const provided = Object.keys(a.ids).find((name) => name.startsWith('provide '));
    expect(provided).toBeDefined();
    expect(b.ids[String(provided)]).not.toBe(a.ids[String(provided)]);
  }, 60_000);
});
