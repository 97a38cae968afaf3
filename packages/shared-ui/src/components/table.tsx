import { useLayoutEffect, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import styled, { css } from 'styled-components';
import { useMediaQuery } from '../hooks/use-media-query';
import { theme } from '../theme';
import { Button } from './button';
import { Spinner } from './spinner';

export type ColumnAlign = 'left' | 'center' | 'right';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  /** Cell content; without it the row's property named `key` is shown. */
  render?: (row: T, index: number) => ReactNode;
  align?: ColumnAlign;
  width?: string;
  /**
   * Keep the cell on one line (dates, numbers, badges, buttons). Other cells wrap between words
   * (a word longer than its column breaks), so that the table fits its container.
   */
  nowrap?: boolean;
  /**
   * An identifier read character by character: a resi, barcode, code or amount. It is always
   * shown whole: longer than `codeWidth` (default CODE_WIDTH), it continues on the next line
   * rather than being cut (a phone shows no hover title). The full text is also its title.
   */
  code?: boolean;
  /** The widest a `code` value is shown before it is cut, as a CSS length. */
  codeWidth?: string;
  /**
   * Free text typed by a user (a reason, a note): in a table FREE_TEXT_WIDTH wide and three
   * lines at the most, cut with an ellipsis, its whole text in the title; whole on a phone's
   * card. A long text no longer takes the width of the columns beside it (a 1,000-character
   * reason squeezed 'Oleh' to a letter a line).
   */
  freeText?: boolean;
}

/**
 * How wide a code value is shown before it is cut: a 13-digit EAN barcode fits. Lists with
 * three code columns (barcode, product code, resi) still fit a 1280 px laptop with them.
 */
export const CODE_WIDTH = '14ch';
/** A product code ('AKS-003'): shorter than a barcode. */
export const PRODUCT_CODE_WIDTH = '13ch';
/** A marketplace resi ('SPXID5457609029'): letters and digits, a little longer. */
export const RESI_WIDTH = '16ch';
/** Free text typed by a user (a `freeText` column): about five words a line. */
const FREE_TEXT_WIDTH = '32ch';

// Free text, wrapped between words, three lines at the most (a block: table cells ignore
// max-width).
const ClippedText = styled.span`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  overflow: hidden;
  max-width: ${FREE_TEXT_WIDTH};
`;

// Whole: as wide as the text up to $width (its column never gets narrower than that), then
// broken at any character onto the next line; a block inside the cell because table cells ignore
// max-width. The page's own font, in which the widths were chosen (a product code fits 10ch).
const CodeText = styled.span<{ $width: string }>`
  display: block;
  width: max-content;
  max-width: ${({ $width }) => $width};
  white-space: normal;
  word-break: break-all;
  overflow-wrap: anywhere;
`;

/** 'auto': a table from the md breakpoint up, one card per row below it (phones). */
export type TableLayout = 'auto' | 'table' | 'cards';

export const TABLE_TEXTS = {
  loading: 'Memuat data...',
  loadFailed: 'Gagal memuat data',
  retry: 'Coba lagi',
} as const;

export interface TableProps<T> {
  columns: TableColumn<T>[];
  rows: readonly T[];
  rowKey: keyof T | ((row: T, index: number) => Key);
  /** Shown in one cell spanning every column when there are no rows. */
  emptyText: ReactNode;
  /** Rows for which this returns true get a red background (for example duplicate resi). */
  rowHighlight?: (row: T) => boolean;
  loading?: boolean;
  loadingText?: string;
  /**
   * The list could not be loaded: says so ('Gagal memuat data') instead of the empty text, which
   * would read as 'your data is gone', with a 'Coba lagi' button when onRetry is given.
   */
  failed?: boolean;
  onRetry?: () => void;
  /** Accessible name of the table (or of the card list). */
  label?: string;
  layout?: TableLayout;
}

const Frame = styled.div`
  width: 100%;
  overflow-x: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderLight};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// Tight padding (12 px between columns): ten columns and the actions fit beside the sidebar
// at 1280 px.
const cellPadding = css`
  padding: ${({ theme }) => theme.spacing.sm} 6px;
  &:first-child {
    padding-left: ${({ theme }) => theme.spacing.md};
  }
  &:last-child {
    padding-right: ${({ theme }) => theme.spacing.md};
  }
`;

const Th = styled.th<{ $align: ColumnAlign; $width?: string }>`
  ${cellPadding}
  text-align: ${({ $align }) => $align};
  width: ${({ $width }) => $width ?? 'auto'};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.02em;
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.grey50};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderLight};
  vertical-align: bottom;
`;

const Td = styled.td<{ $align: ColumnAlign; $nowrap: boolean }>`
  ${cellPadding}
  text-align: ${({ $align }) => $align};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderLight};
  vertical-align: middle;
  white-space: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'normal')};
  /* 'anywhere', not 'break-word': only it lets a long barcode or resi lower the column's minimum
     width, so the table still fits its frame when the data is longer than the demo's. */
  overflow-wrap: ${({ $nowrap }) => ($nowrap ? 'normal' : 'anywhere')};
`;

const Tr = styled.tr<{ $highlight: boolean }>`
  background: ${({ theme, $highlight }) => ($highlight ? theme.colors.redSoft : 'transparent')};
  &:hover {
    background: ${({ theme, $highlight }) => ($highlight ? theme.colors.redSoft : theme.colors.grey50)};
  }
