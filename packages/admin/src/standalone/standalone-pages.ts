import type { ComponentType } from 'react';
import { ActivityLogsPage } from '../features/activity-logs/activity-logs-page';
import { BarcodeGeneratorPage } from '../features/barcode-generator/barcode-generator-page';

/** The pages this remote's standalone dev page links to, at the same paths as in the shell. */
export const standalonePages: { path: string; label: string; Component: ComponentType }[] = [
  { path: '/activity-logs', label: 'Log Aktivitas', Component: ActivityLogsPage },
  { path: '/barcode-generator', label: 'Generator Barcode', Component: BarcodeGeneratorPage },
];
