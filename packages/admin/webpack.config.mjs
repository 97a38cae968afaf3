import { makeConfig } from '@gudang/mf-build';
// The exposed modules, in a file of their own so that the shell's route test reads the same list.
import exposes from './exposes.json' with { type: 'json' };

export default makeConfig({
  name: 'admin',
  dir: import.meta.dirname,
  port: 3004,
  exposes,
});
