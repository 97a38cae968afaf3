// The return files read from their headers (parse-returns.ts), built from the exact headers of
// ../shared/marketplace-files.md: each format recognized, each request's type, status, units,
// money and days as computed by hand; unreadable rows as problems; a file of no known format
// named with the columns looked for.
import {
  LAZADA_ORDER_HEADERS,
  SHOPEE_CANCEL_HEADERS,
  SHOPEE_FAILED_HEADERS,
  SHOPEE_ORDER_HEADERS_49,
  SHOPEE_RETURN_HEADERS,
  TIKTOK_RETURN_HEADERS,
  line,
  sheetOf,
} from './return-fixtures';
import { parseReturnFile, type ParsedReturn, type ParsedReturnFile } from './parse-returns';

const options = { timeZone: 'Asia/Jakarta' };

function parsed(rows: string[][]): ParsedReturnFile {
  const file = parseReturnFile(sheetOf('Sheet1', rows), options);
  if ('error' in file) throw new Error(file.error);
  return file;
}

const pick = (request: ParsedReturn) => ({
  reference: request.reference,
  orderNumber: request.orderNumber,
  type: request.type,
  status: request.status,
  quantity: request.quantity,
  refundAmount: request.refundAmount,
  requestedOn: request.requestedOn,
  refundedOn: request.refundedOn,
  returnTracking: request.returnTracking,
});

