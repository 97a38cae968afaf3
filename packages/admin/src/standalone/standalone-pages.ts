import type { StandalonePage } from '@gudang/shared-ui/standalone';
import ActivityLogsPage from '../pages/activity-logs';
import BarcodeGeneratorPage from '../pages/barcode-generator';
import UsersPage from '../pages/users';
import DeploysPage from '../pages/deploys';

/**
 * The pages this remote's standalone dev page links to, at the same paths as in the shell: the
 * same modules the remote exposes.
 */
export const standalonePages: StandalonePage[] = [
  { path: '/activity-logs', label: 'Log Aktivitas', Component: ActivityLogsPage },
  { path: '/barcode-generator', label: 'Generator Barcode', Component: BarcodeGeneratorPage },
  { path: '/users', label: 'Pengguna', Component: UsersPage },
  { path: '/deploys', label: 'Deploy', Component: DeploysPage },
];
