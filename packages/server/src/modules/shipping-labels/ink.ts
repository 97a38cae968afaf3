// Where a page has ink other than text: images, filled shapes and stroked lines (barcodes, logos,
// frames, table rules), as boxes in the page's user space. Read from the page's content streams
// with a small scanner of its operators, never by decoding an image: a page of 100 MB of pixels
// costs a box here. The text's own boxes come from pdf.js (label-worker.ts). White fills (a page's
// background) are no ink. Bounded by an operator budget: a page beyond it has no free area known.
import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFContentStream,
  decodePDFRawStream,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';
import type { Box } from './label-types';

type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m` applied after `n` (PDF's row-vector convention: cm's matrix times the CTM). */
function times(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

/** The box around points (x, y, x, y, ...) in user space, grown by `pad` on every side. */
function boxAround(points: readonly number[], pad = 0): Box | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i] as number;
    const y = points[i + 1] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  if (x0 === Infinity) return null;
  return { x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad };
}

function unitSquare(m: Matrix): Box | null {
  return boxAround([...apply(m, 0, 0), ...apply(m, 1, 0), ...apply(m, 0, 1), ...apply(m, 1, 1)]);
}

// Bytes of the content-stream syntax (ISO 32000-1, 7.2 and 7.8).
const isSpace = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
const isDelimiter = (c: number) =>
  c === 40 ||
  c === 41 ||
  c === 60 ||
  c === 62 ||
  c === 91 ||
  c === 93 ||
  c === 123 ||
  c === 125 ||
  c === 47 ||
  c === 37;

/** Bytes from..to as text, one character a byte (names and operators are short). */
function latin1(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  for (let i = from; i < to && i < from + 127; i += 1)
    text += String.fromCharCode(bytes[i] as number);
  return text;
}

/** The number written in bytes from..to ('12', '-3.5', '.5'), or null when they are no number. */
function numberAt(bytes: Uint8Array, from: number, to: number): number | null {
  let at = from;
  let sign = 1;
  const first = bytes[at] as number;
  if (first === 43 || first === 45) {
    if (first === 45) sign = -1;
    at += 1;
  }
  let value = 0;
  let digits = 0;
  let scale = 0;
  for (; at < to; at += 1) {
    const c = bytes[at] as number;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits += 1;
      if (scale > 0) scale *= 10;
    } else if (c === 46 && scale === 0) scale = 1;
    else return null;
  }
  if (digits === 0) return null;
  return (sign * value) / (scale > 0 ? scale : 1);
}

/** An operand as far as the scanner needs it: numbers, names; anything else is null. */
type Operand = number | string | null;

class BudgetSpent extends Error {}

interface State {
  ctm: Matrix;
  fillInk: boolean;
  strokeInk: boolean;
  lineWidth: number;
}

interface Scan {
  context: PDFContext;
  boxes: Box[];
  budget: { left: number };
  depth: number;
}

const lookup = (context: PDFContext, value: PDFObject | undefined): PDFObject | undefined =>
  value instanceof PDFRef ? context.lookup(value) : value;

function dictOf(context: PDFContext, value: PDFObject | undefined): PDFDict | undefined {
  const object = lookup(context, value);
  if (object instanceof PDFDict) return object;
  if (object instanceof PDFStream) return object.dict;
  return undefined;
}

const FLATE = PDFName.of('FlateDecode');

/** A stream's bytes decoded: Flate by zlib (native, the filter of nearly every content stream). */
function bytesOf(stream: PDFObject | undefined): Uint8Array | null {
  if (stream instanceof PDFRawStream) {
    const filter = stream.dict.get(PDFName.of('Filter'));
    const flate =
      filter === FLATE ||
      (filter instanceof PDFArray && filter.size() === 1 && filter.get(0) === FLATE);
    if (flate && stream.dict.get(PDFName.of('DecodeParms')) === undefined)
      return inflateSync(stream.getContents());
    if (filter === undefined) return stream.getContents();
    return decodePDFRawStream(stream).decode();
  }
  if (stream instanceof PDFContentStream) return stream.getUnencodedContents();
  return null;
}

function matrixOf(context: PDFContext, value: PDFObject | undefined): Matrix {
  const array = lookup(context, value);
  if (!(array instanceof PDFArray) || array.size() !== 6) return IDENTITY;
  const numbers = array.asArray().map((item) => {
    const number = lookup(context, item);
    return number instanceof PDFNumber ? number.asNumber() : NaN;
  });
  return numbers.every(Number.isFinite) ? (numbers as Matrix) : IDENTITY;
}

/** Is a colour of these components white (no ink on paper)? cmyk: all 0; gray, rgb: all 1. */
function white(components: readonly number[], cmyk: boolean): boolean {
  if (components.length === 0) return false;
  return cmyk ? components.every((c) => c <= 0.05) : components.every((c) => c >= 0.95);
}

/** Reads one content stream (a page's, or a form's) and adds its ink to scan.boxes. */
/** Just past the (string) that starts at `from`: nested parentheses and backslash escapes. */
function afterString(bytes: Uint8Array, from: number, length: number): number {
  let depth = 0;
  let at = from;
  for (; at < length; at += 1) {
    const b = bytes[at];
    if (b === 92) at += 1;
    else if (b === 40) depth += 1;
    else if (b === 41 && --depth === 0) break;
  }
  return at + 1;
}

function scanStream(scan: Scan, bytes: Uint8Array, resources: PDFDict | undefined, start: State) {
  const stack: Operand[] = [];
  const saved: State[] = [];
  let state: State = { ...start };
  // The current path: its points (user space) and the boxes of its segments.
  let points: number[] = [];
  let segments: Box[] = [];
  let current: [number, number] = [0, 0];
  let subpathStart: [number, number] = [0, 0];
  const numbers = (count: number): number[] | null => {
    if (stack.length < count) return null;
    const values = stack.slice(stack.length - count);
    return values.every((value) => typeof value === 'number') ? (values as number[]) : null;
  };
  const segment = (...user: number[]) => {
    points.push(...user);
    const box = boxAround(user);
    if (box !== null) segments.push(box);
  };
  const moveTo = (x: number, y: number) => {
    current = apply(state.ctm, x, y);
    subpathStart = current;
    points.push(...current);
  };
  const lineTo = (x: number, y: number) => {
    const next = apply(state.ctm, x, y);
    segment(...current, ...next);
    current = next;
  };
  const paint = (fill: boolean, stroke: boolean) => {
    if (fill && state.fillInk) {
      const box = boxAround(points);
      if (box !== null) scan.boxes.push(box);
    }
    if (stroke && state.strokeInk) {
      const scale = Math.sqrt(Math.abs(state.ctm[0] * state.ctm[3] - state.ctm[1] * state.ctm[2]));
      const pad = (Math.max(state.lineWidth, 1) * scale) / 2;
      for (const box of segments)
        scan.boxes.push({ x0: box.x0 - pad, y0: box.y0 - pad, x1: box.x1 + pad, y1: box.y1 + pad });
    }
    points = [];
    segments = [];
  };
  const xobjects = dictOf(scan.context, resources?.get(PDFName.of('XObject')));

  let at = 0;
  const length = bytes.length;
  while (at < length) {
    const c = bytes[at] as number;
    if (isSpace(c)) {
      at += 1;
      continue;
    }
    if (c === 37) {
      // % comment to the end of the line
      while (at < length && bytes[at] !== 10 && bytes[at] !== 13) at += 1;
      continue;
    }
    if (c === 40) {
      at = afterString(bytes, at, length);
      stack.push(null);
      continue;
    }
    if (c === 60) {
      if (bytes[at + 1] === 60) {
        // << dictionary >>: its contents are operands of BDC, BI or a form; skipped as one
        let depth = 0;
        while (at < length) {
          if (bytes[at] === 60 && bytes[at + 1] === 60) {
            depth += 1;
            at += 2;
          } else if (bytes[at] === 62 && bytes[at + 1] === 62) {
            depth -= 1;
            at += 2;
            if (depth === 0) break;
          } else if (bytes[at] === 40) {
            // a string inside the dictionary may hold '>>'
            at = afterString(bytes, at, length);
          } else at += 1;
        }
        stack.push(null);
        continue;
      }
      while (at < length && bytes[at] !== 62) at += 1;
      at += 1;
      stack.push(null);
      continue;
    }
    if (c === 91 || c === 93 || c === 123 || c === 125 || c === 62 || c === 41) {
      // arrays (TJ, d) leave their numbers on the stack: the operators that take an array
      // clear it like every other one
      at += 1;
      continue;
    }
    if (c === 47) {
      let end = at + 1;
      while (end < length && !isSpace(bytes[end] as number) && !isDelimiter(bytes[end] as number))
        end += 1;
      stack.push(latin1(bytes, at + 1, end));
      at = end;
      continue;
    }
    let end = at;
    while (end < length && !isSpace(bytes[end] as number) && !isDelimiter(bytes[end] as number))
      end += 1;
    if (end === at) {
      at += 1;
      continue;
    }
    const number = numberAt(bytes, at, end);
    if (number !== null) {
      stack.push(number);
      at = end;
      continue;
    }
    const word = latin1(bytes, at, end);
    at = end;
    scan.budget.left -= 1;
    if (scan.budget.left < 0) throw new BudgetSpent();
    switch (word) {
      case 'q':
        if (saved.length < 256) saved.push({ ...state });
        break;
      case 'Q':
        state = saved.pop() ?? state;
        break;
      case 'cm': {
        const m = numbers(6);
        if (m !== null) state.ctm = times(m as Matrix, state.ctm);
        break;
      }
      case 'w': {
        const w = numbers(1);
        if (w !== null) state.lineWidth = w[0] as number;
        break;
      }
      case 'g':
      case 'G':
      case 'rg':
      case 'RG':
      case 'k':
      case 'K': {
        const count = word === 'g' || word === 'G' ? 1 : word.length === 2 ? 3 : 4;
        const values = numbers(count);
        const ink = values === null || !white(values, count === 4);
        if (word === word.toLowerCase()) state.fillInk = ink;
        else state.strokeInk = ink;
        break;
      }
      case 'sc':
      case 'scn':
      case 'SC':
      case 'SCN': {
        const values = stack.filter((value): value is number => typeof value === 'number');
        const pattern = stack.some((value) => typeof value === 'string');
        const ink = pattern || !(values.length === 4 ? white(values, true) : white(values, false));
        if (word.startsWith('s')) state.fillInk = ink;
        else state.strokeInk = ink;
        break;
      }
      case 'cs':
        state.fillInk = true;
        break;
      case 'CS':
        state.strokeInk = true;
        break;
      case 'm': {
        const p = numbers(2);
        if (p !== null) moveTo(p[0] as number, p[1] as number);
        break;
      }
      case 'l': {
        const p = numbers(2);
        if (p !== null) lineTo(p[0] as number, p[1] as number);
        break;
      }
      case 'c':
      case 'v':
      case 'y': {
        const p = numbers(word === 'c' ? 6 : 4);
        if (p === null) break;
        const user: number[] = [...current];
        for (let i = 0; i + 1 < p.length; i += 2)
          user.push(...apply(state.ctm, p[i] as number, p[i + 1] as number));
        segment(...user);
        current = [user[user.length - 2] as number, user[user.length - 1] as number];
        break;
      }
      case 're': {
        const p = numbers(4);
        if (p === null) break;
        const [x, y, w, h] = p as [number, number, number, number];
        moveTo(x, y);
        lineTo(x + w, y);
        lineTo(x + w, y + h);
        lineTo(x, y + h);
        lineTo(x, y);
        break;
      }
      case 'h':
        segment(...current, ...subpathStart);
        current = subpathStart;
        break;
      case 'S':
      case 's':
        paint(false, true);
        break;
      case 'f':
      case 'F':
      case 'f*':
        paint(true, false);
        break;
      case 'B':
      case 'B*':
      case 'b':
      case 'b*':
        paint(true, true);
        break;
      case 'n':
        paint(false, false);
        break;
      case 'BI': {
        // An inline image: its data runs from ID to EI; it covers the unit square.
        const box = unitSquare(state.ctm);
        if (box !== null) scan.boxes.push(box);
        const id = indexOfWord(bytes, 'ID', at);
        const ei = id < 0 ? -1 : indexOfWord(bytes, 'EI', id + 3);
        at = ei < 0 ? length : ei + 2;
        break;
      }
      case 'Do': {
        const name = stack[stack.length - 1];
        if (typeof name !== 'string' || xobjects === undefined) break;
        const target = lookup(scan.context, xobjects.get(PDFName.of(name)));
        if (!(target instanceof PDFStream)) break;
        const subtype = target.dict.get(PDFName.of('Subtype'));
        if (subtype === PDFName.of('Image')) {
          const box = unitSquare(state.ctm);
          if (box !== null) scan.boxes.push(box);
        } else if (subtype === PDFName.of('Form') && scan.depth < 8) {
          const formBytes = bytesOf(target);
          if (formBytes === null) break;
          const ctm = times(
            matrixOf(scan.context, target.dict.get(PDFName.of('Matrix'))),
            state.ctm,
          );
          const formResources =
            dictOf(scan.context, target.dict.get(PDFName.of('Resources'))) ?? resources;
          scan.depth += 1;
          scanStream(scan, formBytes, formResources, { ...state, ctm });
          scan.depth -= 1;
        }
        break;
      }
      default:
        // Text (its boxes come from pdf.js), clipping, marked content, shadings: no box.
        break;
    }
    stack.length = 0;
  }
}

/** The position of `word` standing alone (whitespace around it) from `from`, or -1. */
function indexOfWord(bytes: Uint8Array, word: string, from: number): number {
  const a = word.charCodeAt(0);
  const b = word.charCodeAt(1);
  for (let i = from; i + 1 < bytes.length; i += 1) {
    if (bytes[i] !== a || bytes[i + 1] !== b) continue;
    const before = i === 0 ? 32 : (bytes[i - 1] as number);
    const after = i + 2 >= bytes.length ? 32 : (bytes[i + 2] as number);
    if (isSpace(before) && (isSpace(after) || isDelimiter(after))) return i;
  }
  return -1;
}

/**
 * The ink of a page's content streams as boxes in user space, or null when the page cannot be
 * read that far (a filter pdf-lib cannot decode, more operators than the budget).
 */
export function pageInk(
  context: PDFContext,
  pageDict: PDFDict,
  resources: PDFDict | undefined,
  maxOperators: number,
): Box[] | null {
  const scan: Scan = { context, boxes: [], budget: { left: maxOperators }, depth: 0 };
  const contents = lookup(context, pageDict.get(PDFName.of('Contents')));
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((item) => lookup(context, item))
      : [contents];
  try {
    // The page's streams are one content stream cut in pieces (an operator may span two).
    const parts: Uint8Array[] = [];
    for (const stream of streams) {
      if (stream === undefined) continue;
      const bytes = bytesOf(stream);
      if (bytes === null) return null;
      parts.push(bytes, new Uint8Array([10]));
    }
    const whole = Buffer.concat(parts);
    scanStream(scan, whole, resources, {
      ctm: IDENTITY,
      fillInk: true,
      strokeInk: true,
      lineWidth: 1,
    });
  } catch {
    return null;
  }
  return scan.boxes;
}
