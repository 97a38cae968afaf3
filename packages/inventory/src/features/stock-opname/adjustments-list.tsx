import { useGetStockAdjustmentsQuery } from '@gudang/api-client';
import type { StockAdjustment } from '@gudang/api-client';
import {
  ListFooter,
  PRODUCT_CODE_WIDTH,
  SearchBox,
  Table,
  Toolbar,
  formatDate,
  formatInteger,
  useDateRangeParams,
  useListParams,
  DateRangeFields,
  tableState,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import styled from 'styled-components';
import { OPNAME_TEXTS } from './stock-opname-texts';

/** URL keys of this list: adjSearch, adjPage, adjLimit, adjStartDate, adjEndDate. */
const PREFIX = 'adj';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  h3 {
    margin: 0;
  }
`;

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
  { key: 'reason', header: OPNAME_TEXTS.reason },
  { key: 'created_by', header: OPNAME_TEXTS.by },
];

/** Penyesuaian Stok: the adjustments that posted counts wrote, by date and product. */
export function AdjustmentsList() {
  const list = useListParams({ sorts: [], prefix: PREFIX });
  const range = useDateRangeParams({ prefix: PREFIX });
  const adjustments = useGetStockAdjustmentsQuery(
    {
      page: list.page,
      limit: list.limit,
      search: list.search,
      startDate: range.startDate,
      endDate: range.endDate,
    },
    { skip: !range.valid },
  );
  const { currentData } = adjustments;
  return (
    <Section aria-label={OPNAME_TEXTS.adjustmentsTitle}>
      <h3>{OPNAME_TEXTS.adjustmentsTitle}</h3>
      <Toolbar>
        <SearchBox
          placeholder={OPNAME_TEXTS.adjustmentsSearch}
          value={list.search}
          onSearch={list.setSearch}
        />
        <DateRangeFields range={range} />
      </Toolbar>
      <Table
        label={OPNAME_TEXTS.adjustmentsTitle}
        columns={columns}
        rows={currentData?.data ?? []}
        rowKey="id"
        {...tableState(adjustments, { skip: !range.valid })}
        emptyText={OPNAME_TEXTS.adjustmentsEmpty}
      />
      <ListFooter list={list} pagination={currentData?.pagination} />
    </Section>
  );
}
