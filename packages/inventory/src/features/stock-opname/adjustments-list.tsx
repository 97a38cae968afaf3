import type { StockAdjustment } from '@gudang/api-client';
import { useGetStockAdjustmentsQuery } from './stock-opname-api';
import {
  DatedList,
  PRODUCT_CODE_WIDTH,
  formatDate,
  formatInteger,
  useDatedListParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import styled from 'styled-components';
import { OPNAME_TEXTS } from './stock-opname-texts';

/** URL keys of this list: adjSearch, adjPage, adjLimit, adjStartDate, adjEndDate. */
const PREFIX = 'adj';

const Quantity = styled.span<{ $value: number }>`
  font-weight: 600;
  color: ${({ theme, $value }) => ($value >= 0 ? theme.colors.green : theme.colors.red)};
`;

const columns: TableColumn<StockAdjustment>[] = [
  { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
  { key: 'product_code', header: 'Kode', code: true, codeWidth: PRODUCT_CODE_WIDTH },
  { key: 'product_name', header: 'Nama Barang' },
  {
    key: 'quantity',
    header: 'Jumlah',
    align: 'right',
    nowrap: true,
    render: (row) => (
      <Quantity $value={row.quantity}>{formatInteger(row.quantity, { sign: true })}</Quantity>
    ),
  },
  { key: 'reason', header: OPNAME_TEXTS.reason, freeText: true },
  { key: 'created_by', header: OPNAME_TEXTS.by },
];

/** Penyesuaian Stok: the adjustments that posted counts wrote, by date and product. */
export function AdjustmentsList() {
  const params = useDatedListParams({ prefix: PREFIX });
  const adjustments = useGetStockAdjustmentsQuery(params.args, { skip: params.skip });
  return (
    <DatedList
      title={OPNAME_TEXTS.adjustmentsTitle}
      searchPlaceholder={OPNAME_TEXTS.adjustmentsSearch}
      params={params}
      query={adjustments}
      columns={columns}
      rowKey="id"
      emptyText={OPNAME_TEXTS.adjustmentsEmpty}
    />
  );
}
