// Exposed as './PickBatches' (webpack.config.mjs); the shell lazy-loads the default export.
export { PickBatchesPage as default } from '../features/pick-batches/pick-batches-page';
