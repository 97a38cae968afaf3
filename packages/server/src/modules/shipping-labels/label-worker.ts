// The label worker (node:worker_threads), started by labels.ts through label-worker.cjs, with a
// memory cap and a time limit: a hostile PDF costs this thread, not the server. Two steps per
// file: 'read' (pdf.js: each page's text, its candidate resis, where its text is) and 'write'
// (pdf-lib: the contents written on the labels or on slips, the pages in the answer's order). The
// file and what was read of it stay here between the steps; only the words cross to the server.
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  ParseSpeeds,
  StandardFonts,
  degrees,
  rgb,
  type PDFFont,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { freeArea } from './free-area';
import { pageInk } from './ink';
import type {
  Box,
  LabelFailure,
  LabelLimits,
  PageText,
  ReadAnswer,
  WorkerRequest,
  WriteAnswer,
  WritePlan,
} from './label-types';
import { labelLayout, slipLayout, type Measure, type TextOp } from './layout';
import { pageTokens, type TextPiece } from './resi-tokens';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;

let pdfjs: PdfJs | null = null;

async function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** pdf.js' metrics of the 14 standard fonts (labels often use Helvetica without embedding it). */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

interface Session {
  file: Uint8Array;
  limits: LabelLimits;
  /** By page: the boxes of its text (user space), kept for 'on_label' only. */
  textBoxes: Box[][] | null;
  doc: PDFDocument;
}

let session: Session | null = null;

/** The boxes of a page's text items in user space (pdf.js: transform, width, height). */
function textBoxes(items: readonly unknown[]): Box[] {
  const boxes: Box[] = [];
  for (const item of items) {
    const { str, transform, width, height } = item as {
      str?: string;
      transform?: number[];
      width?: number;
      height?: number;
    };
    if (typeof str !== 'string' || str.trim() === '' || transform === undefined) continue;
    const [a = 1, b = 0, , , e = 0, f = 0] = transform;
    const length = Math.hypot(a, b) || 1;
    const ux = a / length;
    const uy = b / length;
    const w = width ?? 0;
    const h = height || length;
    // The item's rectangle along its baseline, with room for descenders.
    const corners = [
      [e - ux * 0 + uy * h * 0.25, f - uy * 0 - ux * h * 0.25],
      [e + ux * w + uy * h * 0.25, f + uy * w - ux * h * 0.25],
      [e - uy * h, f + ux * h],
      [e + ux * w - uy * h, f + uy * w + ux * h],
    ] as const;
    const xs = corners.map((corner) => corner[0]);
    const ys = corners.map((corner) => corner[1]);
    boxes.push({
      x0: Math.min(...xs),
      y0: Math.min(...ys),
      x1: Math.max(...xs),
      y1: Math.max(...ys),
    });
  }
  return boxes;
}

function failureOf(error: unknown): LabelFailure {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'PasswordException' ? 'encrypted' : 'broken';
}

/**
 * Whether the content streams of the pages (and of the forms they draw) inflate to no more than
 * `budget` bytes together: pdf.js would hold such a stream whole while reading its text, outside
 * the worker's heap limit. Only Flate (what PDF writers use); images are never inflated here.
 */
function contentFits(doc: PDFDocument, budget: number): boolean {
  const seen = new Set<PDFObject>();
  let left = budget;
  const visit = (object: PDFObject | undefined, depth: number): boolean => {
    const value = object instanceof PDFRef ? doc.context.lookup(object) : object;
    if (value === undefined || seen.has(value) || depth > 8) return true;
    seen.add(value);
    if (value instanceof PDFArray) return value.asArray().every((item) => visit(item, depth));
    if (!(value instanceof PDFRawStream)) return true;
    const filter = value.dict.get(PDFName.of('Filter'));
    const flate =
      filter === PDFName.of('FlateDecode') ||
      (filter instanceof PDFArray &&
        filter.size() === 1 &&
        filter.get(0) === PDFName.of('FlateDecode'));
    if (flate) {
      try {
        left -= inflateSync(value.getContents(), { maxOutputLength: Math.max(1, left) }).length;
      } catch (error) {
        // Beyond the budget; a stream zlib cannot read is pdf.js' to judge.
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return false;
      }
    } else left -= value.getContentsSize();
    if (left < 0) return false;
    return formsOf(value.dict, depth + 1);
  };
  const formsOf = (holder: PDFDict, depth: number): boolean => {
    const resources = holder.lookup(PDFName.of('Resources'));
    if (!(resources instanceof PDFDict)) return true;
    const xobjects = resources.lookup(PDFName.of('XObject'));
    if (!(xobjects instanceof PDFDict)) return true;
    for (const [, ref] of xobjects.entries()) {
      const target = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (
        target instanceof PDFRawStream &&
        target.dict.get(PDFName.of('Subtype')) === PDFName.of('Form')
      )
        if (!visit(ref, depth)) return false;
    }
    return true;
  };
  for (const page of doc.getPages()) {
    if (!visit(page.node.get(PDFName.of('Contents')), 0)) return false;
    if (!formsOf(page.node, 1)) return false;
  }
  return true;
}

