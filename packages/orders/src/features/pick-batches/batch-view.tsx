import { PICK_BATCH_STATUS_LABELS, errorMessage, errorStatus } from '@gudang/api-client';
import type { PickBatch, PickBatchLine, PickBatchStatus } from '@gudang/api-client';
import {
  Badge,
  Button,
  ErrorPanel,
  ScanLines,
  Spinner,
  SpreadRow,
  TextField,
  Toolbar,
  confirmAction,
  formatDateTime,
  formatInteger,
  namingScan,
  refusalBuzz,
  usePrintRequest,
  useToast,
} from '@gudang/shared-ui';
import type { Tone } from '@gudang/shared-ui';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { STATUS_LABELS } from '../marketplace-orders/marketplace-texts';
import { isDropped } from '../marketplace-orders/shippable';
import { LabelUpload } from './label-upload';
import {
  useCancelPickBatchMutation,
  useGetPickBatchQuery,
  usePickMutation,
} from './pick-batches-api';
import { PICK_TEXTS } from './pick-batches-texts';
import {
  BatchBarcode,
  PickListA4,
  PickListLabel,
  filtersText,
  shortOrdersText,
} from './pick-print';

export const STATUS_TONES: Record<PickBatchStatus, Tone> = {
  open: 'blue',
  picked: 'amber',
  packed: 'green',
  cancelled: 'grey',
};

const Head = styled(SpreadRow)`
  h3 {
    margin: 0;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  svg {
    max-width: 100%;
    height: auto;
  }
`;

const ScanBox = styled.form<{ $flash: boolean }>`
  margin: ${({ theme }) => theme.spacing.md} 0;
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme, $flash }) => ($flash ? theme.colors.red : theme.colors.borderLight)};
  background: ${({ theme, $flash }) => ($flash ? theme.colors.redSoft : theme.colors.surface)};
`;

const Message = styled.p<{ $tone: 'red' | 'green' }>`
  margin: ${({ theme }) => theme.spacing.sm} 0 0;
  font-weight: 600;
  color: ${({ theme, $tone }) => ($tone === 'red' ? theme.colors.redText : theme.colors.green)};
`;

const Progress = styled.progress`
  width: 100%;
  height: 12px;
`;

const Lines = styled(ScanLines)`
  th,
  td {
    vertical-align: top;
  }
  :is(th, td)[data-numeric] {
    text-align: right;
    white-space: nowrap;
  }
  /* A rack of 20 characters without a break must not push the quantities out of a phone. */
  .rack {
    overflow-wrap: anywhere;
    min-width: 4ch;
  }
  .short {
    display: block;
    color: ${({ theme }) => theme.colors.redText};
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .code {
    display: none;
  }
  @media ${({ theme }) => theme.media.belowMd} {
    th,
    td {
      padding: 6px 4px;
    }
    :is(th, td):nth-child(3) {
      display: none;
    }
    .code {
      display: block;
      font-size: 0.85em;
      color: ${({ theme }) => theme.colors.textMuted};
    }
  }
`;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.spacing.lg};
  overflow-x: auto;
