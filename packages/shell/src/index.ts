// The shell's entry. It imports nothing shared statically (React, the UI kit, the store arrive
// with bootstrap), so the work below starts at once, in parallel with those chunks: the resilience
// plugin, /remotes.json (preloaded by index.html) and, with a session, the opened page's remote
// (its manifest, entry and page chunk).
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { registerServiceWorker } from './pwa/service-worker';
import { killSwitchKnown } from './remotes/kill-switch';
import { preloadPage } from './remotes/page-loads';
import {
  ensureRemotesRegistered,
  noteBuildInfo,
  refreshRemotes,
  wantDeclaredPages,
} from './remotes/remote-registry';
import { resiliencePlugin } from './remotes/resilience-plugin';
import { findRoute } from './routes';

declare const __GUDANG_PROVIDES__: Record<string, string>;
// Replaced by webpack with the build's mode.
declare const process: { env: { NODE_ENV?: string } };

registerPlugins([
  resiliencePlugin({
    provides: __GUDANG_PROVIDES__,
    refresh: (remote) => refreshRemotes(remote),
    onBuildInfo: noteBuildInfo,
  }),
]);

// The kill switch (?disable-remotes=, the setting disabled_remotes) is read before any remote
// is registered: a switched-off remote's files are never requested.
void killSwitchKnown();
// A failure is shown (with a retry) by the first page.
ensureRemotesRegistered().catch(() => undefined);

// With a session (api-client's TOKEN_KEY, read directly: api-client is a shared package), fetch
// the page of the opened URL while everything else loads; a role the page refuses only costs a
// download.
let signedIn = false;
try {
  signedIn = window.localStorage.getItem('token') !== null;
} catch {
  // storage blocked: no session
}
// Signed in: the remotes' declared pages are read as soon as they are registered (the menu).
if (signedIn) wantDeclaredPages();
const openedRoute = signedIn ? findRoute(window.location.pathname) : undefined;
if (openedRoute) preloadPage(openedRoute);

// The dynamic imports let Module Federation set up the shared modules before the app runs. This
// module (with api-client, which it imports), the UI kit, then the app are evaluated one after
// the other, each in a task of its own (index.html has asked for all their files at once): on a
// phone's CPU one long task fewer (total blocking time, issue 48).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void nextTask()
  .then(() => import('@gudang/shared-ui'))
  .then(nextTask, () => undefined)
  .then(() => import('./bootstrap'));

// Production builds only: a development server's files are not versioned.
if (process.env.NODE_ENV === 'production') registerServiceWorker();
