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

/**
 * The visitors that hand `check(node, source)` the source of every import and re-export and,
 * with `dynamic`, of every `import()` of a literal.
 */
function importVisitors(check, { dynamic }) {
  const fromSource = (node) => {
    if (node.source) check(node, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ...(dynamic
      ? {
          ImportExpression(node) {
            if (node.source.type === 'Literal') check(node, node.source.value);
          },
        }
      : {}),
  };
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
    return importVisitors(check, { dynamic: true });
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

/** A chain from `start` to `target` where each step goes to one of `nextOf(step)`, or null. */
function chainTo(start, target, nextOf) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [node, chain] = stack.pop();
    if (node === target) return chain;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const next of nextOf(node)) stack.push([next, [...chain, next]]);
  }
  return null;
}

/** A chain of imports from `start` back to `target`, or null. */
const pathBack = (start, target) => chainTo(start, target, importsOf);

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
    return importVisitors(check, { dynamic: false });
  },
};

// ESLint rule `gudang/server-layers`: the layers inside packages/server/src (docs/architecture.md,
// "The server"). db/ is the bottom: it imports only itself; lib/ imports db/ (never the
// reverse); seed/ imports both; neither imports plugins or modules; plugins/ import no module; a
// module imports the layers below it and, of another module, only its public service.ts; the
// stock rules every module shares are the stock kernel, lib/stock-kernel.ts, and no module
// imports them from stock-movements (STOCK_KERNEL). And no
// chain of imports leads from one folder of packages/server/src back to itself (a module folder
// counts as its own folder; tests, which may import the whole app, are left out).

/** What a file under packages/server/src may import there, by the first segment of its path. */
export const SERVER_LAYERS = {
  db: ['db', 'http-error'],
  lib: ['lib', 'db', 'http-error'],
  seed: ['seed', 'lib', 'db'],
  plugins: ['plugins', 'lib', 'db', 'seed', 'http-error', 'config', 'remote-builds'],
  modules: ['lib', 'db', 'plugins', 'permissions', 'validation', 'http-error', 'remote-builds'],
};
/**
 * The stock kernel: a product found by its code, the guarded stock deltas and the resi rule.
 * Other modules take them from lib/, never from the module whose pages use them most.
 */
export const STOCK_KERNEL = { path: 'lib/stock-kernel.ts', module: 'stock-movements' };
/** Tests may also import the test helpers and the app (and another module's test-helpers.ts). */
const TEST_EXTRAS = ['testing', 'app', 'config'];
const SERVER_SRC = path.join('packages', 'server', 'src');

/** The path of a file relative to packages/server/src, split; null outside it. */
function serverPath(file) {
  const resolved = path.resolve(file);
  const at = resolved.lastIndexOf(`${path.sep}${SERVER_SRC}${path.sep}`);
  if (at === -1) return null;
  const rel = resolved.slice(at + SERVER_SRC.length + 2).replace(/\.(ts|tsx|js|mjs)$/, '');
  return rel.split(path.sep);
}

const moduleOf = (parts) => (parts[0] === 'modules' && parts.length > 2 ? parts[1] : null);
/** The folder a file belongs to for the cycle check: `modules/<x>`, or its first segment. */
const folderOf = (parts) => {
  const module = moduleOf(parts);
  return module === null ? parts[0] : `modules/${module}`;
};
const isTestFile = (parts) => {
  const name = parts[parts.length - 1];
  return /\.test$/.test(name) || name === 'test-helpers' || parts[0] === 'testing';
};

// Every relative import, type-only ones included: a folder cycle is a design cycle either way.
const ANY_RELATIVE_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

