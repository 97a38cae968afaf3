import { SETTLEMENT_STATUSES } from '@gudang/api-client';
import type { SettlementChannel, SettlementRow } from '@gudang/api-client/contract';
import {
  Badge,
  Button,
  CellLines,
  CellNote,
  ChoiceFilter,
  FilterBar,
  ListSearchBox,
  ListTable,
  Unbroken,
  dateColumn,
  numberColumn,
  pageArgs,
  useListParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { percent, rupiah } from '../pembukuan/money';
import { FeeList, feePercentOf, feesTotal, marketplaceOrderHref } from './fee-breakdown';
import { SettlementDetailModal } from './settlement-detail-modal';
import { SETTLEMENT_TEXTS, STATUS_LABELS, channelStoreText } from './settlement-texts';
import { useGetSettlementsQuery } from './settlements-api';
import type { SettlementFilters } from './use-settlement-filters';

// The search box has no visible label, the select has one: align their bottoms.
const Filters = styled(FilterBar)`
  > div:first-child {
    flex: 1 1 220px;
  }
  > div:not(:first-child) {
    flex: 0 1 220px;
    > div {
      margin-bottom: 0;
    }
  }
`;

const Strong = styled.span`
  font-weight: 600;
  white-space: nowrap;
`;

const DifferenceText = styled.span<{ $off: boolean }>`
  white-space: nowrap;
  font-weight: ${({ $off }) => ($off ? 600 : 400)};
  color: ${({ theme, $off }) => ($off ? theme.colors.redText : theme.colors.textMuted)};
`;

/** Selisih: 'Rp 0' muted when the file adds up, red when it does not. */
export function Difference({ value }: { value: number }) {
  return (
    <DifferenceText $off={value !== 0} data-difference={value !== 0 ? 'true' : undefined}>
      {value === 0 ? '-' : rupiah(value)}
    </DifferenceText>
  );
}

/** The imported order of a settlement: a link to it, or 'Tanpa pesanan'. */
export function OrderLink({ row }: { row: SettlementRow }) {
  if (row.matched_order_id === null) return <Badge tone="grey">{SETTLEMENT_TEXTS.unmatched}</Badge>;
  return (
    <Link
      to={marketplaceOrderHref({
        order_number: row.order_number,
        channel: row.channel,
        date: row.released_at,
      })}
      aria-label={SETTLEMENT_TEXTS.openOrder(row.order_number)}
    >
      {SETTLEMENT_TEXTS.matched}
    </Link>
  );
}

/** The column 'No. Pesanan': the number (as `number` draws it) with its channel and store below. */
export function orderNumberColumn<
  T extends { order_number: string; channel: SettlementChannel; store: string | null },
>(
  number: (row: T) => ReactNode = (row) => <Unbroken>{row.order_number}</Unbroken>,
): TableColumn<T> {
  return {
    key: 'order_number',
    header: SETTLEMENT_TEXTS.orderNumber,
    render: (row) => (
      <CellLines>
        {number(row)}
        <CellNote>{channelStoreText(row)}</CellNote>
      </CellLines>
    ),
  };
}

function columns(onDetail: (row: SettlementRow) => void): TableColumn<SettlementRow>[] {
  return [
    orderNumberColumn(),
    dateColumn('released_at', SETTLEMENT_TEXTS.releasedAt, (row) => row.released_at),
    numberColumn('price', SETTLEMENT_TEXTS.price, (row) => rupiah(row.price)),
    {
      key: 'fees',
      header: SETTLEMENT_TEXTS.fees,
      width: '30%',
      render: (row) => {
        const total = feesTotal(row.fees);
        return (
          <CellLines>
            <FeeList fees={row.fees} columns={row.fee_columns} />
            <CellNote>
              {SETTLEMENT_TEXTS.feesTotal}: <Strong>{rupiah(total)}</Strong> (
              {SETTLEMENT_TEXTS.feePercentOf(percent(feePercentOf(total, row.price)))})
            </CellNote>
          </CellLines>
        );
      },
    },
    numberColumn('released', SETTLEMENT_TEXTS.released, (row) => (
      <Strong>{rupiah(row.released)}</Strong>
    )),
    numberColumn('difference', SETTLEMENT_TEXTS.difference, (row) => (
      <Difference value={row.difference} />
    )),
    {
      key: 'order',
      header: SETTLEMENT_TEXTS.order,
      nowrap: true,
      render: (row) => <OrderLink row={row} />,
    },
    {
      key: 'actions',
      header: 'Aksi',
      nowrap: true,
      render: (row) => (
        <Button size="sm" variant="ghost" onClick={() => onDetail(row)}>
          {SETTLEMENT_TEXTS.detail}
        </Button>
      ),
    },
  ];
}

/** The settled orders: search and status here, channel, store and dates above the tabs. */
export function SettlementList({ filters }: { filters: SettlementFilters }) {
  const list = useListParams();
  const [shown, setShown] = useState<SettlementRow | null>(null);
  const query = useGetSettlementsQuery(
    filters.valid
      ? {
          ...filters.shared,
          ...pageArgs(list),
          ...(filters.status ? { status: filters.status } : {}),
        }
      : skipToken,
  );

  return (
    <>
      <Filters>
        <ListSearchBox list={list} placeholder={SETTLEMENT_TEXTS.search} />
        <ChoiceFilter
          label={SETTLEMENT_TEXTS.statusLabel}
          placeholder={SETTLEMENT_TEXTS.allStatuses}
          values={SETTLEMENT_STATUSES}
          labels={STATUS_LABELS}
          value={filters.status}
          onChange={filters.setStatus}
        />
      </Filters>
      <ListTable
        query={query}
        list={list}
        skip={!filters.valid}
        label={SETTLEMENT_TEXTS.ordersTable}
        columns={columns(setShown)}
        rowKey="id"
        emptyText={SETTLEMENT_TEXTS.empty}
        rowHighlight={(row) => row.difference !== 0}
      />
      {shown ? <SettlementDetailModal order={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
