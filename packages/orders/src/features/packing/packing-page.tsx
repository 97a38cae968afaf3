import {
  errorMessage,
  errorStatus,
  isNetworkFailure,
  newClientId,
  selectCurrentUser,
  useAppSelector,
  useOfflineQueue,
} from '@gudang/api-client';
import type { PackedPackage, PackingLine, PackingShipInput, PackingView } from '@gudang/api-client';
import {
  Button,
  CameraScan,
  CameraScanField,
  OfflineNotice,
  Page,
  PageHeader,
  ScanLines,
  Table,
  TextField,
  keepScanFocus,
  namingScan,
  refusalBuzz,
  tableState,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  useGetPackedTodayQuery,
  useLazyGetPackingQuery,
  useShipPackageMutation,
} from './packing-api';
import {
  IncompleteBadge,
  MarketplaceStatusWords,
  StatusBadge,
  skippedLabel,
} from '../marketplace-orders/order-columns';
import { STATUS_LABELS } from '../marketplace-orders/marketplace-texts';
import { isShippableStatus } from '../marketplace-orders/shippable';
import { BatchQueue } from './batch-queue';
import { LeavePackageDialog } from './leave-package-dialog';
import { readDraft, restoredCounts, writeDraft } from './packing-draft';
import { PACKING_TEXTS, shippedText } from './packing-texts';

/** The page's own setting: send the package when its last unit is scanned. */
export const AUTO_SEND_KEY = 'gudang.packing.autoSend';

const ScanBox = styled.form<{ $flash: boolean }>`
  padding: ${({ theme }) => theme.spacing.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme, $flash }) => ($flash ? theme.colors.red : theme.colors.borderLight)};
  background: ${({ theme, $flash }) => ($flash ? theme.colors.redSoft : theme.colors.surface)};
  input {
    font-size: 1.25rem;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  align-items: center;
`;

const Message = styled.p<{ $tone: 'red' | 'green' }>`
  margin: 0;
  font-weight: 600;
  /* A scanned code in the message (a long resi) breaks rather than widening a phone's page. */
  overflow-wrap: anywhere;
  color: ${({ theme, $tone }) => ($tone === 'red' ? theme.colors.red : theme.colors.green)};
`;

const StockWarning = styled.div`
  margin: ${({ theme }) => theme.spacing.sm} 0;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.red};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.redSoft};
  color: ${({ theme }) => theme.colors.redText};
  font-weight: 600;
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
  ul {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    padding-left: ${({ theme }) => theme.spacing.xl};
  }
`;

// The resi is compared character by character with the label: shown whole, never cut; on a
// phone it may break anywhere rather than widen the page.
const Heading = styled.strong`
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Lines = styled(ScanLines)`
  tr[data-short='true'] td:nth-child(4),
  tr[data-short='true'] .below-name {
    color: ${({ theme }) => theme.colors.redText};
    font-weight: 600;
  }
  input {
    width: 6rem;
    padding: 4px 8px;
  }
  /* The count and its '/ 2' stay on one line. */
  td:last-child {
    white-space: nowrap;
  }
  /* On a phone the barcode and stock go under the product's name, so that the table fits. */
  .below-name {
    display: none;
  }
  @media ${({ theme }) => theme.media.belowMd} {
    th,
    td {
      padding: 8px 4px;
    }
    :is(th, td):is(:nth-child(2), :nth-child(4)) {
      display: none;
    }
    .below-name {
      display: block;
      font-size: 0.85em;
      color: ${({ theme }) => theme.colors.textMuted};
    }
    input {
      width: 3.5rem;
    }
  }
