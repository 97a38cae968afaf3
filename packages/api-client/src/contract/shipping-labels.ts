// Label dengan isi paket (issue 47): the marketplace's shipping-label PDF (Shopee, TikTok Shop,
// Lazada; many labels in one file) read page by page on the server; each label whose resi names
// an imported order gets the order's contents, on the label's free area or on a slip page right
// after it. The labels themselves are left as they were; pages without a known resi are kept
// unchanged and listed in the report.
import { Type, type Static } from '@sinclair/typebox';
import { ChoiceField, Nullable, Timestamp } from './common';
import { SHIPPING_LABEL_MODES, SHIPPING_LABEL_UNMATCHED_REASONS } from './constants';

/** 'on_label': the contents in the label's free area; 'slip': on a page right after the label. */
export const ShippingLabelMode = ChoiceField(SHIPPING_LABEL_MODES);
export type ShippingLabelMode = Static<typeof ShippingLabelMode>;

/** A report is kept this many days after its file was written. */
export const SHIPPING_LABEL_REPORT_KEEP_DAYS = 7;

/** The output file's name: the uploaded name with this before '.pdf'. */
export const SHIPPING_LABEL_SUFFIX = '-isi';

export type ShippingLabelUnmatchedReason = (typeof SHIPPING_LABEL_UNMATCHED_REASONS)[number];

/** The texts printed on the output PDF. */
export const SHIPPING_LABEL_TEXTS = {
  slipTitle: 'Isi Paket',
  resi: 'Resi',
  order: 'No. Pesanan',
  rack: 'Rak',
  code: 'Kode',
  name: 'Nama Barang',
  quantity: 'Jml',
  /** The header of the contents on a label: how many products and units. */
  summary: (products: number, units: number) =>
    `Isi paket: ${products.toLocaleString('id-ID')} produk, ${units.toLocaleString('id-ID')} pcs`,
  more: (count: number) => `dan ${count.toLocaleString('id-ID')} produk lagi`,
} as const;

/** The multipart fields of POST /api/shipping-labels besides `file` (documentation). */
export const ShippingLabelFields = Type.Object({
  mode: ShippingLabelMode,
  batch_id: Type.Optional(
    Type.String({ description: "A pick batch's id: the labels follow the batch's order" }),
  ),
});

export const ShippingLabelUnmatchedPage = Type.Object({
  /** 1-based, in the uploaded file. */
  page: Type.Integer(),
  reason: ChoiceField(SHIPPING_LABEL_UNMATCHED_REASONS),
  /** What looked like the page's resi, when something did; null otherwise. */
  resi: Nullable(Type.String()),
});
export type ShippingLabelUnmatchedPage = Static<typeof ShippingLabelUnmatchedPage>;

/** An order of the pick list (batch_id) that no page of the file is the label of. */
export const ShippingLabelMissingOrder = Type.Object({
  /** Its place in the pick list (1-based). */
  position: Type.Integer(),
  order_number: Type.String(),
  resi_number: Nullable(Type.String()),
});
export type ShippingLabelMissingOrder = Static<typeof ShippingLabelMissingOrder>;

export const ShippingLabelReport = Type.Object({
  id: Type.Integer(),
  file_name: Type.String(),
  mode: ShippingLabelMode,
  batch_id: Nullable(Type.Integer()),
  /** Pages in the uploaded file, and in the answer (slips included). */
  pages: Type.Integer(),
  output_pages: Type.Integer(),
  matched: Type.Integer(),
  unmatched: Type.Array(ShippingLabelUnmatchedPage),
  /** 'on_label' pages without room for the contents: they got a slip page after them instead. */
  slipped: Type.Array(Type.Integer()),
  /** Pages whose contents did not all fit ('dan N produk lagi'). */
  shortened: Type.Array(Type.Integer()),
  /** The pick list's orders without a label in the file, in its order (empty without batch_id). */
  missing: Type.Array(ShippingLabelMissingOrder),
  created_at: Timestamp,
});
export type ShippingLabelReport = Static<typeof ShippingLabelReport>;
