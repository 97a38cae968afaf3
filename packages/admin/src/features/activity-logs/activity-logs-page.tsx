import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_ACTIONS,
  ACTIVITY_ACTIONS_LIMIT,
  ACTIVITY_SUMMARY_CARDS,
  FIELDS,
} from '@gudang/api-client';
import type { ActivityAction, ActivityLog } from '@gudang/api-client';
import {
  Badge,
  CardGrid,
  FilterBar,
  ListSearchBox,
  ListTable,
  Page,
  PageHeader,
  SelectField,
  StatCard,
  formatDateTime,
  formatInteger,
  pageArgs,
  useListParams,
  useQueryParams,
} from '@gudang/shared-ui';
import type { TableColumn, Tone } from '@gudang/shared-ui';
import styled from 'styled-components';
import { useGetActivityLogsQuery } from './activity-logs-api';

export const ACTIVITY_TEXTS = {
  title: 'Log Aktivitas',
  all: 'Semua Aktivitas',
  empty: 'Tidak ada log aktivitas ditemukan',
  search: 'Cari aktivitas...',
  total: (total: number) => `Total: ${formatInteger(total)} aktivitas`,
  onThisPage: 'di halaman ini',
} as const;

const isAction = (value: string | null): value is ActivityAction =>
  ACTIVITY_ACTIONS.some((action) => action === value);

/** Deletions red, changes amber, additions and stock movements green, sign-ins and -outs blue. */
export function actionTone(action: ActivityAction): Tone {
  if (action === 'LOGIN' || action.startsWith('LOGOUT')) return 'blue';
  if (action.startsWith('DELETE')) return 'red';
  if (action.startsWith('UPDATE') || action === 'RECALCULATE_STOCK') return 'amber';
  if (action.startsWith('GENERATE')) return 'grey';
  return 'green';
}

const ActionFilter = styled.div`
  flex: 0 1 240px;
  > div {
    margin-bottom: 0;
  }
`;

// The summary cards: four across on a laptop, wide enough for most action labels ('Hapus Barang
// Keluar'); a longer one ('Impor Penghasilan Marketplace') wraps inside the card rather than run
// under the next one.
const SummaryGrid = styled(CardGrid)`
  > [role='group'] {
    min-width: 0;
    padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  }
  > [role='group'] > span:first-child {
    overflow-wrap: anywhere;
  }
`;

const columns: TableColumn<ActivityLog>[] = [
  {
    key: 'action',
    header: 'Aksi',
    nowrap: true,
    render: (row) => (
      <Badge tone={actionTone(row.action)}>{ACTIVITY_ACTION_LABELS[row.action]}</Badge>
    ),
  },
  { key: 'user_name', header: 'Pengguna' },
  {
    key: 'timestamp',
    header: 'Waktu',
    nowrap: true,
    render: (row) => formatDateTime(row.timestamp),
  },
  { key: 'details', header: 'Detail', width: '40%' },
  // An address is one value: never broken inside (the details take what is left).
  { key: 'user_email', header: 'Email', nowrap: true },
];

/** Counts of the first ACTIVITY_SUMMARY_CARDS action types among `rows`, in order of appearance. */
export function actionSummary(rows: readonly ActivityLog[]): [ActivityAction, number][] {
  const counts = new Map<ActivityAction, number>();
  for (const row of rows) counts.set(row.action, (counts.get(row.action) ?? 0) + 1);
  return [...counts].slice(0, ACTIVITY_SUMMARY_CARDS);
}

export function ActivityLogsPage() {
  const list = useListParams();
  const [params, write] = useQueryParams();
  const rawAction = params.get('action');
  const action = isAction(rawAction) ? rawAction : undefined;

  const logs = useGetActivityLogsQuery(
    {
      ...pageArgs(list),
      ...(action ? { action } : {}),
    },
    { refetchOnMountOrArgChange: true },
  );
  const { currentData } = logs;
  // One call with the large limit collects the action types for the dropdown; if it fails the
  // dropdown offers only 'Semua Aktivitas' (docs/product.md point 8: only logged).
  const { data: everything } = useGetActivityLogsQuery({
    page: 1,
    limit: ACTIVITY_ACTIONS_LIMIT,
  });
  const found = new Set<ActivityAction>(everything?.data.map((entry) => entry.action));
  if (action) found.add(action);
  // By their labels, as the dropdown shows them.
  const actions = [...found].sort((a, b) =>
    ACTIVITY_ACTION_LABELS[a].localeCompare(ACTIVITY_ACTION_LABELS[b], 'id'),
  );

  const setAction = (value: string) =>
    write({ action: isAction(value) ? value : null, page: null });

  const rows = currentData?.data ?? [];
  const total = currentData?.pagination.total;

  return (
    <Page>
      <PageHeader
        title={ACTIVITY_TEXTS.title}
        subtitle={total === undefined ? undefined : ACTIVITY_TEXTS.total(total)}
      />
      {rows.length > 0 ? (
        <SummaryGrid as="section" $min="220px" aria-label="Ringkasan aktivitas">
          {actionSummary(rows).map(([name, count]) => (
            <StatCard
              key={name}
              title={ACTIVITY_ACTION_LABELS[name]}
              value={formatInteger(count)}
              subtitle={ACTIVITY_TEXTS.onThisPage}
              tone={actionTone(name)}
            />
          ))}
        </SummaryGrid>
      ) : null}
      <FilterBar>
        <ListSearchBox list={list} placeholder={ACTIVITY_TEXTS.search} />
        <ActionFilter>
          <SelectField
            label={FIELDS.action.label}
            value={action ?? ''}
            options={[
              { value: '', label: ACTIVITY_TEXTS.all },
              ...actions.map((value) => ({ value, label: ACTIVITY_ACTION_LABELS[value] })),
            ]}
            onChange={(event) => setAction(event.target.value)}
          />
        </ActionFilter>
      </FilterBar>
      <ListTable
        query={logs}
        list={list}
        label={ACTIVITY_TEXTS.title}
        columns={columns}
        rowKey="id"
        emptyText={ACTIVITY_TEXTS.empty}
      />
    </Page>
  );
}
