// Exposed as './Users' (webpack.config.mjs); the shell lazy-loads the default export.
export { UsersPage as default } from '../features/users/users-page';
