// The income and settlement files, known by their headers (never by position or file name),
// and what each column means for an order's money: the released amount, the product price
// before and after the seller's discounts, a fee in one of the fixed categories, or a figure
// outside the sum. Fee columns are matched by pattern: program fee columns carry campaign and
// size words that change month to month ('Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)').
import { categoryKey } from './settlement-values';

// The categories are the contract's (one list for the files, the tables and the API).
import {
  SETTLEMENT_FEE_CATEGORIES as FEE_CATEGORIES,
  type SettlementFeeCategory as FeeCategory,
} from '@gudang/api-client/contract';

export { FEE_CATEGORIES, type FeeCategory };

/**
 * The category of a fee by the words of its name, first match wins: affiliate commission before
 * the platform's commission, payment before program ('PayLater program fee'), program fees before
 * shipping ('Shipping Fee Program service fee', 'Biaya Gratis Ongkir XTRA'), shipping before
 * refunds ('Ongkos Kirim Pengembalian Barang').
 */
const CATEGORY_WORDS: readonly (readonly [FeeCategory, RegExp])[] = [
  ['afiliasi', /\b(afiliasi|affiliate|ams)\b/],
  ['proses', /\b(proses pesanan|pemrosesan pesanan|order processing)\b/],
  ['komisi', /\b(administrasi|admin|komisi|commission)\b/],
  ['pajak', /\b(pajak|tax|pph|ppn|bea masuk|vat|wht|withheld)\b/],
  [
    'pembayaran',
    /\b(pembayaran|payment|transaksi|transaction|kartu kredit|credit card|paylater|installment)\b/,
  ],
  [
    'layanan',
    /\b(layanan|service|program|kampanye|campaign|xtra|premi|asuransi|insurance|flash sale|crazy deals?|dilayani|fulfil\w*|handling|live|free shipping max)\b/,
  ],
  [
    'ongkir',
    /\b(ongkir|ongkos kirim|biaya kirim|pengiriman|shipping|logisti\w*|return to seller)\b/,
  ],
  ['pengembalian', /\b(pengembalian|refunds?|refunded|retur|returns?|reversal)\b/],
  ['penyesuaian', /\b(penyesuaian|adjustments?|ajustment|kompensasi|compensation)\b/],
];

/** The category of a fee column or fee name (its key); 'lain' when no pattern fits. */
export function feeCategoryOf(key: string): FeeCategory {
  const words = categoryKey(key);
  for (const [category, pattern] of CATEGORY_WORDS) if (pattern.test(words)) return category;
  return 'lain';
}

/**
 * Headers of columns that hold no money (ids, names, dates, kinds, rates): an unknown column with
 * one of these words is never summed, even when its cells are numbers ('ID Produk').
 */
const NOT_MONEY =
  /\b(id|no|nomor|number|kode|code|sku|username|nama|name|tanggal|waktu|time|date|status|tipe|type|jenis|metode|method|catatan|note|komentar|comment|alasan|reason|deskripsi|description|berat|weight|rate|persen|percent|currency|mata uang|sumber|source|periode|period|invoice|resi|tracking|kurir|courier|alamat|address|rencana|variasi|variation|quantity|kuantitas|qty)\b/;

export function isNotMoney(key: string): boolean {
  return key === '' || NOT_MONEY.test(key);
}

const MONEY_WORDS =
  /\b(biaya|fee|fees|amount|jumlah|harga|price|diskon|discount|voucher|cashback|subsidi|subsidy)\b/;

/** An unknown column named as money: summed whatever its cells hold (a bad cell is a problem). */
export function isNamedMoney(key: string): boolean {
  return feeCategoryOf(key) !== 'lain' || MONEY_WORDS.test(key);
}

/** Columns whose total and parts are both in the file: one of them is summed, never both. */
export interface Group {
  name: string;
  total: boolean;
}

export type Role =
  | {
      kind:
        | 'order'
        | 'kind'
        | 'related'
        | 'date'
        | 'released'
        | 'feeName'
        | 'amount'
        | 'source'
        | 'skip';
    }
  /** Product price: after the seller's discounts, and before them too when `before`. */
  | { kind: 'price'; before: boolean; group?: Group }
  | { kind: 'fee'; category: FeeCategory; group?: Group };

