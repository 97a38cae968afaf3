// The indeterminate progress bar moved to the UI kit (Penghasilan Marketplace's import uses it too).
export { ProgressNote } from '@gudang/shared-ui';
