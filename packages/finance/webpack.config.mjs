import { makeConfig } from '../../scripts/webpack-mf.js';

export default makeConfig({
  name: 'finance',
  dir: import.meta.dirname,
  port: 3003,
  exposes: { './Pembukuan': './src/pages/pembukuan.ts' },
});
