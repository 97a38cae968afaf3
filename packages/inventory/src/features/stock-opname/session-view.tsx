import {
  FIELDS,
  OPNAME_STATUS_LABELS,
  errorMessage,
  errorStatus,
  isManager,
  isNetworkFailure,
  newClientId,
  selectCurrentUser,
  useAppSelector,
  useOfflineQueue,
} from '@gudang/api-client';
import type { OpnameCountInput, OpnameLine, StockOpnameSession } from '@gudang/api-client';
import {
  stockOpnameApi,
  useCancelStockOpnameMutation,
  useCountStockOpnameMutation,
  useGetStockOpnameQuery,
  usePostStockOpnameMutation,
} from './stock-opname-api';
import {
  Badge,
  Button,
  CONFIRM_TEXTS,
  CameraScan,
  CameraScanField,
  ErrorPanel,
  PRODUCT_CODE_WIDTH,
  SearchBox,
  OfflineNotice,
  Spinner,
  Table,
  TextField,
  Toolbar,
  confirmAction,
  formatDateTime,
  formatInteger,
  formatRupiah,
  keepScanFocus,
  numberColumn,
  namingScan,
  refusalBuzz,
  usePrintRequest,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn, Tone } from '@gudang/shared-ui';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { CountInput } from './count-input';
import { CountSheet, ResultSheet, scopeText } from './count-sheet';
import { OPNAME_TEXTS } from './stock-opname-texts';

/** How often an open session is read again, so that other counters' scans show up. */
export const OPNAME_REFRESH_MS = 10_000;
/** The most lines the counting table renders at once; a search narrows a long scope. */
export const OPNAME_SHOWN_LINES = 100;

export const STATUS_TONES: Record<StockOpnameSession['status'], Tone> = {
  open: 'blue',
  posted: 'green',
  cancelled: 'grey',
};

const Head = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
  /* A session name of one long word wraps inside the page (QA walk F: 1,922 px on a phone). */
  > div {
    flex: 1 1 16rem;
    min-width: 0;
  }
  h3,
  p {
    overflow-wrap: anywhere;
  }
  h3 {
    margin: 0 0 ${({ theme }) => theme.spacing.xs};
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing.sm};
    align-items: center;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
`;

const ScanBox = styled.form<{ $flash: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme, $flash }) => ($flash ? theme.colors.red : theme.colors.borderLight)};
  background: ${({ theme, $flash }) => ($flash ? theme.colors.redSoft : theme.colors.surface)};
  > :first-child {
    flex: 1 1 16rem;
  }
`;

