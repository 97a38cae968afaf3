// The public face of reservations (Stok Tersedia, issue 44) for other modules.
export { freeStockOf, handSaleRefusal, reservedFor, reservedLines, withReserved } from './reserved';
export {
  defaultStoreId,
  storeForFile,
  storeForUpload,
  storeIdField,
  type FileStore,
} from './stores';
export { reservationSettings, saveReservationSettings } from './settings';
