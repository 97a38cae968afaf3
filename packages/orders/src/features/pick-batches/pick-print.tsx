import {
  BARCODE_FONT_SIZE,
  BARCODE_FORMAT,
  BARCODE_MARGIN,
  BARCODE_SIZES,
  BARCODE_TEXT_MARGIN,
  MARKETPLACE_CHANNEL_LABELS,
} from '@gudang/api-client';
import type { PickBatch, PickBatchLine } from '@gudang/api-client';
import {
  PrintLayout,
  PrintReport,
  PrintTable,
  PrintedAt,
  formatDate,
  formatInteger,
} from '@gudang/shared-ui';
import JsBarcode from 'jsbarcode';
import { useLayoutEffect, useRef } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { PICK_TEXTS } from './pick-batches-texts';

/**
 * The batch number as CODE128, drawn as 'Buat Barcode' draws its labels (jsbarcode, the
 * contract's look); drawn in a layout effect so that it is there when the print dialog opens.
 */
export function BatchBarcode({ number, size }: { number: string; size: 'kecil' | 'sedang' }) {
  const ref = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    if (ref.current === null) return;
    try {
      JsBarcode(ref.current, number, {
        format: BARCODE_FORMAT,
        width: BARCODE_SIZES[size].width,
        height: BARCODE_SIZES[size].height,
        displayValue: true,
        fontSize: BARCODE_FONT_SIZE,
        textMargin: BARCODE_TEXT_MARGIN,
        margin: BARCODE_MARGIN,
        background: '#ffffff',
        lineColor: '#000000',
      });
    } catch {
      // 'DA-000012' is always encodable; nothing is drawn otherwise.
    }
  }, [number, size]);
  return <svg ref={ref} role="img" aria-label={`Barcode ${number}`} data-barcode={number} />;
}

/** What the batch was made of: 'Shopee · Toko A · J&T · 01/11/2026 - 02/11/2026'. */
export function filtersText(
  batch: Pick<PickBatch, 'channel' | 'store' | 'courier' | 'startDate' | 'endDate'>,
): string {
  const parts = [
    batch.channel ? MARKETPLACE_CHANNEL_LABELS[batch.channel] : PICK_TEXTS.allChannels,
    batch.store ?? null,
    batch.courier ?? null,
    batch.startDate || batch.endDate
      ? `${batch.startDate ? formatDate(batch.startDate) : '...'} - ${batch.endDate ? formatDate(batch.endDate) : '...'}`
      : null,
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
}

/** The orders a short line names: 'SP-1 (2), SP-7 (1)'. */
export const shortOrdersText = (line: PickBatchLine) =>
  line.short_orders.map((order) => `${order.order_number} (${order.quantity})`).join(', ');

const Box = styled.span`
  display: inline-block;
  width: 12px;
  height: 12px;
  border: 1px solid #000;
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 12px;
  margin-bottom: 8px;
`;

const Short = styled.div`
  font-weight: 700;
`;

/** The pick list on A4: the number as CODE128, 'Dicetak pada', the lines by rack, the orders. */
export function PickListA4({ batch }: { batch: PickBatch }) {
  const units = batch.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <PrintReport
      title={`${PICK_TEXTS.printTitle} ${batch.number}`}
      subtitle={`${filtersText(batch)} · ${formatInteger(batch.orders.length)} ${PICK_TEXTS.orders.toLowerCase()}`}
    >
      <Head>
        <BatchBarcode number={batch.number} size="kecil" />
      </Head>
      <PrintTable aria-label={PICK_TEXTS.pickList}>
        <thead>
          <tr>
            <th style={{ width: '6%' }}>{PICK_TEXTS.printCheck}</th>
            <th>{PICK_TEXTS.rack}</th>
            <th>{PICK_TEXTS.code}</th>
            <th>{PICK_TEXTS.name}</th>
            <th>{PICK_TEXTS.quantity}</th>
          </tr>
        </thead>
        <tbody>
          {batch.lines.map((line) => (
            <tr key={line.product_id}>
              <td>
                <Box />
              </td>
              <td data-keep="">{line.rack ?? PICK_TEXTS.noRack}</td>
              <td data-keep="">{line.product_code}</td>
              <td>
                {line.product_name}
                {line.short > 0 ? (
                  <Short>
                    {PICK_TEXTS.short(line.short)} · {PICK_TEXTS.shortOrders}{' '}
                    {shortOrdersText(line)}
                  </Short>
                ) : null}
              </td>
              <td data-numeric="">{formatInteger(line.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4}>{PICK_TEXTS.totalUnits(units, batch.lines.length)}</th>
            <td data-numeric="">{formatInteger(units)}</td>
          </tr>
        </tfoot>
      </PrintTable>
      <h2 style={{ fontSize: '12pt', margin: '12px 0 4px' }}>{PICK_TEXTS.ordersList}</h2>
      <PrintTable aria-label={PICK_TEXTS.ordersList}>
        <thead>
          <tr>
            <th>No</th>
            <th>{PICK_TEXTS.orderNumber}</th>
            <th>{PICK_TEXTS.resi}</th>
            <th>{PICK_TEXTS.courier}</th>
            <th>{PICK_TEXTS.quantity}</th>
          </tr>
        </thead>
        <tbody>
          {batch.orders.map((order) => (
            <tr key={order.id}>
              <td data-numeric="">{order.position}</td>
              <td data-keep="">{order.order_number}</td>
              <td data-keep="">{order.resi_number ?? '-'}</td>
              <td data-words="">{order.courier ?? '-'}</td>
              <td data-numeric="">{formatInteger(order.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </PrintTable>
    </PrintReport>
  );
}

// The thermal printer's paper: 100 x 150 mm. Rendered after the print layout's own A4 rule, so
// this one wins.
const LabelPage = createGlobalStyle`
  @media print {
    @page {
      size: 100mm 150mm;
      margin: 3mm;
    }
  }
`;

const LabelSheet = styled.div`
  width: 94mm;
  font-size: 8pt;
  h1 {
    margin: 0;
    font-size: 11pt;
  }
  p {
    margin: 0;
  }
  table {
    font-size: 8pt;
  }
  svg {
    max-width: 100%;
    height: auto;
  }
`;

/** The pick list on a 100 x 150 mm label: rack, code, name and units, a box to tick. */
export function PickListLabel({ batch }: { batch: PickBatch }) {
  const units = batch.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <PrintLayout label={`${PICK_TEXTS.printTitle} ${batch.number} (label)`}>
      <LabelPage />
      <LabelSheet>
        <h1>
          {PICK_TEXTS.printTitle} {batch.number}
        </h1>
        <p>
          {formatInteger(batch.orders.length)} {PICK_TEXTS.orders.toLowerCase()} ·{' '}
          {PICK_TEXTS.totalUnits(units, batch.lines.length)}
        </p>
        <PrintedAt />
        <BatchBarcode number={batch.number} size="kecil" />
        <PrintTable>
          <thead>
            <tr>
              <th />
              <th>{PICK_TEXTS.rack}</th>
              <th>{PICK_TEXTS.name}</th>
              <th>Jml</th>
            </tr>
          </thead>
          <tbody>
            {batch.lines.map((line) => (
              <tr key={line.product_id}>
                <td>
                  <Box />
                </td>
                <td data-keep="">{line.rack ?? PICK_TEXTS.noRack}</td>
                <td>
                  {line.product_code} {line.product_name}
                  {line.short > 0 ? <Short>{PICK_TEXTS.short(line.short)}</Short> : null}
                </td>
                <td data-numeric="">{formatInteger(line.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </PrintTable>
      </LabelSheet>
    </PrintLayout>
  );
}
