// What every column of the documented income and settlement files means for an order's money
// (../shared/marketplace-files.md, sections 2, 5 and 7), and the fee names of drifted files.
import {
  feeCategoryOf,
  isNotMoney,
  lazadaFeeRole,
  roleOf,
  SETTLEMENT_SPECS,
  type Family,
} from './settlement-columns';
import {
  SHOPEE_A_HEADERS,
  SHOPEE_B_HEADERS,
  SHOPEE_C_HEADERS,
  TIKTOK_HEADERS,
} from './settlement-fixtures';
import { headerCell } from './settlement-values';

/** A column's meaning in words: its role, a fee's category, or 'text' (never summed). */
function meaning(family: Family, header: string): string {
  const spec = SETTLEMENT_SPECS.find((s) => s.family === family);
  if (spec === undefined) throw new Error(family);
  const { key } = headerCell(header);
  const role = roleOf(spec, key);
  if (role === null) return isNotMoney(key) ? 'text' : feeCategoryOf(key);
  if (role.kind === 'fee') return role.category;
  if (role.kind === 'price') return role.before ? 'price' : 'price after';
  return role.kind;
}

const table = (family: Family, headers: readonly string[]) =>
  Object.fromEntries(headers.map((header) => [header, meaning(family, header)]));

describe('Shopee columns', () => {
  it('maps generation A', () => {
    expect(table('shopee', SHOPEE_A_HEADERS)).toEqual({
      'No. Pesanan': 'order',
      'No. Pengajuan': 'skip',
      'Username (Pembeli)': 'skip',
      'Waktu Pesanan Dibuat': 'skip',
      'Metode pembayaran pembeli': 'skip',
      'Tanggal Dana Dilepaskan': 'date',
      'Harga Asli Produk': 'price',
      'Total Diskon Produk': 'price after',
      'Jumlah Pengembalian Dana ke Pembeli': 'pengembalian',
      'Diskon Produk dari Shopee': 'price after',
      'Diskon Voucher Ditanggung Penjual': 'price after',
      'Cashback Koin yang Ditanggung Penjual': 'price after',
      'Ongkir Dibayar Pembeli': 'ongkir',
      'Diskon Ongkir Ditanggung Jasa Kirim': 'ongkir',
      'Gratis Ongkir dari Shopee': 'ongkir',
      'Ongkir yang Diteruskan oleh Shopee ke Jasa Kirim': 'ongkir',
      'Ongkos Kirim Pengembalian Barang': 'ongkir',
      'Pengembalian Biaya Kirim': 'ongkir',
      'Biaya Komisi AMS': 'afiliasi',
      'Biaya Administrasi': 'komisi',
      'Biaya Layanan (termasuk PPN 11%)': 'layanan',
      Premi: 'layanan',
      'Biaya Program': 'layanan',
      'Biaya Kartu Kredit': 'pembayaran',
      'Biaya Transaksi': 'pembayaran',
      'Biaya Kampanye': 'layanan',
      'Bea Masuk, PPN & PPh': 'pajak',
      'Total Penghasilan': 'released',
      'Kode Voucher': 'skip',
      Kompensasi: 'skip',
      'Promo Gratis Ongkir dari Penjual': 'skip',
      'Jasa Kirim': 'skip',
      'Nama Kurir': 'skip',
      '': 'text',
      'Pengembalian Dana ke Pembeli': 'skip',
      'Pro-rata Koin yang Ditukarkan untuk Pengembalian Barang': 'skip',
      'Pro-rata Voucher Shopee untuk Pengembalian Barang': 'skip',
      'Pro-rated Bank Payment Channel Promotion  for return refund Items': 'skip',
      'Pro-rated Shopee Payment Channel Promotion  for return refund Items': 'skip',
    });
  });

  it('maps what generations B and C add', () => {
    const a = new Set<string>(SHOPEE_A_HEADERS);
    const added = [...SHOPEE_B_HEADERS, ...SHOPEE_C_HEADERS].filter((header) => !a.has(header));
    expect(table('shopee', added)).toEqual({
      'No.': 'skip',
      'Voucher disponsor oleh Penjual': 'price after',
      'Cashback Koin disponsori Penjual': 'price after',
      'Kembali ke Biaya Pengiriman Pengirim': 'ongkir',
      'Biaya Layanan': 'layanan',
      'Biaya Proses Pesanan': 'proses',
      'Biaya Program Hemat Biaya Kirim': 'layanan',
      'Lihat berdasarkan': 'kind',
      'ID Produk': 'skip',
      'Nama Produk': 'skip',
      'Metode Pelepasan Dana': 'skip',
      'Tipe Pesanan': 'skip',
      'Harga Produk': 'price',
      'Ongkos Kirim yang Dibayarkan ke Jasa Kirim': 'ongkir',
      'Potongan Ongkos Kirim dari Jasa Kirim': 'ongkir',
      'Return to Seller Fee': 'ongkir',
      'Voucher co-fund disponsor oleh Penjual': 'price after',
      'Cashback Koin Co-fund disponsori Penjual': 'price after',
      'Biaya Administrasi (termasuk PPN 11%)': 'komisi',
      'Biaya Pembayaran': 'pembayaran',
      'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)': 'layanan',
      'Biaya Layanan Promo XTRA': 'layanan',
    });
  });

  it('maps the columns seen in drifted and sibling files by their words', () => {
    expect(
      table('shopee', [
        'Biaya Gratis Ongkir XTRA - Ukuran Khusus (Kategori G)',
        'Biaya Layanan Cashback XTRA',
        'Biaya Program Shopee Live Xtra',
        'Biaya Campaign 12.12',
        'Biaya Isi Saldo Otomatis (dari Penghasilan)',
        'AMS Service Fee',
        'PPh 22',
        'FBS Fee',
        'Jumlah Dibayar Pembeli',
        'Transaction Fee Rate (%)',
        'Rencana Cicilan (jika berlaku)',
        'Catatan Penjual',
      ]),
    ).toEqual({
      'Biaya Gratis Ongkir XTRA - Ukuran Khusus (Kategori G)': 'layanan',
      'Biaya Layanan Cashback XTRA': 'layanan',
      'Biaya Program Shopee Live Xtra': 'layanan',
      'Biaya Campaign 12.12': 'layanan',
      'Biaya Isi Saldo Otomatis (dari Penghasilan)': 'lain',
      'AMS Service Fee': 'afiliasi',
      'PPh 22': 'pajak',
      'FBS Fee': 'lain',
      'Jumlah Dibayar Pembeli': 'skip',
      'Transaction Fee Rate (%)': 'skip',
      'Rencana Cicilan (jika berlaku)': 'skip',
      'Catatan Penjual': 'text',
    });
  });
});

