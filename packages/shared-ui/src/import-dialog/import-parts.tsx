// The pieces of a two-step file import (file, preview kept on the server, commit) that
// FileImportDialog and FileImportPreview are made of; exported for a preview that needs more
// (the order import's filters and pager).
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatInteger } from '../formatters';
import { Badge } from '../components/badge';
import type { Tone } from '../components/badge';
import { CellLines, CellNote } from '../components/cell-lines';
import { SelectField } from '../components/fields';
import { AmberNote } from '../components/layout';
import { Table } from '../components/table';
import type { TableColumn, TableProps } from '../components/table';

/** The box of what an import came to, failed or done; a long file name wraps anywhere. */
const Outcome = styled.div`
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
`;

/** What a file's import or fill came to when it worked (role="status" where used). */
export const ImportDone = styled(Outcome)`
  background: ${({ theme }) => theme.colors.greenSoft};
  color: ${({ theme }) => theme.colors.greenText};
`;

/** Why the file could not be read or its preview fetched (role="alert" where used). */
export const ImportFailure = styled(Outcome)`
  background: ${({ theme }) => theme.colors.redSoft};
  color: ${({ theme }) => theme.colors.redText};
  ul {
    margin: ${({ theme }) => theme.spacing.sm} 0 0;
    padding-left: ${({ theme }) => theme.spacing.xl};
  }
`;

/** The file's name, marketplace and store above its preview or result. */
export const FileFacts = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.grey700};
  overflow-wrap: anywhere;
`;

/**
 * What to know before 'Impor' (imported already, nothing new, lines that keep the file from
 * being imported), with a choice in it where there is one (a checkbox in a label).
 */
export const ImportNote = styled(AmberNote).attrs({ as: 'div' })`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  p {
    margin: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.sm};
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** A store of the shop on a marketplace (`channel`). */
export interface ImportStore {
  id: number;
  name: string;
  channel: string;
}

export interface ImportStoreFieldProps<C extends string> {
  /** The shop's stores, on every marketplace. */
  stores: readonly ImportStore[];
  /** The marketplaces whose files the import reads: the stores offered. */
  channels: readonly C[];
  channelLabels: Readonly<Record<C, string>>;
  label: string;
  /** The choice of none: what the import then takes ('Toko utama channel file'). */
  placeholder: string;
  hint?: string;
  /** undefined: none chosen. */
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  disabled?: boolean;
}

/**
 * The store to import a file into, offered only where the shop has several stores on one of
 * the import's marketplaces: with one each (the usual shop) the file's marketplace says it.
 */
export function ImportStoreField<C extends string>({
  stores,
  channels,
  channelLabels,
  value,
  onChange,
  ...field
}: ImportStoreFieldProps<C>) {
  const offered = stores.flatMap((store) => {
    const channel = channels.find((candidate) => candidate === store.channel);
    return channel ? [{ ...store, channel }] : [];
  });
  const severalStores = channels.some(
    (channel) => offered.filter((store) => store.channel === channel).length > 1,
  );
  if (!severalStores) return null;
  return (
    <SelectField
      {...field}
      options={offered.map((store) => ({
        value: store.id,
        label: `${channelLabels[store.channel]} · ${store.name}`,
      }))}
      value={value ?? ''}
      onChange={(event) =>
        onChange(event.target.value === '' ? undefined : Number(event.target.value))
      }
    />
  );
}

const ResultList = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.spacing.md};
    border: 1px solid ${({ theme }) => theme.colors.borderLight};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 2px 0 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 700;
  }
`;

/** A count of a commit's result: its name and number. */
export type ImportResultItem = readonly [label: string, value: number];

export interface ImportResultProps {
  /** Names the list ('Hasil Impor'). */
  label: string;
  items: readonly ImportResultItem[];
}

/** What a commit did: a box per count. */
export function ImportResult({ label, items }: ImportResultProps) {
  return (
    <ResultList aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{formatInteger(value)}</dd>
        </div>
      ))}
    </ResultList>
  );
}

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

/** A count of a preview; `warn` marks one that asks for a look (rows that cannot be read). */
export interface ImportCount {
  label: string;
  value: number;
  warn?: boolean;
}

/**
 * A preview's counts in the order `shown`, each named by its texts' entry of the same key (the
 * contract's counts and an import's texts use the same words); a key of `warned` asks for a look
 * when it is above 0.
 */
export function previewCounts<K extends string>(
  texts: Readonly<Record<NoInfer<K>, string>>,
  counts: Readonly<Record<NoInfer<K>, number>>,
  shown: readonly K[],
  warned: readonly NoInfer<K>[] = [],
): ImportCount[] {
  return shown.map((key) => ({
    label: texts[key],
    value: counts[key],
    warn: warned.includes(key) && counts[key] > 0,
  }));
}

/** A preview's counts, a chip each, as a list named `label` ('Ringkasan'). */
export function ImportCounts({ label, items }: { label: string; items: readonly ImportCount[] }) {
  return (
    <Counts aria-label={label}>
      {items.map((item) => (
        <div key={item.label} data-warn={item.warn === true ? 'true' : undefined}>
          <dt>{item.label}</dt>
          <dd>{formatInteger(item.value)}</dd>
        </div>
      ))}
    </Counts>
  );
}

/**
 * The preview's rows scroll inside the dialog, so that the counts above and 'Impor' below stay
 * in view; `$reserve` is the height kept for the rest of the dialog (more with a pager below),
 * `$least` the box's height however small the window; `$track` keeps the scroll bar drawn (where
 * the system draws one), for a box that would otherwise cut a row off with no sign of more.
 */
export const ImportScroll = styled.div<{ $reserve?: string; $least?: string; $track?: boolean }>`
  max-height: max(
    ${({ $least }) => $least ?? '240px'},
    calc(100vh - ${({ $reserve }) => $reserve ?? '480px'})
  );
  overflow-y: ${({ $track }) => ($track ? 'scroll' : 'auto')};
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