const Message = styled.p<{ $tone: 'red' | 'green' }>`
  flex-basis: 100%;
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $tone }) => ($tone === 'red' ? theme.colors.red : theme.colors.green)};
`;

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Totals = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.lg};
  margin: 0;
  div {
    display: flex;
    gap: ${({ theme }) => theme.spacing.xs};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Difference = styled.span<{ $value: number }>`
  font-weight: 600;
  color: ${({ theme, $value }) =>
    $value > 0 ? theme.colors.green : $value < 0 ? theme.colors.red : theme.colors.text};
`;

const keyOf = (line: OpnameLine) => line.product_id;

export interface SessionViewProps {
  id: number;
  onBack: () => void;
}

/** One count session: counting (scan or type), the review, posting and cancelling, printing. */
export function SessionView({ id, onBack }: SessionViewProps) {
  const user = useAppSelector(selectCurrentUser);
  const manager = isManager(user);
  // Counts that cannot reach the server are kept on the phone and sent later (issue 48).
  const queue = useOfflineQueue(user?.id ?? null, `opname:${id}`);
  const toast = useToast();
  // Only an open session is read again: a posted or cancelled one no longer changes.
  const cachedStatus = stockOpnameApi.endpoints.getStockOpname.useQueryState(id).data?.data.status;
  const query = useGetStockOpnameQuery(id, {
    pollingInterval: cachedStatus === undefined || cachedStatus === 'open' ? OPNAME_REFRESH_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const session = query.data?.data;
  const open = session?.status === 'open';

  const [tab, setTab] = useState<'count' | 'review'>('count');
  const [filter, setFilter] = useState('');
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'red' | 'green' } | null>(null);
  const [flash, setFlash] = useState(false);
  const [zeroUncounted, setZeroUncounted] = useState(false);
  const scanRef = useRef<HTMLInputElement>(null);
  const [count] = useCountStockOpnameMutation();
  const [post, postState] = usePostStockOpnameMutation();
  const [cancel, cancelState] = useCancelStockOpnameMutation();
  const sheet = usePrintRequest();
  const result = usePrintRequest();

  const focusScan = () => scanRef.current?.focus();
  useEffect(() => {
    if (open) focusScan();
  }, [open]);
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(false), 800);
    return () => clearTimeout(timer);
  }, [flash]);

  // Queued counts that reached the server: read the session again to show them.
  const pendingCount = queue.pending.length;
  const sentBefore = useRef(pendingCount);
  const { refetch } = query;
  useEffect(() => {
    if (pendingCount < sentBefore.current) void refetch();
    sentBefore.current = pendingCount;
  }, [pendingCount, refetch]);

  async function keep(body: OpnameCountInput, clientId?: string) {
    const label = body.barcode ?? body.product_code ?? '';
    await queue.enqueue({
      clientId,
      kind: 'opname-count',
      route: `/api/stock-opname/${id}/counts`,
      body: { ...body },
      label: body.set === undefined ? label : `${label} = ${body.set}`,
      group: `opname:${id}`,
    });
    setMessage({ text: OPNAME_TEXTS.keptOffline(label), tone: 'green' });
  }

  async function record(body: OpnameCountInput) {
    // Offline, or earlier counts still waiting: kept in order behind them.
    if (queue.offline || queue.pending.length > 0 || !navigator.onLine) {
      await keep(body);
      return;
    }
    // Every count carries a client_id: one whose answer is lost is kept and sent again, once.
    const clientId = newClientId();
    try {
      const saved = await count({ id, body: { ...body, client_id: clientId } }).unwrap();
      setMessage({
        text: OPNAME_TEXTS.scanned(saved.data.product_name, saved.data.counted ?? 0),
        tone: 'green',
      });
    } catch (error) {
      if (isNetworkFailure(error)) {
        // No answer: kept with the same id, so a count the server did record is not added twice.
        queue.markUnreachable();
        await keep(body, clientId);
        return;
      }
      const text = errorMessage(error, OPNAME_TEXTS.countFailed);
      const unknown = errorStatus(error) === 404 && body.barcode !== undefined;
      setMessage({ text: unknown ? namingScan(text, body.barcode ?? '') : text, tone: 'red' });
      // Another phone changed the count (issue 42 m5: its number shown now), or the session was
      // posted or cancelled meanwhile (shown closed, the scan field gone): read it again.
      if (errorStatus(error) === 409) void query.refetch();
      setFlash(true);
      refusalBuzz();
    }
  }

  function onScan(event: FormEvent) {
    event.preventDefault();
    const barcode = text.trim();
    setText('');
    // Each scan is sent at once, not after the one before: the server adds them atomically.
    if (barcode !== '') void record({ barcode, add: 1 });
    focusScan();
  }

  async function onPost() {
    if (!confirmAction(CONFIRM_TEXTS.postStockOpname)) return;
    try {
      const saved = await post({
        id,
        body: zeroUncounted ? { zero_uncounted: true } : {},
      }).unwrap();
      toast.success(saved.message);
    } catch (error) {
      toast.error(errorMessage(error, OPNAME_TEXTS.postFailed));
    }
  }

  async function onCancel() {
    if (!confirmAction(CONFIRM_TEXTS.cancelStockOpname)) return;
    try {
      const saved = await cancel(id).unwrap();
      toast.success(saved.message);
    } catch (error) {
      toast.error(errorMessage(error, OPNAME_TEXTS.cancelFailed));
    }
  }

  const offlineNotice = <OfflineNotice queue={queue} />;

  const scanBox = (
    <ScanBox onSubmit={onScan} $flash={flash} aria-label={OPNAME_TEXTS.scanForm}>
      <CameraScanField>
        <TextField
          ref={scanRef}
          label={OPNAME_TEXTS.scanLabel}
          value={text}
          autoComplete="off"
          hint={OPNAME_TEXTS.scanHint}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => keepScanFocus(focusScan)}
        />
        <CameraScan target={scanRef} />
      </CameraScanField>
      {message !== null ? (
        <Message role={message.tone === 'red' ? 'alert' : 'status'} $tone={message.tone}>
          {message.text}
        </Message>
      ) : null}
    </ScanBox>
  );

  if (query.isError && !session) {
    // A start without a network (issue 48): the session cannot be read, but scans go on into the
    // queue; the server checks each when it arrives (a posted session refuses them, listed).
    const offlineStart = queue.offline || isNetworkFailure(query.error);
    return (
      <>
        <Button variant="ghost" onClick={onBack}>
          {OPNAME_TEXTS.back}
        </Button>
        {offlineNotice}
        {offlineStart ? scanBox : null}
        <ErrorPanel
          message={errorMessage(query.error, OPNAME_TEXTS.loadFailed)}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  if (!session) return <Spinner label="Memuat data..." />;

  const shownTab = open ? tab : 'review';
  const needle = filter.trim().toLowerCase();
  // By name, whether counted or not: a row typed in stays where it was (the server lists the
  // counted first, which the review keeps).
  const byName = [...session.lines].sort(
    (a, b) => a.product_name.localeCompare(b.product_name, 'id') || a.product_id - b.product_id,
  );
  const matching = needle
    ? byName.filter((line) =>
        [line.product_code, line.product_name, line.barcode_id].some((field) =>
          field.toLowerCase().includes(needle),
        ),
      )
    : byName;
  const shown = matching.slice(0, OPNAME_SHOWN_LINES);
  const counted = session.lines.filter((line) => line.counted !== null);
  const uncounted = session.lines.filter((line) => line.counted === null);
  // The cost is the manager's: an admin's session has none, so no value column and no total.
  const withValue = session.difference_value !== undefined;

  const countColumns: TableColumn<OpnameLine>[] = [
    { key: 'rack', header: OPNAME_TEXTS.rack, code: true, render: (row) => row.rack ?? '-' },
    { key: 'product_code', header: 'Kode', code: true, codeWidth: PRODUCT_CODE_WIDTH },
    { key: 'product_name', header: 'Nama Barang' },
    { key: 'barcode_id', header: 'Barcode', code: true },
    {
      key: 'counted',
      header: OPNAME_TEXTS.physical,
      nowrap: true,
      render: (line) => (
        <CountInput
          line={line}
          onSet={(target, value, seen) =>
            void record({ product_code: target.product_code, set: value, seen })
          }
          onDone={focusScan}
        />
      ),
    },
  ];

  const reviewColumns: TableColumn<OpnameLine>[] = [
    { key: 'product_code', header: 'Kode', code: true, codeWidth: PRODUCT_CODE_WIDTH },
    { key: 'product_name', header: 'Nama Barang' },
    {
      key: 'counted',
      header: OPNAME_TEXTS.counted,
      align: 'right',
      render: (line) => formatInteger(line.counted ?? 0),
    },
    {
      key: 'expected',
      header: OPNAME_TEXTS.expected,
      align: 'right',
      render: (line) => formatInteger(line.expected),
    },
    {
      key: 'difference',
      header: OPNAME_TEXTS.difference,
      align: 'right',
      nowrap: true,
      render: (line) => (
        <Difference $value={line.difference ?? 0}>
          {formatInteger(line.difference ?? 0, { sign: true })}
        </Difference>
      ),
    },
    ...(withValue
      ? [
          numberColumn('purchase_price', OPNAME_TEXTS.unitCost, (line: OpnameLine) =>
            formatRupiah(line.purchase_price ?? 0),
          ),
          {
            key: 'value',
            header: OPNAME_TEXTS.value,
            align: 'right' as const,
            nowrap: true,
            render: (line: OpnameLine) =>
              formatRupiah((line.difference ?? 0) * (line.purchase_price ?? 0)),
          },
        ]
      : []),
  ];

  const uncountedColumns: TableColumn<OpnameLine>[] = [
    { key: 'product_code', header: 'Kode', code: true, codeWidth: PRODUCT_CODE_WIDTH },
    { key: 'product_name', header: 'Nama Barang' },
    { key: 'barcode_id', header: 'Barcode', code: true },
    {
      key: 'expected',
      header: OPNAME_TEXTS.expected,
      align: 'right',
      render: (line) => formatInteger(line.expected),
    },
  ];

  const closedBy =
    session.status === 'posted' && session.posted_by && session.posted_at
      ? OPNAME_TEXTS.postedBy(session.posted_by, formatDateTime(session.posted_at))
      : session.status === 'cancelled' && session.cancelled_by && session.cancelled_at
        ? OPNAME_TEXTS.cancelledBy(session.cancelled_by, formatDateTime(session.cancelled_at))
        : null;

  return (
    <>
      <Head aria-label={session.name}>
        <div>
          <h3>
            {session.name}
            <Badge tone={STATUS_TONES[session.status]}>
              {OPNAME_STATUS_LABELS[session.status]}
            </Badge>
          </h3>
          <p>
            {OPNAME_TEXTS.scope}: {scopeText(session)} ·{' '}
            {OPNAME_TEXTS.progress(session.counted_products, session.products)}
          </p>
          <p>{OPNAME_TEXTS.startedBy(session.started_by, formatDateTime(session.started_at))}</p>
          {closedBy !== null ? <p>{closedBy}</p> : null}
        </div>
        <Row>
          <Button variant="ghost" onClick={onBack}>
            {OPNAME_TEXTS.back}
          </Button>
          {open ? (
            <Button variant="ghost" onClick={sheet.print}>
              {OPNAME_TEXTS.printSheet}
            </Button>
          ) : null}
          {session.status === 'posted' ? (
            <Button variant="ghost" onClick={result.print}>
              {OPNAME_TEXTS.printResult}
            </Button>
          ) : null}
        </Row>
      </Head>

      {offlineNotice}
      {open ? scanBox : <Note>{OPNAME_TEXTS.readOnly}</Note>}

      {open ? (
        <Tabs role="group">
          <Button
            variant={shownTab === 'count' ? 'primary' : 'ghost'}
            aria-pressed={shownTab === 'count'}
            onClick={() => setTab('count')}
          >
            {OPNAME_TEXTS.countTab}
          </Button>
          <Button
            variant={shownTab === 'review' ? 'primary' : 'ghost'}
            aria-pressed={shownTab === 'review'}
            onClick={() => setTab('review')}
          >
            {OPNAME_TEXTS.reviewTab}
          </Button>
        </Tabs>
      ) : null}

      {shownTab === 'count' ? (
        <>
          {/* A search row as on every other list: filters the session's lines at once. In the
              page's column the box alone would take its 240 px flex basis as its height. */}
          <Toolbar>
            <SearchBox
              placeholder={OPNAME_TEXTS.filterLines}
              value={filter}
              delayMs={0}
              onSearch={setFilter}
            />
          </Toolbar>
          <Table
            label={OPNAME_TEXTS.linesLabel}
            columns={countColumns}
            rows={shown}
            rowKey={keyOf}
            emptyText="Tidak ada data"
          />
          {matching.length > shown.length ? (
            <Note>{OPNAME_TEXTS.shownOf(shown.length, matching.length)}</Note>
          ) : null}
        </>
      ) : (
        <>
          <Totals aria-label={OPNAME_TEXTS.reviewTab}>
            <div>
              <dt>{OPNAME_TEXTS.counted}:</dt>
              <dd>{OPNAME_TEXTS.progress(session.counted_products, session.products)}</dd>
            </div>
            <div>
              <dt>{OPNAME_TEXTS.totalDifference}:</dt>
              <dd>{formatInteger(session.total_difference, { sign: true })}</dd>
            </div>
            {withValue ? (
              <div>
                <dt>{OPNAME_TEXTS.totalValue}:</dt>
                <dd>{formatRupiah(session.difference_value ?? 0)}</dd>
              </div>
            ) : null}
          </Totals>
          {withValue ? (
            <Note>
              {session.status === 'posted' ? OPNAME_TEXTS.valueFrozen : OPNAME_TEXTS.valueNow}
            </Note>
          ) : null}
          <Table
            label={OPNAME_TEXTS.reviewLabel}
            columns={reviewColumns}
            rows={counted}
            rowKey={keyOf}
            emptyText={OPNAME_TEXTS.reviewEmpty}
          />
          {open ? (
            <Row>
              <label>
                <input
                  type="checkbox"
                  checked={zeroUncounted}
                  disabled={!manager || uncounted.length === 0}
                  onChange={(event) => setZeroUncounted(event.target.checked)}
                />{' '}
                {FIELDS.zero_uncounted.label}
              </label>
              <Button
                variant="primary"
                disabled={!manager || postState.isLoading}
                title={manager ? undefined : OPNAME_TEXTS.managerOnlyPost}
                onClick={() => void onPost()}
              >
                {postState.isLoading ? OPNAME_TEXTS.posting : OPNAME_TEXTS.post}
              </Button>
              <Button
                variant="red"
                disabled={!manager || cancelState.isLoading}
                title={manager ? undefined : OPNAME_TEXTS.managerOnlyCancel}
                onClick={() => void onCancel()}
              >
                {cancelState.isLoading ? OPNAME_TEXTS.cancelling : OPNAME_TEXTS.cancel}
              </Button>
              {!manager ? <Note>{OPNAME_TEXTS.managerOnlyPost}</Note> : null}
            </Row>
          ) : null}
          {uncounted.length > 0 ? (
            <section aria-label={OPNAME_TEXTS.uncountedLabel}>
              <h4>{OPNAME_TEXTS.uncountedTitle(uncounted.length)}</h4>
              {open ? <Note>{OPNAME_TEXTS.uncountedNote}</Note> : null}
              <Table
                label={OPNAME_TEXTS.uncountedLabel}
                columns={uncountedColumns}
                rows={uncounted.slice(0, OPNAME_SHOWN_LINES)}
                rowKey={keyOf}
                emptyText="Tidak ada data"
              />
            </section>
          ) : null}
        </>
      )}
      {sheet.printing ? <CountSheet session={session} /> : null}
      {result.printing ? <ResultSheet session={session} /> : null}
    </>
  );
}
