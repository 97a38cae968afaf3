// ESLint rule `gudang/boundaries`: imports follow the direction of docs/architecture:
// api-client <- shared-ui <- remotes <- shell; remotes never import each other; the server reads
// only the contract of api-client. A relative path into another package is refused too (it would
// bypass the table below).
import path from 'node:path';

/** For each workspace package: the workspace packages (or subpaths) its code may import. */
export const ALLOWED_IMPORTS = {
  'api-client': [],
  'shared-ui': ['api-client'],
  inventory: ['api-client', 'shared-ui'],
  orders: ['api-client', 'shared-ui'],
  finance: ['api-client', 'shared-ui'],
  admin: ['api-client', 'shared-ui'],
  shell: ['api-client', 'shared-ui'],
  server: ['api-client/contract'],
  e2e: [],
};

const SCOPE = '@gudang/';

/** The workspace package a file belongs to, from its path (null outside the workspace). */
export function packageOf(filename) {
  const parts = path.resolve(filename).split(path.sep);
  const at = parts.lastIndexOf('packages');
  if (at !== -1 && parts[at + 1] !== undefined && parts[at + 1] in ALLOWED_IMPORTS)
    return parts[at + 1];
  if (parts.includes('tests')) return 'e2e';
  return null;
}

function mayImport(from, target) {
  return ALLOWED_IMPORTS[from].some((rule) => target === rule || target.startsWith(`${rule}/`));
}

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the dependency direction of the workspace packages' },
    schema: [],
    messages: {
      direction: "'{{from}}' may not import '{{target}}' (allowed: {{allowed}}).",
      relative:
        "'{{from}}' reaches into '{{to}}' by a relative path; import it by its package name.",
    },
  },
  create(context) {
    const from = packageOf(context.filename);
    if (from === null) return {};
    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith(SCOPE)) {
        const target = source.slice(SCOPE.length);
        if (target.split('/')[0] === from) return;
        if (!mayImport(from, target))
          context.report({
            node,
            messageId: 'direction',
            data: { from, target: source, allowed: ALLOWED_IMPORTS[from].join(', ') || 'none' },
          });
        return;
      }
      if (source.startsWith('.')) {
        const to = packageOf(path.resolve(path.dirname(context.filename), source));
        if (to !== null && to !== from)
          context.report({ node, messageId: 'relative', data: { from, to } });
      }
    }
    const fromSource = (node) => {
      if (node.source) check(node, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

export const boundariesPlugin = { rules: { boundaries } };