/** Below a list cut short on the server ('Menampilkan 200 dari 1.000 pesanan.'). */
export const ImportMore = styled.span`
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

/**
 * The sentence below a preview's list cut short on the server, naming what it lists:
 * `firstShown('pesanan')(200, 1000)` is 'Menampilkan 200 dari 1.000 pesanan.'.
 */
export const firstShown = (things: string) => (shown: number, total: number) =>
  `Menampilkan ${formatInteger(shown)} dari ${formatInteger(total)} ${things}.`;

/** A row of the file that cannot be read: where, and why. */
export interface ImportProblem {
  sheet: string;
  row: number;
  message: string;
}

/** The texts of the rows that cannot be read. */
export interface ImportProblemTexts {
  /** The section's title and the table's name ('Baris yang tidak terbaca'). */
  problemsTable: string;
  sheet: string;
  row: string;
  message: string;
  /** Said when the server sent only the first problems. */
  firstProblems: (shown: number, total: number) => string;
}

/** FileImportPreview's own words, the same in every import: the counts' name and the problems. */
export const IMPORT_PREVIEW_TEXTS = {
  summary: 'Ringkasan',
  problemsTable: 'Baris yang tidak terbaca',
  sheet: 'Sheet',
  row: 'Baris',
  message: 'Alasan',
  firstProblems: firstShown('baris'),
} as const satisfies ImportProblemTexts & { summary: string };

/** The preview's first rows, keyboard-scrollable, and the rows that cannot be read. */
export interface FileImportPreviewProps<T> extends Omit<TableProps<T>, 'label' | 'layout'> {
  texts: ImportProblemTexts & { summary: string };
  counts: readonly ImportCount[];
  /** The table's and its scroll region's name ('Pesanan di File'). */
  label: string;
  /** How many rows the file has (`rows` may be the first of them). */
  total: number;
  /** Said when `rows` are the first of `total`. */
  firstRows: (shown: number, total: number) => string;
  problems: readonly ImportProblem[];
  /** How many rows cannot be read (`problems` may be the first of them). */
  problemTotal: number;
  /** Between the counts and the rows (a filter, a form). */
  children?: ReactNode;
}

/**
 * An uploaded file as the server previews it: its counts, its first rows in a region that
 * scrolls (and takes the focus, so that a keyboard scrolls it too: the rows hold nothing
 * focusable), and the rows that cannot be read with their sheet, row number and why.
 */
export function FileImportPreview<T>({
  texts,
  counts,
  label,
  total,
  firstRows,
  problems,
  problemTotal,
  children,
  ...table
}: FileImportPreviewProps<T>) {
  return (
    <div>
      <ImportCounts label={texts.summary} items={counts} />
      {children}
      <ImportScroll tabIndex={0} role="region" aria-label={label}>
        <Table label={label} {...table} />
      </ImportScroll>
      {total > table.rows.length ? (
        <ImportMore>{firstRows(table.rows.length, total)}</ImportMore>
      ) : null}
      <ImportProblems texts={texts} problems={problems} total={problemTotal} />
    </div>
  );
}

/** The texts of a preview's column 'Keterangan'. */
export interface ImportStateTexts {
  /** The column's header ('Keterangan'). */
  state: string;
  matched: string;
  unmatched: string;
}

/**
 * The column 'Keterangan' of a preview's rows: the row's state ('Baru', 'Sudah ada') as a badge
 * of its tone, and below it whether an imported order matches the row.
 */
export function importStateColumn<S extends string>(
  texts: ImportStateTexts,
  labels: Readonly<Record<S, string>>,
  tones: Readonly<Record<S, Tone>>,
): TableColumn<{ state: S; matched_order_id: number | null }> {
  return {
    key: 'state',
    header: texts.state,
    render: (row) => (
      <CellLines>
        <span>
          <Badge tone={tones[row.state]}>{labels[row.state]}</Badge>
        </span>
        <CellNote>{row.matched_order_id === null ? texts.unmatched : texts.matched}</CellNote>
      </CellLines>
    ),
  };
}

const problemColumns = (texts: ImportProblemTexts): TableColumn<ImportProblem>[] => [
  { key: 'sheet', header: texts.sheet },
  {
    key: 'row',
    header: texts.row,
    align: 'right',
    nowrap: true,
    render: (problem) => formatInteger(problem.row),
  },
  { key: 'message', header: texts.message },
];

/** The rows that cannot be read, as a titled table; nothing when there are none. */
export function ImportProblems({
  texts,
  problems,
  total,
}: {
  texts: ImportProblemTexts;
  problems: readonly ImportProblem[];
  total: number;
}) {
  if (problems.length === 0) return null;
  return (
    <Section aria-label={texts.problemsTable}>
      <h3>{texts.problemsTable}</h3>
      <Table
        label={texts.problemsTable}
        columns={problemColumns(texts)}
        rows={problems}
        rowKey={(problem, index) => `${problem.sheet}-${problem.row}-${index}`}
        emptyText="-"
      />
      {total > problems.length ? (
        <ImportMore>{texts.firstProblems(problems.length, total)}</ImportMore>
      ) : null}
    </Section>
  );
}
