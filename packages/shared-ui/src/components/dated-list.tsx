import type { DatedListParams } from '../hooks/use-dated-list-params';
import { DateRangeFields } from './date-range-fields';
import { ListSection, Toolbar } from './layout';
import { ListTable } from './list-table';
import type { ListTableProps } from './list-table';
import { ListSearchBox } from './search-box';

export type DatedListProps<T> = Omit<ListTableProps<T>, 'list' | 'skip' | 'label'> & {
  /** The heading; it also names the section and the table. */
  title: string;
  searchPlaceholder: string;
  /** From useDatedListParams. */
  params: Pick<DatedListParams, 'list' | 'range' | 'skip'>;
};

/**
 * A section with a searchable list over a date range: its heading, the search box and the dates
 * (with their errors and Reset), the table and its footer. The list is not asked while the range
 * is invalid.
 */
export function DatedList<T>({ title, searchPlaceholder, params, ...table }: DatedListProps<T>) {
  const { list, range, skip } = params;
  return (
    <ListSection aria-label={title}>
      <h3>{title}</h3>
      <Toolbar>
        <ListSearchBox list={list} placeholder={searchPlaceholder} />
        <DateRangeFields range={range} />
      </Toolbar>
      <ListTable {...table} label={title} list={list} skip={skip} />
    </ListSection>
  );
}
