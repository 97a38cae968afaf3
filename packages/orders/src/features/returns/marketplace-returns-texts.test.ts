import {
  MARKETPLACE_RETURN_LIST_LABELS,
  MARKETPLACE_RETURN_LISTS,
  MARKETPLACE_RETURN_STATUS_LABELS,
  MARKETPLACE_RETURN_TYPE_LABELS,
  RETURN_CHECK_DEFAULTS,
  RETURN_FILE_CHANNELS as CONTRACT_FILE_CHANNELS,
  RETURN_FILE_FORMAT_LABELS,
  RETURN_IMPORT_STATES,
} from '@gudang/api-client/contract';
import {
  BOARD_LISTS,
  DEFAULT_RETURN_CHECK_DAYS,
  FORMAT_LABELS,
  IMPORT_STATE_LABELS,
  LIST_LABELS,
  RETURN_FILE_CHANNELS,
  RETURN_STATUS_LABELS,
  TYPE_LABELS,
} from './marketplace-returns-texts';

// The page keeps the contract's lists as values of its own (the contract's module carries the
// TypeBox schemas, kept out of the browser): they must stay the contract's, in its order.
test("the page's lists and labels are the contract's", () => {
  expect(RETURN_FILE_CHANNELS).toEqual(CONTRACT_FILE_CHANNELS);
  expect(BOARD_LISTS).toEqual(MARKETPLACE_RETURN_LISTS);
  expect(LIST_LABELS).toEqual(MARKETPLACE_RETURN_LIST_LABELS);
  expect(TYPE_LABELS).toEqual(MARKETPLACE_RETURN_TYPE_LABELS);
  expect(RETURN_STATUS_LABELS).toEqual(MARKETPLACE_RETURN_STATUS_LABELS);
  expect(FORMAT_LABELS).toEqual(RETURN_FILE_FORMAT_LABELS);
  expect(Object.keys(IMPORT_STATE_LABELS)).toEqual([...RETURN_IMPORT_STATES]);
  expect(IMPORT_STATE_LABELS.sudah_ada).toBe('Sudah ada');
  expect(DEFAULT_RETURN_CHECK_DAYS).toBe(RETURN_CHECK_DEFAULTS.return_check_days);
});
