import { SETTLEMENT_CHECK_KINDS, SETTLEMENT_CHECK_LABELS } from '@gudang/api-client';
import type { SettlementCheckRow } from '@gudang/api-client/contract';
import {
  Badge,
  Card,
  ChoiceFilter,
  FilterBar,
  ListTable,
  MutedText,
  Unbroken,
  dateColumn,
  numberColumn,
  useListParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { rupiah } from '../pembukuan/money';
import { marketplaceOrderHref } from './fee-breakdown';
import { SettlementSettingsForm } from './settlement-settings-form';
import { orderNumberColumn } from './settlement-list';
import { CHECK_TONES, SETTLEMENT_TEXTS } from './settlement-texts';
import { useGetSettlementChecksQuery } from './settlements-api';
import type { SettlementFilters } from './use-settlement-filters';

const Filters = styled(FilterBar)`
  > div {
    flex: 0 1 260px;
    > div {
      margin-bottom: 0;
    }
  }
`;

const money = (value: number | null) => (value === null ? '-' : rupiah(value));

/** The order number: a link to the imported order when there is one. */
function OrderNumber({ row }: { row: SettlementCheckRow }) {
  if (row.order_id === null) return <Unbroken>{row.order_number}</Unbroken>;
  return (
    <Link
      to={marketplaceOrderHref({
        order_number: row.order_number,
        channel: row.channel,
        date: row.date,
      })}
      title={SETTLEMENT_TEXTS.openOrder(row.order_number)}
    >
      <Unbroken>{row.order_number}</Unbroken>
    </Link>
  );
}

const CHECK_COLUMNS: TableColumn<SettlementCheckRow>[] = [
  {
    key: 'kind',
    header: SETTLEMENT_TEXTS.kind,
    nowrap: true,
    render: (row) => (
      <Badge tone={CHECK_TONES[row.kind]}>{SETTLEMENT_CHECK_LABELS[row.kind]}</Badge>
    ),
  },
  orderNumberColumn((row) => <OrderNumber row={row} />),
  dateColumn('date', SETTLEMENT_TEXTS.checkDate, (row) => row.date),
  numberColumn('price', SETTLEMENT_TEXTS.price, (row) => money(row.price)),
  numberColumn('released', SETTLEMENT_TEXTS.released, (row) => money(row.released)),
  numberColumn('expected', SETTLEMENT_TEXTS.expected, (row) => money(row.expected)),
  { key: 'reason', header: SETTLEMENT_TEXTS.reason, width: '32%' },
];

/**
 * 'Perlu dicek': orders shipped long ago with no income, income with no order or no sale in
 * Gudang, and money released below the expected, each with its reason; and the two settings
 * that decide it.
 */
export function SettlementChecksTab({ filters }: { filters: SettlementFilters }) {
  const list = useListParams();
  const query = useGetSettlementChecksQuery(
    filters.valid
      ? {
          ...filters.shared,
          page: list.page,
          limit: list.limit,
          ...(filters.kind ? { kind: filters.kind } : {}),
        }
      : skipToken,
  );

  return (
    <>
      <Filters>
        <ChoiceFilter
          label={SETTLEMENT_TEXTS.kind}
          placeholder={SETTLEMENT_TEXTS.allKinds}
          values={SETTLEMENT_CHECK_KINDS}
          labels={SETTLEMENT_CHECK_LABELS}
          value={filters.kind}
          onChange={filters.setKind}
        />
      </Filters>
      <MutedText>{SETTLEMENT_TEXTS.checksScope}</MutedText>
      <ListTable
        query={query}
        list={list}
        skip={!filters.valid}
        label={SETTLEMENT_TEXTS.checksTable}
        columns={CHECK_COLUMNS}
        rowKey={(row) => `${row.kind}-${row.channel}-${row.order_number}`}
        emptyText={SETTLEMENT_TEXTS.checksEmpty}
      />
      <Card title={SETTLEMENT_TEXTS.settingsTitle}>
        <SettlementSettingsForm />
      </Card>
    </>
  );
}
