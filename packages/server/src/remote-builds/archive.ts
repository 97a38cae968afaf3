// A built remote as one .tar.gz (POST /api/remote-builds, `npm run remote -- upload`): packed
// from a build folder and unpacked into an empty one with zlib and a small tar (ustar) reader, no
// native or new dependency. Unpacking is bounded (archive size, entries, unpacked bytes, checked
// while gunzip runs) and refuses every entry that is not a plain file or folder inside the
// target: absolute paths, '..', backslashes, links, devices, duplicates.
import { mkdirSync, readFileSync, readdirSync, lstatSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { REMOTE_BUILD_LIMITS, REMOTE_BUILD_MESSAGES } from '@gudang/api-client/contract';

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

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(block: Buffer, start: number, length: number): number {
  // A base-256 size (high bit set) is for files past 8 GB: never a build's.
  if ((block[start] ?? 0) & 0x80) throw new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
  const value = text(block, start, length).trim();
  if (!/^[0-7]*$/.test(value)) throw new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
  return value === '' ? 0 : parseInt(value, 8);
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum === octal(header, 148, 8);
}

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

/** The `path` record of a pax extended header, if any. */
function paxPath(data: Buffer): string | undefined {
  let at = 0;
  let found: string | undefined;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number(data.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0 || at + length > data.length) break;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals !== -1 && record.slice(0, equals) === 'path') found = record.slice(equals + 1);
    at += length;
  }
  return found;
}

/**
 * Unpacks a .tar.gz into `dest` (an empty folder), within `limits`. Throws ArchiveError, with
 * the part written so far left for the caller to remove.
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
  const root = path.resolve(dest);
  const written = new Set<string>();
  let entries = 0;
  let unpacked = 0;
  let longName: string | undefined;
  let offset = 0;
  let ended = false;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) {
      ended = true;
      break;
    }
    if (!checksumOk(header)) throw new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const dataStart = offset + BLOCK;
    const dataEnd = dataStart + size;
    if (dataEnd > tar.length) throw new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
    const data = tar.subarray(dataStart, dataEnd);
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;

    // Headers that name the next entry (GNU long names, pax) or describe the whole archive.
    if (type === 'L') {
      longName = text(data, 0, data.length);
      continue;
    }
    if (type === 'x') {
      longName = paxPath(data) ?? longName;
      continue;
    }
    if (type === 'g') continue;

    const ustar = text(header, 257, 5) === 'ustar';
    const prefix = ustar ? text(header, 345, 155) : '';
    const short = text(header, 0, 100);
    const name = longName ?? (prefix ? `${prefix}/${short}` : short);
    longName = undefined;

    entries += 1;
    if (entries > limits.maxEntries)
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.tooManyEntries, true);
    if (type === '1' || type === '2') throw new ArchiveError(REMOTE_BUILD_MESSAGES.link(name));
    if (type !== '0' && type !== '\0' && type !== '5')
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.oddEntry(name));
    const relative = safeEntryPath(name);
    if (relative === null) continue;
    const target = path.resolve(root, relative);
    if (!target.startsWith(`${root}${path.sep}`))
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.unsafePath(name));
    if (type === '5') {
      mkdirSync(target, { recursive: true });
      continue;
    }
    unpacked += size;
    if (unpacked > limits.maxUnpackedBytes)
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.unpackedTooLarge, true);
    if (written.has(relative)) throw new ArchiveError(REMOTE_BUILD_MESSAGES.duplicate(name));
    written.add(relative);
    mkdirSync(path.dirname(target), { recursive: true });
    // 'wx': never through something already there (a folder of the same name, say).
    try {
      writeFileSync(target, data, { flag: 'wx' });
    } catch {
      throw new ArchiveError(REMOTE_BUILD_MESSAGES.duplicate(name));
    }
  }
  if (!ended && entries === 0) throw new ArchiveError(REMOTE_BUILD_MESSAGES.notTarGz);
}

/** One entry of an archive to pack: a file (body), a folder ('5') or a link ('2', for tests). */
export interface TarEntry {
  name: string;
  body?: Buffer;
  type?: '0' | '5' | '2';
  linkName?: string;
}

function header({ name, body, type = '0', linkName = '' }: TarEntry): Buffer {
  const block = Buffer.alloc(BLOCK);
  let short = name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 2);
    prefix = name.slice(0, cut);
    short = name.slice(cut + 1);
    if (cut === -1 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(short) > 100)
      throw new Error(`path too long for a tar header: ${name}`);
  }
  block.write(short, 0, 100, 'utf8');
  block.write(type === '5' ? '0000755\0' : '0000644\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(`${(body?.length ?? 0).toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write('00000000000\0', 136, 'ascii');
  block.write(type, 156, 'ascii');
  block.write(linkName, 157, 100, 'utf8');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
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
