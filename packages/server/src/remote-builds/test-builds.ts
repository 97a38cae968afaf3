// Small stand-in builds for the deploy-over-HTTP tests: a remote's or a shell's dist folder with
// an mf-manifest.json naming its files, packed as the .tar.gz a team uploads.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packTarGz } from './archive';

/** What the test shells provide. */
export const TEST_PROVIDES = {
  react: '19.3.1',
  '@gudang/shared-ui': '1.3.0',
  '@gudang/api-client': '1.2.0',
};

/** A remote build folder (a fresh temporary folder unless `dir` is given). */
export function writeRemoteBuild(
  name: string,
  version: string,
  options: { sharedUi?: string; manifestName?: string; dir?: string; pages?: unknown } = {},
): string {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'gudang-build-'));
  mkdirSync(path.join(dir, 'static'), { recursive: true });
  const chunk = `static/page.${version.replace(/\W/g, '')}.js`;
  const manifest = {
    name: options.manifestName ?? name,
    metaData: {
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      buildInfo: { buildVersion: version },
      gudang: {
        name,
        version,
        commit: null,
        builtAt: '2026-11-24T10:00:00.000Z',
        ...(options.pages === undefined ? {} : { pages: options.pages }),
        requires: {
          react: { requiredVersion: '^19.3.1', strictVersion: true },
          '@gudang/shared-ui': {
            requiredVersion: options.sharedUi ?? '^1.3.0',
            strictVersion: true,
          },
        },
      },
    },
    shared: [],
    exposes: [{ name: 'Page', assets: { js: { sync: [chunk], async: [] } } }],
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${name} ${version} entry */`);
  writeFileSync(path.join(dir, chunk), `/* ${name} ${version} page */`);
  return dir;
}

/** A shell build folder providing TEST_PROVIDES. */
export function writeShellBuild(version: string, dir?: string): string {
  const folder = dir ?? mkdtempSync(path.join(tmpdir(), 'gudang-shell-'));
  mkdirSync(folder, { recursive: true });
  const manifest = {
    name: 'shell',
    metaData: {
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      buildInfo: { buildVersion: version },
      gudang: { name: 'shell', version, provides: TEST_PROVIDES },
    },
    shared: [],
    exposes: [],
  };
  writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(folder, 'remoteEntry.js'), `/* shell ${version} */`);
  writeFileSync(path.join(folder, 'index.html'), `<!doctype html><title>shell ${version}</title>`);
  return folder;
}

export const packed = (dir: string): Buffer => packTarGz(dir);
