// Test data of Penghasilan Marketplace (tests only; not part of the remote's bundle): the two
// orders of the server's 2026 Shopee fixture (settlement-fixtures.ts there), with their money
// worked out by hand.
import type {
  SettlementCheckRow,
  SettlementFees,
  SettlementImport,
  SettlementPreviewOrder,
  SettlementRow,
  SettlementSummaryRow,
} from '@gudang/api-client/contract';

export const noFees = (): SettlementFees => ({
  komisi: 0,
  layanan: 0,
  proses: 0,
  pembayaran: 0,
  ongkir: 0,
  afiliasi: 0,
  pajak: 0,
  pengembalian: 0,
  penyesuaian: 0,
  lain: 0,
});

/**
 * 2608235DUJYERU: Harga Produk 152.910 less the seller's voucher 1.697 = 151.213; admin 15.597,
 * processing 1.250, payment 2.752, XTRA 6.881 + 6.881 = 13.762, shipping -33.000 + 33.000 = 0:
 * released 151.213 - 15.597 - 1.250 - 2.752 - 13.762 = 117.852.
 */
export const C1_FEES: SettlementFees = {
  ...noFees(),
  komisi: -15597,
  layanan: -13762,
  proses: -1250,
  pembayaran: -2752,
};
export const C1_COLUMNS = {
  komisi: ['Biaya Administrasi (termasuk PPN 11%)'],
  layanan: ['Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)', 'Biaya Layanan Promo XTRA'],
  proses: ['Biaya Proses Pesanan'],
  pembayaran: ['Biaya Pembayaran'],
  ongkir: ['Ongkos Kirim yang Dibayarkan ke Jasa Kirim', 'Gratis Ongkir dari Shopee'],
};

export function settlementRow(id: number, overrides: Partial<SettlementRow> = {}): SettlementRow {
  return {
    id,
    order_number: '2608235DUJYERU',
    channel: 'shopee',
    store_id: 3,
    store: 'cbmajwastore',
    released_at: '2026-11-20',
    price: 151213,
    price_before: 152910,
    fees: C1_FEES,
    fee_columns: C1_COLUMNS,
    released: 117852,
    difference: 0,
    matched_order_id: 41,
    ...overrides,
  };
}

export function previewOrder(
  overrides: Partial<SettlementPreviewOrder> = {},
): SettlementPreviewOrder {
  return {
    order_number: '2608235DUJYERU',
    released_at: '2026-11-20',
    price_before: 152910,
    price: 151213,
    fees: C1_FEES,
    fee_columns: C1_COLUMNS,
    released: 117852,
    difference: 0,
    state: 'baru',
    matched_order_id: 41,
    ...overrides,
  };
}

export function settlementImport(overrides: Partial<SettlementImport> = {}): SettlementImport {
  return {
    id: 9,
    channel: 'shopee',
    format: 'shopee-c',
    file_name: 'Income.sudah_dilepas.id.20261101_20261130.xlsx',
    store_id: 3,
    store: 'cbmajwastore',
    committed: false,
    counts: {
      orders: 2,
      already: 1,
      matched: 1,
      unmatched: 1,
      not_packed: 1,
      differences: 0,
      problems: 1,
    },
    orders: [
      previewOrder(),
      // 260827FDRXQNA9: 50.970 - 5.199 - 1.250 - 917 - 4.588 = 39.016, imported before.
      previewOrder({
        order_number: '260827FDRXQNA9',
        price_before: 50970,
        price: 50970,
        fees: { ...noFees(), komisi: -5199, layanan: -4588, proses: -1250, pembayaran: -917 },
        released: 39016,
        state: 'sudah_ada',
        matched_order_id: null,
      }),
    ],
    problems: [{ sheet: 'Penghasilan', row: 7, message: 'Total Penghasilan bukan angka' }],
    ...overrides,
  };
}

/** Two stores of Shopee and one of TikTok Shop over the period. */
export const SUMMARY_ROWS: SettlementSummaryRow[] = [
  {
    channel: 'shopee',
    store_id: 3,
    store: 'cbmajwastore',
    orders: 2,
    // 151.213 + 50.970
    price: 202183,
    // C1 + C2: komisi 15.597 + 5.199, layanan 13.762 + 4.588, proses 2 x 1.250, bayar 2.752 + 917
    fees: { ...noFees(), komisi: -20796, layanan: -18350, proses: -2500, pembayaran: -3669 },
    fees_total: -45315,
    // 117.852 + 39.016
    released: 156868,
    // 45.315 / 202.183 = 22,41%
    fee_percent: 22.41,
  },
  {
    channel: 'tiktok',
    store_id: 4,
    store: 'TikTok Shop',
    orders: 1,
    price: 100000,
    fees: { ...noFees(), komisi: -6970, proses: -1250, afiliasi: -2000 },
    fees_total: -10220,
    released: 89780,
    fee_percent: 10.22,
  },
];

export function checkRow(overrides: Partial<SettlementCheckRow> = {}): SettlementCheckRow {
  return {
    kind: 'unsettled',
    channel: 'shopee',
    store_id: 3,
    store: 'cbmajwastore',
    order_number: '2610015ABCDEF',
    order_id: 77,
    settlement_id: null,
    date: '2026-10-01',
    price: 80000,
    released: null,
    expected: null,
    reason: 'Dikirim 01/10/2026, 59 hari lalu, belum ada penghasilan (batas 14 hari)',
    ...overrides,
  };
}
