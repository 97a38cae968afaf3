// The public face of marketplace-returns for other modules (docs/architecture.md): the
// 'Dari Marketplace' setting that PUT /api/settings saves.
export { returnSettings, saveReturnSettings, type ReturnSettings } from './settings';
