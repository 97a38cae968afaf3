// Label dengan isi paket (issue 47): the marketplace's shipping-label PDF (Shopee, TikTok Shop,
// Lazada; many labels in one file) read page by page on the server; each label whose resi names
// an imported order gets the order's contents, on the label's free area or on a slip page right
// after it. The labels themselves are left as they were; pages without a known resi are kept
// unchanged and listed in the report.
import { Type, type Static } from '@sinclair/typebox';
import { ChoiceField, Nullable, Timestamp } from './common';

/** 'on_label': the contents in the label's free area; 'slip': on a page right after the label. */
export const SHIPPING_LABEL_MODES = ['on_label', 'slip'] as const;
export const ShippingLabelMode = ChoiceField(SHIPPING_LABEL_MODES);
export type ShippingLabelMode = Static<typeof ShippingLabelMode>;

export const SHIPPING_LABEL_MODE_LABELS = {
  on_label: 'Di ruang kosong label',
  slip: 'Halaman terpisah setelah label',
} as const satisfies Record<ShippingLabelMode, string>;

/** A label file is refused above this many bytes. */
export const SHIPPING_LABEL_MAX_BYTES = 20 * 1024 * 1024;
/** A label file with more pages than this is refused. */
export const SHIPPING_LABEL_MAX_PAGES = 1000;

/** A report is kept this many days after its file was written. */
export const SHIPPING_LABEL_REPORT_KEEP_DAYS = 7;

/** The response header counting the pages that were not matched to an order. */
export const SHIPPING_LABEL_UNMATCHED_HEADER = 'X-Gudang-Unmatched';
/** The response header naming the report of the file (GET /api/shipping-labels/{id}/report). */
export const SHIPPING_LABEL_REPORT_HEADER = 'X-Gudang-Report-Id';
/** The output file's name: the uploaded name with this before '.pdf'. */
export const SHIPPING_LABEL_SUFFIX = '-isi';

/**
 * Why a page was kept unchanged: no text at all (a scan or picture), text without any resi of
 * an imported order, or the resis of more than one order on the one page.
 */
export const SHIPPING_LABEL_UNMATCHED_REASONS = [
  'no_text',
  'unknown_resi',
  'several_orders',
] as const;
export type ShippingLabelUnmatchedReason = (typeof SHIPPING_LABEL_UNMATCHED_REASONS)[number];

export const SHIPPING_LABEL_REASON_LABELS = {
  no_text: 'Halaman tanpa teks (gambar atau hasil pindai): resi tidak dapat dibaca',
  unknown_resi: 'Resi tidak ditemukan di pesanan marketplace yang sudah diimpor',
  several_orders: 'Halaman berisi resi lebih dari satu pesanan',
} as const satisfies Record<ShippingLabelUnmatchedReason, string>;

export const SHIPPING_LABEL_MESSAGES = {
  fileRequired: 'File label wajib diunggah',
  badUpload: 'Unggahan tidak valid: kirim satu file PDF pada kolom file',
  tooLarge: `Ukuran file maksimal ${SHIPPING_LABEL_MAX_BYTES / 1024 / 1024} MB`,
  notPdf: 'File bukan PDF: unggah file label pengiriman (PDF) dari marketplace',
  encrypted:
    'File PDF dikunci dengan kata sandi atau terenkripsi: unduh ulang label dari marketplace tanpa kata sandi',
  broken: 'File PDF rusak atau tidak lengkap: unduh ulang label dari marketplace',
  tooManyPages: `File berisi lebih dari ${SHIPPING_LABEL_MAX_PAGES.toLocaleString('id-ID')} halaman: bagi menjadi beberapa file`,
  imageOnly:
    'File PDF hanya berisi gambar (tanpa teks), sehingga resi tidak dapat dibaca: unduh label asli dari marketplace, bukan hasil pindai atau foto',
  tooHeavy: 'File PDF terlalu berat untuk diproses: bagi menjadi beberapa file',
  modeRequired: 'Mode wajib diisi',
  batchNotFound: 'Daftar Ambil tidak ditemukan',
  reportNotFound: 'Laporan label tidak ditemukan atau sudah kedaluwarsa',
} as const;

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
  created_at: Timestamp,
});
export type ShippingLabelReport = Static<typeof ShippingLabelReport>;
