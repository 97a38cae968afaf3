import { makeConfig } from '@gudang/mf-build';
// The exposed modules, in a file of their own so that the shell's route test reads the same list.
import exposes from './exposes.json' with { type: 'json' };
// The pages it shows in the shell's menu (issue 49, docs/adr/0027): stamped into mf-manifest.json,
// checked against the contract's page rules by the deploy, the shell and its own unit test.
import pages from './pages.json' with { type: 'json' };

export default makeConfig({
  name: 'inventory',
  dir: import.meta.dirname,
  port: 3001,
  exposes,
  pages,
});
