// A built remote as one .tar.gz (POST /api/remote-builds, `npm run remote -- upload`): packed
// from a build folder and unpacked into an empty one with zlib and node-tar (`tar`). Unpacking is
// bounded (archive size, entries, unpacked bytes, checked while gunzip runs) and refuses every
// entry that is not a plain file or folder inside the target: absolute paths, '..',
// backslashes, links, devices, duplicates.
import { mkdirSync, readFileSync, readdirSync, lstatSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { REMOTE_BUILD_LIMITS, REMOTE_BUILD_MESSAGES } from '@gudang/api-client/contract';
import { Header, Parser, type ReadEntry } from 'tar';

/** An archive refused: the message says why (Indonesian, for the uploader). */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

export interface ArchiveLimits {
  maxBytes: number;
  maxEntries: number;
  maxUnpackedBytes: number;
}

const BLOCK = 512;

/** The path of an entry relative to the build folder, or null for the folder itself ('./'). */
export function safeEntryPath(name: string): string | null {
  let relative = name;
  while (relative.startsWith('./')) relative = relative.slice(2);
  if (relative.endsWith('/')) relative = relative.slice(0, -1);
  if (relative === '' || relative === '.') return null;
  const parts = relative.split('/');
  if (
    relative.startsWith('/') ||
    relative.includes('\\') ||
    relative.includes('\0') ||
    /^[A-Za-z]:/.test(relative) ||
    parts.some((part) => part === '' || part === '.' || part === '..')
  )
    throw new ArchiveError(REMOTE_BUILD_MESSAGES.unsafePath(name));
  return relative;
}

/** A compressed stream's magic bytes (gzip, zstd): node-tar would unpack them again, unbounded. */
const COMPRESSED = [Buffer.from([0x1f, 0x8b]), Buffer.from([0x28, 0xb5, 0x2f, 0xfd])];

/**
 * Unpacks a .tar.gz into `dest` (an empty folder), within `limits`. Throws ArchiveError, with
 * the part written so far left for the caller to remove. gunzip is bounded here; node-tar's
 * parser reads the headers (ustar, GNU long names, pax), fed the whole tar at once, so that it
 * runs synchronously and stops at the first refused entry.
 */
export function unpackTarGz(
  archive: Buffer,
  dest: string,
  limits: ArchiveLimits = REMOTE_BUILD_LIMITS,
): void {
  if (archive.length > limits.maxBytes)
    throw new ArchiveError(REMOTE_BUILD_MESSAGES.tooLarge, true);
  let tar: Buffer;
  try {
    // Headers and padding take at most two blocks per entry beyond the files' bytes.
    tar = gunzipSync(archive, {
      maxOutputLength: limits.maxUnpackedBytes + (limits.maxEntries + 2) * 3 * BLOCK,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.unpackedTooLarge, true);
    throw new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
  }
  if (tar.length < BLOCK || COMPRESSED.some((magic) => tar.subarray(0, magic.length).equals(magic)))
    throw new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
  const root = path.resolve(dest);
  const written = new Set<string>();
  let entries = 0;
  let unpacked = 0;
  let failure: ArchiveError | undefined;
  const parser = new Parser({
    strict: true,
    brotli: false,
    zstd: false,
    onReadEntry: (entry) => {
      try {
        const file = acceptEntry(entry);
        if (file === null) {
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          if (failure !== undefined) return;
          mkdirSync(path.dirname(file.target), { recursive: true });
          // 'wx': never through something already there (a folder of the same name, say).
          try {
            writeFileSync(file.target, Buffer.concat(chunks), { flag: 'wx' });
          } catch {
            refuse(new ArchiveError(REMOTE_BUILD_MESSAGES.duplicate(file.name)));
          }
        });
      } catch (error) {
        entry.resume();
        refuse(error);
      }
    },
  });
  parser.on('error', (error: unknown) => {
    failure ??=
      error instanceof ArchiveError ? error : new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
  });
  const refuse = (error: unknown) => {
    if (failure !== undefined) return;
    failure =
      error instanceof ArchiveError ? error : new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
    parser.abort(failure);
  };

  /** Checks one entry; for a file, where it goes (a folder is made here, and gives null). */
  function acceptEntry(entry: ReadEntry): { target: string; name: string } | null {
    const name = entry.path;
    entries += 1;
    if (entries > limits.maxEntries)
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.tooManyEntries, true);
    if (entry.type === 'Link' || entry.type === 'SymbolicLink')
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.link(name));
    const isFolder = entry.type === 'Directory';
    if (!isFolder && entry.type !== 'File' && entry.type !== 'OldFile')
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.oddEntry(name));
    const relative = safeEntryPath(name);
    if (relative === null) return null;
    const target = path.resolve(root, relative);
    if (!target.startsWith(`${root}${path.sep}`))
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.unsafePath(name));
    if (isFolder) {
      mkdirSync(target, { recursive: true });
      return null;
    }
    unpacked += entry.size;
    if (unpacked > limits.maxUnpackedBytes)
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.unpackedTooLarge, true);
    if (written.has(relative)) throw new ArchiveError(REMOTE_BUILD_MESSAGES.duplicate(name));
    written.add(relative);
    return { target, name };
  }

  parser.end(tar);
  if (failure !== undefined) throw failure;
  if (entries === 0 && !tar.subarray(0, BLOCK).every((byte) => byte === 0))
    throw new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
}

/** One entry of an archive to pack: a file (body), a folder ('5') or a link ('2', for tests). */
export interface TarEntry {
  name: string;
  body?: Buffer;
  type?: '0' | '5' | '2';
  linkName?: string;
}

const TYPE_NAMES = { '0': 'File', '5': 'Directory', '2': 'SymbolicLink' } as const;

/** The ustar header of an entry (node-tar's encoder: long paths split into the prefix field). */
function header({ name, body, type = '0', linkName }: TarEntry): Buffer {
  const entry = new Header({
    path: name,
    type: TYPE_NAMES[type],
    mode: type === '5' ? 0o755 : 0o644,
    uid: 0,
    gid: 0,
    size: body?.length ?? 0,
    mtime: new Date(0),
    ...(linkName === undefined ? {} : { linkpath: linkName }),
  });
  const block = Buffer.alloc(BLOCK);
  if (entry.encode(block, 0)) throw new Error(`path too long for a tar header: ${name}`);
  return block;
}

/** A .tar.gz of the given entries, in order. */
export function packEntries(entries: readonly TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    blocks.push(header(entry));
    if (entry.body && entry.body.length > 0) {
      blocks.push(entry.body);
      const pad = (BLOCK - (entry.body.length % BLOCK)) % BLOCK;
      if (pad > 0) blocks.push(Buffer.alloc(pad));
    }
  }
  blocks.push(Buffer.alloc(2 * BLOCK));
  return gzipSync(Buffer.concat(blocks));
}

/** Packs the plain files and folders of `dir` as a .tar.gz (a link or device: an Error). */
export function packTarGz(dir: string): Buffer {
  const entries: TarEntry[] = [];
  const walk = (prefix: string) => {
    for (const name of readdirSync(path.join(dir, prefix)).sort()) {
      const relative = prefix ? `${prefix}/${name}` : name;
      const stat = lstatSync(path.join(dir, relative));
      if (stat.isDirectory()) {
        entries.push({ name: `${relative}/`, type: '5' });
        walk(relative);
      } else if (stat.isFile()) {
        entries.push({ name: relative, body: readFileSync(path.join(dir, relative)) });
      } else {
        throw new Error(`${relative} is not a plain file or folder`);
      }
    }
  };
  walk('');
  return packEntries(entries);
}
