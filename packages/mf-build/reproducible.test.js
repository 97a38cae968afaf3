/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, like the module it tests */
/* global describe, it, expect, afterAll -- jest globals */
// The same version means the same bytes (micro-frontend audit N3): one remote, built twice from the
// same sources in two folders, gives identical files. Four checkouts of one commit used to build
// four different remoteEntry.js, and a second deploy of that version was refused.
//
// Slow: two production builds of the smallest remote (admin) took 96-205 s on the 2-core machine
// under load (about 60 s quiet). It runs in `npm test` (CI included) in a jest worker of its own
// beside the other files; GUDANG_REPRODUCIBLE=0 skips it for a quick local run, and
// `npm run test:reproducible -w @gudang/mf-build` runs it alone. The cause it guards against is
// also tested, fast, in folder-ids.test.js. To keep it cheap, the checkout is made once
// (node_modules hard-linked, not copied) and the second folder is the first one renamed: every
// absolute path changes, nothing is copied twice.
//
// One run cannot prove it: an id that depends on the folder shows only when it meets another
// module's id, which depended on the folder names (the old build passed one run in two).
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');
// Another remote with GUDANG_REPRODUCIBLE_REMOTE=inventory (its sources need the same packages).
const REMOTE = process.env.GUDANG_REPRODUCIBLE_REMOTE ?? 'admin';
// What the admin remote's build reads from the workspace (the rest comes from node_modules).
const PACKAGES = [REMOTE, 'shared-ui', 'api-client', 'mf-build'];
const ROOT_FILES = ['package.json', 'tsconfig.base.json', 'tsconfig.json'];

/** A folder for the checkouts on the repository's file system (hard links cannot cross one). */
function workFolder() {
  const tmp = os.tmpdir();
  const sameDevice = fs.statSync(tmp).dev === fs.statSync(repoRoot).dev;
  const base = sameDevice ? tmp : path.join(repoRoot, '.cache');
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, 'gudang-same-bytes-'));
}

/** The repository's files for one remote's build, in `dir`: sources copied, packages linked. */
function checkout(dir) {
  fs.mkdirSync(path.join(dir, 'packages'), { recursive: true });
  for (const file of ROOT_FILES)
    if (fs.existsSync(path.join(repoRoot, file)))
      fs.copyFileSync(path.join(repoRoot, file), path.join(dir, file));
  for (const pkg of PACKAGES)
    fs.cpSync(path.join(repoRoot, 'packages', pkg), path.join(dir, 'packages', pkg), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => !/[\\/](node_modules|dist)$/.test(src),
    });
  // Hard links: the installed packages at their own path in this folder, for a fraction of a
  // copy's time and no space. Build caches stay behind.
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules);
  const entries = fs
    .readdirSync(path.join(repoRoot, 'node_modules'))
    .filter((name) => !['.cache', '.federation'].includes(name));
  for (let i = 0; i < entries.length; i += 200) {
    const batch = entries
      .slice(i, i + 200)
      .map((name) => path.join(repoRoot, 'node_modules', name));
    const result = spawnSync('cp', ['-al', ...batch, modules], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`cp -al failed: ${result.stderr}`);
  }
}

/** A production build of the remote in `dir` into `out`; its files' digests by path. */
function build(dir, out) {
  // The environment of `npm run build`: not jest's NODE_ENV=test, no version override.
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, FORCE_COLOR: '0' };
  delete env.REMOTE_VERSION;
  delete env.NODE_ENV;
  delete env.SOURCE_DATE_EPOCH;
  const result = spawnSync(
    process.execPath,
    [
      path.join(dir, 'node_modules/webpack-cli/bin/cli.js'),
      '--mode',
      'production',
      '--output-path',
      out,
    ],
    { cwd: path.join(dir, 'packages', REMOTE), env, encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`build in ${dir} failed:\n${result.stdout}${result.stderr}`);
  const digests = {};
  const walk = (sub) => {
    for (const entry of fs.readdirSync(path.join(out, sub), { withFileTypes: true })) {
      const file = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(file);
      else
        digests[file] = createHash('sha256')
          .update(fs.readFileSync(path.join(out, file)))
          .digest('hex');
    }
  };
  walk('');
  return digests;
}

const describeSlow = process.env.GUDANG_REPRODUCIBLE === '0' ? describe.skip : describe;

describeSlow('a reproducible build', () => {
  let work = '';
  let passed = false;
  // A failed run keeps its folders (named in the failure) to compare the files.
  afterAll(() => passed && fs.rmSync(work, { recursive: true, force: true }));

  it(
    `gives the same bytes for the same sources in two folders (${REMOTE})`,
    () => {
      work = workFolder();
      const first = path.join(work, 'team-a');
      checkout(first);
      const a = build(first, path.join(work, 'out-a'));
      const second = path.join(work, 'elsewhere', 'team-b');
      fs.mkdirSync(path.dirname(second));
      fs.renameSync(first, second);
      const b = build(second, path.join(work, 'out-b'));

      expect(Object.keys(a).length).toBeGreaterThan(3);
      expect(Object.keys(a)).toContain('remoteEntry.js');
      // Named, so that a failure says which files differ.
      const differing = Object.keys({ ...a, ...b }).filter((file) => a[file] !== b[file]);
      expect({ work, differing }).toEqual({ work, differing: [] });
      // No absolute path of either folder in any file.
      for (const out of ['out-a', 'out-b'])
        for (const file of Object.keys(a)) {
          const text = fs.readFileSync(path.join(work, out, file));
          expect(text.includes(work)).toBe(false);
        }
      passed = true;
    },
    15 * 60_000,
  );
});
