import { makeConfig } from '@gudang/mf-build';

export default makeConfig({
  name: 'admin',
  dir: import.meta.dirname,
  port: 3004,
  exposes: {
    './ActivityLogs': './src/pages/activity-logs.ts',
    './BarcodeGenerator': './src/pages/barcode-generator.ts',
  },
});
