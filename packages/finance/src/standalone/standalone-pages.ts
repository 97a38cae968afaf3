import type { StandalonePage } from '@gudang/shared-ui/standalone';
import PembukuanPage from '../pages/pembukuan';
import SettlementsPage from '../pages/settlements';

/**
 * The pages this remote's standalone dev page links to, at the same paths as in the shell: the
 * same modules the remote exposes.
 */
export const standalonePages: StandalonePage[] = [
  { path: '/pembukuan', label: 'Pembukuan', Component: PembukuanPage },
  { path: '/settlements', label: 'Penghasilan Marketplace', Component: SettlementsPage },
];
