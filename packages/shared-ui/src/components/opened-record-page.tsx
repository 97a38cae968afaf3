// A page of records of which one at a time is open (Stok Opname's sessions, Daftar Ambil's
// batches): its id in the URL (`?sesi=12`), so that a reload or a shared link keeps it; the list
// while none is open, with a filter by status; a new record made in a modal and opened at once.
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useListParams } from '../hooks/use-list-params';
import { useQueryParams } from '../hooks/use-query-params';
import { Badge } from './badge';
import type { Tone } from './badge';
import { Button } from './button';
import { ChoiceFilter } from './choice-filter';
import { PlusIcon } from './icons';
import { ListSection, Page, PageHeader, Toolbar } from './layout';
import { ListTable } from './list-table';
import type { ListTableProps } from './list-table';
import type { TableColumn } from './table';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

export interface OpenedRecordPageProps {
  title: string;
  subtitle: string;
  /** The header button's text (shown while no record is open). */
  newLabel: string;
  /** The URL's key of the open record's id. */
  idKey: string;
  /** The open record, and how to go back to the list. */
  record: (id: number, back: () => void) => ReactNode;
  /** The list, and how to open one of its records. */
  list: (open: (id: number) => void) => ReactNode;
  /** The modal that makes a new record: closed, or made (then opened). */
  create: (close: () => void, created: (id: number) => void) => ReactNode;
}

export function OpenedRecordPage(props: OpenedRecordPageProps) {
  const [params, write] = useQueryParams();
  const id = positiveInt(params.get(props.idKey));
  const [creating, setCreating] = useState(false);
  // The lists keep their own filters in the URL while a record is open.
  const open = (next: number | null) => write({ [props.idKey]: next });

  return (
    <Page>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        actions={
          id === null ? (
            <Button icon={<PlusIcon />} onClick={() => setCreating(true)}>
              {props.newLabel}
            </Button>
          ) : null
        }
      />
      {id !== null ? props.record(id, () => open(null)) : props.list(open)}
      {creating
        ? props.create(
            () => setCreating(false),
            (made) => {
              setCreating(false);
              open(made);
            },
          )
        : null}
    </Page>
  );
}

/** The `status` of the URL when it is one of `statuses`, and its writer (back to page 1). */
export function useStatusParam<S extends string>(
  statuses: readonly S[],
): [S | undefined, (value: S | undefined) => void] {
  const [params, write] = useQueryParams();
  const status = statuses.find((value) => value === params.get('status'));
  return [status, (value) => write({ status: value ?? null, page: null })];
}

// The status filter's div (ChoiceFilter's) keeps to the width of a select.
const StatusBar = styled(Toolbar)`
  > div {
    max-width: 14rem;
  }
`;

export interface StatusToolbarProps<S extends string> {
  label: string;
  /** The empty choice: every status. */
  placeholder: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  /** From useStatusParam. */
  status: [S | undefined, (value: S | undefined) => void];
}

/** A list's toolbar with one filter: the status. */
export function StatusToolbar<S extends string>(props: StatusToolbarProps<S>) {
  const [status, setStatus] = props.status;
  return (
    <StatusBar>
      <ChoiceFilter
        label={props.label}
        placeholder={props.placeholder}
        values={props.statuses}
        labels={props.labels}
        value={status}
        onChange={setStatus}
      />
    </StatusBar>
  );
}

/**
 * The list's page and size and its status filter, from the URL, and the list query's arguments
 * (without `status`: every status).
 */
export function useStatusList<S extends string>(statuses: readonly S[]) {
  const list = useListParams();
  const status = useStatusParam(statuses);
  const args = {
    page: list.page,
    limit: list.limit,
    ...(status[0] ? { status: status[0] } : {}),
  };
  return { list, status, args };
}

/** The column of a record's status, as a badge of the status's tone. */
export function statusColumn<S extends string>(
  header: string,
  labels: Record<S, string>,
  tones: Record<S, Tone>,
): TableColumn<{ status: S }> {
  return {
    key: 'status',
    header,
    render: (row) => <Badge tone={tones[row.status]}>{labels[row.status]}</Badge>,
  };
}

export interface StatusRecordListProps<S extends string, T>
  extends
    Omit<ListTableProps<T>, 'list'>,
    Pick<StatusToolbarProps<S>, 'statuses' | 'labels' | 'placeholder'> {
  /** From useStatusList. */
  state: Pick<ReturnType<typeof useStatusList<S>>, 'list' | 'status'>;
  /** The status filter's label. */
  filterLabel: string;
  /** `label` as the list's heading too (a page with more than this list). */
  heading?: boolean;
}

/** The list of an OpenedRecordPage: its status filter above its paged table. */
export function StatusRecordList<S extends string, T>({
  state,
  statuses,
  labels,
  placeholder,
  filterLabel,
  heading,
  ...table
}: StatusRecordListProps<S, T>) {
  return (
    <ListSection aria-label={table.label}>
      {heading ? <h3>{table.label}</h3> : null}
      <StatusToolbar
        label={filterLabel}
        placeholder={placeholder}
        statuses={statuses}
        labels={labels}
        status={state.status}
      />
      <ListTable {...table} list={state.list} />
    </ListSection>
  );
}

/** The 'Aksi' column of a list whose rows open: a button `text`, labelled with the row's name. */
export function openColumn<T extends { id: number }>(
  text: string,
  nameOf: (row: T) => string,
  onOpen: (id: number) => void,
): TableColumn<T> {
  return {
    key: 'actions',
    header: 'Aksi',
    render: (row) => (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`${text} ${nameOf(row)}`}
        onClick={() => onOpen(row.id)}
      >
        {text}
      </Button>
    ),
  };
}
