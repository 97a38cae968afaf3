// Exposed as './Settlements' (webpack.config.mjs); the shell lazy-loads the default export.
export { SettlementsPage as default } from '../features/settlements/settlements-page';
