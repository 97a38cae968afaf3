import type {
  SettlementImport,
  SettlementPreviewOrder,
  SettlementProblem,
} from '@gudang/api-client/contract';
import { Badge, Table, Unbroken, formatDate, formatInteger } from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import styled from 'styled-components';
import { rupiah } from '../pembukuan/money';
import { FeeList } from './fee-breakdown';
import { Difference } from './settlement-list';
import { IMPORT_TEXTS, SETTLEMENT_TEXTS } from './settlement-texts';

const Counts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  div {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.sm};
    padding: 4px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.full};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  div[data-warn='true'] {
    border-color: ${({ theme }) => theme.colors.amber};
    background: ${({ theme }) => theme.colors.amberSoft};
    color: ${({ theme }) => theme.colors.amberText};
  }
  dt {
    color: inherit;
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const Stack = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Small = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.spacing.lg};
  h3 {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

// The orders scroll inside the dialog, so that the counts above and 'Impor' below stay in view.
const Scroll = styled.div`
  max-height: max(240px, calc(100vh - 480px));
  overflow-y: auto;
  th {
    position: sticky;
    top: 0;
    z-index: 1;
  }
  /* Cards on a phone: the dialog itself scrolls, a box inside it would be too small. */
  @media ${({ theme }) => theme.media.belowMd} {
    max-height: none;
    overflow-y: visible;
  }
`;

const ORDER_COLUMNS: TableColumn<SettlementPreviewOrder>[] = [
  {
    key: 'order_number',
    header: SETTLEMENT_TEXTS.orderNumber,
    render: (order) => (
      <Stack>
        <Unbroken>{order.order_number}</Unbroken>
        <Small>{order.released_at ? formatDate(order.released_at) : '-'}</Small>
      </Stack>
    ),
  },
  {
    key: 'price',
    header: SETTLEMENT_TEXTS.price,
    align: 'right',
    nowrap: true,
    render: (order) => rupiah(order.price),
  },
  {
    key: 'fees',
    header: SETTLEMENT_TEXTS.fees,
    width: '34%',
    render: (order) => <FeeList fees={order.fees} columns={order.fee_columns} showColumns />,
  },
  {
    key: 'released',
    header: SETTLEMENT_TEXTS.released,
    align: 'right',
    nowrap: true,
    render: (order) => rupiah(order.released),
  },
  {
    key: 'difference',
    header: SETTLEMENT_TEXTS.difference,
    align: 'right',
    nowrap: true,
    render: (order) => <Difference value={order.difference} />,
  },
  {
    key: 'state',
    header: IMPORT_TEXTS.state,
    render: (order) => (
      <Stack>
        <span>
          {order.state === 'sudah_ada' ? (
            <Badge tone="blue">{IMPORT_TEXTS.alreadyState}</Badge>
          ) : (
            <Badge tone="green">{IMPORT_TEXTS.new}</Badge>
          )}
        </span>
        <Small>
          {order.matched_order_id === null ? IMPORT_TEXTS.unmatched : IMPORT_TEXTS.matched}
        </Small>
      </Stack>
    ),
  },
];

const PROBLEM_COLUMNS: TableColumn<SettlementProblem>[] = [
  { key: 'sheet', header: IMPORT_TEXTS.sheet },
  {
    key: 'row',
    header: IMPORT_TEXTS.row,
    align: 'right',
    nowrap: true,
    render: (problem) => formatInteger(problem.row),
  },
  { key: 'message', header: IMPORT_TEXTS.message },
];

/**
 * An uploaded income file: its counts ('Sudah ada', matched to an imported order, money that does
 * not add up, rows that cannot be read), its first orders with their breakdown, and the rows
 * that cannot be read with their row number and why.
 */
export function SettlementPreview({ preview }: { preview: SettlementImport }) {
  const { counts } = preview;
  const items: { label: string; value: number; warn?: boolean }[] = [
    { label: IMPORT_TEXTS.orders, value: counts.orders },
    { label: IMPORT_TEXTS.already, value: counts.already },
    { label: IMPORT_TEXTS.matched, value: counts.matched },
    { label: IMPORT_TEXTS.unmatched, value: counts.unmatched },
    { label: IMPORT_TEXTS.differences, value: counts.differences, warn: counts.differences > 0 },
    { label: IMPORT_TEXTS.problems, value: counts.problems, warn: counts.problems > 0 },
  ];
  return (
    <div>
      <Counts aria-label={IMPORT_TEXTS.summary}>
        {items.map((item) => (
          <div key={item.label} data-warn={item.warn === true ? 'true' : undefined}>
            <dt>{item.label}</dt>
            <dd>{formatInteger(item.value)}</dd>
          </div>
        ))}
      </Counts>
      {/* Scrolled by keyboard too: the box takes the focus (its rows hold nothing focusable). */}
      <Scroll tabIndex={0} role="region" aria-label={IMPORT_TEXTS.ordersTable}>
        <Table
          label={IMPORT_TEXTS.ordersTable}
          columns={ORDER_COLUMNS}
          rows={preview.orders}
          rowKey="order_number"
          emptyText={IMPORT_TEXTS.noOrders}
          rowHighlight={(order) => order.difference !== 0}
        />
      </Scroll>
      {counts.orders > preview.orders.length ? (
        <Small>{IMPORT_TEXTS.firstOrders(preview.orders.length, counts.orders)}</Small>
      ) : null}
      {preview.problems.length > 0 ? (
        <Section aria-label={IMPORT_TEXTS.problemsTable}>
          <h3>{IMPORT_TEXTS.problemsTable}</h3>
          <Table
            label={IMPORT_TEXTS.problemsTable}
            columns={PROBLEM_COLUMNS}
            rows={preview.problems}
            rowKey={(problem, index) => `${problem.sheet}-${problem.row}-${index}`}
            emptyText="-"
          />
          {counts.problems > preview.problems.length ? (
            <Small>{IMPORT_TEXTS.firstProblems(preview.problems.length, counts.problems)}</Small>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}
