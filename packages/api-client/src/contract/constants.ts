// Every number of docs/product.md point 9 and the fixed Indonesian texts, in one place. Plain values only:
// the server imports this file too, and the browser bundles it without the TypeBox schemas.

import { REMOTE_MODULES } from './remote-names';

/**
 * A whole number as id-ID writes it (50.000), without Intl: the messages below are built when the
 * module loads, on every page's start, and a page's first Intl use costs the locale's data (tens
 * of milliseconds on a phone, issue 48). For a message's fixed limits; counts at run time keep
 * toLocaleString.
 */
export function wholeNumberId(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`wholeNumberId: ${value}`);
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** HTTP timeout of every API call. */
export const HTTP_TIMEOUT_MS = 10_000;
/** Notifications vanish after this long. */
export const TOAST_LIFETIME_MS = 5_000;
/** Debounce of search, sort, resi check and barcode lookup. */
export const DEBOUNCE_MS = 500;
/** Debounce inside the product picker. */
export const PICKER_DEBOUNCE_MS = 300;
/** The product picker searches only from this many typed characters. */
export const PICKER_MIN_CHARS = 2;
/** The product picker fetches at most this many products. */
export const PICKER_LIMIT = 20;
/** The outgoing form focuses its barcode field this long after the modal opens. */
export const BARCODE_AUTOFOCUS_MS = 100;

/** current_stock at or below this is out of stock (red). */
export const OUT_OF_STOCK_MAX = 0;
/** current_stock from 1 up to this is low stock (yellow); above it is green. */
export const LOW_STOCK_MAX = 10;

export const PAGE_SIZES = [10, 20, 50] as const;
export const ORDER_SUMMARY_PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The largest `limit` a paged list accepts (except the activity-action lookup). */
export const MAX_PAGE_LIMIT = 100;
/** The pager shows at most this many page numbers. */
export const MAX_PAGE_BUTTONS = 5;
/** Dashboard top lists hold this many items. */
export const TOP_LIST_SIZE = 5;
/** The damaged-goods reason is cut at this many characters in the list. */
export const DAMAGE_REASON_MAX = 30;
/** Reports, order list and bookkeeping default to this many days before and after today. */
export const DEFAULT_WINDOW_DAYS = 7;
/** Orders match incoming goods dated within this many days. */
export const COMPARISON_TOLERANCE_DAYS = 3;
/** Per-product profit cards in Pembukuan. */
export const PROFIT_CARDS = 6;
/** Summary cards in Log Aktivitas. */
export const ACTIVITY_SUMMARY_CARDS = 4;
/** The activity log is fetched once with this limit to collect the distinct actions. */
export const ACTIVITY_ACTIONS_LIMIT = 1000;
export const DEFAULT_SHOP_TIMEZONE = 'Asia/Jakarta';

export const BARCODE_FORMAT = 'CODE128';
export const BARCODE_SIZES = {
  kecil: { width: 1, height: 50 },
  sedang: { width: 2, height: 80 },
  besar: { width: 3, height: 120 },
} as const;
export type BarcodeSize = keyof typeof BARCODE_SIZES;
/** Barcode text font size; 0 when the text is hidden. */
export const BARCODE_FONT_SIZE = 20;
export const BARCODE_TEXT_MARGIN = 5;
export const BARCODE_MARGIN = 10;

/** Activity action types: docs/product.md point 9 plus those the issues add. */
export const ACTIVITY_ACTIONS = [
  'LOGIN',
  'LOGOUT',
  'LOGOUT_ALL',
  'CREATE_PRODUCT',
  'UPDATE_PRODUCT',
  'DELETE_PRODUCT',
  'INCOMING_GOODS',
  'OUTGOING_GOODS',
  'DAMAGED_GOODS',
  'UPDATE_DAMAGED_GOODS',
  'DELETE_DAMAGED_GOODS',
  'GENERATE_REPORT',
  'GENERATE_BARCODE',
  'CREATE_ORDER',
  'UPDATE_ORDER',
  'DELETE_ORDER',
  'UPDATE_PEMBUKUAN',
  'RECALCULATE_STOCK',
  'UPDATE_INCOMING_GOODS',
  'DELETE_INCOMING_GOODS',
  'UPDATE_OUTGOING_GOODS',
  'DELETE_OUTGOING_GOODS',
  'IMPORT_MARKETPLACE_ORDERS',
  'IMPORT_SETTLEMENT',
  'IMPORT_RETURNS',
  'UPDATE_SKU_MAPPING',
  'DELETE_SKU_MAPPING',
  'DELETE_MARKETPLACE_ORDER',
  'EXPORT_MARKETPLACE_STOCK',
  'DEPLOY_REMOTE',
  'UPDATE_SETTINGS',
  'PACK_ORDER',
  'RETURN_GOODS',
  'DELETE_RETURN',
  'START_STOCK_OPNAME',
  'POST_STOCK_OPNAME',
  'CANCEL_STOCK_OPNAME',
  'CREATE_USER',
  'UPDATE_USER',
  'RESET_PASSWORD',
  'SETUP_FIRST_MANAGER',
  // Daftar Ambil and Rak (issue 47).
  'CREATE_PICK_BATCH',
  'CANCEL_PICK_BATCH',
  'IMPORT_RACKS',
  // The deploy panel (issue 49).
  'CREATE_DEPLOY_TOKEN',
  'REVOKE_DEPLOY_TOKEN',
] as const;

/**
 * What the pages call each action (Log Aktivitas: the badge, the summary cards, the filter); the
 * API and the filter's value keep the action's code. One label for every action.
 */
export const ACTIVITY_ACTION_LABELS: Readonly<Record<(typeof ACTIVITY_ACTIONS)[number], string>> = {
  LOGIN: 'Masuk',
  LOGOUT: 'Keluar',
  LOGOUT_ALL: 'Keluar dari Semua Perangkat',
  CREATE_PRODUCT: 'Tambah Produk',
  UPDATE_PRODUCT: 'Edit Produk',
  DELETE_PRODUCT: 'Hapus Produk',
  INCOMING_GOODS: 'Barang Masuk',
  OUTGOING_GOODS: 'Barang Keluar',
  DAMAGED_GOODS: 'Barang Rusak',
  UPDATE_DAMAGED_GOODS: 'Edit Barang Rusak',
  DELETE_DAMAGED_GOODS: 'Hapus Barang Rusak',
  GENERATE_REPORT: 'Buat Laporan',
  GENERATE_BARCODE: 'Buat Barcode',
  CREATE_ORDER: 'Tambah Order',
  UPDATE_ORDER: 'Edit Order',
  DELETE_ORDER: 'Hapus Order',
  UPDATE_PEMBUKUAN: 'Edit Pembukuan',
  RECALCULATE_STOCK: 'Hitung Ulang Stok',
  UPDATE_INCOMING_GOODS: 'Edit Barang Masuk',
  DELETE_INCOMING_GOODS: 'Hapus Barang Masuk',
  UPDATE_OUTGOING_GOODS: 'Edit Barang Keluar',
  DELETE_OUTGOING_GOODS: 'Hapus Barang Keluar',
  IMPORT_MARKETPLACE_ORDERS: 'Impor Pesanan Marketplace',
  IMPORT_SETTLEMENT: 'Impor Penghasilan Marketplace',
  IMPORT_RETURNS: 'Impor File Pengembalian',
  UPDATE_SKU_MAPPING: 'Simpan Pemetaan SKU',
  DELETE_SKU_MAPPING: 'Hapus Pemetaan SKU',
  DELETE_MARKETPLACE_ORDER: 'Hapus Pesanan Marketplace',
  EXPORT_MARKETPLACE_STOCK: 'Perbarui Stok Marketplace',
  DEPLOY_REMOTE: 'Pasang Versi Modul',
  UPDATE_SETTINGS: 'Edit Pengaturan',
  PACK_ORDER: 'Kirim Paket',
  RETURN_GOODS: 'Retur',
  DELETE_RETURN: 'Hapus Retur',
  START_STOCK_OPNAME: 'Mulai Stok Opname',
  POST_STOCK_OPNAME: 'Posting Stok Opname',
  CANCEL_STOCK_OPNAME: 'Batalkan Stok Opname',
  CREATE_USER: 'Tambah Pengguna',
  UPDATE_USER: 'Edit Pengguna',
  RESET_PASSWORD: 'Atur Ulang Password',
  SETUP_FIRST_MANAGER: 'Buat Manager Pertama',
  CREATE_PICK_BATCH: 'Buat Daftar Ambil',
  CANCEL_PICK_BATCH: 'Batalkan Daftar Ambil',
  IMPORT_RACKS: 'Impor Rak',
  CREATE_DEPLOY_TOKEN: 'Buat Token Deploy',
  REVOKE_DEPLOY_TOKEN: 'Cabut Token Deploy',
};

