import {
  DEFAULT_WINDOW_DAYS,
  FIELDS,
  PRODUCT_MESSAGES,
  VALIDATION_MESSAGES,
} from '@gudang/api-client';
import {
  addDaysIso,
  dateWindow,
  dateWindowError,
  todayIso,
  useQueryParams,
} from '@gudang/shared-ui';
import { useState } from 'react';

export interface DateRange {
  startDate: string;
  endDate: string;
  setStartDate: (value: string) => void;
  setEndDate: (value: string) => void;
  startError: string | undefined;
  endError: string | undefined;
  /** Both dates are real days in the API's window, start not after end: the lists may load. */
  valid: boolean;
}

const absent = (value: string | null, fallback: string) => (value === null ? fallback : value);

/**
 * The start and end date of the list, in the URL (startDate, endDate) like the other list
 * filters; absent means the default window, DEFAULT_WINDOW_DAYS before to after the shop's
 * today. A new date starts the list again at page 1.
 */
export function useDateRange(): DateRange {
  const [today] = useState(() => todayIso());
  const defaults = {
    startDate: addDaysIso(today, -DEFAULT_WINDOW_DAYS),
    endDate: addDaysIso(today, DEFAULT_WINDOW_DAYS),
  };
  const [params, write] = useQueryParams();
  const startDate = absent(params.get('startDate'), defaults.startDate);
  const endDate = absent(params.get('endDate'), defaults.endDate);

  const set = (key: 'startDate' | 'endDate') => (value: string) =>
    write({ [key]: value === defaults[key] ? null : value, page: null });

  const range = dateWindow(today);
  const startError = startDate
    ? dateWindowError(startDate, FIELDS.startDate.label, range)
    : VALIDATION_MESSAGES.required(FIELDS.startDate.label);
  const endError = endDate
    ? dateWindowError(endDate, FIELDS.endDate.label, range)
    : VALIDATION_MESSAGES.required(FIELDS.endDate.label);
  const reversed = !startError && !endError && startDate > endDate;

  return {
    startDate,
    endDate,
    setStartDate: set('startDate'),
    setEndDate: set('endDate'),
    startError: startError ?? (reversed ? PRODUCT_MESSAGES.ledgerRange : undefined),
    endError,
    valid: !startError && !endError && !reversed,
  };
}
