// Messages between the server and its label worker (label-worker.ts): the file is read in the
// worker (pdf.js), the orders are looked up on the server, then the worker writes the answer
// (pdf-lib). The worker keeps the file between the two steps.
import type { ShippingLabelMode } from '@gudang/api-client/contract';

/** Why a file was refused. */
export type LabelFailure =
  'not_pdf' | 'encrypted' | 'broken' | 'too_many_pages' | 'image_only' | 'too_heavy';

export interface LabelLimits {
  /** Pages a file may have. */
  maxPages: number;
  /** Characters of one page's text that are looked at (a label has a few hundred). */
  maxPageChars: number;
  /** Candidate resis kept per page. */
  maxPageTokens: number;
  /** Content-stream operators read per page to find its free area (forms included). */
  maxPageOperators: number;
  /** Bytes the content streams of all pages may inflate to together. */
  maxContentBytes: number;
}

/** A box in PDF points: x0 <= x1, y0 <= y1. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** What the worker read of one page. */
export interface PageText {
  /** The page had any text at all. */
  hasText: boolean;
  /** Words that may be a resi (lower case; letters, digits and '-', at least one digit). */
  tokens: string[];
  /** What looks most like the page's resi (after a 'Resi' label, or a courier's pattern). */
  guess: string | null;
}

/** One line of a label's contents. */
export interface ContentLine {
  code: string;
  name: string;
  variation: string | null;
  quantity: number;
  rack: string | null;
}

/** What is printed for one matched label. */
export interface LabelContents {
  resi: string;
  orderNumber: string;
  lines: ContentLine[];
}

export interface WritePlan {
  mode: ShippingLabelMode;
  /** The input pages (0-based) in the order of the answer: each one exactly once. */
  order: number[];
  /** By input page (0-based): the contents to add, or null to keep the page as it is. */
  contents: (LabelContents | null)[];
}

/** A refusal; `detail`: what failed, for the server's log, when it was no rule of ours. */
export interface LabelRefusal {
  ok: false;
  reason: LabelFailure;
  detail?: string;
}

export type ReadAnswer = { ok: true; pages: PageText[] } | LabelRefusal;

export type WriteAnswer =
  | {
      ok: true;
      file: Uint8Array;
      pages: number;
      /** 1-based input pages: 'on_label' without room, a slip instead. */
      slipped: number[];
      /** 1-based input pages whose contents did not all fit. */
      shortened: number[];
    }
  | LabelRefusal;

export type WorkerRequest =
  | { op: 'read'; file: Uint8Array; limits: LabelLimits; mode: ShippingLabelMode }
  | { op: 'write'; plan: WritePlan };

export type WorkerAnswer = ReadAnswer | WriteAnswer;
