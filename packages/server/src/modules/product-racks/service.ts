// The product-racks module's public face (docs/architecture.md): Rak from a file (issue 47).
export { commitRackPreview, createRackPreview, getRackPreview } from './imports';
export { parseRackFile } from './parse-racks';
