import { OPNAME_SCOPE_LABELS } from '@gudang/api-client';
import type { OpnameLine, StockOpnameSession } from '@gudang/api-client';
import { PrintReport, PrintTable, formatInteger, formatRupiah } from '@gudang/shared-ui';
import { OPNAME_TEXTS } from './stock-opname-texts';

/** 'Kategori: Minuman', 'Semua Produk', 'Produk Terpilih (3)'. */
export function scopeText(session: Pick<StockOpnameSession, 'scope' | 'products'>): string {
  const { scope } = session;
  if (scope.type === 'all') return OPNAME_SCOPE_LABELS.all;
  if (scope.type === 'products') return `${OPNAME_SCOPE_LABELS.products} (${session.products})`;
  return `${OPNAME_SCOPE_LABELS[scope.type]}: ${scope.value ?? ''}`;
}

/** Shelf order (issue 47): racks by their characters, products without a rack last, then name. */
export function byRack(lines: readonly OpnameLine[]): OpnameLine[] {
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...lines].sort((a, b) => {
    if (a.rack !== b.rack) {
      if (a.rack === null) return 1;
      if (b.rack === null) return -1;
      return order(a.rack, b.rack);
    }
    return order(a.product_name, b.product_name);
  });
}

/** The line under a sheet's title: 'Opname November · Cakupan: Semua Produk'. */
const coverage = (session: StockOpnameSession) =>
  `${session.name} · ${OPNAME_TEXTS.scope}: ${scopeText(session)}`;

/**
 * The blind count sheet: code, name, barcode, category, brand and an empty 'Jumlah Fisik'
 * column. No system quantity on it, so that the count is not steered by what the system says.
 * Sorted by rack, so that the counter walks the shelves in order.
 */
export function CountSheet({ session }: { session: StockOpnameSession }) {
  return (
    <PrintReport title={OPNAME_TEXTS.sheetTitle} subtitle={coverage(session)}>
      <PrintTable>
        <thead>
          <tr>
            <th>No</th>
            <th>{OPNAME_TEXTS.rack}</th>
            <th>Kode</th>
            <th>Nama Barang</th>
            <th>Barcode</th>
            <th>Kategori</th>
            <th>Merk</th>
            <th style={{ width: '22%' }}>{OPNAME_TEXTS.physical}</th>
          </tr>
        </thead>
        <tbody>
          {byRack(session.lines).map((line, index) => (
            <tr key={line.product_id}>
              <td data-numeric="">{index + 1}</td>
              <td data-keep="">{line.rack ?? '-'}</td>
              <td data-keep="">{line.product_code}</td>
              <td>{line.product_name}</td>
              <td data-keep="">{line.barcode_id}</td>
              <td data-words="">{line.category}</td>
              <td data-words="">{line.brand}</td>
              <td />
            </tr>
          ))}
        </tbody>
      </PrintTable>
    </PrintReport>
  );
}

/**
 * A session's result on paper: every counted product with its difference and, for the manager
 * (an admin's session carries no cost), its value.
 */
export function ResultSheet({ session }: { session: StockOpnameSession }) {
  const counted = session.lines.filter((line) => line.counted !== null);
  const withValue = session.difference_value !== undefined;
  return (
    <PrintReport title={OPNAME_TEXTS.resultTitle} subtitle={coverage(session)}>
      <PrintTable>
        <thead>
          <tr>
            <th>Kode</th>
            <th>Nama Barang</th>
            <th>{OPNAME_TEXTS.counted}</th>
            <th>{OPNAME_TEXTS.expected}</th>
            <th>{OPNAME_TEXTS.difference}</th>
            {withValue ? <th>{OPNAME_TEXTS.value}</th> : null}
          </tr>
        </thead>
        <tbody>
          {counted.map((line) => (
            <tr key={line.product_id}>
              <td data-keep="">{line.product_code}</td>
              <td>{line.product_name}</td>
              <td data-numeric="">{formatInteger(line.counted ?? 0)}</td>
              <td data-numeric="">{formatInteger(line.expected)}</td>
              <td data-numeric="">{formatInteger(line.difference ?? 0, { sign: true })}</td>
              {withValue ? (
                <td data-numeric="">
                  {formatRupiah((line.difference ?? 0) * (line.purchase_price ?? 0))}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4}>{OPNAME_TEXTS.totalDifference}</th>
            <td data-numeric="">{formatInteger(session.total_difference, { sign: true })}</td>
            {withValue ? (
              <td data-numeric="">{formatRupiah(session.difference_value ?? 0)}</td>
            ) : null}
          </tr>
        </tfoot>
      </PrintTable>
    </PrintReport>
  );
}
