import type { ImportLine, ImportLineState, MarketplaceImport } from '@gudang/api-client';
import {
  Badge,
  Button,
  CellLines,
  CellNote,
  CountToggle,
  CountToggles,
  ImportScroll,
  MutedText,
  Pager,
  Table,
  Unbroken,
  formatDate,
  formatRupiah,
  numberColumn,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  IMPORT_TEXTS,
  LINE_STATES,
  PREVIEW_PAGE_SIZE,
  STATE_LABELS,
  STATE_TONES,
  STATUS_LABELS,
} from './marketplace-texts';
import { StatusBadge, count } from './order-columns';
import { SkuMappingForm } from './sku-mapping-form';
import type { MappingDraft } from './sku-mapping-form';

/** A state, every line, or the lines whose order's status the import changes. */
export type LineFilter = ImportLineState | 'all' | 'status_changed';

/** The lines one filter shows (all of them for 'all'). */
export function linesOf(lines: readonly ImportLine[], filter: LineFilter): readonly ImportLine[] {
  if (filter === 'all') return lines;
  if (filter === 'status_changed')
    return lines.filter((line) => line.status_change !== undefined && !line.status_change.kept);
  return lines.filter((line) => line.state === filter);
}

/** What the import does to the status of the line's imported order, in words; null: nothing. */
export function statusChangeText(line: ImportLine): string | null {
  const change = line.status_change;
  if (change === undefined) return null;
  return change.kept
    ? IMPORT_TEXTS.statusKept(STATUS_LABELS[change.to], STATUS_LABELS[change.from])
    : IMPORT_TEXTS.statusChange(STATUS_LABELS[change.from], STATUS_LABELS[change.to]);
}

/**
 * The products a preview line stands for, with the line's total units beside its Jumlah: a
 * mapping's quantity is per sold unit, so 'FWN-002 x 1' next to Jumlah 2 read as a mismatch
 * (issue 42 c5). A bundle also names its per-unit quantity; a line without a Jumlah only that.
 */
export function mappedItemsText(line: Pick<ImportLine, 'items' | 'quantity'>): string {
  return line.items
    .map((item) => {
      const perUnit = count(item.quantity);
      if (line.quantity === null) return `${item.product_code} x ${perUnit} per unit`;
      const total = `${item.product_code} x ${count(item.quantity * line.quantity)}`;
      return item.quantity === 1 ? total : `${total} (${perUnit} per unit)`;
    })
    .join(', ');
}

const lowerTrim = (text: string | null) => (text ?? '').trim().toLowerCase();

/**
 * What the mapping of a preview line's SKU starts from: every channel (the SKU is the shop's own
 * code on every marketplace, m10) and every variation, unless the file holds the SKU with other
 * variations too, when the variation is what tells them apart. A variation the form added by
 * default kept the SKU out of the stock files; a channel or variation can still be chosen.
 */
export function mappingDraftOf(line: ImportLine, lines: readonly ImportLine[]): MappingDraft {
  const sku = lowerTrim(line.sku);
  const variations = new Set(
    lines
      .filter((other) => lowerTrim(other.sku) === sku)
      .map((other) => lowerTrim(other.variation)),
  );
  return {
    channel: null,
    sku: line.sku,
    variation: variations.size > 1 ? line.variation : null,
    items: [],
  };
}

