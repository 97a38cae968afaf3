// An xlsx read one row at a time, in the spreadsheet worker (settlement-job.ts): the zip's
// central directory, the workbook's sheets and shared strings, then a sheet's XML inflated as a
// stream and cut into rows of text, each cell as the order import's reader writes it
// (marketplace/sheet-worker.ts, cellText): text as written, numbers in full, a formula's stored
// value only (never evaluated), booleans TRUE/FALSE, errors blank. Neither a sheet's XML nor its
// cells are ever held whole: a 300,000-row income file costs the rows of one chunk.
//
// Not read: number formats (a date stored as a number stays its serial number, which the
// settlement reader takes as an Excel date) and anything but cell values.
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import type { ReadFailure, SheetLimits } from '../marketplace/service';
import { numberLostDigits, zipDirectory } from '../marketplace/service';

interface ZipEntry {
  method: number;
  /** Where the compressed bytes start, and how many. */
  start: number;
  compressed: number;
  /** The inflated size the zip declares. */
  size: number;
}

export interface XlsxSheet {
  name: string;
  entry: ZipEntry;
}

export interface XlsxBook {
  file: Uint8Array;
  sheets: XlsxSheet[];
  shared: string[];
}

type Failure = { ok: false; reason: ReadFailure };

/** A row longer than this (characters of XML) is refused: a legitimate one is about 2,000. */
const MAX_ROW_CHARS = 8 * 1024 * 1024;
/** The shared strings and the workbook's parts are inflated whole, up to this. */
const MAX_PART_BYTES = 128 * 1024 * 1024;

