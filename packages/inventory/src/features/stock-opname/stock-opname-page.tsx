import { OPNAME_STATUSES, OPNAME_STATUS_LABELS } from '@gudang/api-client';
import type { StockOpnameSummary } from '@gudang/api-client';
import { useGetStockOpnamesQuery } from './stock-opname-api';
import {
  OpenedRecordPage,
  StatusRecordList,
  formatDateTime,
  openColumn,
  statusColumn,
  useStatusList,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { AdjustmentsList } from './adjustments-list';
import { scopeText } from './count-sheet';
import { NewSessionModal } from './new-session-modal';
import { STATUS_TONES, SessionView } from './session-view';
import { OPNAME_TEXTS } from './stock-opname-texts';

/** Stok Opname: count sessions (list, new, counting, review, posting) and Penyesuaian Stok. */
export function StockOpnamePage() {
  return (
    <OpenedRecordPage
      title={OPNAME_TEXTS.title}
      subtitle={OPNAME_TEXTS.subtitle}
      newLabel={OPNAME_TEXTS.newSession}
      // The open session's id in the URL (`?sesi=12`), so that a reload or a shared link keeps it.
      idKey="sesi"
      record={(id, back) => <SessionView id={id} onBack={back} />}
      list={(open) => (
        <>
          <SessionList onOpen={open} />
          <AdjustmentsList />
        </>
      )}
      create={(close, created) => <NewSessionModal onClose={close} onCreated={created} />}
    />
  );
}

function SessionList({ onOpen }: { onOpen: (id: number) => void }) {
  const state = useStatusList(OPNAME_STATUSES);
  const query = useGetStockOpnamesQuery(state.args);
  const columns: TableColumn<StockOpnameSummary>[] = [
    { key: 'name', header: OPNAME_TEXTS.name },
    { key: 'scope', header: OPNAME_TEXTS.scope, render: (row) => scopeText(row) },
    statusColumn(OPNAME_TEXTS.statusFilter, OPNAME_STATUS_LABELS, STATUS_TONES),
    {
      key: 'progress',
      header: OPNAME_TEXTS.counted,
      nowrap: true,
      render: (row) => `${row.counted_products} / ${row.products}`,
    },
    {
      key: 'started',
      header: 'Dimulai',
      render: (row) => `${formatDateTime(row.started_at)} (${row.started_by})`,
    },
    openColumn(OPNAME_TEXTS.open, (row) => row.name, onOpen),
  ];

  return (
    <StatusRecordList
      state={state}
      filterLabel={OPNAME_TEXTS.statusFilter}
      placeholder={OPNAME_TEXTS.allStatuses}
      statuses={OPNAME_STATUSES}
      labels={OPNAME_STATUS_LABELS}
      heading
      query={query}
      label={OPNAME_TEXTS.sessionsTitle}
      columns={columns}
      rowKey="id"
      emptyText={OPNAME_TEXTS.sessionsEmpty}
    />
  );
}
