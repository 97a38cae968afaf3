// The contract: TypeBox schemas and their static types, one file per area. Imported by the
// server (validation, OpenAPI) and by the browser code (types only). No React or RTK here.
export * from './constants';
export * from './input-rules';
export * from './common';
export * from './auth';
export * from './products';
export * from './dashboard';
export * from './incoming-goods';
export * from './outgoing-goods';
export * from './damaged-goods';
export * from './barcode';
export * from './reports';
export * from './orders';
export * from './restock';
export * from './pembukuan';
export * from './marketplace';
export * from './packing';
export * from './returns';
export * from './stock-opname';
export * from './activity-logs';
export * from './remotes';
export * from './compatibility';
export * from './permissions';