describe('Shopee return/refund export', () => {
  const row = (cells: Partial<Record<(typeof SHOPEE_RETURN_HEADERS)[number], string>>) =>
    line(SHOPEE_RETURN_HEADERS, cells);

  it('reads refund-only and return-and-refund requests with their money and days', () => {
    const file = parsed([
      [...SHOPEE_RETURN_HEADERS],
      row({
        'No. Pengembalian': '2610150ABCDEF1',
        'No. Pesanan': '261010RTNA01',
        'Tanggal Pesanan Dibuat': '2026-10-10 09:00',
        'Status Pembatalan/ Pengembalian': 'Pengembalian Dana Selesai',
        'Tipe Pengembalian': 'Sebagian',
        'Kode Variasi': 'KAOS-RTR',
        Variasi: 'Hitam,M',
        'Jumlah Produk Dikembalikan': '2',
        'Solusi Pengembalian Barang/Dana': 'Pengembalian Barang dan Dana',
        'Alasan Pengembalian': 'Ukuran tidak sesuai',
        'Waktu Pengembalian Diajukan': '2026-10-15 08:00',
        'Total Pengembalian Dana': 'Rp180.000',
        'Waktu Pengembalian Dana Selesai': '2026-10-20 13:45',
        'Jumlah Kompensasi': '-',
      }),
      row({
        'No. Pengembalian': '2610150ABCDEF2',
        'No. Pesanan': '261010RTNA02',
        'Status Pembatalan/ Pengembalian': 'Selesai',
        'Tipe Pengembalian': 'Seluruh Pesanan',
        'Solusi Pengembalian Barang/Dana': 'Pengembalian Dana Saja',
        'Total Pengembalian Dana': '55.000',
        'Waktu Pengembalian Diajukan': '16/10/2026 11:00:00',
      }),
      row({
        'No. Pengembalian': '2610150ABCDEF3',
        'No. Pesanan': '261010RTNA03',
        'Status Pembatalan/ Pengembalian': 'Permintaan Ditolak',
        'Solusi Pengembalian Barang/Dana': 'Pengembalian Barang dan Dana',
        'Total Pengembalian Dana': '0',
      }),
    ]);
    expect(file.channel).toBe('shopee');
    expect(file.format).toBe('shopee-return');
    expect(file.problems).toEqual([]);
    expect(file.requests.map(pick)).toEqual([
      {
        reference: '2610150ABCDEF1',
        orderNumber: '261010RTNA01',
        type: 'return_refund',
        status: 'dana_dikembalikan',
        quantity: 2,
        refundAmount: 180_000,
        requestedOn: '2026-10-15',
        refundedOn: '2026-10-20',
        returnTracking: null,
      },
      {
        // 'Selesai' with money: refunded; no quantity: the whole order.
        reference: '2610150ABCDEF2',
        orderNumber: '261010RTNA02',
        type: 'refund_only',
        status: 'dana_dikembalikan',
        quantity: null,
        refundAmount: 55_000,
        requestedOn: '2026-10-16',
        refundedOn: null,
        returnTracking: null,
      },
      {
        reference: '2610150ABCDEF3',
        orderNumber: '261010RTNA03',
        type: 'return_refund',
        status: 'ditolak',
        quantity: null,
        refundAmount: 0,
        requestedOn: null,
        refundedOn: null,
        returnTracking: null,
      },
    ]);
    expect(file.requests[0]).toMatchObject({
      sku: 'KAOS-RTR',
      reason: 'Ukuran tidak sesuai',
      lineKey: 'kaos-rtr\u0001hitam,m',
      statusText: 'Pengembalian Dana Selesai',
    });
  });

  it('leaves out a request with an unreadable amount, date or quantity, naming the row', () => {
    const file = parsed([
      [...SHOPEE_RETURN_HEADERS],
      row({
        'No. Pengembalian': 'R-ANGKA',
        'No. Pesanan': 'O-1',
        'Status Pembatalan/ Pengembalian': 'Selesai',
        'Total Pengembalian Dana': 'seratus ribu',
      }),
      row({
        'No. Pengembalian': 'R-TANGGAL',
        'No. Pesanan': 'O-2',
        'Status Pembatalan/ Pengembalian': 'Selesai',
        'Total Pengembalian Dana': '1000',
        'Waktu Pengembalian Dana Selesai': '31/02/2026 10:00:00',
      }),
      row({
        'No. Pengembalian': 'R-JUMLAH',
        'No. Pesanan': 'O-3',
        'Status Pembatalan/ Pengembalian': 'Selesai',
        'Total Pengembalian Dana': '1000',
        'Jumlah Produk Dikembalikan': '1,5',
      }),
      row({
        'No. Pengembalian': 'R-BAIK',
        'No. Pesanan': '5.77123E+17',
        'Status Pembatalan/ Pengembalian': 'Selesai',
        'Total Pengembalian Dana': '1000',
      }),
    ]);
    expect(file.requests).toEqual([]);
    expect(file.problems).toEqual([
      {
        sheet: 'Sheet1',
        row: 2,
        message:
          "Total Pengembalian Dana bukan angka: 'seratus ribu'; pengembalian R-ANGKA tidak diimpor",
      },
      {
        sheet: 'Sheet1',
        row: 3,
        message:
          "Waktu Pengembalian Dana Selesai bukan tanggal: '31/02/2026 10:00:00'; pengembalian R-TANGGAL tidak diimpor",
      },
      {
        sheet: 'Sheet1',
        row: 4,
        message:
          "Jumlah Produk Dikembalikan bukan jumlah yang valid (bilangan bulat 0 sampai 1.000.000): '1,5'; pengembalian R-JUMLAH tidak diimpor",
      },
      {
        sheet: 'Sheet1',
        row: 5,
        message:
          'No. Pesanan (5.77123E+17) sudah diubah menjadi angka oleh program spreadsheet sehingga digit terakhirnya hilang. Unduh ulang file dari marketplace dan unggah tanpa membukanya di Excel; pengembalian R-BAIK tidak diimpor',
      },
    ]);
  });
});