async function read(
  file: Uint8Array,
  limits: LabelLimits,
  keepTextBoxes: boolean,
): Promise<ReadAnswer> {
  session = null;
  // pdf-lib first: it writes the answer, it refuses an encrypted file (even one that opens
  // without a password: its streams would be written back still encrypted), and its page
  // count and content sizes are known before pdf.js reads any text.
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(file, {
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
      ignoreEncryption: true,
    });
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
  if (doc.isEncrypted) return { ok: false, reason: 'encrypted' };
  const count = doc.getPageCount();
  if (count > limits.maxPages) return { ok: false, reason: 'too_many_pages' };
  if (count === 0) return { ok: false, reason: 'broken' };
  if (!contentFits(doc, limits.maxContentBytes)) return { ok: false, reason: 'too_heavy' };

  const lib = await loadPdfJs();
  let document: Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
  try {
    document = await lib.getDocument({
      // pdf.js takes the bytes it is given: a copy, the file is written from later.
      data: new Uint8Array(file),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: STANDARD_FONTS,
      verbosity: 0,
      stopAtErrors: false,
    }).promise;
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
  const pages: PageText[] = [];
  const boxes: Box[][] | null = keepTextBoxes ? [] : null;
  try {
    if (document.numPages !== count) return { ok: false, reason: 'broken' };
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      // Resis are ASCII: no Unicode normalization (a third of the time).
      const content = await page.getTextContent({ disableNormalization: true });
      pages.push(
        pageTokens(content.items as TextPiece[], limits.maxPageChars, limits.maxPageTokens),
      );
      boxes?.push(textBoxes(content.items));
      page.cleanup();
    }
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  } finally {
    await document.destroy();
  }
  if (!pages.some((page) => page.hasText)) return { ok: false, reason: 'image_only' };
  session = { file, limits, textBoxes: boxes, doc };
  return { ok: true, pages };
}

/** A page's box and rotation as it is seen: width and height after the rotation. */
interface View {
  box: Box;
  rotation: 0 | 90 | 180 | 270;
  width: number;
  height: number;
}

function viewOf(page: PDFPage): View {
  const crop = page.getCropBox();
  const box = { x0: crop.x, y0: crop.y, x1: crop.x + crop.width, y1: crop.y + crop.height };
  const angle = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  const rotation = angle as View['rotation'];
  const turned = rotation === 90 || rotation === 270;
  return {
    box,
    rotation,
    width: turned ? crop.height : crop.width,
    height: turned ? crop.width : crop.height,
  };
}

/** A point of user space as seen (page rotated clockwise by /Rotate; origin bottom left). */
function toView(view: View, x: number, y: number): [number, number] {
  const { x0, y0, x1, y1 } = view.box;
  switch (view.rotation) {
    case 0:
      return [x - x0, y - y0];
    case 90:
      return [y - y0, x1 - x];
    case 180:
      return [x1 - x, y1 - y];
    case 270:
      return [y1 - y, x - x0];
  }
}

function fromView(view: View, u: number, v: number): [number, number] {
  const { x0, y0, x1, y1 } = view.box;
  switch (view.rotation) {
    case 0:
      return [x0 + u, y0 + v];
    case 90:
      return [x1 - v, y0 + u];
    case 180:
      return [x1 - u, y1 - v];
    case 270:
      return [x0 + v, y1 - u];
  }
}

function boxToView(view: View, box: Box): Box {
  const [ax, ay] = toView(view, box.x0, box.y0);
  const [bx, by] = toView(view, box.x1, box.y1);
  return {
    x0: Math.min(ax, bx),
    y0: Math.min(ay, by),
    x1: Math.max(ax, bx),
    y1: Math.max(ay, by),
  };
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The characters the standard fonts can write (WinAnsi). */
  writable: Set<number>;
}

/**
 * The text as the standard fonts can write it: accents kept where WinAnsi has the letter, else
 * dropped from it; other letters become '?', other symbols (emoji) are left out.
 */
