import {
  DEFAULT_WINDOW_DAYS,
  FIELDS,
  PRODUCT_MESSAGES,
  VALIDATION_MESSAGES,
} from '@gudang/api-client';
import { useState } from 'react';
import { dateWindow, dateWindowError } from '../date-window';
import { addDaysIso, todayIso } from '../formatters';
import { useQueryParams } from './use-query-params';

export interface DateRangeParams {
  /** The dates as typed ('' when cleared). */
  startDate: string;
  endDate: string;
  startError: string | undefined;
  endError: string | undefined;
  /** Both dates are real days in the API's window, start not after end: the list may load. */
  valid: boolean;
  /** The range differs from the default window. */
  active: boolean;
  setStartDate: (date: string) => void;
  setEndDate: (date: string) => void;
  reset: () => void;
}

export interface DateRangeParamsOptions {
  /** For a second list on the page: keys `${prefix}StartDate`, `${prefix}EndDate`, `${prefix}Page`. */
  prefix?: string;
  /** The field that says 'Tanggal mulai tidak boleh setelah tanggal akhir' (the end by default). */
  reversedOn?: 'start' | 'end';
  /**
   * The default window in days before and after the shop's today (DEFAULT_WINDOW_DAYS either side
   * when left out): a list of what already happened (money released, orders shipped) looks back.
   */
  defaultDays?: { before: number; after: number };
}

const key = (prefix: string | undefined, name: string) =>
  prefix ? `${prefix}${name[0]?.toUpperCase() ?? ''}${name.slice(1)}` : name;

/**
 * A list's date range in the URL (beside useListParams' search, page and size), so that a
 * reload or a shared link keeps it. Absent dates are the default window (DEFAULT_WINDOW_DAYS
 * before to after the shop's today unless `defaultDays` says otherwise) and stay out of the
 * URL. A new range starts at page 1.
 */
export function useDateRangeParams({
  prefix,
  reversedOn = 'end',
  defaultDays = { before: DEFAULT_WINDOW_DAYS, after: DEFAULT_WINDOW_DAYS },
}: DateRangeParamsOptions = {}): DateRangeParams {
  const [today] = useState(() => todayIso());
  const defaultStart = addDaysIso(today, -defaultDays.before);
  const defaultEnd = addDaysIso(today, defaultDays.after);
  const [params, write] = useQueryParams();
  const keys = {
    startDate: key(prefix, 'startDate'),
    endDate: key(prefix, 'endDate'),
    page: key(prefix, 'page'),
  };

  const update = (changes: Record<string, string | null>) =>
    write({ ...changes, [keys.page]: null });

  const startDate = params.get(keys.startDate) ?? defaultStart;
  const endDate = params.get(keys.endDate) ?? defaultEnd;
  const allowed = dateWindow(today);
  const problem = (value: string, label: string) =>
    value === '' ? VALIDATION_MESSAGES.required(label) : dateWindowError(value, label, allowed);
  const startProblem = problem(startDate, FIELDS.startDate.label);
  const endProblem = problem(endDate, FIELDS.endDate.label);
  const reversed = !startProblem && !endProblem && startDate > endDate;
  const reversedError = reversed ? PRODUCT_MESSAGES.ledgerRange : undefined;

  return {
    startDate,
    endDate,
    startError: startProblem ?? (reversedOn === 'start' ? reversedError : undefined),
    endError: endProblem ?? (reversedOn === 'end' ? reversedError : undefined),
    valid: !startProblem && !endProblem && !reversed,
    active: startDate !== defaultStart || endDate !== defaultEnd,
    setStartDate: (date) => update({ [keys.startDate]: date === defaultStart ? null : date }),
    setEndDate: (date) => update({ [keys.endDate]: date === defaultEnd ? null : date }),
    reset: () => update({ [keys.startDate]: null, [keys.endDate]: null }),
  };
}