export type RoleKind = Role['kind'];
type Rule = readonly [RegExp, Role];

const role = (kind: Exclude<RoleKind, 'price' | 'fee'>): Role => ({ kind });
const fee = (category: FeeCategory, group?: Group): Role => ({ kind: 'fee', category, group });
const price = (before: boolean, group?: Group): Role => ({ kind: 'price', before, group });

export type Family = 'shopee' | 'tiktok' | 'lazada';

export interface SettlementSpec {
  family: Family;
  /** The file's name in messages. */
  name: string;
  /** Matched against each header's key in order; the first rule that fits gives the role. */
  rules: readonly Rule[];
  /** Per group: sum its 'total' column when there, or its 'parts' when any is there. */
  groups?: Readonly<Record<string, 'total' | 'parts'>>;
  /** One row per fee (Lazada): columns no rule names hold no money of the order. */
  longFormat?: boolean;
  /** The columns a header row must have, by their role, with the header the file writes. */
  required: readonly { label: string; has: (roles: readonly Role[]) => boolean }[];
}

const hasKind =
  (kind: RoleKind) =>
  (roles: readonly Role[]): boolean =>
    roles.some((r) => r.kind === kind);

// Shopee 'Laporan Penghasilan', generations A, B and C (../shared/marketplace-files.md, 2). The
// columns after 'Total Penghasilan' in A and B (Kode Voucher … Pro-rated …) and C's buyer and
// reference columns are figures outside the released amount, kept out of the sum.
const SHOPEE: SettlementSpec = {
  family: 'shopee',
  name: 'Shopee (Laporan Penghasilan)',
  rules: [
    [/^no pesanan$/, role('order')],
    [/^(lihat berdasarkan|view by)$/, role('kind')],
    [/^tanggal dana dilepaskan$/, role('date')],
    [/^total penghasilan$/, role('released')],
    [/^harga (asli )?produk$/, price(true)],
    // The seller's discounts; Shopee's own product discount, inside 'Total Diskon Produk', is
    // paid back to the seller ('Diskon Produk dari Shopee').
    [/^total diskon produk$|^diskon produk dari shopee$/, price(false)],
    [/\bvoucher\b.*\bpenjual$|^cashback koin\b.*\bpenjual$/, price(false)],
    [/^jumlah pengembalian dana ke pembeli$/, fee('pengembalian')],
    [
      /^(kompensasi|promo gratis ongkir dari penjual|jumlah dibayar pembeli|pengembalian dana ke pembeli)$|^pro rat(a|ed)\b/,
      role('skip'),
    ],
    [
      /^(no|no pengajuan|username pembeli|waktu pesanan dibuat|metode pembayaran pembeli|metode pelepasan dana|kode voucher|jasa kirim|nama kurir|id produk|nama produk|tipe pesanan|rincian metode pembayaran)$|^rencana cicilan|\brate$/,
      role('skip'),
    ],
    // Money taken from the income to top up the ads balance: no fee category of its own.
    [/\bisi saldo\b/, fee('lain')],
  ],
  required: [
    { label: 'No. Pesanan', has: hasKind('order') },
    { label: 'Total Penghasilan', has: hasKind('released') },
    {
      // A and B write 'Harga Asli Produk', C (2026) 'Harga Produk': both named.
      label: 'Harga Produk atau Harga Asli Produk',
      has: (roles) => roles.some((r) => r.kind === 'price' && r.before),
    },
    { label: 'Tanggal Dana Dilepaskan', has: hasKind('date') },
  ],
};

const PRICE_GROUP = 'price';
const REFUND_GROUP = 'refund';
const SHIPPING_GROUP = 'shipping';