/** A count or stock in a message as the app shows it: '1.000'. */
const formatCount = (value: number) => value.toLocaleString('id-ID');

/** Fixed texts of docs/product.md points 5 and 8 and of the issues, exactly as written there. */
export const MESSAGES = {
  /** A file part of 0 bytes, on every upload route (a file was chosen: not 'wajib diunggah'). */
  fileEmpty: 'File kosong: pilih file yang berisi data',
  // Validation (point 5)
  quantityPositive: 'Jumlah harus lebih dari 0',
  resiUsed: 'Nomor resi sudah digunakan sebelumnya!',
  resiUsedInline: 'Nomor resi ini sudah digunakan sebelumnya!',
  /** A hand-entered sale under the resi of an imported marketplace order (ADR 0014). */
  resiOfMarketplaceOrder: (channel: string, order: string) =>
    `Nomor resi ini milik pesanan ${channel} ${order}: paketnya dicatat lewat Scan Kirim, bukan di Barang Keluar`,
  barcodeMismatch: 'Barcode tidak sesuai dengan produk yang dipilih!',
  insufficientStock: (available: number) =>
    `Stok tidak mencukupi. Stok tersedia: ${formatCount(available)}`,
  quantityOverStock: 'Jumlah melebihi stok yang tersedia!',
  maxUnits: (max: number) => `Maksimal: ${formatCount(max)} unit`,
  outOfStockBlocked: 'Tidak dapat menambahkan barang keluar untuk produk ini',
  damagedBarcodeNotFound:
    'Barcode tidak ditemukan dalam database! Silakan isi data secara manual atau perbaiki barcode.',
  productFound: (name: string) => `Produk ditemukan: ${name}`,
  /** Under Jumlah Rusak when it is above the matched product's stock: likely a typo, not refused. */
  damagedOverStock: (stock: number) =>
    `Lebih dari stok produk ini (${formatCount(stock)}). Periksa lagi jumlahnya.`,

  // Errors (point 8 and the issues)
  loginFailed: 'Login failed',
  invalidCredentials: 'Email atau password salah',
  recalculateFailed: 'Gagal menghitung ulang stok',
  productSaveFailed: 'Gagal menyimpan produk',
  productDeleteFailed: 'Gagal menghapus produk',
  saveFailed: 'Gagal menyimpan data',
  deleteFailed: 'Gagal menghapus data',
  barcodeNotFound: 'Barcode tidak ditemukan dalam database',
  damagedSaveFailed: 'Gagal menyimpan barang rusak',
  damagedDeleteFailed: 'Gagal menghapus barang rusak',
  barcodeFailed: 'Gagal membuat barcode',
  reportFailed: 'Gagal memuat laporan',
  orderSaveFailed: 'Gagal menyimpan order',
  orderDeleteFailed: 'Gagal menghapus order',
  pembukuanSaveFailed: 'Gagal memperbarui pembukuan',
  managerOnlyEdit: 'Hanya manager yang dapat mengedit data',
  /** Pembukuan's edit: a discount per unit above the selling price (the shop would pay the buyer). */
  discountOverSelling: 'Potongan tidak boleh melebihi Harga Jual',
  managerOnlyDelete: 'Hanya manager yang dapat menghapus data',
  sameDayDeleteOnly: 'Hanya dapat menghapus data hari ini',
  productNotFound: 'Produk tidak ditemukan',
  /** A form's product refused as unknown: its Kode was changed (or it was deleted) since picked. */
  productPickAgain: 'Produk ini sudah diubah atau dihapus sejak dipilih: pilih produknya lagi',
  /** An edit saved into a record someone else deleted meanwhile (the API answered 404): the form
   *  closes, there is nothing left to save into. */
  recordGone: 'Data ini sudah dihapus oleh pengguna lain',
  barcodeIdTaken: 'Barcode ID sudah digunakan',
  codeTaken: 'Kode barang sudah digunakan',
  productHasHistory: 'Produk tidak dapat dihapus karena sudah memiliki riwayat transaksi',

  // Success (point 8)
  stockRecalculated: 'Stok berhasil dihitung ulang',
  productUpdated: 'Produk berhasil diperbarui',
  productCreated: 'Produk berhasil ditambahkan',
  productDeleted: 'Produk berhasil dihapus',
  dataDeleted: 'Data berhasil dihapus',
  dataUpdated: 'Data berhasil diperbarui',
  incomingCreated: 'Barang masuk berhasil ditambahkan',
  outgoingCreated: 'Barang keluar berhasil ditambahkan',
  damagedCreated: 'Barang rusak berhasil ditambahkan',
  damagedUpdated: 'Barang rusak berhasil diperbarui',
  damagedDeleted: 'Barang rusak berhasil dihapus',
  barcodeDownloaded: 'Barcode berhasil diunduh',
  reportDownloaded: 'Laporan berhasil diunduh',
  orderCreated: 'Order berhasil ditambahkan',
  orderUpdated: 'Order berhasil diperbarui',
  orderDeleted: 'Order berhasil dihapus',
  excelExported: 'Data berhasil diexport ke Excel',
  pembukuanUpdated: 'Data pembukuan berhasil diperbarui',
  pembukuanExported: 'Data pembukuan berhasil diexport ke Excel',
} as const;

/** Server messages of the dashboard area that docs/product.md does not spell out. */
export const DASHBOARD_MESSAGES = {
  managerOnlyRecalculate: 'Hanya manager yang dapat menghitung ulang stok',
  /** Recalculation would make stock negative; nothing was changed. */
  negativeCalculated: (products: readonly string[]) =>
    `Stok tidak dapat dihitung ulang karena hasilnya negatif untuk: ${products.join(', ')}. ` +
    'Periksa data barang masuk dan barang keluar produk tersebut.',
} as const;

/** Server messages of the products area that docs/product.md does not spell out. */
export const PRODUCT_MESSAGES = {
  managerOnlyCreate: 'Hanya manager yang dapat menambah produk',
  managerOnlyLedger: 'Hanya manager yang dapat melihat kartu stok',
  negativeStock: (current: number, change: number) =>
    `Stok awal tidak dapat diubah: stok saat ini ${formatCount(current)} akan menjadi ${formatCount(current + change)}`,
  ledgerRange: 'Tanggal mulai tidak boleh setelah tanggal akhir',
  /** An edit sent with the updated_at its form loaded, after someone else saved the product. */
  changedMeanwhile:
    'Produk ini baru saja diubah oleh pengguna lain. Tutup form lalu buka lagi untuk melihat data terbaru.',
} as const;

