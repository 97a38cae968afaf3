import type {
  ReturnImport,
  ReturnImportProblem,
  ReturnPreviewRow,
} from '@gudang/api-client/contract';
import { Badge, Table, Unbroken, formatDate, formatInteger } from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import styled from 'styled-components';
import {
  BOARD_TEXTS,
  IMPORT_STATE_LABELS,
  IMPORT_STATE_TONES,
  RETURN_IMPORT_TEXTS,
  RETURN_STATUS_LABELS,
  RETURN_STATUS_TONES,
  TYPE_LABELS,
  rupiah,
} from './marketplace-returns-texts';

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

// The requests scroll inside the dialog, so that the counts above and 'Impor' below stay in view.
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

const ROW_COLUMNS: TableColumn<ReturnPreviewRow>[] = [
  {
    key: 'row',
    header: RETURN_IMPORT_TEXTS.row,
    align: 'right',
    nowrap: true,
    render: (row) => formatInteger(row.row),
  },
  {
    key: 'order_number',
    header: BOARD_TEXTS.order,
    render: (row) => (
      <Stack>
        <Unbroken>{row.order_number}</Unbroken>
        {row.return_number ? <Small>{BOARD_TEXTS.returnNumber(row.return_number)}</Small> : null}
        {row.requested_at ? <Small>{formatDate(row.requested_at)}</Small> : null}
      </Stack>
    ),
  },
  {
    key: 'type',
    header: BOARD_TEXTS.type,
    render: (row) => (
      <Stack>
        <span>{TYPE_LABELS[row.type]}</span>
        <span>
          <Badge tone={RETURN_STATUS_TONES[row.status]} title={row.status_text || undefined}>
            {RETURN_STATUS_LABELS[row.status]}
          </Badge>
        </span>
      </Stack>
    ),
  },
  {
    key: 'product',
    header: BOARD_TEXTS.product,
    // The order number beside it is long and unbroken: the name keeps a share of the width.
    width: '22%',
    render: (row) => (
      <Stack>
        <span>
          {row.product_name ?? '-'} <Unbroken>x{formatInteger(row.quantity)}</Unbroken>
        </span>
        {row.sku ? <Small>{row.sku}</Small> : null}
      </Stack>
    ),
  },
  {
    key: 'refund_amount',
    header: BOARD_TEXTS.refund,
    align: 'right',
    nowrap: true,
    render: (row) => rupiah(row.refund_amount),
  },
  {
    key: 'return_tracking',
    header: BOARD_TEXTS.returnTracking,
    render: (row) => (
      <Stack>
        <Unbroken>{row.return_tracking ?? '-'}</Unbroken>
        {row.claim_deadline ? (
          <Small>
            {BOARD_TEXTS.claimDeadline} {formatDate(row.claim_deadline)}
          </Small>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'state',
    header: RETURN_IMPORT_TEXTS.state,
    render: (row) => (
      <Stack>
        <span>
          <Badge tone={IMPORT_STATE_TONES[row.state]}>{IMPORT_STATE_LABELS[row.state]}</Badge>
        </span>
        <Small>
          {row.matched_order_id === null
            ? RETURN_IMPORT_TEXTS.unmatched
            : RETURN_IMPORT_TEXTS.matched}
        </Small>
      </Stack>
    ),
  },
];

const PROBLEM_COLUMNS: TableColumn<ReturnImportProblem>[] = [
  { key: 'sheet', header: RETURN_IMPORT_TEXTS.sheet },
  {
    key: 'row',
    header: RETURN_IMPORT_TEXTS.row,
    align: 'right',
    nowrap: true,
    render: (problem) => formatInteger(problem.row),
  },
  { key: 'message', header: RETURN_IMPORT_TEXTS.message },
];

/**
 * An uploaded return file: its counts (new, changed, 'Sudah ada', matched to an imported order,
 * rows that cannot be read), its first requests, and the rows that cannot be read with their
 * row number and why.
 */
export function ReturnImportPreview({ preview }: { preview: ReturnImport }) {
  const { counts } = preview;
  const items: { label: string; value: number; warn?: boolean }[] = [
    { label: RETURN_IMPORT_TEXTS.rows, value: counts.rows },
    { label: RETURN_IMPORT_TEXTS.new, value: counts.new },
    { label: RETURN_IMPORT_TEXTS.changed, value: counts.changed },
    { label: RETURN_IMPORT_TEXTS.already, value: counts.already },
    { label: RETURN_IMPORT_TEXTS.matched, value: counts.matched },
    { label: RETURN_IMPORT_TEXTS.unmatched, value: counts.unmatched, warn: counts.unmatched > 0 },
    { label: RETURN_IMPORT_TEXTS.problems, value: counts.problems, warn: counts.problems > 0 },
  ];
  return (
    <div>
      <Counts aria-label={RETURN_IMPORT_TEXTS.summary}>
        {items.map((item) => (
          <div key={item.label} data-warn={item.warn === true ? 'true' : undefined}>
            <dt>{item.label}</dt>
            <dd>{formatInteger(item.value)}</dd>
          </div>
        ))}
      </Counts>
      {/* Focusable: a keyboard scrolls the requests too (the rows hold nothing to focus). */}
      <Scroll tabIndex={0} role="region" aria-label={RETURN_IMPORT_TEXTS.rowsTable}>
        <Table
          label={RETURN_IMPORT_TEXTS.rowsTable}
          columns={ROW_COLUMNS}
          rows={preview.rows}
          rowKey="row"
          emptyText={RETURN_IMPORT_TEXTS.noRows}
        />
      </Scroll>
      {counts.rows > preview.rows.length ? (
        <Small>{RETURN_IMPORT_TEXTS.firstRows(preview.rows.length, counts.rows)}</Small>
      ) : null}
      {preview.problems.length > 0 ? (
        <Section aria-label={RETURN_IMPORT_TEXTS.problemsTable}>
          <h3>{RETURN_IMPORT_TEXTS.problemsTable}</h3>
          <Table
            label={RETURN_IMPORT_TEXTS.problemsTable}
            columns={PROBLEM_COLUMNS}
            rows={preview.problems}
            rowKey={(problem, index) => `${problem.sheet}-${problem.row}-${index}`}
            emptyText="-"
          />
          {counts.problems > preview.problems.length ? (
            <Small>
              {RETURN_IMPORT_TEXTS.firstProblems(preview.problems.length, counts.problems)}
            </Small>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}
