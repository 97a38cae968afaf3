// Exposed as './Reports' (webpack.config.mjs); the shell lazy-loads the default export.
export { ReportsPage as default } from '../features/reports/reports-page';