/** Restock: the rules' numbers. */
export const RESTOCK = {
  /** Under this many days of cover a product needs restocking ('Perlu Restock'). */
  coverDays: 7,
  /** The average daily outgoing is taken over this many days, today included. */
  averageDays: 30,
  /** Defaults of a product's 'Stok Minimum' and the shop's 'Target Persediaan'. */
  defaultMinStock: 10,
  defaultTargetDays: 14,
  /** The longest range of the daily chart (a leap year). */
  dailyMaxDays: 366,
  /** The most products one 'Buat Order' takes. */
  orderMaxItems: 100,
} as const;

/** Server messages of restock and the daily chart. */
export const RESTOCK_MESSAGES = {
  settingsSaved: 'Pengaturan berhasil disimpan',
  managerOnlySettings: 'Hanya manager yang dapat mengubah pengaturan',
  ordersCreated: (n: number) => `${n} order berhasil dibuat`,
  dailyRange: `Rentang tanggal maksimal ${366} hari`,
  duplicateProduct: (code: string) => `Kode Barang '${code}' muncul lebih dari sekali`,
} as const;

/** Default stock-card window: this many days before today, up to today (shop time zone). */
export const LEDGER_DEFAULT_DAYS = 30;

/**
 * The largest quantity one incoming, outgoing or damaged record accepts: far above any real
 * shipment, and it keeps stock sums inside PostgreSQL's integer range.
 */
export const MAX_MOVEMENT_QUANTITY = 1_000_000;

/** The largest id a row can have (PostgreSQL `integer`); larger ids are never found. */
export const MAX_ID = 2_147_483_647;

/** The largest amount of money a column holds (PostgreSQL `numeric(14,2)`). */
const MAX_MONEY = 999_999_999_999.99;

/**
 * The incoming/outgoing list's sort words: Tanggal (Terbaru) = date (newest first), Merek (A-Z) =
 * brand, Merek (Z-A) = brand_desc. The contract's `MovementSort` schema is built from this list.
 */
export const MOVEMENT_SORTS = ['date', 'brand', 'brand_desc'] as const;

/** The incoming/outgoing list's sort options; 'date' (newest first) is the default. */
export const MOVEMENT_LIST_SORTS: {
  sorts: typeof MOVEMENT_SORTS;
  defaultSort: (typeof MOVEMENT_SORTS)[number];
} = {
  sorts: MOVEMENT_SORTS,
  defaultSort: 'date',
};

/**
 * Field labels as the user sees them, and the limits of each input field: one table for the
 * server's error messages ('Nama Barang maksimal 200 karakter') and the forms' maxLength/min/max.
 * `maxLength` is in characters; `max` is the largest number the column holds.
 */
export const FIELDS = {
  barcode_id: { label: 'Barcode ID', maxLength: 100 },
  barcode: { label: 'Barcode', maxLength: 100 },
  code: { label: 'Kode Barang', maxLength: 100 },
  product_code: { label: 'Kode Barang', maxLength: 100 },
  name: { label: 'Nama Barang', maxLength: 200 },
  product_name: { label: 'Nama Barang', maxLength: 200 },
  category: { label: 'Kategori', maxLength: 100 },
  brand: { label: 'Merk', maxLength: 100 },
  initial_stock: { label: 'Stok Awal', max: 1_000_000_000 },
  quantity: { label: 'Jumlah', max: MAX_MOVEMENT_QUANTITY },
  stock: { label: 'Jumlah Rusak', max: MAX_MOVEMENT_QUANTITY },
  resi_number: { label: 'Nomor Resi', maxLength: 100 },
  resi: { label: 'Nomor Resi', maxLength: 100 },
  platform: { label: 'Platform', maxLength: 100 },
  damage_reason: { label: 'Alasan Kerusakan', maxLength: 1000 },
  date: { label: 'Tanggal' },
  startDate: { label: 'Tanggal Mulai' },
  endDate: { label: 'Tanggal Akhir' },
  email: { label: 'Email', maxLength: 254 },
  password: { label: 'Password', maxLength: 200 },
  search: { label: 'Pencarian', maxLength: 200 },
  page: { label: 'Halaman', max: 1_000_000 },
  limit: { label: 'Jumlah per halaman' },
  sort: { label: 'Urutan' },
  period: { label: 'Periode' },
  id: { label: 'ID', max: MAX_ID },
  excludeId: { label: 'ID', max: MAX_ID },
  price: { label: 'Harga', max: MAX_MONEY },
  purchase_price: { label: 'Harga Beli', max: MAX_MONEY },
  selling_price: { label: 'Harga Jual', max: MAX_MONEY },
  discount: { label: 'Potongan', max: MAX_MONEY },
  bank: { label: 'Bank', maxLength: 100 },
  productCodes: { label: 'Kode Barang' },
  outgoing_goods_id: { label: 'ID Barang Keluar', max: MAX_ID },
  type: { label: 'Jenis Laporan' },
  includeEmpty: { label: 'Tampilkan Produk Tanpa Transaksi' },
  action: { label: 'Aksi' },
  channel: { label: 'Channel' },
  status: { label: 'Status' },
  sku: { label: 'SKU', maxLength: 200 },
  variation: { label: 'Variasi', maxLength: 200 },
  items: { label: 'Produk' },
  skip_problems: { label: 'Lewati baris bermasalah' },
  buffer: { label: 'Stok cadangan', max: MAX_MOVEMENT_QUANTITY },
  store_id: { label: 'Toko' },
  /** A marketplace store's name (issue 44), unique per channel. */
  store_name: { label: 'Nama Toko', maxLength: 100 },
  reserve_unpaid: { label: 'Pesanan belum dibayar ikut dipesan' },
  confirm_reserved: { label: 'Konfirmasi stok yang sudah dipesan' },
  buffer_shopee: { label: 'Stok cadangan Shopee', max: MAX_MOVEMENT_QUANTITY },
  buffer_tiktok: { label: 'Stok cadangan TikTok Shop', max: MAX_MOVEMENT_QUANTITY },
  buffer_lazada: { label: 'Stok cadangan Lazada', max: MAX_MOVEMENT_QUANTITY },
  buffer_tokopedia: { label: 'Stok cadangan Tokopedia', max: MAX_MOVEMENT_QUANTITY },
  buffer_bigseller: { label: 'Stok cadangan BigSeller', max: MAX_MOVEMENT_QUANTITY },
  file: { label: 'File' },
  min_stock: { label: 'Stok Minimum', max: 1_000_000_000 },
  targetStockDays: { label: 'Target Persediaan', max: 365 },
  /** 'Dari Marketplace' of Retur (issue 46): days a refunded parcel may take to come back. */
  return_check_days: { label: 'Batas hari barang retur kembali', max: 365 },
  /** The kill switch (issue 49): its messages start 'Modul ...'. */
  disabled_remotes: { label: 'Modul' },
  /** 'Perlu dicek' of Penghasilan Marketplace (issue 45). */
  settlement_check_days: { label: 'Batas hari belum cair', max: 365 },
  settlement_tolerance_percent: { label: 'Toleransi selisih (%)', max: 100 },
  // Retur and Stok Opname.
  reason: { label: 'Alasan Retur', maxLength: 1000 },
  condition: { label: 'Kondisi' },
  lines: { label: 'Barang' },
  scope: { label: 'Cakupan' },
  'scope.type': { label: 'Jenis Cakupan' },
  value: { label: 'Kategori atau Merk', maxLength: 100 },
  product_codes: { label: 'Kode Barang' },
  session_name: { label: 'Nama Sesi', maxLength: 200 },
  add: { label: 'Jumlah Scan', max: MAX_MOVEMENT_QUANTITY },
  set: { label: 'Jumlah Fisik', max: 1_000_000_000 },
  zero_uncounted: { label: 'Hitung produk yang belum dihitung sebagai 0' },
  // Rak and Daftar Ambil (issue 47).
  rack: { label: 'Rak', maxLength: 20 },
  courier: { label: 'Kurir', maxLength: 100 },
  // Offline capture (issue 48): the id a phone gives a scan it may send again.
  client_id: { label: 'client_id', maxLength: 36 },
  // Pengguna (issue 42).
  role: { label: 'Role' },
  active: { label: 'Aktif' },
} as const satisfies Record<string, { label: string; maxLength?: number; max?: number }>;
export type FieldName = keyof typeof FIELDS;

