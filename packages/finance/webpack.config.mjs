import { makeConfig } from '@gudang/mf-build';

export default makeConfig({
  name: 'finance',
  dir: import.meta.dirname,
  port: 3003,
  exposes: { './Pembukuan': './src/pages/pembukuan.ts' },
});