/** The zip's entries by their lower-case names; null when it has no readable directory. */
function zipEntries(file: Uint8Array): { entries: Map<string, ZipEntry>; total: number } | null {
  const directory = zipDirectory(file);
  if (directory === null) return null;
  const { view, count } = directory;
  let at = directory.start;
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > file.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(file.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    // zip64 sizes: no spreadsheet of ours needs them.
    if (size === 0xffffffff || compressed === 0xffffffff) return { entries, total: Infinity };
    total += size;
    if (local + 30 > file.length || view.getUint32(local, true) !== 0x04034b50) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > file.length) return null;
    entries.set(name.replace(/^\//, '').toLowerCase(), { method, start, compressed, size });
  }
  return { entries, total };
}

/** A small part inflated whole, as text; null when it is missing or broken. */
function partText(file: Uint8Array, entry: ZipEntry | undefined): string | null {
  if (entry === undefined) return null;
  const data = file.subarray(entry.start, entry.start + entry.compressed);
  try {
    const bytes =
      entry.method === 0
        ? data
        : entry.method === 8
          ? inflateRawSync(data, { maxOutputLength: Math.min(entry.size, MAX_PART_BYTES) })
          : null;
    return bytes === null
      ? null
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  } catch {
    return null;
  }
}

// Half of a surrogate pair is no text (PostgreSQL refuses it in jsonb): it becomes U+FFFD, as the
// order import's reader does.
const LONE_SURROGATE = /\p{Cs}/u;
/** Any half of a pair, by code unit: a quick look before the slower one above. */
const SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE_ALL = /\p{Cs}/gu;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text: entities, then Excel's _xHHHH_ escapes; half a surrogate pair becomes U+FFFD. */
function unescape(text: string): string {
  let out = text;
  if (out.includes('&'))
    out = out.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    });
  if (out.includes('_x'))
    out = out.replace(/_x([0-9a-f]{4})_/gi, (_whole, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  return SURROGATE.test(out) && LONE_SURROGATE.test(out)
    ? out.replace(LONE_SURROGATE_ALL, '\ufffd')
    : out;
}

const attributes = new Map<string, RegExp>();

/** An attribute of a start tag (`name` a pattern: '(?:[\\w.-]+:)?id' takes r:id too). */
function attribute(tag: string, name: string): RegExpExecArray | null {
  let pattern = attributes.get(name);
  if (pattern === undefined) {
    pattern = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`);
    attributes.set(name, pattern);
  }
  return pattern.exec(tag);
}

/**
 * An attribute that holds no escape (a cell's r or t) of the start tag at xml[start, end):
 * ` r="A1"` found directly, else by pattern (other quotes or spaces).
 */
function attributeIn(xml: string, start: number, end: number, name: 'r' | 't'): string | null {
  const at = xml.indexOf(name === 'r' ? ' r="' : ' t="', start);
  if (at >= 0 && at < end) {
    const close = xml.indexOf('"', at + 4);
    return close < 0 || close > end ? null : xml.slice(at + 4, close);
  }
  const tag = xml.slice(start, end);
  if (!tag.includes(`${name}=`) && !tag.includes(`${name} `)) return null;
  const match = attribute(tag, name);
  return match === null ? null : (match[2] ?? match[3] ?? '');
}

const valueOf = (match: RegExpExecArray | null) =>
  match === null ? null : unescape(match[2] ?? match[3] ?? '');

/** Whether the character after an element's name ends the name ('>', '/' or a space). */
const endsName = (code: number) =>
  code === 62 || code === 47 || code === 32 || code === 9 || code === 10 || code === 13;

/**
 * The texts of the <t> elements between `start` and `end`, phonetic runs (<rPh>) left out: a
 * shared or inline string, plain or rich.
 */
function runsText(xml: string, start: number, end: number, p: string): string {
  let text = '';
  let at = start;
  const open = `<${p}t`;
  const close = `</${p}t>`;
  const phonetic = `<${p}rPh`;
  const phoneticEnd = `</${p}rPh>`;
  // Phonetic runs are rare: looked for once, and again only past the one skipped.
  let skip = xml.indexOf(phonetic, start);
  if (skip >= end) skip = -1;
  for (;;) {
    const t = xml.indexOf(open, at);
    if (t < 0 || t >= end) break;
    if (skip >= 0 && skip < t) {
      const after = xml.indexOf(phoneticEnd, skip);
      if (after < 0 || after >= end) break;
      at = after + phoneticEnd.length;
      skip = xml.indexOf(phonetic, at);
      if (skip >= end) skip = -1;
      continue;
    }
    const next = xml.charCodeAt(t + open.length);
    const tagEnd = xml.indexOf('>', t);
    if (tagEnd < 0 || tagEnd >= end) break;
    // <t/> is empty; <tx...> is another element.
    if (!endsName(next)) {
      at = tagEnd + 1;
      continue;
    }
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      at = tagEnd + 1;
      continue;
    }
    const closeAt = xml.indexOf(close, tagEnd);
    if (closeAt < 0 || closeAt > end) break;
    text += xml.slice(tagEnd + 1, closeAt);
    at = closeAt + close.length;
  }
  return unescape(text);
}

/** The namespace prefix of a part's elements ('' or 'x:'), from its root element. */
function prefixOf(xml: string, root: string): string {
  const match = new RegExp(`<([A-Za-z_][\\w.-]*:)?${root}[\\s>]`).exec(xml.slice(0, 4096));
  return match?.[1] ?? '';
}

/**
 * The shared strings, each a fresh string (never a slice holding the whole part alive); null
 * once they hold more characters than `maxChars` (each is counted again where a cell uses it).
 */
function sharedStrings(xml: string, maxChars: number): string[] | null {
  let chars = 0;
  const p = prefixOf(xml, 'sst');
  const open = `<${p}si`;
  const close = `</${p}si>`;
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = xml.indexOf(open, at);
    if (start < 0) break;
    const tagEnd = xml.indexOf('>', start);
    if (tagEnd < 0) break;
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      out.push('');
      at = tagEnd + 1;
      continue;
    }
    const end = xml.indexOf(close, tagEnd);
    if (end < 0) break;
    const text = flat(runsText(xml, tagEnd + 1, end, p));
    chars += text.length;
    if (chars > maxChars) return null;
    out.push(text);
    at = end + close.length;
  }
  return out;
}

/**
 * A copy of the text that holds no larger string alive: V8 keeps a slice of 13 characters or more
 * as a view of the string it was cut from, and flattens a concatenation into a new string.
 */
const flat = (text: string) => (text.length < 13 ? text : ` ${text}`.slice(1));

/** Where a relationship target points, from the folder of the part that names it. */
function resolveTarget(folder: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `${folder}/${target}`).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/').toLowerCase();
}

/**
 * The workbook's sheets, in order, and its shared strings; null when the zip is no workbook of
 * this shape (an xlsb, an ods: the whole-file reader takes it); a failure when it inflates past
 * the limit.
 */
export function openXlsx(file: Uint8Array, limits: SheetLimits): XlsxBook | Failure | null {
  const zip = zipEntries(file);
  if (zip === null) return { ok: false, reason: 'not_spreadsheet' };
  if (zip.total > limits.maxInflatedBytes) return { ok: false, reason: 'inflates' };
  const { entries } = zip;
  const rootRels = partText(file, entries.get('_rels/.rels')) ?? '';
  const bookPath =
    /Target\s*=\s*"([^"]*)"[^>]*Type\s*=\s*"[^"]*\/officeDocument"|Type\s*=\s*"[^"]*\/officeDocument"[^>]*Target\s*=\s*"([^"]*)"/.exec(
      rootRels,
    );
  const bookName = resolveTarget('', bookPath?.[1] ?? bookPath?.[2] ?? 'xl/workbook.xml');
  const workbook = partText(file, entries.get(bookName));
  if (workbook === null) return null;
  const folder = bookName.includes('/') ? bookName.slice(0, bookName.lastIndexOf('/')) : '';
  const relsName = `${folder === '' ? '' : `${folder}/`}_rels/${bookName.slice(folder.length === 0 ? 0 : folder.length + 1)}.rels`;
  const rels = partText(file, entries.get(relsName)) ?? '';
  const targets = new Map<string, { target: string; type: string }>();
  for (const [tag] of rels.matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    const id = valueOf(attribute(tag, 'Id'));
    const target = valueOf(attribute(tag, 'Target'));
    if (id !== null && target !== null)
      targets.set(id, {
        target: resolveTarget(folder, target),
        type: valueOf(attribute(tag, 'Type')) ?? '',
      });
  }
  const sheets: XlsxSheet[] = [];
  for (const [tag] of workbook.matchAll(/<(?:[\w.-]+:)?sheet\b[^>]*>/g)) {
    const name = valueOf(attribute(tag, 'name'));
    const id = valueOf(attribute(tag, '(?:[\\w.-]+:)?id'));
    const target = id === null ? undefined : targets.get(id);
    const entry = target === undefined ? undefined : entries.get(target.target);
    // A chart sheet or a macro sheet holds no rows.
    if (name === null || entry === undefined || !/\/worksheet$/.test(target?.type ?? '')) continue;
    sheets.push({ name, entry });
  }
  if (sheets.length === 0) return null;
  const sharedTarget = [...targets.values()].find((t) => /\/sharedStrings$/.test(t.type));
  const sharedEntry = entries.get(
    sharedTarget?.target ?? resolveTarget(folder, 'sharedStrings.xml'),
  );
  let shared: string[] = [];
  if (sharedEntry !== undefined) {
    const xml = partText(file, sharedEntry);
    if (xml === null) return { ok: false, reason: 'inflates' };
    const strings = sharedStrings(xml, limits.maxTextChars);
    if (strings === null) return { ok: false, reason: 'too_much_text' };
    shared = strings;
  }
  return { file, sheets, shared };
}

/** The 0-based column of a cell reference ('AB12' -> 27); null when there is none. */
function columnOf(ref: string): number | null {
  let column = 0;
  let at = 0;
  for (; at < ref.length; at += 1) {
    const code = ref.charCodeAt(at) | 0x20;
    if (code < 97 || code > 122) break;
    column = column * 26 + (code - 96);
  }
  return at === 0 ? null : column - 1;
}

const wholeNumber = new Intl.NumberFormat('en-US', {
  useGrouping: false,
  maximumFractionDigits: 0,
});

/** An integer a number cell holds as String() writes it, and short enough to be copied, not cut. */
const SHORT_INTEGER = /^(0|-?[1-9]\d{0,10})$/;

/** A number cell's text as the order import's reader writes it: in full, never 2.8E+14. */
function numberText(raw: string): { text: string; lost: boolean } {
  const value = Number(raw);
  if (raw === '' || !Number.isFinite(value)) return { text: raw, lost: false };
  return {
    text:
      Number.isInteger(value) && Math.abs(value) >= 1e21
        ? wholeNumber.format(value)
        : String(value),
    lost: numberLostDigits(value),
  };
}

/** 2026-08-31T10:00:00Z (a cell of type d) as the reader writes dates: 2026-08-31 10:00:00. */
function isoDateText(raw: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(raw);
  if (match === null) return raw;
  const time = match[2] ?? '00:00:00';
  return `${match[1]} ${time.length === 5 ? `${time}:00` : time}`;
}

export interface RowOptions {
  limits: SheetLimits;
  /** Characters the cells of this pass may still hold (SheetLimits.maxTextChars). */
  budget: { left: number };
  /** Rows after which to stop (the heads); undefined: every row. */
  stopAfter?: number;
}

/** A row of a sheet: 0-based index, its cells, and the columns whose numbers lost digits. */
export type RowVisitor = (index: number, cells: string[], lost: Set<number> | null) => void;

/** The raw content of the first `open`…`close` element between `from` and `end` ('' if none). */
function elementText(xml: string, open: string, close: string, from: number, end: number): string {
  let at = from;
  for (;;) {
    const start = xml.indexOf(open, at);
    if (start < 0 || start >= end) return '';
    const tagEnd = xml.indexOf('>', start);
    if (tagEnd < 0 || tagEnd >= end) return '';
    if (!endsName(xml.charCodeAt(start + open.length))) {
      at = tagEnd + 1;
      continue;
    }
    if (xml.charCodeAt(tagEnd - 1) === 47) return '';
    const closeAt = xml.indexOf(close, tagEnd);
    return closeAt < 0 || closeAt > end ? '' : xml.slice(tagEnd + 1, closeAt);
  }
}

/** The cells of one <row> element's content. */
function cellsOf(
  xml: string,
  p: string,
  book: XlsxBook,
  options: RowOptions,
): { cells: string[]; lost: Set<number> | null } | Failure {
  const cells: string[] = [];
  let lost: Set<number> | null = null;
  const open = `<${p}c`;
  const close = `</${p}c>`;
  const vOpen = `<${p}v`;
  const vClose = `</${p}v>`;
  let at = 0;
  let next = 0;
  for (;;) {
    const start = xml.indexOf(open, at);
    if (start < 0) break;
    const after = xml.charCodeAt(start + open.length);
    const tagEnd = xml.indexOf('>', start);
    if (tagEnd < 0) break;
    if (!endsName(after)) {
      at = tagEnd + 1;
      continue;
    }
    // Searched in the tag alone: a search in the row would run on to the next cell's.
    const tag = xml.slice(start, tagEnd);
    const ref = attributeIn(tag, 0, tag.length, 'r');
    const column = (ref === null ? null : columnOf(ref)) ?? next;
    next = column + 1;
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      at = tagEnd + 1;
      continue;
    }
    const end = xml.indexOf(close, tagEnd);
    if (end < 0) break;
    at = end + close.length;
    const type = attributeIn(tag, 0, tag.length, 't') ?? 'n';
    const content = xml.slice(tagEnd + 1, end);
    let text: string;
    if (type === 'inlineStr') text = runsText(content, 0, content.length, p);
    else {
      const raw = elementText(content, vOpen, vClose, 0, content.length);
      switch (type) {
        case 's':
          text = book.shared[Number(raw)] ?? '';
          break;
        case 'str':
          text = unescape(raw);
          break;
        case 'b':
          text = raw.trim() === '1' ? 'TRUE' : raw === '' ? '' : 'FALSE';
          break;
        case 'e':
          text = '';
          break;
        case 'd':
          text = isoDateText(raw.trim());
          break;
        default:
          if (SHORT_INTEGER.test(raw)) text = raw;
          else {
            const number = numberText(raw.trim());
            text = number.text;
            if (number.lost) (lost ??= new Set()).add(column);
          }
      }
    }
    options.budget.left -= text.length;
    if (options.budget.left < 0) return { ok: false, reason: 'too_much_text' };
    while (cells.length < column) cells.push('');
    // A row's texts are slices of the chunk being read: the ones an order keeps (its number) are
    // copied, so that no chunk outlives its rows.
    cells[column] = type === 's' ? text : flat(text);
  }
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return { cells, lost };
}

/**
 * Every row of a sheet in order, the sheet's XML inflated a chunk at a time; stops after
 * `stopAfter` rows, and refuses a sheet past the row limit, a part that inflates past the size
 * its zip declares (or the limit), and text past the budget.
 */
export async function eachRow(
  book: XlsxBook,
  sheet: XlsxSheet,
  visit: RowVisitor,
  options: RowOptions,
): Promise<Failure | null> {
  const { entry } = sheet;
  const compressed = book.file.subarray(entry.start, entry.start + entry.compressed);
  if (entry.method !== 0 && entry.method !== 8) return { ok: false, reason: 'not_spreadsheet' };
  const maxBytes = Math.min(entry.size, options.limits.maxInflatedBytes);
  let inflated = 0;
  let pending = '';
  let p: string | null = null;
  let lastIndex = -1;
  const decoder = new TextDecoder('utf-8');

  /** Rows complete in `pending`; false once done (the stop, or a failure in `failed`). */
  let failed: Failure | null = null;
  const takeRows = (): boolean => {
    if (p === null) {
      if (!/<([A-Za-z_][\w.-]*:)?worksheet[\s>]/.test(pending) && pending.length < 4096)
        return true;
      p = prefixOf(pending, 'worksheet');
    }
    const open = `<${p}row`;
    const close = `</${p}row>`;
    let at = 0;
    for (;;) {
      const start = pending.indexOf(open, at);
      if (start < 0) {
        at = Math.max(at, pending.length - open.length);
        break;
      }
      const after = pending.charCodeAt(start + open.length);
      const tagEnd = pending.indexOf('>', start);
      if (tagEnd < 0) {
        at = start;
        break;
      }
      if (!endsName(after)) {
        at = tagEnd + 1;
        continue;
      }
      const selfClosing = pending.charCodeAt(tagEnd - 1) === 47;
      const end = selfClosing ? tagEnd + 1 : pending.indexOf(close, tagEnd);
      if (end < 0) {
        at = start;
        break;
      }
      const tag = pending.slice(start, tagEnd);
      const r = Number(attributeIn(tag, 0, tag.length, 'r') ?? NaN);
      const index = Number.isInteger(r) && r > lastIndex + 1 ? r - 1 : lastIndex + 1;
      lastIndex = index;
      at = selfClosing ? end : end + close.length;
      if (index >= options.limits.maxRows) {
        failed = { ok: false, reason: 'too_many_rows' };
        return false;
      }
      if (options.stopAfter !== undefined && index >= options.stopAfter) return false;
      if (selfClosing) continue;
      const row = cellsOf(pending.slice(tagEnd + 1, end), p, book, options);
      if ('ok' in row) {
        failed = row;
        return false;
      }
      visit(index, row.cells, row.lost);
    }
    pending = pending.slice(at);
    if (pending.length > MAX_ROW_CHARS) {
      failed = { ok: false, reason: 'too_much_text' };
      return false;
    }
    return true;
  };

  if (entry.method === 0) {
    pending = decoder.decode(compressed);
    takeRows();
    return failed;
  }
  const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
  inflate.end(compressed);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > maxBytes) return { ok: false, reason: 'inflates' };
      pending += decoder.decode(chunk, { stream: true });
      if (!takeRows()) break;
    }
  } catch {
    return failed ?? { ok: false, reason: 'not_spreadsheet' };
  } finally {
    inflate.destroy();
  }
  return failed;
}
