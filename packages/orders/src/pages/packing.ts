// Exposed as './Packing' (webpack.config.mjs); the shell lazy-loads the default export.
export { PackingPage as default } from '../features/packing/packing-page';
