// What is written where: the contents of a label as lines of text in a box (the label's free
// area, or a slip page), in the page's visual coordinates (pt, origin bottom left). Pure: the
// widths come from the fonts through `measure`.
import { SHIPPING_LABEL_TEXTS } from '@gudang/api-client/contract';
import type { Box, ContentLine, LabelContents } from './label-types';

export interface TextOp {
  text: string;
  /** The start of the baseline. */
  x: number;
  y: number;
  size: number;
  bold: boolean;
}

export type Measure = (text: string, size: number, bold: boolean) => number;

export interface Layout {
  ops: TextOp[];
  /** Products left out ('dan N produk lagi'). */
  left: number;
}

const ELLIPSIS = '\u2026';
/** Line height as a multiple of the font size. */
const LEADING = 1.2;
/** The font sizes tried on a label, largest first. */
const LABEL_SIZES = [10, 9, 8, 7, 6] as const;

/** The text cut to `width`, with an ellipsis when it was cut. */
export function fitted(
  text: string,
  width: number,
  size: number,
  bold: boolean,
  measure: Measure,
): string {
  if (measure(text, size, bold) <= width) return text;
  // Binary search over the number of characters kept.
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(text.slice(0, middle).trimEnd() + ELLIPSIS, size, bold) <= width) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? '' : text.slice(0, low).trimEnd() + ELLIPSIS;
}

/** '2x [A-03-2] KAOS-HITAM-M Kaos Hitam M (Hitam, M)': quantity and rak first, cut at the end. */
export function lineText(line: ContentLine): string {
  const rack = line.rack === null ? '' : `[${line.rack}] `;
  const variation = line.variation === null ? '' : ` (${line.variation})`;
  return `${line.quantity}x ${rack}${line.code} ${line.name}${variation}`;
}

const units = (lines: readonly ContentLine[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * The contents in a label's free area: a summary line and one line per product at the largest
 * size where all fit; else as many products as fit at the smallest size and 'dan N produk lagi'
 * (the summary goes first when room is short). null: not even one product fits.
 */
export function labelLayout(area: Box, contents: LabelContents, measure: Measure): Layout | null {
  const width = area.x1 - area.x0;
  const height = area.y1 - area.y0;
  const lines = contents.lines;
  const count = lines.length;
  const plan = (size: number, withSummary: boolean, shown: number) => {
    const texts: { text: string; bold: boolean }[] = [];
    if (withSummary)
      texts.push({ text: SHIPPING_LABEL_TEXTS.summary(count, units(lines)), bold: true });
    for (const line of lines.slice(0, shown)) texts.push({ text: lineText(line), bold: false });
    if (shown < count) texts.push({ text: SHIPPING_LABEL_TEXTS.more(count - shown), bold: true });
    const leading = size * LEADING;
    const ops = texts.map((item, index) => ({
      text: fitted(item.text, width, size, item.bold, measure),
      x: area.x0,
      // The first baseline one ascent (about 0.8 of the size) under the top.
      y: area.y1 - size * 0.8 - index * leading,
      size,
      bold: item.bold,
    }));
    return { ops, left: count - shown };
  };
  // n lines take n leadings less the last one's gap under its descent: n * 1.2s - 0.2s.
  const capacity = (size: number) =>
    Math.floor((height + size * (LEADING - 1)) / (size * LEADING) + 1e-9);
  for (const size of LABEL_SIZES) if (capacity(size) >= count + 1) return plan(size, true, count);
  for (const size of LABEL_SIZES) if (capacity(size) >= count) return plan(size, false, count);
  const smallest = LABEL_SIZES[LABEL_SIZES.length - 1] as number;
  const room = capacity(smallest);
  if (room < 2) return null;
  return plan(smallest, false, room - 1);
}

/**
 * A slip page of `width` x `height`: the title, the resi and order number, then per product its
 * quantity, code and rak on one line and its name and variation under it; 'dan N produk lagi'
 * when the page is full.
 */
export function slipLayout(
  width: number,
  height: number,
  contents: LabelContents,
  measure: Measure,
): Layout {
  const margin = Math.max(8, Math.min(width, height) * 0.04);
  const size = Math.max(8, Math.min(14, width / 24));
  const leading = size * LEADING;
  const inner = width - 2 * margin;
  const ops: TextOp[] = [];
  let y = height - margin - size * 1.4 * 0.8;
  const put = (text: string, textSize: number, bold: boolean, x = margin, room = inner) => {
    ops.push({ text: fitted(text, room, textSize, bold, measure), x, y, size: textSize, bold });
  };
  put(SHIPPING_LABEL_TEXTS.slipTitle, size * 1.4, true);
  y -= size * 1.4 * LEADING;
  put(`${SHIPPING_LABEL_TEXTS.resi}: ${contents.resi}`, size, false);
  y -= leading;
  put(`${SHIPPING_LABEL_TEXTS.order}: ${contents.orderNumber}`, size, false);
  y -= leading;
  put(SHIPPING_LABEL_TEXTS.summary(contents.lines.length, units(contents.lines)), size, true);
  y -= leading * 1.4;
  const bottom = margin;
  const lines = contents.lines;
  let shown = 0;
  for (const [index, line] of lines.entries()) {
    // Two lines for this product, and one more for 'dan N produk lagi' unless it is the last.
    const needed = leading * 2 + (index < lines.length - 1 ? leading : 0);
    if (y - needed + leading < bottom) break;
    const rack = line.rack === null ? '' : `${SHIPPING_LABEL_TEXTS.rack} ${line.rack}`;
    const rackWidth = rack === '' ? 0 : measure(rack, size, true);
    put(`${line.quantity}x ${line.code}`, size, true, margin, inner - rackWidth - size);
    if (rack !== '') put(rack, size, true, width - margin - rackWidth, rackWidth);
    y -= leading;
    const variation = line.variation === null ? '' : ` (${line.variation})`;
    put(`${line.name}${variation}`, size * 0.9, false, margin + size, inner - size);
    y -= leading * 1.15;
    shown += 1;
  }
  if (shown < lines.length) put(SHIPPING_LABEL_TEXTS.more(lines.length - shown), size, true);
  return { ops, left: lines.length - shown };
}
