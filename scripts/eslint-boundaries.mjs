// ESLint rule `gudang/boundaries`: imports follow the direction of docs/architecture:
// api-client <- shared-ui <- remotes <- shell; remotes never import each other; the server reads
// only the contract of api-client. A relative path into another package is refused too (it would
// bypass the table below).
import fs from 'node:fs';
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

// Value imports by a relative path (type-only imports leave no cycle at run time).
const RELATIVE_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** The file a relative import names, or null when it is not a source file of the repository. */
function resolveRelative(from, source) {
  const base = path.resolve(path.dirname(from), source);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

/** The files a source text imports by relative value imports. */
export function relativeImports(filename, text) {
  const found = [];
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    const target = resolveRelative(filename, match[1]);
    if (target !== null) found.push(target);
  }
  return found;
}

// Files on disk and what they import, read once per lint run.
const importsOnDisk = new Map();
function importsOf(file) {
  let imports = importsOnDisk.get(file);
  if (imports === undefined) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      // gone: imports nothing
    }
    imports = relativeImports(file, text);
    importsOnDisk.set(file, imports);
  }
  return imports;
}

/** A chain of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, chain] = stack.pop();
    if (file === target) return chain;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...chain, next]]);
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between source files (value imports)' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}.' },
  },
  create(context) {
    const self = path.resolve(context.filename);
    const root = process.cwd();
    const show = (file) => path.relative(root, file);
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const target = resolveRelative(self, source);
      if (target === null) return;
      const chain = pathBack(target, self);
      if (chain !== null)
        context.report({
          node,
          messageId: 'cycle',
          data: { chain: [self, ...chain].map(show).join(' -> ') },
        });
    }
    const fromSource = (node) => {
      if (node.source) check(node, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
    };
  },
};

export const boundariesPlugin = { rules: { boundaries, 'no-cycle': noCycle } };
