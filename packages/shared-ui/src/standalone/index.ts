// Dev-only entry (`@gudang/shared-ui/standalone`): kept out of the main index so that it never
// reaches the shell's or the remotes' production chunks.
export { StandaloneApp } from './standalone-app';
export type { StandaloneAppProps, StandalonePage } from './standalone-app';
export { DevLoginForm } from './dev-login-form';