`;

const EmptyCell = styled.td`
  padding: ${({ theme }) => theme.spacing.xxl};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CardList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const RowCard = styled.li<{ $highlight: boolean }>`
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  background: ${({ theme, $highlight }) => ($highlight ? theme.colors.redSoft : theme.colors.surface)};
  border: 1px solid
    ${({ theme, $highlight }) => ($highlight ? theme.colors.red : theme.colors.borderLight)};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Fields = styled.dl`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Field = styled.div`
  display: grid;
  grid-template-columns: minmax(80px, 35%) minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 600;
    line-height: 21px;
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

// Empty, loading and failed states in cards mode: readable text across the full width.
const Notice = styled.div`
  padding: ${({ theme }) => theme.spacing.xl};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Failed = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
`;

const FailedText = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.redText};
`;

/** The full text of a code cell for its hover title: the rendered text, else the raw value. */
function codeTitle<T>(row: T, key: string, shown: ReactNode): string | undefined {
  if (typeof shown === 'string' || typeof shown === 'number') return String(shown);
  const value: unknown = (row as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** A row's property named `key`, as a column without `render` shows it. */
export function cellValue<T>(row: T, key: string): ReactNode {
  const value: unknown = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  return String(value);
}

/**
 * Whether the table is wider than its frame (data longer than its columns can wrap: one-word
 * categories and brands are kept whole), measured after each render and when either resizes.
 * Such a frame scrolls sideways, so it must be reachable by keyboard (axe:
 * scrollable-region-focusable).
 */
function useScrollsSideways(frame: RefObject<HTMLDivElement | null>, rows: unknown): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const box = frame.current;
    if (box === null) return undefined;
    // Sub-pixel widths of a zoomed page leave a fraction of a pixel.
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    // Not every browser (nor jsdom) has ResizeObserver: each render still measures.
    if (typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild !== null) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [frame, rows]);
  return scrolls;
}

/**
 * The one list view of the kit. Wide screens get a table whose columns fit the container
 * (text wraps, tight padding); phones get one card per row with 'label: value' lines.
 */
export function Table<T>({
  columns,
  rows,
  rowKey,
  emptyText,
  rowHighlight,
  loading = false,
  loadingText = TABLE_TEXTS.loading,
  failed = false,
  onRetry,
  label,
  layout = 'auto',
}: TableProps<T>) {
  const narrow = useMediaQuery(theme.media.belowMd);
  const cards = layout === 'cards' || (layout === 'auto' && narrow);
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame, cards ? null : rows);
  const keyOf = (row: T, index: number): Key =>
    typeof rowKey === 'function' ? rowKey(row, index) : String(row[rowKey]);
  const content = (row: T, index: number, column: TableColumn<T>, inCard = false) => {
    const shown = column.render ? column.render(row, index) : cellValue(row, column.key);
    if (column.freeText && !inCard)
      return <ClippedText title={codeTitle(row, column.key, shown)}>{shown}</ClippedText>;
    if (!column.code) return shown;
    return (
      <CodeText
        $width={inCard ? '100%' : (column.codeWidth ?? CODE_WIDTH)}
        title={codeTitle(row, column.key, shown)}
        data-code=""
      >
        {shown}
      </CodeText>
    );
  };

  // Loading, failure and emptiness replace the rows.
  const notice: ReactNode = loading ? (
    <Spinner label={loadingText} />
  ) : failed ? (
    <Failed role="alert">
      <FailedText>{TABLE_TEXTS.loadFailed}</FailedText>
      {onRetry ? (
        <Button size="sm" onClick={onRetry}>
          {TABLE_TEXTS.retry}
        </Button>
      ) : null}
    </Failed>
  ) : rows.length === 0 ? (
    emptyText
  ) : null;

  if (cards) {
    return (
      <div aria-busy={loading || undefined}>
        {notice !== null ? (
          <Frame>
            <Notice>{notice}</Notice>
          </Frame>
        ) : (
          <CardList aria-label={label} data-layout="cards">
            {rows.map((row, index) => {
              const highlighted = rowHighlight?.(row) ?? false;
              return (
                <RowCard
                  key={keyOf(row, index)}
                  $highlight={highlighted}
                  data-highlighted={highlighted ? 'true' : undefined}
                >
                  <Fields>
                    {columns.map((column) => (
                      <Field key={column.key}>
                        <dt>{column.header}</dt>
                        <dd>{content(row, index, column, true)}</dd>
                      </Field>
                    ))}
                  </Fields>
                </RowCard>
              );
            })}
          </CardList>
        )}
      </div>
    );
  }

  return (
    <Frame
      ref={frame}
      // A frame that scrolls sideways is a named region in the tab order (arrow keys scroll it).
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      <StyledTable aria-label={label} aria-busy={loading || undefined} data-layout="table">
        <thead>
          <tr>
            {columns.map((column) => (
              <Th
                key={column.key}
                scope="col"
                $align={column.align ?? 'left'}
                $width={column.width}
              >
                {column.header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {notice !== null ? (
            <tr>
              <EmptyCell colSpan={columns.length}>{notice}</EmptyCell>
            </tr>
          ) : (
            rows.map((row, index) => {
              const highlighted = rowHighlight?.(row) ?? false;
              return (
                <Tr
                  key={keyOf(row, index)}
                  $highlight={highlighted}
                  data-highlighted={highlighted ? 'true' : undefined}
                >
                  {columns.map((column) => (
                    <Td
                      key={column.key}
                      $align={column.align ?? 'left'}
                      $nowrap={(column.nowrap ?? false) || (column.code ?? false)}
                    >
                      {content(row, index, column)}
                    </Td>
                  ))}
                </Tr>
              );
            })
          )}
        </tbody>
      </StyledTable>
    </Frame>
  );
}
