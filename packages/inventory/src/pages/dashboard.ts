// Exposed as './Dashboard' (webpack.config.mjs); the shell lazy-loads the default export.
export { DashboardPage as default } from '../features/dashboard/dashboard-page';