`;

type Counts = Record<string, number>;

const keyOf = (barcode: string) => barcode.trim().toLowerCase();
const scannedOf = (counts: Counts, line: PackingLine) => counts[keyOf(line.barcode_id)] ?? 0;
const isComplete = (view: PackingView, counts: Counts) =>
  view.lines.length > 0 && view.lines.every((line) => scannedOf(counts, line) === line.quantity);
const shortLines = (view: PackingView) =>
  view.lines.filter((line) => line.current_stock < line.quantity);
/** Imported without some of its lines: not sent unless a manager confirms it. */
const isIncomplete = (view: PackingView) => view.order.skipped_lines.length > 0;
/** Shipped, or in a status that is never sent (Batal, Retur, Belum Bayar). */
const isClosed = (view: PackingView) =>
  view.shipped !== null || !isShippableStatus(view.order.status);
/** Why a closed package cannot be sent, in the badge's words ('Batal', not the file's own). */
const closedReason = (view: PackingView): string =>
  view.shipped !== null
    ? PACKING_TEXTS.alreadyShipped(shippedText(view.shipped.at), view.shipped.by)
    : PACKING_TEXTS.notShippable(STATUS_LABELS[view.order.status]);

/** An unsent package being left: for the resi scanned next, or for Tutup (next null). */
interface Leaving {
  next: PackingView | null;
}

/** Scan Kirim: open the order of a scanned resi, count its products by barcode, ship it. */
export function PackingPage() {
  const toast = useToast();
  const scanRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [view, setView] = useState<PackingView | null>(null);
  const [counts, setCounts] = useState<Counts>({});
  // `waiting`: the resi of a package kept on this phone (the warning ends once it is sent).
  const [problem, setProblem] = useState<{
    message: string;
    notFound: string | null;
    waiting?: string;
  } | null>(null);
  const [flash, setFlash] = useState(false);
  const [autoSend, setAutoSend] = useState(() => localStorage.getItem(AUTO_SEND_KEY) === 'true');
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  // The manager's 'send without the missing lines', for the open package only.
  const [confirmIncomplete, setConfirmIncomplete] = useState(false);
  const user = useAppSelector(selectCurrentUser);
  const isManager = user?.role === 'manager';
  const userId = user?.id ?? null;
  // The package left unsent in this tab (another page opened from the menu, a reload): opened
  // again below, read from the server, with its scans. Null once it is opened (or fails to).
  const [keptDraft] = useState(() => readDraft(userId));
  const draft = useRef(keptDraft);
  // Offline (issue 48): a package's Kirim is kept on the phone; the server ships it or refuses
  // it when it arrives. Nothing is shipped, nor stock changed, on the phone.
  const queue = useOfflineQueue(user?.id ?? null, 'packing');
  // A resi scanned offline: its order cannot be read, so its scans are kept as they come.
  const [offlinePackage, setOfflinePackage] = useState<{ resi: string; counts: Counts } | null>(
    null,
  );
  const [lookUp, lookUpState] = useLazyGetPackingQuery();
  const [ship, shipState] = useShipPackageMutation();
  const today = useGetPackedTodayQuery();
  // Kept packages that reached the server: today's list shows them.
  /** Kirim of the resi is kept on this phone and not sent yet. */
  const isQueued = (resi: string) =>
    queue.pending.some((item) => item.kind === 'packing-ship' && keyOf(item.label) === keyOf(resi));
  // Once the package the warning was about reached the server, the warning is over.
  const shownProblem =
    problem?.waiting !== undefined && !isQueued(problem.waiting) ? null : problem;
  const pendingCount = queue.pending.length;
  const pendingBefore = useRef(pendingCount);
  const refetchToday = today.refetch;
  useEffect(() => {
    if (pendingCount < pendingBefore.current) void refetchToday();
    pendingBefore.current = pendingCount;
  }, [pendingCount, refetchToday]);
  useEffect(() => {
    const kept = draft.current;
    if (kept === null) return undefined;
    let cancelled = false;
    lookUp(kept.resi, false)
      .unwrap()
      .then(
        (found) => {
          if (cancelled) return;
          draft.current = null;
          setView(found);
          // Shipped or cancelled meanwhile: shown with the reason, its scans dropped.
          if (isClosed(found)) {
            setCounts({});
            setProblem({ message: closedReason(found), notFound: null });
          } else setCounts(restoredCounts(found, kept.counts, keyOf));
        },
        (error: unknown) => {
          if (cancelled) return;
          draft.current = null;
          // Offline, it is kept for the next start; a resi no longer found is forgotten.
          if (userId !== null && !isNetworkFailure(error)) writeDraft(userId, null);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [lookUp, userId]);
  // Opened from a Daftar Ambil (`?batch=12`): its next resi is named above the scan box.
  const batchId = Number(useSearchParams()[0].get('batch'));

  const focusScan = () => scanRef.current?.focus();
  useEffect(focusScan, []);

  // An unsent package with scans is kept in the tab; any other state forgets it.
  useEffect(() => {
    if (userId === null || draft.current !== null) return;
    const kept = view !== null && !isClosed(view) && Object.values(counts).some((n) => n > 0);
    writeDraft(userId, kept ? { resi: view.order.resi_number, counts } : null);
  }, [userId, view, counts]);

  const refuse = (message: string) => {
    setProblem({ message, notFound: null });
    setFlash(true);
    refusalBuzz();
  };
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(false), 800);
    return () => clearTimeout(timer);
  }, [flash]);

  const isOpen = (candidate: PackingView | null): candidate is PackingView =>
    candidate !== null && !isClosed(candidate);
  const open = isOpen(view);
  const complete = view !== null && isComplete(view, counts);
  const short = open ? shortLines(view) : [];
  const incomplete = open && isIncomplete(view);
  const blocked = incomplete && !confirmIncomplete;

  const close = () => {
    setView(null);
    setCounts({});
    setConfirmIncomplete(false);
    focusScan();
  };

  /** Keeps a package's Kirim on the phone, to be sent (and decided by the server) online. */
  async function keepShip(resi: string, body: PackingShipInput, clientId?: string) {
    await queue.enqueue({
      clientId,
      kind: 'packing-ship',
      route: `/api/packing/${encodeURIComponent(resi)}/ship`,
      body: { ...body },
      label: resi,
      group: 'packing',
    });
    toast.info(PACKING_TEXTS.keptOffline(resi));
  }

  /** Records the package; the server's refusal when it is not recorded, else null. */
  async function deliver(
    current: PackingView,
    scanned: Counts,
    confirmed = confirmIncomplete,
  ): Promise<string | null> {
    const scans = current.lines.map((line) => ({
      barcode: line.barcode_id,
      quantity: scannedOf(scanned, line),
    }));
    const resi = current.order.resi_number;
    const body: PackingShipInput = {
      scans: scans.filter((scan) => scan.quantity > 0),
      ...(confirmed && isIncomplete(current) ? { confirm_incomplete: true } : {}),
    };
    if (queue.offline || !navigator.onLine) {
      await keepShip(resi, body);
      setProblem(null);
      close();
      return null;
    }
    // With a client_id: a Kirim whose answer is lost is kept and sent again, shipped once.
    const clientId = newClientId();
    try {
      await ship({ resi, body: { ...body, client_id: clientId } }).unwrap();
      toast.success(PACKING_TEXTS.shipped(current.order.resi_number));
      setProblem(null);
      close();
      return null;
    } catch (error) {
      if (isNetworkFailure(error)) {
        queue.markUnreachable();
        await keepShip(resi, body, clientId);
        setProblem(null);
        close();
        return null;
      }
      const refusal = errorMessage(error, PACKING_TEXTS.shipFailed);
      if (errorStatus(error) !== 409) return refusal;
      // Refused for the order's state (shipped by another packer, cancelled meanwhile, stock):
      // what is shown is read again, so that the badge says what the refusal says.
      const fresh = await reread(current);
      return fresh !== null && isClosed(fresh) ? closedReason(fresh) : refusal;
    }
  }

  /** The package read again, shown in place of `current` (its scans kept); null if unreadable. */
  async function reread(current: PackingView): Promise<PackingView | null> {
    try {
      const fresh = await lookUp(current.order.resi_number, false).unwrap();
      setView((shown) => (shown?.order.id === fresh.order.id ? fresh : shown));
      return fresh;
    } catch {
      return null;
    }
  }

  async function send(current: PackingView, scanned: Counts) {
    const refusal = await deliver(current, scanned);
    if (refusal !== null) {
      refuse(refusal);
      focusScan();
    }
  }

  /** Shows a looked-up package, with what stops it from being packed or sent. */
  function show(found: PackingView) {
    setView(found);
    setCounts({});
    setConfirmIncomplete(false);
    if (isClosed(found)) refuse(closedReason(found));
    else if (shortLines(found).length > 0 || isIncomplete(found)) {
      // Said at once, not only when Kirim is refused after every unit was scanned.
      setFlash(true);
      refusalBuzz();
    }
  }

  /** Offline: the resi opens without its order; its scans are kept for the server to check. */
  function openOffline(resi: string) {
    setView(null);
    setCounts({});
    setProblem(null);
    setOfflinePackage({ resi, counts: {} });
  }

  async function openResi(resi: string) {
    setProblem(null);
    // Kept on this phone and not sent yet: packed again, the server would refuse the second.
    if (isQueued(resi)) {
      setView(null);
      setProblem({ message: PACKING_TEXTS.waitingOffline(resi), notFound: null, waiting: resi });
      return;
    }
    if (queue.offline || !navigator.onLine) {
      openOffline(resi);
      return;
    }
    try {
      show(await lookUp(resi, false).unwrap());
    } catch (error) {
      if (isNetworkFailure(error)) {
        queue.markUnreachable();
        openOffline(resi);
        return;
      }
      setView(null);
      const message = errorMessage(error, PACKING_TEXTS.lookUpFailed);
      const notFound = errorStatus(error) === 404;
      setProblem({
        message: notFound ? namingScan(message, resi) : message,
        notFound: notFound ? resi : null,
      });
      setFlash(true);
      refusalBuzz();
    }
  }

  function count(current: PackingView, line: PackingLine) {
    const key = keyOf(line.barcode_id);
    const now = counts[key] ?? 0;
    if (now >= line.quantity) {
      refuse(PACKING_TEXTS.tooMany(line.product_name));
      return;
    }
    const next = { ...counts, [key]: now + 1 };
    setCounts(next);
    setProblem(null);
    // An incomplete order waits for the manager's confirmation and a press of Kirim.
    if (autoSend && isComplete(current, next) && !isIncomplete(current)) void send(current, next);
  }

  /**
   * A code that is none of the open package's barcodes: another resi, or a product that does
   * not belong. A complete package is sent before the next resi opens (the scan of the next
   * label is the packer's 'done'); an incomplete one with scans asks first, naming what is missing.
   */
  async function moveOn(current: PackingView, scanned: Counts, code: string) {
    const done = isComplete(current, scanned);
    if (keyOf(code) === keyOf(current.order.resi_number)) {
      if (done) await send(current, scanned);
      return;
    }
    let found: PackingView;
    try {
      found = await lookUp(code, false).unwrap();
    } catch (error) {
      const notFound = errorStatus(error) === 404;
      // Not a resi either: while items are being scanned, a product that is not in the order.
      if (notFound && !done) refuse(PACKING_TEXTS.notInOrder(code));
      else if (notFound) refuse(namingScan(errorMessage(error, PACKING_TEXTS.lookUpFailed), code));
      else refuse(errorMessage(error, PACKING_TEXTS.lookUpFailed));
      return;
    }
    if (found.order.id === current.order.id) return;
    if (done) {
      const refusal = await deliver(current, scanned);
      if (refusal === null) show(found);
      else refuse(PACKING_TEXTS.notSentYet(current.order.resi_number, refusal));
      focusScan();
    } else if (current.lines.some((line) => scannedOf(scanned, line) > 0)) {
      setLeaving({ next: found });
    } else {
      // Nothing scanned yet: nothing is lost by opening the other resi.
      setProblem(null);
      show(found);
    }
  }

  function onScan(event: FormEvent) {
    event.preventDefault();
    const scanned = text.trim();
    setText('');
    if (scanned === '') return;
    if (offlinePackage !== null) {
      // Every code but the package's own resi is one unit of a product.
      if (keyOf(scanned) === keyOf(offlinePackage.resi)) return;
      const key = keyOf(scanned);
      setOfflinePackage({
        ...offlinePackage,
        counts: { ...offlinePackage.counts, [key]: (offlinePackage.counts[key] ?? 0) + 1 },
      });
      return;
    }
    if (!isOpen(view)) {
      void openResi(scanned);
      return;
    }
    const line = view.lines.find((candidate) => keyOf(candidate.barcode_id) === keyOf(scanned));
    if (line !== undefined) count(view, line);
    else void moveOn(view, counts, scanned);
  }

  /** Tutup: an unsent package that is complete, or has scans, is not dropped without asking. */
  function requestClose() {
    if (open && view.lines.some((line) => scannedOf(counts, line) > 0)) setLeaving({ next: null });
    else close();
  }

  async function sendOffline() {
    if (offlinePackage === null) return;
    const scans = Object.entries(offlinePackage.counts).map(([barcode, quantity]) => ({
      barcode,
      quantity,
    }));
    setOfflinePackage(null);
    focusScan();
    if (scans.length > 0) await keepShip(offlinePackage.resi, { scans });
  }

  function leave() {
    const next = leaving?.next ?? null;
    setLeaving(null);
    setProblem(null);
    if (next === null) close();
    else show(next);
  }

  /** A count typed into a line: more than the line's quantity is refused as a scan would be. */
  function setTyped(line: PackingLine, value: string) {
    const number = Number.parseInt(value, 10);
    if (number > line.quantity) refuse(PACKING_TEXTS.tooMany(line.product_name));
    const clamped = Number.isNaN(number) ? 0 : Math.max(0, Math.min(line.quantity, number));
    setCounts((current) => ({ ...current, [keyOf(line.barcode_id)]: clamped }));
  }

  const todayColumns: TableColumn<PackedPackage>[] = useMemo(
    () => [
      { key: 'time', header: 'Jam', render: (row) => shippedText(row.shipped_at, 'time') },
      { key: 'resi', header: 'No. Resi', render: (row) => row.resi_number },
      { key: 'order', header: 'No. Pesanan', render: (row) => row.order_number },
      { key: 'qty', header: 'Jumlah', align: 'right', render: (row) => row.quantity },
      { key: 'by', header: 'Oleh', render: (row) => row.shipped_by },
    ],
    [],
  );

  return (
    <Page>
      <PageHeader title={PACKING_TEXTS.title} subtitle={PACKING_TEXTS.subtitle} />
      {Number.isSafeInteger(batchId) && batchId >= 1 ? (
        <BatchQueue
          id={batchId}
          packed={today.data?.count ?? 0}
          onOpen={(resi) => {
            if (!isOpen(view)) void openResi(resi);
            focusScan();
          }}
        />
      ) : null}
      <ScanBox onSubmit={onScan} $flash={flash} aria-label={PACKING_TEXTS.scanForm}>
        <CameraScanField>
          <TextField
            ref={scanRef}
            label={
              offlinePackage !== null
                ? PACKING_TEXTS.scanProductsLabel
                : !open
                  ? PACKING_TEXTS.scanLabel
                  : complete
                    ? PACKING_TEXTS.scanNextLabel
                    : PACKING_TEXTS.scanProductsLabel
            }
            value={text}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
            onBlur={() => keepScanFocus(focusScan)}
            hint={
              offlinePackage !== null
                ? PACKING_TEXTS.offlineHint
                : !open
                  ? PACKING_TEXTS.scanResiHint
                  : complete
                    ? PACKING_TEXTS.scanCompleteHint
                    : PACKING_TEXTS.scanProductsHint
            }
          />
          <CameraScan target={scanRef} />
        </CameraScanField>
        <Row>
          <label>
            <input
              type="checkbox"
              checked={autoSend}
              onChange={(event) => {
                setAutoSend(event.target.checked);
                localStorage.setItem(AUTO_SEND_KEY, String(event.target.checked));
                focusScan();
              }}
            />{' '}
            {PACKING_TEXTS.autoSend}
          </label>
        </Row>
        {shownProblem === null ? null : (
          <div role="alert">
            <Message $tone="red">{shownProblem.message}</Message>
            {shownProblem.notFound === null ? null : (
              <Link to={`/outgoing-goods?resi=${encodeURIComponent(shownProblem.notFound)}`}>
                {PACKING_TEXTS.recordByHand}
              </Link>
            )}
          </div>
        )}
      </ScanBox>
      <OfflineNotice queue={queue} />

      {offlinePackage === null ? null : (
        <section aria-label={PACKING_TEXTS.offlineSection}>
          <Row>
            <Heading>{PACKING_TEXTS.offlineHeading(offlinePackage.resi)}</Heading>
          </Row>
          <ul aria-label={PACKING_TEXTS.offlineLinesLabel}>
            {Object.keys(offlinePackage.counts).length === 0 ? (
              <li>{PACKING_TEXTS.offlineEmpty}</li>
            ) : (
              Object.entries(offlinePackage.counts).map(([barcode, quantity]) => (
                <li key={barcode}>
                  {barcode}: {quantity}
                </li>
              ))
            )}
          </ul>
          <Row>
            <Button
              type="button"
              disabled={Object.keys(offlinePackage.counts).length === 0}
              onClick={() => void sendOffline()}
            >
              {PACKING_TEXTS.send}
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setOfflinePackage(null);
                focusScan();
              }}
            >
              {PACKING_TEXTS.closeOrder}
            </Button>
          </Row>
        </section>
      )}

      {view === null ? null : (
        <section aria-label={PACKING_TEXTS.orderSection}>
          <Row>
            <Heading>
              {PACKING_TEXTS.orderHeading(view.order.order_number, view.order.resi_number)}
            </Heading>
            <StatusBadge order={view.order} />
            <IncompleteBadge order={view.order} />
            <MarketplaceStatusWords order={view.order} />
          </Row>
          {!incomplete ? null : (
            <StockWarning role="alert" aria-label={PACKING_TEXTS.incompleteWarning}>
              <p>{PACKING_TEXTS.incompleteWarning}</p>
              <ul>
                {view.order.skipped_lines.map((line, index) => (
                  <li key={`${index}-${line.sku}`}>
                    {skippedLabel(line)}
                    {line.problem === '' ? '' : ` - ${line.problem}`}
                  </li>
                ))}
              </ul>
              {isManager ? (
                <label>
                  <input
                    type="checkbox"
                    checked={confirmIncomplete}
                    onChange={(event) => {
                      setConfirmIncomplete(event.target.checked);
                      focusScan();
                    }}
                  />{' '}
                  {PACKING_TEXTS.confirmIncomplete}
                </label>
              ) : (
                <p>{PACKING_TEXTS.incompleteHint}</p>
              )}
            </StockWarning>
          )}
          {short.length === 0 ? null : (
            <StockWarning role="alert">
              <p>{PACKING_TEXTS.shortStock}</p>
              <ul>
                {short.map((line) => (
                  <li key={line.product_code}>
                    {PACKING_TEXTS.shortStockLine(
                      line.product_name,
                      line.product_code,
                      line.quantity,
                      line.current_stock,
                    )}
                  </li>
                ))}
              </ul>
            </StockWarning>
          )}
          <Lines aria-label={PACKING_TEXTS.linesLabel}>
            <thead>
              <tr>
                <th>Produk</th>
                <th>Barcode</th>
                <th>Jumlah</th>
                <th>Stok</th>
                <th>Discan</th>
              </tr>
            </thead>
            <tbody>
              {view.lines.map((line) => {
                const done = scannedOf(counts, line);
                return (
                  <tr
                    key={line.product_code}
                    data-complete={done === line.quantity}
                    data-short={line.current_stock < line.quantity}
                  >
                    <td>
                      {line.product_name} ({line.product_code})
                      <span className="below-name">
                        {PACKING_TEXTS.barcodeAndStock(line.barcode_id, line.current_stock)}
                      </span>
                    </td>
                    <td>{line.barcode_id}</td>
                    <td>{line.quantity}</td>
                    <td>{line.current_stock}</td>
                    <td>
                      <input
                        type="text"
                        inputMode="numeric"
                        aria-label={PACKING_TEXTS.countLabel(line.product_name)}
                        value={String(done)}
                        disabled={!open}
                        onChange={(event) => setTyped(line, event.target.value)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') focusScan();
                        }}
                      />{' '}
                      / {line.quantity}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Lines>
          <Row>
            <Button
              type="button"
              disabled={!open || !complete || blocked || shipState.isLoading}
              onClick={() => void send(view, counts)}
            >
              {PACKING_TEXTS.send}
            </Button>
            <Button type="button" variant="ghost" onClick={requestClose}>
              {PACKING_TEXTS.closeOrder}
            </Button>
          </Row>
        </section>
      )}
      {leaving === null || view === null ? null : (
        <LeavePackageDialog
          resi={view.order.resi_number}
          lines={view.lines}
          scanned={(line) => scannedOf(counts, line)}
          nextResi={leaving.next?.order.resi_number ?? null}
          onStay={() => {
            setLeaving(null);
            focusScan();
          }}
          onLeave={leave}
          onSend={() => {
            setLeaving(null);
            void send(view, counts);
          }}
        />
      )}
      {lookUpState.isFetching ? <p>{PACKING_TEXTS.loading}</p> : null}

      <section aria-label={PACKING_TEXTS.todaySection}>
        {/* A count only once it is read: not '0 paket' beside a list that failed to load. */}
        <h3>
          {today.data === undefined
            ? PACKING_TEXTS.todaySection
            : PACKING_TEXTS.todayCount(today.data.count)}
        </h3>
        <Table
          label={PACKING_TEXTS.todayLabel}
          columns={todayColumns}
          rows={today.data?.data ?? []}
          rowKey="id"
          emptyText={PACKING_TEXTS.todayEmpty}
          {...tableState(today)}
        />
      </section>
    </Page>
  );
}
