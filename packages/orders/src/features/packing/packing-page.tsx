import { errorMessage, errorStatus } from '@gudang/api-client';
import type { PackedPackage, PackingView } from '@gudang/api-client';
import {
  Button,
  CameraScan,
  Page,
  PageHeader,
  Table,
  TextField,
  namingScan,
  refusalBuzz,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  useGetPackedTodayQuery,
  useLazyGetPackingQuery,
  useShipPackageMutation,
} from './packing-api';
import { MarketplaceStatusWords, StatusBadge } from '../marketplace-orders/order-columns';
import { PACKING_TEXTS, shippedText } from './packing-texts';

/** The page's own setting: send the package when its last unit is scanned. */
export const AUTO_SEND_KEY = 'gudang.packing.autoSend';

const NOT_SHIPPABLE = new Set(['batal', 'retur', 'belum_bayar']);

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
  color: ${({ theme, $tone }) => ($tone === 'red' ? theme.colors.red : theme.colors.green)};
`;

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.borderLight};
    text-align: left;
  }
  tr[data-complete='true'] td {
    background: ${({ theme }) => theme.colors.greenSoft};
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

/** Scan Kirim: open the order of a scanned resi, count its products by barcode, ship it. */
export function PackingPage() {
  const toast = useToast();
  const scanRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [view, setView] = useState<PackingView | null>(null);
  const [counts, setCounts] = useState<Counts>({});
  const [problem, setProblem] = useState<{ message: string; notFound: string | null } | null>(null);
  const [flash, setFlash] = useState(false);
  const [autoSend, setAutoSend] = useState(() => localStorage.getItem(AUTO_SEND_KEY) === 'true');
  const [lookUp, lookUpState] = useLazyGetPackingQuery();
  const [ship, shipState] = useShipPackageMutation();
  const today = useGetPackedTodayQuery();

  const focusScan = () => scanRef.current?.focus();
  useEffect(focusScan, []);

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

  const open = view !== null && view.shipped === null && !NOT_SHIPPABLE.has(view.order.status);
  const complete =
    view !== null &&
    view.lines.length > 0 &&
    view.lines.every((line) => (counts[keyOf(line.barcode_id)] ?? 0) === line.quantity);

  const close = () => {
    setView(null);
    setCounts({});
    focusScan();
  };

  async function send(current: PackingView, scanned: Counts) {
    const scans = current.lines.map((line) => ({
      barcode: line.barcode_id,
      quantity: scanned[keyOf(line.barcode_id)] ?? 0,
    }));
    try {
      await ship({
        resi: current.order.resi_number,
        body: { scans: scans.filter((scan) => scan.quantity > 0) },
      }).unwrap();
      toast.success(PACKING_TEXTS.shipped(current.order.resi_number));
      setProblem(null);
      close();
    } catch (error) {
      refuse(errorMessage(error, PACKING_TEXTS.shipFailed));
      focusScan();
    }
  }

  async function openResi(resi: string) {
    setProblem(null);
    try {
      const found = await lookUp(resi, false).unwrap();
      setView(found);
      setCounts({});
      if (found.shipped !== null)
        refuse(PACKING_TEXTS.alreadyShipped(shippedText(found.shipped.at), found.shipped.by));
      else if (NOT_SHIPPABLE.has(found.order.status))
        refuse(PACKING_TEXTS.notShippable(found.order.status_text || found.order.status));
    } catch (error) {
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

  function count(barcode: string) {
    if (view === null) return;
    const line = view.lines.find((candidate) => keyOf(candidate.barcode_id) === keyOf(barcode));
    if (line === undefined) {
      refuse(PACKING_TEXTS.notInOrder(barcode));
      return;
    }
    const key = keyOf(line.barcode_id);
    const now = counts[key] ?? 0;
    if (now >= line.quantity) {
      refuse(PACKING_TEXTS.tooMany(line.product_name));
      return;
    }
    const next = { ...counts, [key]: now + 1 };
    setCounts(next);
    setProblem(null);
    const done = view.lines.every((item) => (next[keyOf(item.barcode_id)] ?? 0) === item.quantity);
    if (done && autoSend) void send(view, next);
  }

  function onScan(event: FormEvent) {
    event.preventDefault();
    const scanned = text.trim();
    setText('');
    if (scanned === '') return;
    if (open && !complete) count(scanned);
    else void openResi(scanned);
  }

  function setTyped(barcode: string, value: string, max: number) {
    const number = Number.parseInt(value, 10);
    const clamped = Number.isNaN(number) ? 0 : Math.max(0, Math.min(max, number));
    setCounts((current) => ({ ...current, [keyOf(barcode)]: clamped }));
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
      <ScanBox onSubmit={onScan} $flash={flash} aria-label={PACKING_TEXTS.scanForm}>
        <TextField
          ref={scanRef}
          label={PACKING_TEXTS.scanLabel}
          value={text}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            // The field holds the focus, except while a line's number is being typed.
            window.setTimeout(() => {
              const active = document.activeElement;
              if (active === document.body || active === null) focusScan();
            }, 0);
          }}
          hint={open && !complete ? PACKING_TEXTS.scanProductsHint : PACKING_TEXTS.scanResiHint}
        />
        <Row>
          <CameraScan target={scanRef} />
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
        {problem === null ? null : (
          <div role="alert">
            <Message $tone="red">{problem.message}</Message>
            {problem.notFound === null ? null : (
              <Link to={`/outgoing-goods?resi=${encodeURIComponent(problem.notFound)}`}>
                {PACKING_TEXTS.recordByHand}
              </Link>
            )}
          </div>
        )}
      </ScanBox>

      {view === null ? null : (
        <section aria-label={PACKING_TEXTS.orderSection}>
          <Row>
            <strong>
              {PACKING_TEXTS.orderHeading(view.order.order_number, view.order.resi_number)}
            </strong>
            <StatusBadge order={view.order} />
            <MarketplaceStatusWords order={view.order} />
          </Row>
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
                const done = counts[keyOf(line.barcode_id)] ?? 0;
                return (
                  <tr key={line.product_code} data-complete={done === line.quantity}>
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
                        onChange={(event) =>
                          setTyped(line.barcode_id, event.target.value, line.quantity)
                        }
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
              disabled={!open || !complete || shipState.isLoading}
              onClick={() => void send(view, counts)}
            >
              {PACKING_TEXTS.send}
            </Button>
            <Button type="button" variant="ghost" onClick={close}>
              {PACKING_TEXTS.closeOrder}
            </Button>
          </Row>
        </section>
      )}
      {lookUpState.isFetching ? <p>{PACKING_TEXTS.loading}</p> : null}

      <section aria-label={PACKING_TEXTS.todaySection}>
        <h3>{PACKING_TEXTS.todayCount(today.data?.count ?? 0)}</h3>
        <Table
          label={PACKING_TEXTS.todayLabel}
          columns={todayColumns}
          rows={today.data?.data ?? []}
          rowKey="id"
          emptyText={PACKING_TEXTS.todayEmpty}
          loading={today.isLoading}
          failed={today.isError}
          onRetry={() => void today.refetch()}
        />
      </section>
    </Page>
  );
}
