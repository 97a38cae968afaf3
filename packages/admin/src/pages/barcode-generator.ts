// Exposed as './BarcodeGenerator' (webpack.config.mjs); the shell lazy-loads the default export.
export { BarcodeGeneratorPage as default } from '../features/barcode-generator/barcode-generator-page';