// TikTok Shop / Tokopedia settlement, sheet 'Order details' (marketplace-files.md, 5). Totals
// and their parts sit side by side: 'Total Revenue' and 'Total Fees' are never summed;
// 'Shipping cost' is the sum of the shipping columns after it, which are summed instead (a new
// shipping column is then counted, and not twice).
const TIKTOK: SettlementSpec = {
  family: 'tiktok',
  name: 'TikTok Shop / Tokopedia (Order details)',
  rules: [
    [/^(order adjustment id|order id adjustment id|order id)$/, role('order')],
    [/^(transaction )?type$/, role('kind')],
    [/^related order id$/, role('related')],
    [/^(order )?settle(d|ment) time$/, role('date')],
    [/^total settlement amount$/, role('released')],
    [/^order source$/, role('source')],
    [/^subtotal before (seller )?discounts?$/, price(true, { name: PRICE_GROUP, total: false })],
    [/^seller discounts?$/, price(false, { name: PRICE_GROUP, total: false })],
    [/^subtotal after seller discounts?$/, price(false, { name: PRICE_GROUP, total: true })],
    [
      /^refund subtotal after seller discounts?$/,
      fee('pengembalian', { name: REFUND_GROUP, total: true }),
    ],
    [
      /^refund subtotal before seller discounts?$|^refund of seller discounts?$/,
      fee('pengembalian', { name: REFUND_GROUP, total: false }),
    ],
    [/^shipping cost$/, fee('ongkir', { name: SHIPPING_GROUP, total: true })],
    [
      /^(shipping costs? |replacement shipping|exchange shipping|refunded shipping|return shipping|distance shipping)/,
      fee('ongkir', { name: SHIPPING_GROUP, total: false }),
    ],
    // Revenue of the Horizon+ program (not a fee): kept as 'lain' beside its header.
    [/^distance item fee\b/, fee('lain')],
    [/^(ajustment|adjustment) amount$/, fee('penyesuaian')],
    [/^(total revenue|total fees|order created time|currency)$/, role('skip')],
    // What the buyer paid and the platform's discounts: a breakdown for the buyer, outside the sum.
    [
      /^(customer payment|customer refund|seller co funded voucher discount|refund of seller co funded voucher discount|platform discounts?|refund of platform discounts?|platform co funded voucher discounts?|refund of platform co funded voucher discounts?|seller shipping cost discount|shopping center items)$|\bpackage weight\b/,
      role('skip'),
    ],
  ],
  groups: { [PRICE_GROUP]: 'total', [REFUND_GROUP]: 'total', [SHIPPING_GROUP]: 'parts' },
  required: [
    { label: 'Order/adjustment ID', has: hasKind('order') },
    { label: 'Type', has: hasKind('kind') },
    { label: 'Total settlement amount', has: hasKind('released') },
    { label: 'Order settled time', has: hasKind('date') },
  ],
};

// Lazada 'Income Overview' (marketplace-files.md, 7): one row per fee of an order.
const LAZADA: SettlementSpec = {
  family: 'lazada',
  name: 'Lazada (Income Overview)',
  longFormat: true,
  rules: [
    [/^nomor pesanan$/, role('order')],
    [/^nama biaya$/, role('feeName')],
    [/^jumlah termasuk pajak$/, role('amount')],
    [/^tanggal dilepas$/, role('date')],
  ],
  required: [
    { label: 'Nomor Pesanan', has: hasKind('order') },
    { label: 'Nama Biaya', has: hasKind('feeName') },
    { label: 'Jumlah (Termasuk Pajak)', has: hasKind('amount') },
    { label: 'Tanggal Dilepas', has: hasKind('date') },
  ],
};

export const SETTLEMENT_SPECS: readonly SettlementSpec[] = [SHOPEE, TIKTOK, LAZADA];

/** The role a header has in a file of `spec`, or null when no rule names it. */
export function roleOf(spec: SettlementSpec, key: string): Role | null {
  for (const [pattern, found] of spec.rules) if (pattern.test(key)) return found;
  return null;
}

/** What a Lazada fee name is: the product's price, a seller's discount, or a fee. */
export function lazadaFeeRole(key: string): Role {
  if (/^(omset penjualan|item price( credit)?|harga (barang|produk|item|jual))\b/.test(key))
    return price(true);
  if (
    /\b(voucher|flexi ?combo|promotional charges|diskon penjual|seller discounts?|bundle)\b/.test(
      key,
    )
  )
    return price(false);
  return fee(feeCategoryOf(key));
}
