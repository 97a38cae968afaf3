import { errorMessage } from '@gudang/api-client';
import type { ClientErrorCount, RemoteBuildListing } from '@gudang/api-client';
import {
  Badge,
  Button,
  Card,
  ErrorPanel,
  Page,
  PageHeader,
  Spinner,
  TABLE_TEXTS,
  Table,
  confirmAction,
  formatDateTime,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import styled from 'styled-components';
import { DeployTokens } from './deploy-tokens';
import {
  useGetClientErrorSummaryQuery,
  useGetRemoteBuildsQuery,
  useMarkBadVersionMutation,
  useUnmarkBadVersionMutation,
} from './deploys-api';
import { DEPLOYS_TEXTS } from './deploys-texts';

type Version = RemoteBuildListing['versions'][number];
type HistoryEntry = RemoteBuildListing['history'][number];

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};
`;

const Live = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
`;

const Sub = styled.h4`
  margin: ${({ theme }) => theme.spacing.md} 0 ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** A version's failures, per kind: '3 (gagal dimuat 2, crash saat tampil 1)'. */
function failureText(counts: readonly ClientErrorCount[]): string {
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return DEPLOYS_TEXTS.failuresNone;
  const parts = counts.map((row) => {
    const kind = row.kind as keyof typeof DEPLOYS_TEXTS.kinds;
    return `${DEPLOYS_TEXTS.kinds[kind] ?? row.kind} ${row.count}`;
  });
  return `${total} (${parts.join(', ')})`;
}

interface RemoteCardProps {
  listing: RemoteBuildListing;
  failures: readonly ClientErrorCount[];
  onMark: (name: string, version: string, bad: boolean) => void;
  marking: boolean;
}

function RemoteCard({ listing, failures, onMark, marking }: RemoteCardProps) {
  const failuresOf = (version: string) => failures.filter((row) => row.version === version);
  // Newest first: the order the server keeps is the order they went live.
  const versions = [...listing.versions].reverse();
  const columns: TableColumn<Version>[] = [
    { key: 'version', header: DEPLOYS_TEXTS.version, code: true },
    {
      key: 'status',
      header: DEPLOYS_TEXTS.status,
      nowrap: true,
      render: (row) => (
        <>
          {row.version === listing.live ? <Badge tone="green">{DEPLOYS_TEXTS.active}</Badge> : null}{' '}
          {row.bad ? <Badge tone="red">{DEPLOYS_TEXTS.bad}</Badge> : null}
          {row.version !== listing.live && !row.bad ? (
            <Badge tone="grey">{DEPLOYS_TEXTS.stored}</Badge>
          ) : null}
        </>
      ),
    },
    {
      key: 'deployedAt',
      header: DEPLOYS_TEXTS.deployedAt,
      nowrap: true,
      render: (row) => formatDateTime(row.deployedAt),
    },
    { key: 'by', header: DEPLOYS_TEXTS.by, render: (row) => row.by ?? '-' },
    {
      key: 'failures',
      header: <span title={DEPLOYS_TEXTS.failuresTitle}>{DEPLOYS_TEXTS.failures}</span>,
      render: (row) => failureText(failuresOf(row.version)),
    },
    {
      key: 'actions',
      header: DEPLOYS_TEXTS.actions,
      nowrap: true,
      render: (row) => {
        const text = row.bad ? DEPLOYS_TEXTS.unmark : DEPLOYS_TEXTS.mark;
        return (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${text} ${listing.name} ${row.version}`}
            disabled={marking}
            onClick={() => onMark(listing.name, row.version, !row.bad)}
          >
            {text}
          </Button>
        );
      },
    },
  ];
  const historyColumns: TableColumn<HistoryEntry>[] = [
    {
      key: 'at',
      header: DEPLOYS_TEXTS.when,
      nowrap: true,
      render: (row) => formatDateTime(row.at),
    },
    {
      key: 'action',
      header: DEPLOYS_TEXTS.action,
      render: (row) =>
        `${DEPLOYS_TEXTS.historyActions[row.action] ?? row.action}${row.forced ? ` (${DEPLOYS_TEXTS.forced})` : ''}`,
    },
    { key: 'version', header: DEPLOYS_TEXTS.version, code: true },
    { key: 'by', header: DEPLOYS_TEXTS.by, render: (row) => row.by ?? '-' },
  ];
  return (
    <Card
      title={
        DEPLOYS_TEXTS.targets[listing.name as keyof typeof DEPLOYS_TEXTS.targets] ?? listing.name
      }
    >
      <Live>
        {DEPLOYS_TEXTS.live}: <strong>{listing.live ?? DEPLOYS_TEXTS.none}</strong>
      </Live>
      <Table
        columns={columns}
        rows={versions}
        rowKey="version"
        emptyText={DEPLOYS_TEXTS.noVersions}
        label={DEPLOYS_TEXTS.versionsLabel(listing.name)}
      />
      <Sub>{DEPLOYS_TEXTS.historyLabel(listing.name)}</Sub>
      <Table
        columns={historyColumns}
        rows={listing.history}
        rowKey={(row, index) => `${row.at}-${index}`}
        emptyText={DEPLOYS_TEXTS.noHistory}
        label={DEPLOYS_TEXTS.historyLabel(listing.name)}
      />
    </Card>
  );
}

/**
 * Deploy (issue 49), the manager's: per remote and the shell, the live version, the versions kept
 * (marked bad ones can be unmarked), how often each failed in browsers, and the history; then the
 * teams' deploy tokens.
 */
export function DeploysPage() {
  const toast = useToast();
  const builds = useGetRemoteBuildsQuery();
  const summary = useGetClientErrorSummaryQuery();
  const [markBad, marked] = useMarkBadVersionMutation();
  const [unmarkBad, unmarked] = useUnmarkBadVersionMutation();

  const mark = async (name: string, version: string, bad: boolean) => {
    const question = bad
      ? DEPLOYS_TEXTS.confirmMark(name, version)
      : DEPLOYS_TEXTS.confirmUnmark(name, version);
    if (!confirmAction(question)) return;
    try {
      const change = bad ? markBad : unmarkBad;
      toast.success((await change({ name, version }).unwrap()).message);
    } catch (error) {
      toast.error(errorMessage(error, DEPLOYS_TEXTS.failed));
    }
  };

  const failures = summary.data?.data ?? [];
  return (
    <Page>
      <PageHeader title={DEPLOYS_TEXTS.title} subtitle={DEPLOYS_TEXTS.subtitle} />
      <Stack>
        {builds.isLoading ? <Spinner label={TABLE_TEXTS.loading} block /> : null}
        {builds.isError ? (
          <ErrorPanel message={TABLE_TEXTS.loadFailed} onRetry={() => void builds.refetch()} />
        ) : null}
        {(builds.data?.data ?? []).map((listing) => (
          <RemoteCard
            key={listing.name}
            listing={listing}
            failures={failures.filter((row) => row.remote === listing.name)}
            onMark={(name, version, bad) => void mark(name, version, bad)}
            marking={marked.isLoading || unmarked.isLoading}
          />
        ))}
        <DeployTokens />
      </Stack>
    </Page>
  );
}
