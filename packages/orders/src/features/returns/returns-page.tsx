import {
  MESSAGES,
  RETURN_CONDITION_LABELS,
  isManager,
  selectCurrentUser,
  useAppSelector,
} from '@gudang/api-client';
import type { Return } from '@gudang/api-client';
import { useDeleteReturnMutation, useGetReturnsQuery } from './returns-api';
import {
  CONFIRM_TEXTS,
  DatedList,
  IconButton,
  Page,
  PageHeader,
  RESI_WIDTH,
  TrashIcon,
  Unbroken,
  formatDate,
  formatInteger,
  useConfirmedDelete,
  useDatedListParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import styled from 'styled-components';
import { ReturnForm } from './return-form';
import { RETURN_TEXTS } from './returns-texts';

const LineList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Retur: record a returned package by its resi, and the list of returns. */
export function ReturnsPage() {
  const manager = isManager(useAppSelector(selectCurrentUser));
  const params = useDatedListParams();
  const returns = useGetReturnsQuery(params.args, { skip: params.skip });
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
              {line.product_name} <Unbroken>({line.product_code})</Unbroken>{' '}
              <Unbroken>x{formatInteger(line.quantity)}</Unbroken>,{' '}
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
      <DatedList
        title={RETURN_TEXTS.listTitle}
        searchPlaceholder={RETURN_TEXTS.searchPlaceholder}
        params={params}
        query={returns}
        columns={columns}
        rowKey="id"
        emptyText={RETURN_TEXTS.empty}
      />
    </Page>
  );
}