// The folders each folder of packages/server/src imports (tests left out), read from disk once
// per lint run.
let folderGraph = null;
function readFolderGraph(srcDir) {
  const graph = new Map();
  const walk = (dir) => {
    let entries = [];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
    });
  };
  for (const file of walk(srcDir)) {
    const parts = serverPath(file);
    if (parts === null || isTestFile(parts)) continue;
    const from = folderOf(parts);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(ANY_RELATIVE_IMPORT)) {
      const target = serverPath(path.resolve(path.dirname(file), match[1]));
      if (target === null) continue;
      const to = folderOf(target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  return graph;
}

/** A chain of folders from `start` to `target` on disk, or null. */
const folderPath = (graph, start, target) =>
  chainTo(start, target, (name) => graph.get(name) ?? []);

/** @type {import('eslint').Rule.RuleModule} */
const serverLayers = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports inside the server follow its layers (db, lib, seed, plugins, modules)',
    },
    schema: [],
    messages: {
      layer: "'{{from}}' may not import '{{target}}' (allowed: {{allowed}}).",
      internal:
        "'{{from}}' imports '{{target}}', an internal file of module '{{module}}'; import its service.ts.",
      stockKernel:
        "'{{from}}' imports '{{target}}': the stock rules are the stock kernel; import {{kernel}}.",
      moduleCycle: 'Module folder cycle: {{chain}}.',
      folderCycle: 'Folder cycle: {{chain}}.',
    },
  },
  create(context) {
    const self = path.resolve(context.filename);
    const from = serverPath(self);
    if (from === null) return {};
    const layered = from[0] in SERVER_LAYERS;
    const fromModule = moduleOf(from);
    const isTest = isTestFile(from);
    const allowed = layered ? [...SERVER_LAYERS[from[0]], ...(isTest ? TEST_EXTRAS : [])] : [];
    const show = (parts) => parts.join('/');
    const srcDir = self.slice(
      0,
      self.lastIndexOf(`${path.sep}${SERVER_SRC}${path.sep}`) + SERVER_SRC.length + 1,
    );

    /** Reports the chain when `target`'s folder leads back to this file's folder. */
    function checkFolderCycle(node, target) {
      if (isTest) return;
      const fromFolder = folderOf(from);
      const toFolder = folderOf(target);
      if (toFolder === fromFolder) return;
      folderGraph ??= readFolderGraph(srcDir);
      const chain = folderPath(folderGraph, toFolder, fromFolder);
      if (chain === null) return;
      const all = [fromFolder, ...chain];
      context.report({
        node,
        messageId: all.every((f) => f.startsWith('modules/')) ? 'moduleCycle' : 'folderCycle',
        data: { chain: all.join(' -> ') },
      });
    }

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = serverPath(path.resolve(path.dirname(self), source));
      if (target === null) return;
      if (!layered) {
        checkFolderCycle(node, target);
        return;
      }
      const targetModule = moduleOf(target);
      if (fromModule !== null && targetModule === fromModule) return;
      if (targetModule !== null) {
        if (fromModule === null) {
          context.report({
            node,
            messageId: 'layer',
            data: { from: show(from), target: show(target), allowed: allowed.join(', ') },
          });
          return;
        }
        if (targetModule === STOCK_KERNEL.module && !isTest) {
          context.report({
            node,
            messageId: 'stockKernel',
            data: { from: show(from), target: show(target), kernel: STOCK_KERNEL.path },
          });
          return;
        }
        const file = target.slice(2).join('/');
        if (file !== 'service' && !(isTest && file === 'test-helpers')) {
          context.report({
            node,
            messageId: 'internal',
            data: { from: show(from), target: show(target), module: targetModule },
          });
          return;
        }
        checkFolderCycle(node, target);
        return;
      }
      if (target[0] === from[0] && fromModule === null) return;
      if (!allowed.includes(target[0])) {
        context.report({
          node,
          messageId: 'layer',
          data: { from: show(from), target: show(target), allowed: allowed.join(', ') },
        });
        return;
      }
      checkFolderCycle(node, target);
    }
    return importVisitors(check, { dynamic: true });
  },
};

export const boundariesPlugin = {
  rules: { boundaries, 'no-cycle': noCycle, 'server-layers': serverLayers },
};