`;

const keyOf = (text: string) => text.trim().toLowerCase();

/** One batch: its pick list (scan or tick to confirm), its orders, printing, labels, cancel. */
export function BatchView({ id, onBack }: { id: number; onBack: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const query = useGetPickBatchQuery(id);
  const a4 = usePrintRequest();
  const label = usePrintRequest();
  const [cancel, cancelState] = useCancelPickBatchMutation();

  if (query.isLoading) return <Spinner />;
  if (query.isError || query.data === undefined)
    return (
      <>
        <ErrorPanel
          message={errorMessage(query.error, PICK_TEXTS.notFound)}
          onRetry={() => void query.refetch()}
        />
        <Button variant="ghost" onClick={onBack}>
          {PICK_TEXTS.back}
        </Button>
      </>
    );
  const batch = query.data;
  const editable = batch.status === 'open' || batch.status === 'picked';

  async function cancelBatch() {
    if (!confirmAction(PICK_TEXTS.cancelConfirm(batch.number))) return;
    try {
      const saved = await cancel(batch.id).unwrap();
      toast.success(saved.message);
    } catch (error) {
      toast.error(errorMessage(error, PICK_TEXTS.cancelFailed));
    }
  }

  return (
    <section aria-label={`${PICK_TEXTS.title} ${batch.number}`}>
      <Head>
        <div>
          <h3>
            {batch.number}{' '}
            <Badge tone={STATUS_TONES[batch.status]}>
              {PICK_BATCH_STATUS_LABELS[batch.status]}
            </Badge>
          </h3>
          <p>{filtersText(batch)}</p>
          <p>
            {PICK_TEXTS.createdAt}: {formatDateTime(batch.created_at)} ({batch.created_by})
          </p>
        </div>
        <BatchBarcode number={batch.number} size="kecil" />
      </Head>
      <Toolbar>
        <Button variant="ghost" onClick={onBack}>
          {PICK_TEXTS.back}
        </Button>
        <Button variant="ghost" onClick={a4.print}>
          {PICK_TEXTS.printA4}
        </Button>
        <Button variant="ghost" onClick={label.print}>
          {PICK_TEXTS.printLabel}
        </Button>
        {batch.status === 'cancelled' ? null : (
          <Button onClick={() => void navigate(`/packing?batch=${batch.id}`)}>
            {PICK_TEXTS.startPacking}
          </Button>
        )}
        {editable ? (
          <Button variant="red" busy={cancelState.isLoading} onClick={() => void cancelBatch()}>
            {PICK_TEXTS.cancel}
          </Button>
        ) : null}
      </Toolbar>
      <PickScan batch={batch} />
      <PickLines batch={batch} editable={batch.status === 'open'} />
      <BatchOrders batch={batch} />
      {batch.status === 'cancelled' ? null : (
        <Section>
          <LabelUpload batchId={batch.id} />
        </Section>
      )}
      {a4.printing ? <PickListA4 batch={batch} /> : null}
      {label.printing ? <PickListLabel batch={batch} /> : null}
    </section>
  );
}

/** The scan field: each scan of a product's barcode ticks one unit of its line. */
function PickScan({ batch }: { batch: PickBatch }) {
  const ref = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'red' | 'green' }>();
  const [flash, setFlash] = useState(false);
  const [pick] = usePickMutation();
  const picked = batch.picked_units;

  async function onScan(event: FormEvent) {
    event.preventDefault();
    const code = text.trim();
    setText('');
    if (code === '') return;
    try {
      const result = await pick({ id: batch.id, body: { barcode: code } }).unwrap();
      const { line } = result.data;
      setMessage({
        text: PICK_TEXTS.pickedOne(line.product_name, line.picked, line.quantity),
        tone: 'green',
      });
      setFlash(false);
    } catch (error) {
      const refusal = errorMessage(error, PICK_TEXTS.pickFailed);
      // An unknown barcode is named; a refusal about a product names the product itself.
      const unknown = errorStatus(error) === 404;
      setMessage({ text: unknown ? namingScan(refusal, code) : refusal, tone: 'red' });
      setFlash(true);
      refusalBuzz();
    }
    ref.current?.focus();
  }

  return (
    <ScanBox
      aria-label={PICK_TEXTS.scanForm}
      onSubmit={(event) => void onScan(event)}
      $flash={flash}
    >
      {batch.status === 'open' ? (
        <TextField
          ref={ref}
          label={PICK_TEXTS.scanLabel}
          hint={PICK_TEXTS.scanHint}
          value={text}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      ) : null}
      <p>{PICK_TEXTS.progressText(picked, batch.units)}</p>
      <Progress
        max={Math.max(batch.units, 1)}
        value={picked}
        aria-label={PICK_TEXTS.progressText(picked, batch.units)}
      />
      {message === undefined ? null : (
        <Message role={message.tone === 'red' ? 'alert' : 'status'} $tone={message.tone}>
          {message.text}
        </Message>
      )}
    </ScanBox>
  );
}

/** The pick list on screen: a checkbox per line (ticks what is left of it), by rack then code. */
function PickLines({ batch, editable }: { batch: PickBatch; editable: boolean }) {
  const toast = useToast();
  const [pick, pickState] = usePickMutation();
  const shortLines = batch.lines.filter((line) => line.short > 0).length;

  async function tick(line: PickBatchLine) {
    try {
      await pick({
        id: batch.id,
        body: { product_code: line.product_code, quantity: line.quantity - line.picked },
      }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, PICK_TEXTS.pickFailed));
    }
  }

  return (
    <Section aria-label={PICK_TEXTS.pickList}>
      <h3>{PICK_TEXTS.pickList}</h3>
      {shortLines > 0 ? <p className="short">{PICK_TEXTS.shortNote(shortLines)}</p> : null}
      <Lines aria-label={PICK_TEXTS.pickList}>
        <thead>
          <tr>
            <th>{PICK_TEXTS.printCheck}</th>
            <th>{PICK_TEXTS.rack}</th>
            <th>{PICK_TEXTS.code}</th>
            <th>{PICK_TEXTS.name}</th>
            <th data-numeric="">{PICK_TEXTS.quantity}</th>
            <th data-numeric="">{PICK_TEXTS.picked}</th>
          </tr>
        </thead>
        <tbody>
          {batch.lines.map((line) => {
            const complete = line.picked >= line.quantity;
            return (
              <tr
                key={line.product_id}
                data-complete={complete}
                data-short={line.short > 0}
                data-code={keyOf(line.product_code)}
              >
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${PICK_TEXTS.printCheck} ${line.product_name}`}
                    checked={complete}
                    disabled={!editable || complete || pickState.isLoading}
                    onChange={() => void tick(line)}
                  />
                </td>
                <td className="rack">{line.rack ?? PICK_TEXTS.noRack}</td>
                <td>{line.product_code}</td>
                <td>
                  {line.product_name}
                  <span className="code">{line.product_code}</span>
                  {line.short > 0 ? (
                    <span className="short">
                      {PICK_TEXTS.short(line.short)} · {PICK_TEXTS.shortOrders}{' '}
                      {shortOrdersText(line)}
                    </span>
                  ) : null}
                </td>
                <td data-numeric="">{formatInteger(line.quantity)}</td>
                <td data-numeric="">
                  {formatInteger(line.picked)} / {formatInteger(line.quantity)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Lines>
    </Section>
  );
}