const Counts = styled(CountToggles)`
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

// A count per state that also filters the lines, smaller on a phone.
const CountButton = styled(CountToggle)`
  @media ${({ theme }) => theme.media.narrow} {
    padding: 4px 10px;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

// A SKU is a code: kept on one line (its variation under it may wrap).
const Code = styled.span`
  white-space: nowrap;
`;

const ChangeText = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
`;

const ProblemText = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.redText};
`;

const MapPanel = styled.section`
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.lg};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.grey50};
  h3 {
    margin: 0 0 ${({ theme }) => theme.spacing.md};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

function StatusChange({ line }: { line: ImportLine }) {
  const text = statusChangeText(line);
  return text === null ? null : <ChangeText>{text}</ChangeText>;
}

function lineColumns(
  canMap: boolean,
  onMap: (line: ImportLine) => void,
): TableColumn<ImportLine>[] {
  return [
    { key: 'row', header: 'Baris', align: 'right', nowrap: true },
    {
      key: 'order_number',
      header: 'Pesanan',
      render: (line) => (
        <CellLines>
          <Unbroken>{line.order_number}</Unbroken>
          <CellNote>
            Resi <Unbroken>{line.resi_number || '-'}</Unbroken>
            {line.date ? ` · ${formatDate(line.date)}` : ''}
          </CellNote>
        </CellLines>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (line) => <StatusBadge order={line} />,
    },
    {
      key: 'sku',
      header: 'SKU',
      render: (line) => (
        <CellLines>
          <Code>{line.sku || '-'}</Code>
          {line.variation ? <CellNote>{line.variation}</CellNote> : null}
        </CellLines>
      ),
    },
    { key: 'product_name', header: 'Nama Produk' },
    numberColumn('quantity', 'Jumlah', (line) =>
      line.quantity === null ? '-' : count(line.quantity),
    ),
    numberColumn('unit_price', 'Harga', (line) =>
      line.unit_price === null ? '-' : formatRupiah(line.unit_price),
    ),
    {
      key: 'state',
      header: 'Keterangan',
      render: (line) => (
        <CellLines>
          <span>
            <Badge tone={STATE_TONES[line.state]}>{STATE_LABELS[line.state]}</Badge>
          </span>
          {line.items.length > 0 ? <CellNote>{mappedItemsText(line)}</CellNote> : null}
          <StatusChange line={line} />
          {line.problem && line.state !== 'unknown_sku' ? (
            <ProblemText>{line.problem}</ProblemText>
          ) : null}
          {/* In the line itself, not a column of its own: the SKU and name keep the room. */}
          {canMap && line.state === 'unknown_sku' ? (
            <span>
              <Button size="sm" onClick={() => onMap(line)}>
                {IMPORT_TEXTS.map}
              </Button>
            </span>
          ) : null}
        </CellLines>
      ),
    },
  ];
}

export interface ImportPreviewProps {
  preview: MarketplaceImport;
  /** The preview is being fetched again (after a mapping). */
  refreshing: boolean;
  canMap: boolean;
  /** Whether the open SKU mapping holds typed data (so that closing the dialog asks first). */
  onMappingDirty?: (dirty: boolean) => void;
}

/**
 * The lines of an uploaded file: the count per state (each a filter), the lines a page at a
 * time (a 5,000-line file renders PREVIEW_PAGE_SIZE rows), and the inline mapping of an unknown
 * SKU, after which the preview is fetched again.
 */
export function ImportPreview({ preview, refreshing, canMap, onMappingDirty }: ImportPreviewProps) {
  const [filter, setFilter] = useState<LineFilter>('all');
  const [page, setPage] = useState(1);
  const [mapping, setMapping] = useState<ImportLine | null>(null);
  const panel = useRef<HTMLElement>(null);
  const linesBox = useRef<HTMLDivElement>(null);

  const shown = useMemo(() => linesOf(preview.lines, filter), [preview.lines, filter]);
  const totalPages = Math.max(1, Math.ceil(shown.length / PREVIEW_PAGE_SIZE));
  // A refreshed preview may have fewer lines in the filter (mapped SKUs leave unknown_sku).
  const current = Math.min(page, totalPages);
  const rows = shown.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE);

  useEffect(() => {
    if (mapping) panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [mapping]);

  const turnTo = (next: number) => {
    setPage(next);
    if (linesBox.current) linesBox.current.scrollTop = 0;
  };
  const choose = (next: LineFilter) => {
    setFilter(next);
    turnTo(1);
  };
  // The two rarer counts only when they have lines (or are chosen): a first import has none.
  const counted: { value: LineFilter; label: string; count: number }[] = [
    { value: 'all', label: IMPORT_TEXTS.allLines, count: preview.summary.total },
    ...LINE_STATES.map((state) => ({
      value: state,
      label: STATE_LABELS[state],
      count: preview.summary[state] ?? 0,
    })),
    {
      value: 'status_changed',
      label: IMPORT_TEXTS.statusChanged,
      count: preview.summary.status_changed ?? 0,
    },
  ];
  const filters = counted.filter(
    (item) =>
      item.count > 0 ||
      item.value === filter ||
      (item.value !== 'already_shipped' && item.value !== 'status_changed'),
  );

  return (
    <div>
      <Counts role="group" aria-label={IMPORT_TEXTS.summary}>
        {filters.map((item) => (
          <CountButton
            key={item.value}
            type="button"
            aria-pressed={filter === item.value}
            onClick={() => choose(item.value)}
          >
            {item.label} <strong>{count(item.count)}</strong>
          </CountButton>
        ))}
      </Counts>
      {mapping ? (
        <MapPanel ref={panel} aria-label={IMPORT_TEXTS.mapTitle(mapping.sku)}>
          <h3>{IMPORT_TEXTS.mapTitle(mapping.sku)}</h3>
          <SkuMappingForm
            key={mapping.row}
            draft={mappingDraftOf(mapping, preview.lines)}
            locked="sku"
            onDirtyChange={onMappingDirty}
            onSaved={() => setMapping(null)}
            onCancel={() => setMapping(null)}
          />
        </MapPanel>
      ) : null}
      {refreshing ? (
        <MutedText $below="sm" role="status">
          {IMPORT_TEXTS.refreshing}
        </MutedText>
      ) : null}
      {/* Below it the pager: more of the dialog's height kept for the rest. */}
      <ImportScroll ref={linesBox} $reserve="460px">
        <Table
          label={IMPORT_TEXTS.linesTable}
          columns={lineColumns(canMap, setMapping)}
          rows={rows}
          rowKey="row"
          emptyText={IMPORT_TEXTS.noLines}
          rowHighlight={(line) => line.state === 'invalid'}
        />
      </ImportScroll>
      <Pager
        page={current}
        totalPages={totalPages}
        total={shown.length}
        limit={PREVIEW_PAGE_SIZE}
        onPageChange={turnTo}
      />
    </div>
  );
}