describe('Shopee failed-delivery and cancellation views', () => {
  it('reads the failed deliveries, skipping the orders that did not fail', () => {
    const row = (cells: Partial<Record<(typeof SHOPEE_FAILED_HEADERS)[number], string>>) =>
      line(SHOPEE_FAILED_HEADERS, cells);
    const file = parsed([
      [...SHOPEE_FAILED_HEADERS],
      row({
        'No. Pesanan': '261001GAGAL1',
        'Status Pesanan': 'Dikirim',
        'Status pengiriman gagal': 'Dalam Pengiriman Kembali ke Penjual',
        'No. Resi': 'SPXID0GAGAL1',
        'Waktu Pesanan Dibuat': '2026-10-01 10:00',
        'Nomor Referensi SKU': 'TOPI-RTR',
        'Nama Produk': 'Topi',
        Jumlah: '2',
        'Dibayar Pembeli': '90.000',
      }),
      row({
        'No. Pesanan': '261001GAGAL2',
        'Status Pesanan': 'Dikirim',
        'Status pengiriman gagal': 'Paket Hilang',
        'Waktu Pesanan Dibuat': '2026-09-01 10:00',
        'Nomor Referensi SKU': 'KAOS-RTR',
        'Nama Produk': 'Kaos',
        Jumlah: '1',
        'Jumlah Kompensasi': '10.000',
        'Status Klaim': 'Disetujui',
      }),
      row({
        'No. Pesanan': '261001BIASA',
        'Status Pesanan': 'Selesai',
        'Waktu Pesanan Dibuat': '2026-10-01 10:00',
        'Nomor Referensi SKU': 'KAOS-RTR',
        'Nama Produk': 'Kaos',
        Jumlah: '1',
      }),
    ]);
    expect(file.format).toBe('shopee-failed');
    expect(file.requests.map(pick)).toEqual([
      {
        reference: '261001GAGAL1',
        orderNumber: '261001GAGAL1',
        type: 'failed_delivery',
        status: 'diajukan',
        quantity: 2,
        refundAmount: 90_000,
        requestedOn: '2026-10-01',
        refundedOn: null,
        returnTracking: null,
      },
      {
        reference: '261001GAGAL2',
        orderNumber: '261001GAGAL2',
        type: 'failed_delivery',
        status: 'diajukan',
        quantity: 1,
        refundAmount: 0,
        requestedOn: '2026-09-01',
        refundedOn: null,
        returnTracking: null,
      },
    ]);
    expect(file.requests[1]?.compensationAmount).toBe(10_000);
  });

  it('reads the cancellations, an order of several lines as one request per line', () => {
    const row = (cells: Partial<Record<(typeof SHOPEE_CANCEL_HEADERS)[number], string>>) =>
      line(SHOPEE_CANCEL_HEADERS, cells);
    const file = parsed([
      [...SHOPEE_CANCEL_HEADERS],
      row({
        'No. Pesanan': '261005BATAL1',
        'Status Pesanan': 'Batal',
        'Alasan Pembatalan': 'Pembeli ingin mengubah pesanan',
        'Waktu Pesanan Dibuat': '2026-10-05 10:00',
        'Nomor Referensi SKU': 'KAOS-RTR',
        'Nama Produk': 'Kaos',
        Jumlah: '1',
        'Dibayar Pembeli': '60.000',
      }),
      // The continuation row of an older export: the order's own cells on its first row only.
      row({ 'Nomor Referensi SKU': 'TOPI-RTR', 'Nama Produk': 'Topi', Jumlah: '1' }),
      row({
        'No. Pesanan': '261005SELESAI',
        'Status Pesanan': 'Selesai',
        'Waktu Pesanan Dibuat': '2026-10-05 10:00',
        'Nomor Referensi SKU': 'KAOS-RTR',
        'Nama Produk': 'Kaos',
        Jumlah: '1',
      }),
    ]);
    expect(file.format).toBe('shopee-cancel');
    expect(
      file.requests.map((request) => [request.orderNumber, request.sku, request.type]),
    ).toEqual([
      ['261005BATAL1', 'KAOS-RTR', 'cancellation'],
      ['261005BATAL1', 'TOPI-RTR', 'cancellation'],
    ]);
    expect(file.requests[0]).toMatchObject({
      status: 'selesai',
      reason: 'Pembeli ingin mengubah pesanan',
      refundAmount: 60_000,
      requestedOn: '2026-10-05',
    });
  });

  it('never takes the plain 49-column order export for a return file, and says what it is', () => {
    // It has three of the cancellation file's four columns: not 'Alasan Pembatalan' missing.
    const file = parseReturnFile(sheetOf('orders', [[...SHOPEE_ORDER_HEADERS_49]]), options);
    expect(file).toEqual({
      error:
        'Ini file pesanan Shopee, bukan file pengembalian, pengiriman gagal, atau pembatalan. Impor file pesanan di Pesanan Marketplace',
    });
  });
});

