// Exposed as './Products' (webpack.config.mjs); the shell lazy-loads the default export.
export { ProductsPage as default } from '../features/products/products-page';
