// The pick-batches module's public face (docs/architecture.md): Daftar Ambil (issue 47).
export {
  availableOrders,
  batchDetail,
  cancelBatch,
  createBatch,
  getBatch,
  listBatches,
  NoOrdersToTake,
  recordPick,
} from './batches';