describe('TikTok Shop columns', () => {
  it('maps the 65 columns of Order details', () => {
    expect(table('tiktok', TIKTOK_HEADERS)).toEqual({
      'Order/adjustment ID': 'order',
      Type: 'kind',
      'Order created time': 'skip',
      'Order settled time': 'date',
      Currency: 'skip',
      'Total settlement amount': 'released',
      'Total Revenue': 'skip',
      'Subtotal after seller discounts': 'price after',
      'Subtotal before discounts': 'price',
      'Seller discounts': 'price after',
      'Distance item fee from Horizon+ Program': 'lain',
      'Refund subtotal after seller discounts': 'pengembalian',
      'Refund subtotal before seller discounts': 'pengembalian',
      'Refund of seller discounts': 'pengembalian',
      'Total Fees': 'skip',
      'Platform commission fee': 'komisi',
      'Pre-order service fee': 'layanan',
      'Mall service fee': 'layanan',
      'Payment Fee': 'pembayaran',
      'Shipping cost': 'ongkir',
      'Shipping costs passed on to the logistics provider': 'ongkir',
      'Replacement shipping fee (passed on to the customer)': 'ongkir',
      'Exchange shipping fee (passed on to the customer)': 'ongkir',
      'Shipping cost borne by the platform': 'ongkir',
      'Shipping cost paid by the customer': 'ongkir',
      'Refunded shipping cost paid by the customer': 'ongkir',
      'Return shipping costs (passed on to the customer)': 'ongkir',
      'Shipping cost subsidy': 'ongkir',
      'Distance shipping fee from Horizon+ Program': 'ongkir',
      'Affiliate Commission': 'afiliasi',
      'Affiliate partner commission': 'afiliasi',
      'Affiliate Shop Ads commission': 'afiliasi',
      'Affiliate Partner shop ads commission': 'afiliasi',
      'Shipping Fee Program service fee': 'layanan',
      'Dynamic commission': 'komisi',
      'Bonus cashback service fee': 'layanan',
      'LIVE Specials service fee': 'layanan',
      'Voucher Xtra service fee': 'layanan',
      'Order processing fee': 'proses',
      'EAMS Program service fee': 'layanan',
      'Brands Crazy Deals/Flash Sale service fee': 'layanan',
      'Dilayani Tokopedia fee': 'layanan',
      'Dilayani Tokopedia handling fee': 'layanan',
      'PayLater program fee': 'pembayaran',
      'Campaign resource fee': 'layanan',
      'Installation service fee': 'layanan',
      'Article 22 Income Tax withheld': 'pajak',
      'Platform special service fee': 'layanan',
      'GMV Max ad fee': 'lain',
      'GMV Max Coupon': 'lain',
      'Ajustment amount': 'penyesuaian',
      'Related order ID': 'related',
      'Customer payment': 'skip',
      'Customer refund': 'skip',
      'Seller co-funded voucher discount': 'skip',
      'Refund of seller co-funded voucher discount': 'skip',
      'Platform discounts': 'skip',
      'Refund of platform discounts': 'skip',
      'Platform co-funded voucher discounts': 'skip',
      'Refund of platform co-funded voucher discounts': 'skip',
      'Seller shipping cost discount': 'skip',
      'Estimated package weight (g)': 'skip',
      'Actual package weight (g)': 'skip',
      'Shopping center items': 'skip',
      'Order Source': 'source',
    });
  });

  it('knows the renamed and suffixed headers of later files', () => {
    expect(
      table('tiktok', [
        'Order/Adjustment ID',
        'Order ID/Adjustment ID',
        'Transaction type',
        'Order settled time(UTC)',
        'Adjustment amount',
      ]),
    ).toEqual({
      'Order/Adjustment ID': 'order',
      'Order ID/Adjustment ID': 'order',
      'Transaction type': 'kind',
      'Order settled time(UTC)': 'date',
      'Adjustment amount': 'penyesuaian',
    });
  });
});

describe('Lazada fee names', () => {
  it.each([
    ['Omset Penjualan', 'price'],
    ['Item Price Credit', 'price'],
    ['Voucher Penjual', 'price after'],
    ['Promotional Charges Flexi-Combo', 'price after'],
    ['Biaya Komisi', 'komisi'],
    ['Reversal Commission', 'komisi'],
    ['Biaya Pembayaran', 'pembayaran'],
    ['Biaya Pengiriman Dibayar oleh Pembeli', 'ongkir'],
    ['Free Shipping Max Fee', 'layanan'],
    ['Biaya Layanan Gratis Ongkir', 'layanan'],
    ['Pajak Penghasilan', 'pajak'],
    ['Reversal Item Price', 'pengembalian'],
    ['Pengembalian Omset Penjualan', 'pengembalian'],
    ['Penyesuaian', 'penyesuaian'],
    ['Lazada Bonus', 'lain'],
  ])('%j is %s', (name, expected) => {
    const role = lazadaFeeRole(headerCell(name).key);
    const found =
      role.kind === 'price'
        ? role.before
          ? 'price'
          : 'price after'
        : role.kind === 'fee'
          ? role.category
          : role.kind;
    expect(found).toBe(expected);
  });
});
