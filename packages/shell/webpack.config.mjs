import { makeConfig } from '@gudang/mf-build';
import { PwaFiles } from './pwa/pwa-files.mjs';

// The shell is built with no remotes: it reads /remotes.json at run time.
const config = makeConfig({ name: 'shell', dir: import.meta.dirname, port: 3000, isHost: true });

// Installable (issue 48): the manifest, its icons and the service worker (pwa/).
export default (env, argv) => {
  const built = config(env, argv);
  return { ...built, plugins: [...built.plugins, new PwaFiles()] };
};
