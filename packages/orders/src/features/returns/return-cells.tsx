import type { ReturnPreviewRow } from '@gudang/api-client/contract';
import { Badge, CellLines, CellNote, Unbroken, formatInteger } from '@gudang/shared-ui';
import type { ReactNode } from 'react';
import {
  RETURN_STATUS_LABELS,
  RETURN_STATUS_TONES,
  TYPE_LABELS,
} from './marketplace-returns-texts';

// The cells a return request shows alike on the board and in the return file's preview.

/** The goods: the product with its quantity, its SKU under them. */
export function ReturnGoodsCell({
  row,
}: {
  row: Pick<ReturnPreviewRow, 'product_name' | 'quantity' | 'sku'>;
}) {
  return (
    <CellLines>
      <span>
        {row.product_name ?? '-'} <Unbroken>x{formatInteger(row.quantity)}</Unbroken>
      </span>
      {row.sku ? <CellNote>{row.sku}</CellNote> : null}
    </CellLines>
  );
}

/** The type over the status badge (the marketplace's own words as its title), then `children`. */
export function ReturnTypeCell({
  row,
  children,
}: {
  row: Pick<ReturnPreviewRow, 'type' | 'status' | 'status_text'>;
  children?: ReactNode;
}) {
  return (
    <CellLines>
      <span>{TYPE_LABELS[row.type]}</span>
      <span>
        <Badge tone={RETURN_STATUS_TONES[row.status]} title={row.status_text || undefined}>
          {RETURN_STATUS_LABELS[row.status]}
        </Badge>
      </span>
      {children}
    </CellLines>
  );
}
