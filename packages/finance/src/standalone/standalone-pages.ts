import type { ComponentType } from 'react';
import { PembukuanPage } from '../features/pembukuan/pembukuan-page';

/** The pages this remote's standalone dev page links to, at the same paths as in the shell. */
export const standalonePages: { path: string; label: string; Component: ComponentType }[] = [
  { path: '/pembukuan', label: 'Pembukuan', Component: PembukuanPage },
];
