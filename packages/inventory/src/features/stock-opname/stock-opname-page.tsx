import { OPNAME_STATUSES, OPNAME_STATUS_LABELS } from '@gudang/api-client';
import type { OpnameStatus, StockOpnameSummary } from '@gudang/api-client';
import { useGetStockOpnamesQuery } from './stock-opname-api';
import {
  Badge,
  Button,
  ListSection,
  ListTable,
  Page,
  PageHeader,
  PlusIcon,
  SelectField,
  Toolbar,
  formatDateTime,
  useListParams,
  useQueryParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { AdjustmentsList } from './adjustments-list';
import { scopeText } from './count-sheet';
import { NewSessionModal } from './new-session-modal';
import { STATUS_TONES, SessionView } from './session-view';
import { OPNAME_TEXTS } from './stock-opname-texts';

const Filter = styled.div`
  max-width: 14rem;
`;

/** The open session's id in the URL (`?sesi=12`), so that a reload or a shared link keeps it. */
const SESSION_KEY = 'sesi';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/** Stok Opname: count sessions (list, new, counting, review, posting) and Penyesuaian Stok. */
export function StockOpnamePage() {
  const [params, write] = useQueryParams();
  const sessionId = positiveInt(params.get(SESSION_KEY));
  const [creating, setCreating] = useState(false);
  // The lists keep their own filters in the URL while a session is open.
  const openSession = (id: number | null) => write({ [SESSION_KEY]: id });

  return (
    <Page>
      <PageHeader
        title={OPNAME_TEXTS.title}
        subtitle={OPNAME_TEXTS.subtitle}
        actions={
          sessionId === null ? (
            <Button icon={<PlusIcon />} onClick={() => setCreating(true)}>
              {OPNAME_TEXTS.newSession}
            </Button>
          ) : null
        }
      />
      {sessionId !== null ? (
        <SessionView id={sessionId} onBack={() => openSession(null)} />
      ) : (
        <>
          <SessionList onOpen={openSession} />
          <AdjustmentsList />
        </>
      )}
      {creating ? (
        <NewSessionModal
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            openSession(id);
          }}
        />
      ) : null}
    </Page>
  );
}

function SessionList({ onOpen }: { onOpen: (id: number) => void }) {
  const list = useListParams({ sorts: [] });
  const [params, write] = useQueryParams();
  const status = OPNAME_STATUSES.find((value) => value === params.get('status'));
  const setStatus = (value: OpnameStatus | undefined) =>
    write({ status: value ?? null, page: null });
  const query = useGetStockOpnamesQuery({
    page: list.page,
    limit: list.limit,
    ...(status ? { status } : {}),
  });

  const columns: TableColumn<StockOpnameSummary>[] = [
    { key: 'name', header: OPNAME_TEXTS.name },
    { key: 'scope', header: OPNAME_TEXTS.scope, render: (row) => scopeText(row) },
    {
      key: 'status',
      header: OPNAME_TEXTS.statusFilter,
      render: (row) => (
        <Badge tone={STATUS_TONES[row.status]}>{OPNAME_STATUS_LABELS[row.status]}</Badge>
      ),
    },
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
    {
      key: 'actions',
      header: 'Aksi',
      render: (row) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${OPNAME_TEXTS.open} ${row.name}`}
          onClick={() => onOpen(row.id)}
        >
          {OPNAME_TEXTS.open}
        </Button>
      ),
    },
  ];

  return (
    <ListSection aria-label={OPNAME_TEXTS.sessionsTitle}>
      <h3>{OPNAME_TEXTS.sessionsTitle}</h3>
      <Toolbar>
        <Filter>
          <SelectField
            label={OPNAME_TEXTS.statusFilter}
            value={status ?? ''}
            placeholder={OPNAME_TEXTS.allStatuses}
            options={OPNAME_STATUSES.map((value) => ({
              value,
              label: OPNAME_STATUS_LABELS[value],
            }))}
            onChange={(event) =>
              setStatus(OPNAME_STATUSES.find((value) => value === event.target.value))
            }
          />
        </Filter>
      </Toolbar>
      <ListTable
        query={query}
        list={list}
        label={OPNAME_TEXTS.sessionsTitle}
        columns={columns}
        rowKey="id"
        emptyText={OPNAME_TEXTS.sessionsEmpty}
      />
    </ListSection>
  );
}
