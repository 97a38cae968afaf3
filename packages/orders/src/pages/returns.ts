// Exposed as './Returns' (webpack.config.mjs); the shell lazy-loads the default export.
export { ReturnsPage as default } from '../features/returns/returns-page';
