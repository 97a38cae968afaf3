// Exposed as './Deploys' (webpack.config.mjs); the shell lazy-loads the default export.
export { DeploysPage as default } from '../features/deploys/deploys-page';
