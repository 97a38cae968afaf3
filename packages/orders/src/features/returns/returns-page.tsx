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
  Button,
  IconButton,
  Page,
  PageHeader,
  PlusIcon,
  RESI_WIDTH,
  Tabs,
  TrashIcon,
  Unbroken,
  formatDate,
  formatInteger,
  useConfirmedDelete,
  useDatedListParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useCan } from '../marketplace-orders/use-can';
import { MarketplaceReturnsBoard } from './marketplace-returns-board';
import { BOARD_TEXTS } from './marketplace-returns-texts';
import { ReturnForm } from './return-form';
import { ReturnImportDialog } from './return-import-dialog';
import { RETURN_TEXTS } from './returns-texts';
import { useReturnsTab } from './use-return-board-filters';
import type { ReturnsTab } from './use-return-board-filters';

const LineList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const TABS: { value: ReturnsTab; label: string }[] = [
  { value: 'scan', label: BOARD_TEXTS.scanTab },
  { value: 'marketplace', label: BOARD_TEXTS.marketplaceTab },
];

/** The Retur scan: record a returned package by its resi, and the list of returns. */
function ScanTab() {
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
    { key: 'reason', header: RETURN_TEXTS.reason, freeText: true },
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
    <>
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
    </>
  );
}

/**
 * Retur: the scan of returned packages and, for whoever may see it (API_RULES: the manager), the
 * tab 'Dari Marketplace' with the marketplaces' return files and the board of their requests.
 * The tab is in the URL.
 */
export function ReturnsPage() {
  const canSeeBoard = useCan('GET /api/marketplace-returns');
  const canImport = useCan('POST /api/return-imports');
  const [urlTab, setTab] = useReturnsTab();
  const tab = canSeeBoard ? urlTab : 'scan';
  const [importing, setImporting] = useState(false);

  return (
    <Page>
      <PageHeader
        title={RETURN_TEXTS.title}
        subtitle={tab === 'scan' ? RETURN_TEXTS.subtitle : BOARD_TEXTS.subtitle}
        actions={
          tab === 'marketplace' && canImport ? (
            <Button icon={<PlusIcon />} onClick={() => setImporting(true)}>
              {BOARD_TEXTS.import}
            </Button>
          ) : undefined
        }
      />
      {canSeeBoard ? (
        <Tabs label={RETURN_TEXTS.title} tabs={TABS} value={tab} onChange={setTab}>
          {tab === 'scan' ? <ScanTab /> : <MarketplaceReturnsBoard />}
        </Tabs>
      ) : (
        <ScanTab />
      )}
      {importing ? <ReturnImportDialog onClose={() => setImporting(false)} /> : null}
    </Page>
  );
}
