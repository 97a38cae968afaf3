// Exposed as './Pembukuan' (webpack.config.mjs); the shell lazy-loads the default export.
export { PembukuanPage as default } from '../features/pembukuan/pembukuan-page';
