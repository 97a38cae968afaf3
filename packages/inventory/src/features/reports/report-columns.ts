import { createElement } from 'react';
import type {
  IncomingReportRow,
  OutgoingReportRow,
  ReportResponse,
  ReportType,
  StockReportRow,
} from '@gudang/api-client';
import {
  PRODUCT_CODE_WIDTH,
  RESI_WIDTH,
  WholeWords,
  formatDate,
  formatInteger,
} from '@gudang/shared-ui';
import type { CsvValue, TableColumn } from '@gudang/shared-ui';

/** One column of a report: the same header and value on screen and in the CSV file. */
interface ReportColumn<T> {
  key: string;
  header: string;
  /** The raw value, as the CSV holds it (numbers unformatted, dates yyyy-mm-dd). */
  value: (row: T) => string | number;
  /** On screen, when it differs from the raw value. */
  display?: (row: T) => string;
  numeric?: boolean;
}

const STOCK_COLUMNS: ReportColumn<StockReportRow>[] = [
  { key: 'code', header: 'Kode', value: (row) => row.code },
  { key: 'name', header: 'Nama Barang', value: (row) => row.name },
  { key: 'category', header: 'Kategori', value: (row) => row.category },
  { key: 'brand', header: 'Merk', value: (row) => row.brand },
  { key: 'stock_at_start', header: 'Stok Awal', value: (row) => row.stock_at_start, numeric: true },
  { key: 'total_incoming', header: 'Masuk', value: (row) => row.total_incoming, numeric: true },
  { key: 'total_outgoing', header: 'Keluar', value: (row) => row.total_outgoing, numeric: true },
  // The stock formula read left to right: Awal + Masuk - Keluar + Retur + Penyesuaian = Akhir.
  { key: 'total_returned', header: 'Retur', value: (row) => row.total_returned, numeric: true },
  {
    key: 'total_adjusted',
    header: 'Penyesuaian',
    value: (row) => row.total_adjusted,
    numeric: true,
  },
  {
    key: 'calculated_stock',
    header: 'Stok Akhir',
    value: (row) => row.calculated_stock,
    numeric: true,
  },
];

const dateColumn = {
  key: 'date',
  header: 'Tanggal',
  value: (row: { date: string }) => row.date,
  display: (row: { date: string }) => formatDate(row.date),
};

/** The date, product and quantity of an incoming or outgoing record, as both reports show them. */
const MOVEMENT_COLUMNS: ReportColumn<
  Pick<
    OutgoingReportRow,
    'date' | 'product_code' | 'product_name' | 'category' | 'brand' | 'quantity'
  >
>[] = [
  dateColumn,
  { key: 'product_code', header: 'Kode', value: (row) => row.product_code },
  { key: 'product_name', header: 'Nama Barang', value: (row) => row.product_name },
  { key: 'category', header: 'Kategori', value: (row) => row.category },
  { key: 'brand', header: 'Merk', value: (row) => row.brand },
  { key: 'quantity', header: 'Jumlah', value: (row) => row.quantity, numeric: true },
];

const INCOMING_COLUMNS: ReportColumn<IncomingReportRow>[] = [
  ...MOVEMENT_COLUMNS,
  { key: 'platform', header: 'Platform', value: (row) => row.platform },
  { key: 'resi_number', header: 'No. Resi', value: (row) => row.resi_number },
];

const OUTGOING_COLUMNS: ReportColumn<OutgoingReportRow>[] = [
  ...MOVEMENT_COLUMNS,
  { key: 'resi_number', header: 'No. Resi', value: (row) => row.resi_number },
];

export const REPORT_TITLES: Record<ReportType, string> = {
  stock: 'Laporan Stok',
  incoming: 'Laporan Barang Masuk',
  outgoing: 'Laporan Barang Keluar',
};

export const REPORT_TYPES = Object.keys(REPORT_TITLES) as ReportType[];

/** The rows of one report type, ready for the table and the CSV file. */
export interface ReportView {
  columns: TableColumn<Record<string, unknown>>[];
  rowCount: number;
  rows: readonly Record<string, unknown>[];
  csvHeader: string[];
  csvRows: CsvValue[][];
}

/** Columns of names that wrap only between words. */
const WORD_KEYS = new Set(['category', 'brand']);

function view<T>(columns: ReportColumn<T>[], rows: readonly T[]): ReportView {
  return {
    columns: columns.map((column) => ({
      key: column.key,
      header: column.header,
      align: column.numeric ? 'right' : 'left',
      nowrap: column.numeric || column.key === 'date',
      // Codes and resi never break inside, on screen and on paper.
      code: column.key.endsWith('code') || column.key === 'resi_number',
      ...(column.key === 'resi_number' ? { codeWidth: RESI_WIDTH } : {}),
      ...(column.key.endsWith('code') ? { codeWidth: PRODUCT_CODE_WIDTH } : {}),
      render: (row) => {
        const record = row as T;
        if (column.display) return column.display(record);
        const value = column.value(record);
        if (typeof value === 'number') return formatInteger(value);
        // Category and brand wrap only between words, never mid-word.
        return WORD_KEYS.has(column.key) ? createElement(WholeWords, null, value) : value;
      },
    })),
    rowCount: rows.length,
    rows: rows as readonly Record<string, unknown>[],
    csvHeader: columns.map((column) => column.header),
    csvRows: rows.map((row) => columns.map((column) => column.value(row))),
  };
}

/** The requested report of a response, as columns and rows. */
export function reportView(type: ReportType, report: ReportResponse | undefined): ReportView {
  switch (type) {
    case 'stock':
      return view(STOCK_COLUMNS, report?.stockReport ?? []);
    case 'incoming':
      return view(INCOMING_COLUMNS, report?.incomingReport ?? []);
    case 'outgoing':
      return view(OUTGOING_COLUMNS, report?.outgoingReport ?? []);
  }
}