describe('TikTok Shop return export (25 columns)', () => {
  const row = (cells: Partial<Record<(typeof TIKTOK_RETURN_HEADERS)[number], string>>) =>
    line(TIKTOK_RETURN_HEADERS, cells);

  it('reads refund-only, return-and-refund and rejected requests; the refund is unit price x units', () => {
    const file = parsed([
      [...TIKTOK_RETURN_HEADERS],
      row({
        'Return Order ID': '4035123456789001',
        'Order ID': '578000000000000001',
        'Seller SKU': 'KAOS-RTR',
        'Product Name': 'Kaos',
        'Return Type': 'Refund only',
        'Time Requested': '18/10/2026 08:15:00',
        'Return Reason': 'Barang tidak sesuai',
        'Return unit price': '100000',
        'Return Quantity': '1',
        'Return Status': 'Completed',
        'Refund Time': '20/10/2026 08:15:00',
      }),
      row({
        'Return Order ID': '4035123456789002',
        'Order ID': '578000000000000002',
        'Seller SKU': 'TOPI-RTR',
        'Return Type': 'Return and refund',
        'Time Requested': '01/10/2026 08:15:00',
        'Return unit price': '60000',
        'Return Quantity': '1',
        'Return Logistics Tracking ID': 'JNTRTN0002',
        'Return Status': 'Awaiting buyer shipment',
      }),
      row({
        'Return Order ID': '4035123456789003',
        'Order ID': '578000000000000003',
        'Seller SKU': 'KAOS-RTR',
        'Return Type': 'Return and refund',
        'Time Requested': '01/10/2026 08:15:00',
        'Return unit price': '70000',
        'Return Quantity': '2',
        'Return Status': 'Rejected',
      }),
    ]);
    expect(file.channel).toBe('tiktok');
    expect(file.format).toBe('tiktok-return');
    expect(file.requests.map(pick)).toEqual([
      {
        reference: '4035123456789001',
        orderNumber: '578000000000000001',
        type: 'refund_only',
        status: 'dana_dikembalikan',
        quantity: 1,
        refundAmount: 100_000,
        requestedOn: '2026-10-18',
        refundedOn: '2026-10-20',
        returnTracking: null,
      },
      {
        // Not refunded yet: no money counted.
        reference: '4035123456789002',
        orderNumber: '578000000000000002',
        type: 'return_refund',
        status: 'diajukan',
        quantity: 1,
        refundAmount: 0,
        requestedOn: '2026-10-01',
        refundedOn: null,
        returnTracking: 'JNTRTN0002',
      },
      {
        reference: '4035123456789003',
        orderNumber: '578000000000000003',
        type: 'return_refund',
        status: 'ditolak',
        quantity: 2,
        refundAmount: 0,
        requestedOn: '2026-10-01',
        refundedOn: null,
        returnTracking: null,
      },
    ]);
  });

  it('skips the description row under the headers and a repeated row', () => {
    const first = row({
      'Return Order ID': '4035123456789009',
      'Order ID': '578000000000000009',
      'Return Type': 'Refund only',
      'Return unit price': '10000',
      'Return Quantity': '1',
      'Return Status': 'Refunded',
    });
    const file = parsed([
      [...TIKTOK_RETURN_HEADERS],
      row({ 'Return Order ID': 'Return order ID.', 'Order ID': 'Platform unique order ID.' }),
      first,
      first,
    ]);
    expect(file.problems).toEqual([]);
    expect(file.requests.map((request) => [request.reference, request.refundAmount])).toEqual([
      ['4035123456789009', 10_000],
    ]);
  });
});

