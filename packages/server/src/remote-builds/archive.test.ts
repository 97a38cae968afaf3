import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_BUILD_MESSAGES } from '@gudang/api-client/contract';
import { ArchiveError, packEntries, packTarGz, safeEntryPath, unpackTarGz } from './archive';

const temp = () => mkdtempSync(path.join(tmpdir(), 'gudang-archive-'));

function sample(): string {
  const dir = temp();
  mkdirSync(path.join(dir, 'static', 'js', 'async'), { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"orders"}');
  writeFileSync(path.join(dir, 'static', 'js', 'async', `${'a'.repeat(90)}.js`), 'long name');
  writeFileSync(path.join(dir, 'static', 'js', 'main.js'), Buffer.alloc(1500, 7));
  return dir;
}

const tree = (dir: string, prefix = ''): string[] =>
  readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory()
      ? tree(dir, relative)
      : [`${relative}:${readFileSync(path.join(dir, relative)).toString('base64')}`];
  });

describe('packTarGz / unpackTarGz', () => {
  it('round-trips a build folder, paths past 100 characters included', () => {
    const dir = sample();
    const out = temp();
    unpackTarGz(packTarGz(dir), out);
    expect(tree(out).sort()).toEqual(tree(dir).sort());
  });

  it('unpacks what `tar -czf build.tar.gz -C dist .` makes (the README curl way)', () => {
    const dir = sample();
    const file = path.join(temp(), 'build.tar.gz');
    execFileSync('tar', ['-czf', file, '-C', dir, '.']);
    const out = temp();
    unpackTarGz(readFileSync(file), out);
    expect(tree(out).sort()).toEqual(tree(dir).sort());
  });

  it('refuses too many entries, and a file twice', () => {
    const limits = { maxBytes: 1e6, maxEntries: 2, maxUnpackedBytes: 1e6 };
    const three = packEntries(['a', 'b', 'c'].map((name) => ({ name, body: Buffer.from(name) })));
    expect(() => unpackTarGz(three, temp(), limits)).toThrow(
      new ArchiveError(REMOTE_BUILD_MESSAGES.tooManyEntries),
    );
    const twice = packEntries([
      { name: 'a.js', body: Buffer.from('1') },
      { name: './a.js', body: Buffer.from('2') },
    ]);
    expect(() => unpackTarGz(twice, temp())).toThrow(REMOTE_BUILD_MESSAGES.duplicate('./a.js'));
  });
});

describe('safeEntryPath', () => {
  it('keeps plain relative paths and refuses any way out', () => {
    expect(safeEntryPath('./static/a.js')).toBe('static/a.js');
    expect(safeEntryPath('./')).toBeNull();
    for (const name of ['../a', 'a/../../b', '/etc/passwd', 'C:/x', 'a\\b', 'a//b', 'a/./b'])
      expect(() => safeEntryPath(name)).toThrow(ArchiveError);
  });
});