function writable(text: string, fonts: Fonts): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) as number;
    if (fonts.writable.has(code)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      if (base !== '' && [...base].every((c) => fonts.writable.has(c.codePointAt(0) as number)))
        out += base;
      else if (/\p{L}|\p{N}/u.test(char)) out += '?';
    }
  }
  return out;
}

function draw(page: PDFPage, view: View, ops: readonly TextOp[], fonts: Fonts): void {
  for (const op of ops) {
    if (op.text === '') continue;
    const [x, y] = fromView(view, op.x, op.y);
    page.drawText(op.text, {
      x,
      y,
      size: op.size,
      font: op.bold ? fonts.bold : fonts.regular,
      color: rgb(0, 0, 0),
      rotate: degrees(view.rotation),
    });
  }
}

function resourcesOf(page: PDFPage): PDFDict | undefined {
  const resources = page.node.Resources();
  return resources instanceof PDFDict ? resources : undefined;
}

async function write(plan: WritePlan): Promise<WriteAnswer> {
  const current = session;
  if (current === null) return { ok: false, reason: 'broken' };
  session = null;
  const { doc, limits, textBoxes: boxes } = current;
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, writable: new Set(regular.getCharacterSet()) };
  const measure: Measure = (text, size, isBold) =>
    (isBold ? bold : regular).widthOfTextAtSize(text, size);
  const pages = doc.getPages();
  const slipped: number[] = [];
  const shortened: number[] = [];
  /** By input page: the slip page that follows it. */
  const slips = new Map<number, PDFPage>();

  plan.contents.forEach((given, index) => {
    const page = pages[index];
    if (given === null || given === undefined || page === undefined) return;
    const contents = {
      resi: writable(given.resi, fonts),
      orderNumber: writable(given.orderNumber, fonts),
      lines: given.lines.map((line) => ({
        ...line,
        code: writable(line.code, fonts),
        name: writable(line.name, fonts),
        variation: line.variation === null ? null : writable(line.variation, fonts),
        rack: line.rack === null ? null : writable(line.rack, fonts),
      })),
    };
    const view = viewOf(page);
    if (plan.mode === 'on_label') {
      const ink = pageInk(doc.context, page.node, resourcesOf(page), limits.maxPageOperators);
      if (ink !== null) {
        const seen = [...ink, ...(boxes?.[index] ?? [])].map((box) => boxToView(view, box));
        const area = freeArea(view.width, view.height, seen);
        const layout = area === null ? null : labelLayout(area, contents, measure);
        if (layout !== null) {
          draw(page, view, layout.ops, fonts);
          if (layout.left > 0) shortened.push(index + 1);
          return;
        }
      }
      slipped.push(index + 1);
    }
    const slip = doc.addPage([view.width, view.height]);
    const layout = slipLayout(view.width, view.height, contents, measure);
    draw(
      slip,
      {
        box: { x0: 0, y0: 0, x1: view.width, y1: view.height },
        rotation: 0,
        width: view.width,
        height: view.height,
      },
      layout.ops,
      fonts,
    );
    if (layout.left > 0) shortened.push(index + 1);
    slips.set(index, slip);
  });

  const sequence: PDFPage[] = [];
  for (const index of plan.order) {
    const page = pages[index];
    if (page === undefined) continue;
    sequence.push(page);
    const slip = slips.get(index);
    if (slip !== undefined) sequence.push(slip);
  }
  const inPlace = slips.size === 0 && plan.order.every((index, position) => index === position);
  if (!inPlace) {
    for (let index = doc.getPageCount() - 1; index >= 0; index -= 1) doc.removePage(index);
    for (const page of sequence) doc.addPage(page);
  }
  const file = await doc.save({ updateFieldAppearances: false, objectsPerTick: Infinity });
  return { ok: true, file, pages: sequence.length, slipped, shortened };
}

async function handle(request: WorkerRequest): Promise<ReadAnswer | WriteAnswer> {
  switch (request.op) {
    case 'read':
      return read(request.file, request.limits, request.mode === 'on_label');
    case 'write':
      return write(request.plan);
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (answer) => {
      if (answer.ok && 'file' in answer)
        parentPort?.postMessage(answer, [answer.file.buffer as ArrayBuffer]);
      else parentPort?.postMessage(answer);
    },
    (error: unknown) => {
      // A file pdf.js or pdf-lib failed on in a way they do not report: a broken file, with
      // what failed for the server's log.
      session = null;
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      parentPort?.postMessage({ ok: false, reason: 'broken', detail } satisfies ReadAnswer);
    },
  );
});