/**
 * The label of a request field for messages; unknown fields keep their API name. A field inside
 * an object (a stock-opname's scope.type) is first looked up as 'parent.field'.
 */
export const fieldLabel = (field: string, parent?: string): string => {
  const labels = FIELDS as Record<string, { label: string } | undefined>;
  return (
    (parent === undefined ? undefined : labels[`${parent}.${field}`]?.label) ??
    labels[field]?.label ??
    field
  );
};

/**
 * The dates the API accepts (every route that takes one, the stock card included) and the date
 * inputs offer: from DATE_MIN up to DATE_MAX_DAYS_AHEAD days after the shop's today.
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX_DAYS_AHEAD = 366;

const formatLimit = (value: number) => value.toLocaleString('id-ID');

/**
 * The messages of the validation layer: the field as the user sees it (fieldLabel) and the
 * reason. Where docs/product.md has its own words (quantity: 'Jumlah harus lebih dari 0') they match.
 */
export const VALIDATION_MESSAGES = {
  invalidRequest: 'Data permintaan tidak valid',
  required: (label: string) => `${label} wajib diisi`,
  tooLong: (label: string, maxLength: number) => `${label} maksimal ${maxLength} karakter`,
  notText: (label: string) => `${label} harus berupa teks`,
  badCharacters: (label: string) => `${label} berisi karakter yang tidak diizinkan`,
  /** A Barcode ID must be drawable as CODE128. */
  printableAscii: (label: string) =>
    `${label} hanya boleh berisi huruf, angka dan tanda baca ASCII`,
  invisibleOnly: (label: string) => `${label} tidak boleh hanya berisi karakter tak terlihat`,
  integer: (label: string, minimum: number) =>
    minimum === 1
      ? `${label} harus bilangan bulat lebih dari 0`
      : `${label} harus bilangan bulat ${formatLimit(minimum)} atau lebih`,
  positive: (label: string) => `${label} harus lebih dari 0`,
  atLeast: (label: string, minimum: number) => `${label} minimal ${formatLimit(minimum)}`,
  atMost: (label: string, maximum: number) => `${label} maksimal ${formatLimit(maximum)}`,
  money: (label: string) =>
    `${label} harus berupa angka 0 atau lebih, dengan paling banyak 2 angka desimal`,
  date: (label: string) => `${label} tidak valid (format yyyy-mm-dd)`,
  /** The one message of the date window, on every route that takes a date. */
  dateWindow: (label: string) =>
    `${label} harus antara ${DATE_MIN} dan ${DATE_MAX_DAYS_AHEAD} hari setelah hari ini`,
  oneOf: (label: string, allowed: readonly unknown[]) =>
    `${label} harus salah satu dari: ${allowed.join(', ')}`,
  boolean: (label: string) => `${label} harus true atau false`,
  invalid: (label: string) => `${label} tidak valid`,
  unknownField: (label: string) => `${label} tidak dikenal`,
} as const;

/** The marketplaces whose order files are read, as the API names them. */
export const MARKETPLACE_CHANNELS = [
  'shopee',
  'tiktok',
  'lazada',
  'tokopedia',
  'bigseller',
] as const;

/** The channels as the page shows them. */
export const MARKETPLACE_CHANNEL_LABELS = {
  shopee: 'Shopee',
  tiktok: 'TikTok Shop',
  lazada: 'Lazada',
  tokopedia: 'Tokopedia',
  bigseller: 'BigSeller',
} as const satisfies Record<(typeof MARKETPLACE_CHANNELS)[number], string>;

/** The one normalized status of a marketplace order; the marketplace's words are kept beside it. */
export const MARKETPLACE_STATUSES = [
  'belum_bayar',
  'perlu_dikirim',
  'dikirim',
  'selesai',
  'batal',
  'retur',
  'lainnya',
] as const;

/** The statuses as Gudang names them (badges, Scan Kirim's refusals); the file's word stays beside. */
export const MARKETPLACE_STATUS_LABELS = {
  belum_bayar: 'Belum Bayar',
  perlu_dikirim: 'Perlu Dikirim',
  dikirim: 'Dikirim',
  selesai: 'Selesai',
  batal: 'Batal',
  retur: 'Retur',
  lainnya: 'Lainnya',
} as const satisfies Record<(typeof MARKETPLACE_STATUSES)[number], string>;

