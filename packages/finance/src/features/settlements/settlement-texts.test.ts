import {
  SETTLEMENT_CHANNELS as CONTRACT_CHANNELS,
  SETTLEMENT_CHECK_DEFAULTS,
  SETTLEMENT_CHECK_KINDS,
  SETTLEMENT_CHECK_LABELS,
  SETTLEMENT_FEE_CATEGORIES,
  SETTLEMENT_FEE_LABELS,
  SETTLEMENT_STATUSES as CONTRACT_STATUSES,
} from '@gudang/api-client/contract';
import {
  CHECK_DEFAULTS,
  CHECK_KINDS,
  CHECK_LABELS,
  FEE_CATEGORIES,
  FEE_LABELS,
  SETTLEMENT_CHANNELS,
  SETTLEMENT_STATUSES,
} from './settlement-texts';

// The page keeps the contract's lists as values of its own (the contract's module carries the
// TypeBox schemas, kept out of the browser): they must stay the contract's, in its order.
test("the page's lists and labels are the contract's", () => {
  expect(SETTLEMENT_CHANNELS).toEqual(CONTRACT_CHANNELS);
  expect(FEE_CATEGORIES).toEqual(SETTLEMENT_FEE_CATEGORIES);
  expect(FEE_LABELS).toEqual(SETTLEMENT_FEE_LABELS);
  expect(SETTLEMENT_STATUSES).toEqual(CONTRACT_STATUSES);
  expect(CHECK_KINDS).toEqual(SETTLEMENT_CHECK_KINDS);
  expect(CHECK_LABELS).toEqual(SETTLEMENT_CHECK_LABELS);
  expect(CHECK_DEFAULTS).toEqual(SETTLEMENT_CHECK_DEFAULTS);
});
