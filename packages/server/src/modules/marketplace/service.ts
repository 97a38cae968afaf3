// The public face of marketplace for other modules (docs/architecture.md).
export { resolver, resolverColumns, resolverOf, type ResolverRows } from './mappings';
