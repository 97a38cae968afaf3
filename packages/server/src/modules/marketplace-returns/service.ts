// The public face of marketplace-returns for other modules (docs/architecture.md): the
// 'Dari Marketplace' setting that PUT /api/settings saves, and the name of a return file (for the
// order import's wrong-file message, src/other-imports.ts).
export { returnFileName } from './parse-returns';
export { returnSettings, saveReturnSettings, type ReturnSettings } from './settings';