function BatchOrders({ batch }: { batch: PickBatch }) {
  const dropped = batch.orders.filter(isDropped).length;
  return (
    <Section aria-label={PICK_TEXTS.ordersList}>
      <h3>
        {PICK_TEXTS.ordersList} ({formatInteger(batch.shipped_count)} /{' '}
        {formatInteger(batch.order_count)} {PICK_TEXTS.shipped.toLowerCase()})
      </h3>
      {dropped === 0 ? null : (
        <Message role="alert" $tone="red">
          {PICK_TEXTS.notShippable(dropped)}
        </Message>
      )}
      <Lines aria-label={PICK_TEXTS.ordersList}>
        <thead>
          <tr>
            <th>No</th>
            <th>{PICK_TEXTS.resi}</th>
            <th>{PICK_TEXTS.orderNumber}</th>
            <th data-numeric="">{PICK_TEXTS.quantity}</th>
            <th>{PICK_TEXTS.shipped}</th>
          </tr>
        </thead>
        <tbody>
          {batch.orders.map((order) => (
            <tr key={order.id} data-complete={order.shipped} data-dropped={isDropped(order)}>
              <td>{order.position}</td>
              <td style={{ overflowWrap: 'anywhere' }}>{order.resi_number ?? '-'}</td>
              <td style={{ overflowWrap: 'anywhere' }}>{order.order_number}</td>
              <td data-numeric="">{formatInteger(order.quantity)}</td>
              <td>
                {order.shipped ? (
                  '✓'
                ) : isDropped(order) ? (
                  <span className="short">{STATUS_LABELS[order.status]}</span>
                ) : (
                  ''
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Lines>
    </Section>
  );
}
