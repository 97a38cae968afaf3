// The public face of settlements for other modules (docs/architecture.md): the cell readers of
// the marketplaces' money files, which the return import (issue 46) shares, and the 'Perlu
// dicek' settings PUT /api/settings saves.
export {
  CELL_MESSAGES,
  cleanHeader,
  cut,
  headerCell,
  senValue,
  settlementDate,
  wrongFileMessage,
} from './settlement-values';
export { incomeFileName } from './parse-settlements';
export { saveSettlementSettings, settlementSettings } from './settings';
