// Versioned, immutable remote builds (docs/adr/0010-versioned-remotes.md). A build lives in
// REMOTES_DIR/<name>/<version>/ and is served as /remotes/<name>/<version>/; the live list (the
// /remotes.json the shell reads) points each remote at one of them. Deploy copies a build in,
// checks it against the live shell, then switches the list atomically; rollback switches back.
// This file is the folder's public face; the work is done in:
//   manifest.ts       a build folder and its mf-manifest.json
//   compatibility.ts  a build against the live shell (problems by kind)
//   store.ts          REMOTES_DIR: live list, history, lock, atomic writes
//   commands.ts       deploy, rollback, mark-bad, unmark-bad, prune, list
//   contract.ts       the API contract a build uses against the one this server serves
//   start-builds.ts   the builds `npm start` registers
export {
  buildProblems,
  checkBuild,
  shellProblems,
  shellProvides,
  shellSurface,
  unmetSurface,
} from './compatibility';
export {
  PRUNE_GRACE_MS,
  deployRemote,
  deployWithLockHeld,
  listRemotes,
  setBad,
  pruneRemote,
  rollbackRemote,
  setBadWithLockHeld,
  rollbackWithLockHeld,
  type DeployOptions,
  type DeployResult,
  type RemoteListing,
  type RollbackOptions,
} from './commands';
export {
  SHELL,
  buildDigest,
  insideBuild,
  manifestFiles,
  manifestVersion,
  readManifest,
  versionEntry,
  versionOfEntry,
  type BuildManifest,
  type Surfaces,
} from './manifest';
export { DeployError, type BuildProblem, type DeployErrorKind } from './problems';
export { registerStartBuilds } from './start-builds';
export {
  BUILD_NAMES,
  HISTORY_FILE,
  LIVE_LIST_FILE,
  LIVE_SHELL_FILE,
  LOCK_FILE,
  LOCK_WAIT_MS,
  badVersions,
  deployLockEvents,
  liveShellDir,
  liveShellVersion,
  liveShellVersionIn,
  readHistory,
  readList,
  storeFor,
  withDeployLock,
  withDeployLockAsync,
  writeAtomically,
  type HistoryEntry,
  type RemoteStore,
} from './store';
