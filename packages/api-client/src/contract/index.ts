// The contract: TypeBox schemas and their static types, one file per area. Imported by the
// server (validation, OpenAPI) and by the browser code (types only).
export * from './common';
export * from './auth';