/** An upload (order file or stock file) is refused above this many bytes. */
export const MARKETPLACE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** An order or stock file with more rows than this is refused (a real day's file has far fewer). */
export const MARKETPLACE_MAX_ROWS = 50_000;
/**
 * An xlsx whose parts inflate past this many bytes is refused before it is read: a small upload
 * must not unpack into gigabytes (a zip bomb).
 */
export const MARKETPLACE_MAX_INFLATED_BYTES = 200 * 1024 * 1024;
/**
 * The characters all the cells of an order or stock file may hold together, counted in the worker
 * before anything reaches the server: one long text referenced by every row (a shared-strings
 * bomb) is small on disk but a copy per cell once read. A real 10 MB export holds far fewer.
 */
export const MARKETPLACE_MAX_TEXT_CHARS = 30_000_000;
/** The characters the lines of one preview may hold together (it is stored and sent whole). */
export const MARKETPLACE_MAX_PREVIEW_CHARS = 25_000_000;
/** Previews kept per user; an upload beyond drops that user's oldest. */
export const MARKETPLACE_MAX_PREVIEWS_PER_USER = 20;
/** The most products one SKU mapping holds (a combo). */
export const SKU_MAPPING_MAX_ITEMS = 20;

/** Scan Kirim: the scans of one package, the orders of one 'Catat sebagai Barang Keluar'. */
export const PACKING_MAX_SCANS = 500;
export const PACKING_MAX_ORDERS = 200;
/** Today's packages the Scan Kirim page lists. */
export const PACKING_TODAY_LIMIT = 200;

/** Texts of Scan Kirim, exactly as the issue writes them. */
export const PACKING_MESSAGES = {
  resiNotFound: 'Resi tidak ditemukan di Pesanan Marketplace',
  alreadyShipped: (date: string, name: string) =>
    `Resi ini sudah dikirim pada ${date} oleh ${name}`,
  insufficientStock: (name: string, stock: number) =>
    `Stok ${name} tidak mencukupi. Stok tersedia: ${stock}`,
  notShippable: (statusText: string) => `Pesanan berstatus ${statusText} tidak dapat dikirim`,
  noResi: 'Pesanan ini belum memiliki nomor resi',
  unmapped: (sku: string) => `SKU ${sku} belum dipetakan ke produk`,
  missingItem: (name: string, missing: number) => `Kurang ${missing} ${name}`,
  extraItem: (name: string, extra: number) => `Kelebihan ${extra} ${name}`,
  notInOrder: (barcode: string) => `Barcode ${barcode} tidak ada dalam pesanan ini`,
  shipped: 'Paket berhasil dikirim',
  orderNotFound: 'Pesanan tidak ditemukan',
  /** 'Sandal Jepit (SNDL-40) x1': a line an order was imported without (issue 42 M5). */
  skippedLine: (line: { sku: string; product_name: string; quantity: number | null }) => {
    const name = line.product_name.trim();
    const sku = line.sku.trim();
    const label = name === '' ? sku || '-' : sku === '' ? name : `${name} (${sku})`;
    return line.quantity === null ? label : `${label} x${line.quantity}`;
  },
  /** An order imported without some lines ('Lewati baris bermasalah'), each named. */
  incomplete: (missing: readonly string[]) =>
    `Pesanan ini diimpor tanpa ${missing.length} barang: ${missing.join(', ')}. Petakan SKU-nya lalu impor ulang file pesanan, atau minta manager mengonfirmasi pengiriman tanpa barang ini`,
  incompleteManagerOnly:
    'Hanya manager yang dapat mengonfirmasi pengiriman pesanan yang tidak lengkap',
  /** The PACK_ORDER entry of a package a manager confirmed without its missing lines. */
  shippedIncomplete: (missing: readonly string[]) =>
    `; dikirim tanpa ${missing.join(', ')} (dikonfirmasi manager)`,
} as const;
/** Response header of the stock file: how many of its rows it left as they were. */
export const STOCK_FILE_UNMAPPED_HEADER = 'X-Gudang-Unmapped';
/**
 * Response header of the stock file: the SKUs of the rows it left as they were (each URI-encoded,
 * joined by commas; at most STOCK_FILE_UNMAPPED_LISTED of them).
 */
export const STOCK_FILE_UNMAPPED_SKUS_HEADER = 'X-Gudang-Unmapped-Skus';
export const STOCK_FILE_UNMAPPED_LISTED = 100;
/**
 * Response header of the stock file: the rows it left as they were, each with its row number,
 * SKU, variation and reason (StockFileUnchangedRow[] as JSON, non-ASCII escaped as \uXXXX), the
 * first of them up to STOCK_FILE_UNCHANGED_MAX_CHARS; STOCK_FILE_UNMAPPED_HEADER counts them all.
 */
export const STOCK_FILE_UNCHANGED_HEADER = 'X-Gudang-Unchanged';
/** Kept well below the 4-8 KB of response headers a reverse proxy buffers by default. */
export const STOCK_FILE_UNCHANGED_MAX_CHARS = 3000;
/** Why the stock file left a row as it was (StockFileUnchangedReason). */
export const STOCK_FILE_UNCHANGED_REASONS = [
  'unmapped',
  'variation_unmapped',
  'other_channel',
] as const;
/** The filled stock file is named after the uploaded one with this before the extension. */
export const STOCK_FILE_SUFFIX = '-gudang';

/** Stok Tersedia (issue 44): stores, reservations and hand sales over Tersedia. */
export const RESERVATION_MESSAGES = {
  storeNotFound: 'Toko tidak ditemukan',
  storeSaved: 'Toko berhasil disimpan',
  storeDeleted: 'Toko berhasil dihapus',
  storeNameTaken: (name: string) => `Nama toko '${name}' sudah dipakai di channel ini`,
  storeHasOrders: (count: number) =>
    `Toko ini punya ${count.toLocaleString('id-ID')} pesanan dan tidak dapat dihapus`,
  storeOtherChannel: (channel: string) => `Toko ini bukan toko ${channel}`,
  /** A hand sale that would sell units imported orders already hold. */
  reservedTaken: (free: number) =>
    `Sebagian stok ini sudah dipesan di marketplace: tersisa ${free.toLocaleString('id-ID')} yang bebas dijual`,
  productNotFound: (code: string) => `Kode Barang '${code}' tidak ditemukan`,
} as const;

/** Server messages of Pesanan Marketplace. */
export const MARKETPLACE_MESSAGES = {
  fileRequired: 'File wajib diunggah',
  badUpload: 'Unggahan tidak valid: kirim satu file pada kolom file',
  tooLarge: 'Ukuran file maksimal 10 MB',
  notSpreadsheet: 'File tidak dapat dibaca: unggah file Excel (xlsx, xls) atau CSV',
  tooManyRows: (max: number) =>
    `File berisi lebih dari ${max.toLocaleString('id-ID')} baris: bagi menjadi beberapa file`,
  inflatesTooMuch: 'Isi file terlalu besar setelah dibuka: file ditolak',
  tooMuchText: `File berisi lebih dari ${wholeNumberId(MARKETPLACE_MAX_TEXT_CHARS / 1_000_000)} juta karakter teks: file ditolak, bagi menjadi beberapa file`,
  previewTooLarge: 'Pratinjau file ini terlalu besar: file ditolak, bagi menjadi beberapa file',
  unknownFormat: (expected: readonly string[]) =>
    `Format file tidak dikenali. Kolom yang dicari: ${expected.join('; ')}`,
  missingColumns: (channel: string, columns: readonly string[]) =>
    `Kolom wajib tidak ditemukan di file ${channel}: ${columns.join(', ')}`,
  otherChannelFile: (file: string, chosen: string) =>
    `Ini file pesanan ${file}, bukan file pesanan ${chosen}: pilih channel ${file} atau 'Deteksi otomatis dari kolom', lalu unggah lagi`,
  noRows: 'File tidak berisi pesanan',
  importNotFound: 'Pratinjau impor tidak ditemukan',
  alreadyCommitted: 'Pratinjau ini sudah diimpor',
  /** Another import of the channel is still being written after waiting for it (issue 41). */
  importBusy: 'Impor pesanan lain dari marketplace ini sedang disimpan: coba lagi sebentar lagi',
  notUploader:
    'Pratinjau ini diunggah oleh pengguna lain: hanya pengunggahnya yang dapat mengimpornya',
  hasProblems: (count: number) =>
    `${count.toLocaleString('id-ID')} baris bermasalah: petakan SKU-nya atau impor dengan melewati baris bermasalah`,
  imported: 'Pesanan berhasil diimpor',
  orderNotFound: 'Pesanan tidak ditemukan',
  orderDeleted: 'Pesanan berhasil dihapus',
  orderShipped: 'Pesanan sudah dikirim dari Gudang dan tidak dapat dihapus',
  mappingNotFound: 'Pemetaan SKU tidak ditemukan',
  mappingSaved: 'Pemetaan SKU berhasil disimpan',
  mappingDeleted: 'Pemetaan SKU berhasil dihapus',
  mappingDuplicateProduct: (code: string) => `Kode Barang '${code}' disebut lebih dari sekali`,
  productUnknown: (code: string) => `Kode Barang '${code}' tidak ditemukan`,
  unknownStockTemplate:
    'Format file stok tidak dikenali. Kolom yang dicari: et_title_variation_sku dan et_title_variation_stock (Shopee), Seller SKU dan kolom stok (TikTok/Tokopedia), SellerSku dan kolom stok (Lazada)',
  // Problems of one line of an order file; the row is the spreadsheet's row number.
  lineMissing: (label: string, row: number) => `${label} kosong (baris ${row})`,
  lineNotNumber: (label: string, row: number) => `${label} bukan angka (baris ${row})`,
  lineNotPositive: (label: string, row: number) => `${label} harus lebih dari 0 (baris ${row})`,
  lineTooLarge: (label: string, row: number) => `${label} terlalu besar (baris ${row})`,
  lineTooLong: (label: string, max: number, row: number) =>
    `${label} lebih dari ${max} karakter (baris ${row})`,
  lineBadDate: (label: string, row: number) => `${label} bukan tanggal (baris ${row})`,
  /** A value the API's own rule refuses (the date window, the text rule), with its message. */
  lineRefused: (message: string, row: number) => `${message} (baris ${row})`,
  // Rows of one order that contradict each other: every row of the order shows it.
  orderCancelledAndNot: (order: string, row: number) =>
    `Pesanan ${order} berisi baris Batal dan baris berstatus lain (baris ${row})`,
  orderResiConflict: (order: string, resis: readonly string[], row: number) =>
    `Pesanan ${order} memiliki lebih dari satu nomor resi: ${resis.join(', ')} (baris ${row})`,
  unknownSku: (sku: string) => `SKU '${sku}' belum dipetakan ke produk`,
  /** An id a spreadsheet program turned into a number (issue 42 m8): the file is refused. */
  idLostDigits: (label: string, row: number, value: string) =>
    `${label} di baris ${row} (${value}) sudah diubah menjadi angka oleh program spreadsheet (mis. Excel) sehingga digit terakhirnya hilang: file ditolak agar tidak terjadi pesanan ganda. Unduh ulang file pesanan dari marketplace lalu unggah langsung ke Gudang tanpa membuka atau menyimpannya di Excel`,
  alreadyShipped:
    'Paket pesanan ini sudah dikirim dari Gudang tanpa barang ini: baris tidak ditambahkan. Kirim barang ini terpisah bila perlu',
  cancelledAfterShipping:
    'Dibatalkan di marketplace, tetapi paketnya sudah dikirim dari Gudang: status pesanan tidak diubah. Catat Retur bila paketnya kembali',
  /** A re-import whose line has another quantity than the one imported: the line is kept. */
  quantityKept: (inFile: number, kept: number) =>
    `Jumlah di file ${inFile}, di Gudang ${kept}: jumlah pesanan yang sudah diimpor tidak diubah. Periksa pesanan ini di marketplace`,
} as const;

/** Retur: a line's condition. good ('Baik') goes back to stock; damaged ('Rusak') not. */
export const RETURN_CONDITIONS = ['good', 'damaged'] as const;
export const RETURN_CONDITION_LABELS = {
  good: 'Baik',
  damaged: 'Rusak',
} as const satisfies Record<(typeof RETURN_CONDITIONS)[number], string>;
/** The most lines one return takes (a package's products). */
export const RETURN_MAX_LINES = 200;

/** Server messages of Retur. */
export const RETURN_MESSAGES = {
  resiNotFound: 'Tidak ada Barang Keluar dengan nomor resi ini',
  notFound: 'Retur tidak ditemukan',
  lineNotInResi: (id: number) => `Barang Keluar ${id} tidak termasuk resi ini`,
  /** A line names its Barang Keluar record or the barcode scanned (offline), exactly one. */
  lineNeedsRecord: 'Setiap barang retur menyebut Barang Keluar atau barcode-nya, salah satu saja',
  barcodeNotInResi: (barcode: string) =>
    `Barang dengan barcode ${barcode} tidak ada di Barang Keluar resi ini`,
  /** One record may be named twice in one save, once per condition (issue 46), not more. */
  duplicateLine: (id: number, condition: string) =>
    `Barang Keluar ${id} disebut lebih dari sekali dengan kondisi ${condition}`,
  overReturn: (name: string, left: number) =>
    `Jumlah retur ${name} melebihi yang dikirim. Sisa yang dapat diretur: ${formatCount(left)}`,
  /** The reason of the Barang Rusak record a damaged line writes. */
  damagedReason: (resi: string, reason: string) => `Retur ${resi}: ${reason}`,
  created: 'Retur berhasil disimpan',
  deleted: 'Retur berhasil dihapus',
  deleteNegative: (name: string, stock: number) =>
    `Retur tidak dapat dihapus: stok ${name} akan menjadi ${formatCount(stock)}`,
  /** An outgoing record with returns keeps its product, resi and quantity: they were checked. */
  outgoingHasReturns:
    'Barang keluar ini sudah memiliki retur dan tidak dapat diubah atau dihapus. Hapus returnya terlebih dahulu.',
} as const;

/** Stok Opname. */
export const OPNAME_SCOPE_TYPES = ['all', 'category', 'brand', 'products', 'rack'] as const;
export const OPNAME_SCOPE_LABELS = {
  all: 'Semua Produk',
  category: 'Kategori',
  brand: 'Merk',
  products: 'Produk Terpilih',
  rack: 'Rak',
} as const satisfies Record<(typeof OPNAME_SCOPE_TYPES)[number], string>;
export const OPNAME_STATUSES = ['open', 'posted', 'cancelled'] as const;
export const OPNAME_STATUS_LABELS = {
  open: 'Berjalan',
  posted: 'Diposting',
  cancelled: 'Dibatalkan',
} as const satisfies Record<(typeof OPNAME_STATUSES)[number], string>;
/** The most products a 'chosen products' scope names. */
export const OPNAME_MAX_SCOPE_PRODUCTS = 1000;

/** Server messages of Stok Opname and Penyesuaian Stok. */
export const OPNAME_MESSAGES = {
  started: 'Sesi stok opname berhasil dibuat',
  notFound: 'Sesi stok opname tidak ditemukan',
  readOnly: (status: string) => `Sesi stok opname sudah ${status} dan tidak dapat diubah`,
  scopeValue: 'Kategori atau Merk wajib diisi untuk cakupan ini',
  /** Scope 'rack' (issue 47): its value is the prefix of the racks counted ('A-': aisle A). */
  scopeRack: 'Awalan Rak wajib diisi untuk cakupan ini',
  scopeRackInvalid:
    'Awalan Rak hanya boleh berisi huruf, angka, tanda -, . dan / (maksimal 20 karakter)',
  scopeProducts: 'Pilih minimal satu produk untuk cakupan ini',
  scopeEmpty: 'Tidak ada produk dalam cakupan ini',
  productUnknown: (code: string) => `Kode Barang '${code}' tidak ditemukan`,
  oneProduct: 'Isi salah satu: Barcode atau Kode Barang',
  oneAmount: 'Isi salah satu: tambah (add) atau jumlah fisik (set)',
  barcodeNotFound: 'Barcode tidak ditemukan dalam database',
  notInScope: (name: string) => `${name} tidak termasuk dalam sesi stok opname ini`,
  /** A typed count refused: another phone changed the count after this one showed it. */
  countChanged: (name: string, other: number | null) =>
    other === null
      ? `Hitungan ${name} baru saja dihapus di perangkat lain. Periksa lalu ketik lagi.`
      : `Hitungan ${name} baru saja diubah di perangkat lain menjadi ${formatCount(other)}. Jumlah Anda belum disimpan: periksa lalu ketik lagi.`,
  counted: 'Jumlah berhasil dicatat',
  posted: 'Stok opname berhasil diposting',
  cancelled: 'Sesi stok opname berhasil dibatalkan',
  managerOnlyPost: 'Hanya manager yang dapat memposting stok opname',
  managerOnlyCancel: 'Hanya manager yang dapat membatalkan stok opname',
  negativeStock: (name: string, stock: number) =>
    `Stok opname tidak dapat diposting: stok ${name} akan menjadi ${formatCount(stock)}`,
  /** The reason of every adjustment a posted session writes. */
  adjustmentReason: (name: string) => `Stok opname: ${name}`,
} as const;

/** Pengguna (issue 42): the shortest password the API and the user command accept. */
export const MIN_PASSWORD_LENGTH = 8;
/** An account's Nama at most (Pengguna; the form caps it as the server does). */
export const USER_NAME_MAX_LENGTH = 200;

/** The texts of the Pengguna page, its API and the first-manager setup page. */
export const USER_MESSAGES = {
  created: 'Pengguna berhasil ditambahkan',
  updated: 'Pengguna berhasil diperbarui',
  deactivated: 'Pengguna dinonaktifkan: semua sesinya telah diakhiri',
  reactivated: 'Pengguna diaktifkan kembali',
  passwordReset: 'Password berhasil direset: semua sesi pengguna ini telah diakhiri',
  notFound: 'Pengguna tidak ditemukan',
  emailTaken: 'Email sudah digunakan oleh pengguna lain',
  emailInvalid: 'Format email tidak valid',
  passwordTooShort: `Password minimal ${MIN_PASSWORD_LENGTH} karakter`,
  nothingToChange: 'Tidak ada perubahan: isi nama, role atau status',
  lastManager:
    'Harus ada setidaknya satu manager aktif: manager ini tidak dapat dinonaktifkan atau dijadikan admin',
  notSelf: 'Anda tidak dapat menonaktifkan akun Anda sendiri',
  /** Sign-in with the right password of a deactivated account. */
  accountDeactivated: 'Akun ini dinonaktifkan. Hubungi manager toko.',
  setupCreated: 'Akun manager pertama berhasil dibuat. Silakan masuk.',
  setupDone: 'Akun pertama sudah dibuat: halaman ini tidak berlaku lagi. Silakan masuk.',
  setupBadLink: 'Tautan penyiapan tidak berlaku. Gunakan tautan terbaru dari log server.',
} as const;

/** Rak (issue 47): where a product lives on the shelves ('A-03-2'). */
export const RACK_MAX_LENGTH = 20;
/** Letters, digits, '-', '.', '/' (or '' to clear); the server stores a rack in capitals. */
export const RACK_PATTERN = '^[A-Za-z0-9./-]*$';
/** The rows one rack file may hold. */
export const RACK_IMPORT_MAX_ROWS = 50_000;
/** The headers a rack file's first row is read by (case and spaces ignored). */
export const RACK_IMPORT_HEADERS = {
  code: ['Kode Barang', 'Kode', 'SKU', 'Code'],
  rack: ['Rak', 'Lokasi', 'Rack'],
} as const;

/** Texts of Rak and its file import. */
export const RACK_MESSAGES = {
  invalid: 'Rak hanya boleh berisi huruf, angka, tanda -, . dan / (maksimal 20 karakter)',
  missingColumns: 'Kolom wajib tidak ditemukan di baris pertama file: Kode Barang dan Rak',
  noRows: 'File tidak berisi baris data',
  tooManyRows: `File berisi lebih dari ${wholeNumberId(RACK_IMPORT_MAX_ROWS)} baris: bagi menjadi beberapa file`,
  importNotFound: 'Pratinjau impor rak tidak ditemukan atau sudah kedaluwarsa',
  notUploader: 'Hanya pengunggah file yang dapat mengimpor pratinjau ini',
  alreadyCommitted: 'Pratinjau ini sudah diimpor',
  /** Row problems (the row as the spreadsheet numbers it). */
  codeMissing: (row: number) => `Kode Barang kosong (baris ${row})`,
  unknownProduct: (code: string, row: number) =>
    `Kode Barang '${code}' tidak ditemukan (baris ${row})`,
  rackInvalid: (row: number) =>
    `Rak hanya boleh berisi huruf, angka, tanda -, . dan / (maksimal 20 karakter) (baris ${row})`,
  duplicateCode: (code: string, row: number) =>
    `Kode Barang '${code}' muncul lebih dari sekali dengan rak berbeda (baris ${row})`,
  hasProblems: (count: number) =>
    `${count.toLocaleString('id-ID')} baris bermasalah: perbaiki file atau impor dengan melewati baris bermasalah`,
  imported: (count: number) => `Rak ${count.toLocaleString('id-ID')} produk berhasil diperbarui`,
} as const;

/**
 * Fields whose rule is one sentence, said for every breach of it (pattern or length) instead of
 * the validation layer's generic 'tidak valid' (plugins/validation.ts).
 */
export const FIELD_RULES: Partial<Record<FieldName, string>> = {
  rack: RACK_MESSAGES.invalid,
  client_id: 'client_id harus berupa UUID, contoh 3f2b8c1e-6d4a-4b7e-9a1c-2e5f7d9b0a13',
};

/**
 * Offline capture (issue 48, docs/adr/0025-writes-sent-again.md): a stock count, a Scan Kirim ship
 * or a Retur sent with a `client_id` is done once per user and id; the same id again answers as
 * the first time and writes nothing. A UUID in any letter case (crypto.randomUUID()).
 */
export const CLIENT_ID_PATTERN =
  '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';
/** Days an answer is kept for its client_id; a phone's queue is sent long before. */
export const CLIENT_ID_KEEP_DAYS = 30;
/** The writes that take a client_id, as the refusal of an id used for another names them. */
export const CLIENT_ID_ROUTES = {
  'POST /api/stock-opname/:id/counts': 'hitungan stok opname',
  'POST /api/packing/:resi/ship': 'pengiriman paket',
  'POST /api/returns': 'retur',
} as const;
export type ClientIdRoute = keyof typeof CLIENT_ID_ROUTES;
export const CLIENT_ID_MESSAGES = {
  /** The id answered another write: a route of its own, or the same route with other contents. */
  usedFor: (route: ClientIdRoute, sameRoute: boolean) =>
    `client_id sudah dipakai untuk ${CLIENT_ID_ROUTES[route]}${sameRoute ? ' dengan isi berbeda' : ''}`,
} as const;

/**
 * Daftar Ambil (issue 47): open: being picked; picked: every unit ticked; packed: every order
 * shipped from Gudang (or cancelled at the marketplace); cancelled: its orders freed.
 */
export const PICK_BATCH_STATUSES = ['open', 'picked', 'packed', 'cancelled'] as const;
export const PICK_BATCH_STATUS_LABELS = {
  open: 'Terbuka',
  picked: 'Sudah Diambil',
  packed: 'Sudah Dikemas',
  cancelled: 'Dibatalkan',
} as const satisfies Record<(typeof PICK_BATCH_STATUSES)[number], string>;
/** Orders one batch takes when the request names no limit, and at most. */
export const PICK_BATCH_DEFAULT_ORDERS = 100;
export const PICK_BATCH_MAX_ORDERS = 2000;
/** The batch number printed on the list and drawn as CODE128: 'DA-000012'. */
export const pickBatchNumber = (id: number) => `DA-${String(id).padStart(6, '0')}`;

/** Texts of Daftar Ambil. */
export const PICK_BATCH_MESSAGES = {
  created: 'Daftar ambil berhasil dibuat',
  cancelled: 'Daftar ambil berhasil dibatalkan',
  picked: 'Barang berhasil diambil',
  notFound: 'Daftar ambil tidak ditemukan',
  noOrders:
    'Tidak ada pesanan Perlu Dikirim yang dapat diambil dengan filter ini (pesanan yang sudah ada di daftar ambil lain tidak ikut)',
  storeOtherChannel: (channel: string) => `Toko ini bukan toko ${channel}`,
  dateRange: 'Tanggal mulai tidak boleh setelah tanggal akhir',
  /** Cancel or pick of a batch that is no longer open. */
  readOnly: (status: string) => `Daftar ambil sudah ${status} dan tidak dapat diubah`,
  oneProduct: 'Isi salah satu: Barcode atau Kode Barang',
  barcodeNotFound: 'Barcode tidak ditemukan dalam database',
  notInBatch: (name: string) => `${name} tidak ada dalam daftar ambil ini`,
  tooMany: (name: string, quantity: number) =>
    `${name} sudah diambil semua (${quantity.toLocaleString('id-ID')} unit): jangan ambil lagi`,
  /** Another batch took some of the orders while this one was being made (parallel builds). */
  ordersTaken: 'Sebagian pesanan baru saja diambil oleh daftar ambil lain: coba lagi',
} as const;

/**
 * Label dengan isi paket (issue 47; contract shipping-labels.ts). 'on_label': the contents in the
 * label's free area; 'slip': on a page right after the label.
 */
export const SHIPPING_LABEL_MODES = ['on_label', 'slip'] as const;

export const SHIPPING_LABEL_MODE_LABELS = {
  on_label: 'Di ruang kosong label',
  slip: 'Halaman terpisah setelah label',
} as const satisfies Record<(typeof SHIPPING_LABEL_MODES)[number], string>;

/** A label file is refused above this many bytes. */
export const SHIPPING_LABEL_MAX_BYTES = 20 * 1024 * 1024;
/** A label file with more pages than this is refused. */
export const SHIPPING_LABEL_MAX_PAGES = 1000;

/** The response header counting the pages that were not matched to an order. */
export const SHIPPING_LABEL_UNMATCHED_HEADER = 'X-Gudang-Unmatched';
/** The response header naming the report of the file (GET /api/shipping-labels/{id}/report). */
export const SHIPPING_LABEL_REPORT_HEADER = 'X-Gudang-Report-Id';

/**
 * Why a page was kept unchanged: no text at all (a scan or picture), text without any resi of
 * an imported order, or the resis of more than one order on the one page.
 */
export const SHIPPING_LABEL_UNMATCHED_REASONS = [
  'no_text',
  'unknown_resi',
  'several_orders',
] as const;

export const SHIPPING_LABEL_REASON_LABELS = {
  no_text: 'Halaman tanpa teks (gambar atau hasil pindai): resi tidak dapat dibaca',
  unknown_resi: 'Resi tidak ditemukan di pesanan marketplace yang sudah diimpor',
  several_orders: 'Halaman berisi resi lebih dari satu pesanan',
} as const satisfies Record<(typeof SHIPPING_LABEL_UNMATCHED_REASONS)[number], string>;

export const SHIPPING_LABEL_MESSAGES = {
  fileRequired: 'File label wajib diunggah',
  badUpload: 'Unggahan tidak valid: kirim satu file PDF pada kolom file',
  tooLarge: `Ukuran file maksimal ${SHIPPING_LABEL_MAX_BYTES / 1024 / 1024} MB`,
  notPdf: 'File bukan PDF: unggah file label pengiriman (PDF) dari marketplace',
  encrypted:
    'File PDF dikunci dengan kata sandi atau terenkripsi: unduh ulang label dari marketplace tanpa kata sandi',
  broken: 'File PDF rusak atau tidak lengkap: unduh ulang label dari marketplace',
  tooManyPages: `File berisi lebih dari ${wholeNumberId(SHIPPING_LABEL_MAX_PAGES)} halaman: bagi menjadi beberapa file`,
  imageOnly:
    'File PDF hanya berisi gambar (tanpa teks), sehingga resi tidak dapat dibaca: unduh label asli dari marketplace, bukan hasil pindai atau foto',
  tooHeavy: 'File PDF terlalu berat untuk diproses: bagi menjadi beberapa file',
  modeRequired: 'Mode wajib diisi',
  batchNotFound: 'Daftar Ambil tidak ditemukan',
  reportNotFound: 'Laporan label tidak ditemukan atau sudah kedaluwarsa',
} as const;

// The deploy panel (issue 49, contract/deploys.ts): plain values the browser reads too.
// The remotes' names live in a module of their own, beside the kill switch's texts: the root entry
// takes them from there, without contract/remotes.ts's TypeBox schemas.
export { REMOTE_MODULES, type RemoteModule } from './remote-names';

/** What a deploy token may deploy and roll back: one remote, or the shell. */
export const DEPLOY_TARGETS = [...REMOTE_MODULES, 'shell'] as const;
export type DeployTarget = (typeof DEPLOY_TARGETS)[number];

/** A deploy token as sent in `Authorization: Bearer`: this prefix, then 64 hex digits. */
export const DEPLOY_TOKEN_PREFIX = 'gdt_';

/** How a remote failed in a browser: its entry or manifest did not load, a render crashed, a lazy chunk failed. */
export const CLIENT_ERROR_KINDS = ['load', 'render', 'chunk'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const CLIENT_ERROR_LIMITS = {
  /** A message is cut to this many characters before it is kept. */
  messageLength: 300,
  /** Versions are the build's (remote-builds' VERSION_PATTERN). */
  versionLength: 100,
  pageLength: 200,
  /**
   * Rows kept at most (one per remote, version and kind): a flood of made-up versions cannot
   * fill the disk; a report beyond it is answered 202 and dropped.
   */
  maxRows: 500,
} as const;

export const DEPLOY_MESSAGES = {
  tokenCreated: 'Token deploy dibuat; salin sekarang, token tidak ditampilkan lagi',
  tokenRevoked: 'Token deploy dicabut',
  tokenNotFound: 'Token deploy tidak ditemukan',
  tokenRevokedUse: 'Token deploy sudah dicabut',
  tokenInvalid: 'Token deploy tidak valid',
  /** A token used for a remote it was not made for. */
  tokenOtherRemote: (remote: string, name: string) =>
    `Token deploy ini hanya untuk ${remote}, bukan ${name}`,
  /** A token on a route it cannot open (only deploy and rollback take one). */
  tokenNotHere: 'Token deploy hanya dapat dipakai untuk deploy dan rollback',
  marked: (name: string, version: string) =>
    `${name} ${version} ditandai buruk: rollback tidak akan kembali ke versi ini`,
  unmarked: (name: string, version: string) => `Tanda buruk ${name} ${version} dibatalkan`,
  rolledBack: (name: string, from: string, to: string) =>
    `${name} dikembalikan dari ${from} ke ${to}`,
  reportAccepted: 'Laporan diterima',
} as const;

// Penghasilan Marketplace (contract/settlements.ts): its plain values, shown by the finance remote.

/** The channels that publish an income file (BigSeller does not). */
export const SETTLEMENT_CHANNELS = ['shopee', 'tiktok', 'lazada', 'tokopedia'] as const;

/** The fixed fee categories every marketplace's columns are summed into. */
export const SETTLEMENT_FEE_CATEGORIES = [
  'komisi',
  'layanan',
  'proses',
  'pembayaran',
  'ongkir',
  'afiliasi',
  'pajak',
  'pengembalian',
  'penyesuaian',
  'lain',
] as const;
export type SettlementFeeCategory = (typeof SETTLEMENT_FEE_CATEGORIES)[number];

export const SETTLEMENT_FEE_LABELS = {
  komisi: 'Komisi / biaya admin',
  layanan: 'Biaya layanan & program',
  proses: 'Biaya proses pesanan',
  pembayaran: 'Biaya pembayaran',
  ongkir: 'Ongkos kirim',
  afiliasi: 'Komisi afiliasi',
  pajak: 'Pajak',
  pengembalian: 'Pengembalian dana',
  penyesuaian: 'Penyesuaian',
  lain: 'Biaya lain',
} as const satisfies Record<SettlementFeeCategory, string>;

/**
 * GET /api/settlements `status`: 'matched' has an imported marketplace order, 'unmatched' has
 * none, 'difference' does not add up to its released amount.
 */
export const SETTLEMENT_STATUSES = ['matched', 'unmatched', 'difference'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** 'Perlu dicek' defaults; the manager changes them in /api/settings. */
export const SETTLEMENT_CHECK_DEFAULTS = {
  /** An order shipped more than this many days ago with no settlement is listed. */
  settlement_check_days: 14,
  /** Released below price - expected fees by more than this % of the price is listed. */
  settlement_tolerance_percent: 2,
} as const;

/**
 * The reasons an order is 'Perlu dicek':
 * - unsettled: shipped (or completed) more than settlement_check_days days ago, no settlement;
 * - no_order: a settlement with no imported marketplace order of its channel and number;
 * - no_sale: a settlement whose order has no Barang Keluar record in Gudang;
 * - underpaid: released below price + expected fees (the store's fee % of the last 30 days of
 *   settled orders before it, else the channel's) by more than the tolerance.
 */
export const SETTLEMENT_CHECK_KINDS = ['unsettled', 'no_order', 'no_sale', 'underpaid'] as const;
export type SettlementCheckKind = (typeof SETTLEMENT_CHECK_KINDS)[number];

export const SETTLEMENT_CHECK_LABELS = {
  unsettled: 'Belum cair',
  no_order: 'Tanpa pesanan di Gudang',
  no_sale: 'Tanpa Barang Keluar',
  underpaid: 'Dana kurang dari perkiraan',
} as const satisfies Record<SettlementCheckKind, string>;