describe('Lazada return rows', () => {
  const row = (cells: Partial<Record<(typeof LAZADA_ORDER_HEADERS)[number], string>>) =>
    line(LAZADA_ORDER_HEADERS, cells);

  it('sums the units of one order and SKU, and tells returns, failed deliveries and cancellations apart', () => {
    const returned = row({
      orderNumber: '1090000000001',
      sellerSku: 'KAOS-RTR',
      itemName: 'Kaos',
      createTime: '01 Oct 2026 10:00',
      updateTime: '12 Oct 2026 10:00',
      status: 'returned',
      refundAmount: '45000',
    });
    const file = parsed([
      [...LAZADA_ORDER_HEADERS],
      returned,
      returned,
      row({
        orderNumber: '1090000000002',
        sellerSku: 'TOPI-RTR',
        createTime: '02 Oct 2026 10:00',
        updateTime: '09 Oct 2026 10:00',
        status: 'Failed Delivery',
        buyerFailedDeliveryReason: 'Alamat tidak ditemukan',
        refundAmount: '0',
      }),
      row({
        orderNumber: '1090000000003',
        sellerSku: 'KAOS-RTR',
        createTime: '03 Oct 2026 10:00',
        updateTime: '03 Oct 2026 12:00',
        status: 'canceled',
        refundAmount: '0',
      }),
      row({
        orderNumber: '1090000000004',
        sellerSku: 'KAOS-RTR',
        createTime: '03 Oct 2026 10:00',
        status: 'delivered',
        refundAmount: '0',
      }),
    ]);
    expect(file.channel).toBe('lazada');
    expect(file.format).toBe('lazada-return');
    expect(file.requests.map(pick)).toEqual([
      {
        reference: '1090000000001',
        orderNumber: '1090000000001',
        type: 'return_refund',
        status: 'dana_dikembalikan',
        quantity: 2,
        refundAmount: 90_000,
        requestedOn: '2026-10-12',
        refundedOn: null,
        returnTracking: null,
      },
      {
        reference: '1090000000002',
        orderNumber: '1090000000002',
        type: 'failed_delivery',
        status: 'diajukan',
        quantity: 1,
        refundAmount: 0,
        requestedOn: '2026-10-09',
        refundedOn: null,
        returnTracking: null,
      },
      {
        reference: '1090000000003',
        orderNumber: '1090000000003',
        type: 'cancellation',
        status: 'selesai',
        quantity: 1,
        refundAmount: 0,
        requestedOn: '2026-10-03',
        refundedOn: null,
        returnTracking: null,
      },
    ]);
    expect(file.requests[1]?.reason).toBe('Alamat tidak ditemukan');
  });
});

it('names the columns looked for when a file is of no known format', () => {
  const file = parseReturnFile(
    sheetOf('x', [
      ['Nama', 'Alamat'],
      ['a', 'b'],
    ]),
    options,
  );
  expect(file).toEqual({
    error:
      'Format file tidak dikenali sebagai file pengembalian, pengiriman gagal, atau pembatalan. Kolom yang dicari: ' +
      'Shopee Pengembalian Barang/Dana: No. Pengembalian, No. Pesanan, Status Pembatalan/ Pengembalian, Total Pengembalian Dana; ' +
      'Shopee Pengiriman Gagal: No. Pesanan, Status pengiriman gagal; ' +
      'Shopee Pembatalan: No. Pesanan, Status Pesanan, Alasan Pembatalan; ' +
      'TikTok Shop Pengembalian: Return Order ID, Order ID, Return Type, Return Status; ' +
      'Lazada Pengembalian: orderNumber, status, sellerSku, refundAmount',
  });
});

it('names the missing column of a file that is nearly a known format', () => {
  const headers = TIKTOK_RETURN_HEADERS.filter((header) => header !== 'Return Status');
  const file = parseReturnFile(sheetOf('x', [[...headers]]), options);
  expect(file).toEqual({
    error: 'Kolom wajib tidak ditemukan di file TikTok Shop Pengembalian: Return Status',
  });
});

it('says an income file uploaded here is one, not which return column it lacks', () => {
  // TikTok Shop's 'Order details': the columns its income import needs.
  const income = sheetOf('Order details', [
    ['Order/adjustment ID', 'Type', 'Total settlement amount', 'Order settled time'],
    ['576123456789012345', 'Order', '95000', '2026/11/20'],
  ]);
  expect(parseReturnFile(income, options)).toEqual({
    error:
      'Ini file penghasilan TikTok Shop / Tokopedia (Order details), bukan file pengembalian, pengiriman gagal, atau pembatalan. Impor file penghasilan di Penghasilan Marketplace',
  });
});
