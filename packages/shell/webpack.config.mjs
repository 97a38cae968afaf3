import { makeConfig } from '@gudang/mf-build';

// The shell is built with no remotes: it reads /remotes.json at run time.
export default makeConfig({ name: 'shell', dir: import.meta.dirname, port: 3000, isHost: true });
