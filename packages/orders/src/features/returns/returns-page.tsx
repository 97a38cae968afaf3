import {
  MESSAGES,
  RETURN_CONDITION_LABELS,
  isManager,
  selectCurrentUser,
  useAppSelector,
  useDeleteReturnMutation,
  useGetReturnsQuery,
} from '@gudang/api-client';
import type { Return } from '@gudang/api-client';
import {
  CONFIRM_TEXTS,
  IconButton,
  ListFooter,
  Page,
  PageHeader,
  RESI_WIDTH,
  SearchBox,
  Table,
  Toolbar,
  TrashIcon,
  formatDate,
  formatInteger,
  useConfirmedDelete,
  useDateRangeParams,
  useListParams,
  DateRangeFields,
  tableState,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import styled from 'styled-components';
import { ReturnForm } from './return-form';
import { RETURN_TEXTS } from './returns-texts';

const ListSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  h3 {
    margin: 0;
  }
`;

const LineList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Retur: record a returned package by its resi, and the list of returns. */
export function ReturnsPage() {
  const manager = isManager(useAppSelector(selectCurrentUser));
  const list = useListParams({ sorts: [] });
  const range = useDateRangeParams();
  const returns = useGetReturnsQuery(
    {
      page: list.page,
      limit: list.limit,
      search: list.search,
      startDate: range.startDate,
      endDate: range.endDate,
    },
    { skip: !range.valid },
  );
  const { currentData } = returns;
  const [deleteReturn] = useDeleteReturnMutation();
  const remove = useConfirmedDelete(deleteReturn, {
    confirm: CONFIRM_TEXTS.deleteData,
    success: RETURN_TEXTS.deleted,
    failure: RETURN_TEXTS.deleteFailed,
  });

  const columns: TableColumn<Return>[] = [
    { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
    { key: 'resi_number', header: 'No. Resi', code: true, codeWidth: RESI_WIDTH },
    {
      key: 'lines',
      header: 'Barang',
      render: (row) => (
        <LineList>
          {row.lines.map((line) => (
            <li key={line.id}>
              {line.product_name} ({line.product_code}) x{formatInteger(line.quantity)},{' '}
              {RETURN_CONDITION_LABELS[line.condition]}
            </li>
          ))}
        </LineList>
      ),
    },
    {
      key: 'quantity_good',
      header: RETURN_CONDITION_LABELS.good,
      align: 'right',
      render: (row) => formatInteger(row.quantity_good),
    },
    {
      key: 'quantity_damaged',
      header: RETURN_CONDITION_LABELS.damaged,
      align: 'right',
      render: (row) => formatInteger(row.quantity_damaged),
    },
    { key: 'reason', header: RETURN_TEXTS.reason },
    { key: 'created_by', header: 'Oleh' },
    {
      key: 'actions',
      header: 'Aksi',
      render: (row) => (
        <IconButton
          label={manager ? 'Hapus' : MESSAGES.managerOnlyDelete}
          icon={<TrashIcon />}
          tone="red"
          disabled={!manager}
          onClick={() => void remove(row.id)}
        />
      ),
    },
  ];

  return (
    <Page>
      <PageHeader title={RETURN_TEXTS.title} subtitle={RETURN_TEXTS.subtitle} />
      <ReturnForm />
      <ListSection aria-label={RETURN_TEXTS.listTitle}>
        <h3>{RETURN_TEXTS.listTitle}</h3>
        <Toolbar>
          <SearchBox
            placeholder={RETURN_TEXTS.searchPlaceholder}
            value={list.search}
            onSearch={list.setSearch}
          />
          <DateRangeFields range={range} />
        </Toolbar>
        <Table
          label={RETURN_TEXTS.listTitle}
          columns={columns}
          rows={currentData?.data ?? []}
          rowKey="id"
          {...tableState(returns, { skip: !range.valid })}
          emptyText={RETURN_TEXTS.empty}
        />
        <ListFooter list={list} pagination={currentData?.pagination} />
      </ListSection>
    </Page>
  );
}
