// Exposed as './ActivityLogs' (webpack.config.mjs); the shell lazy-loads the default export.
export { ActivityLogsPage as default } from '../features/activity-logs/activity-logs-page';
