/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: loaded by index.js */
// The public surface of a shared workspace package (@gudang/shared-ui, @gudang/api-client): each
// exported value's name and a fingerprint of its type, read with the TypeScript checker. The shell
// records the surface it provides, a remote the part it uses; deploy refuses a remote that uses a
// name the live shell lacks or has with another type, even when no version number was bumped
// (micro-frontend audit 4; docs/adr/0010-versioned-remotes.md, addendum).
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * The surface's entry for the package's own sources (not an export name: no identifier starts
 * with '#').
 */
const SOURCE_KEY = '#source';

/**
 * Whether `file` is one of the package's own (inside `pkgDir`, not in a library below it; the
 * package itself may be installed under a node_modules folder).
 */
function ownFile(pkgDir, file) {
  const relative = path.relative(pkgDir, file);
  return (
    !relative.startsWith('..') &&
    !path.isAbsolute(relative) &&
    !relative.split(/[\\/]/).includes('node_modules')
  );
}

const hash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** Every source file of the package (tests excluded), for the cache key. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourceFiles(file));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(file);
  }
  return out.sort();
}

/** The entry points a remote can import: the package's exports map, without './testing'. */
function entryPoints(pkgDir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const exportsMap = pkg.exports ?? { '.': pkg.main };
  return Object.entries(exportsMap)
    .filter(([subpath]) => subpath !== './testing')
    .map(([subpath, file]) => ({
      prefix: subpath === '.' ? '' : `${subpath.slice(2)}:`,
      file: path.join(pkgDir, typeof file === 'string' ? file : file.default),
    }));
}

/**
 * The key under which a name imported from `source` is recorded: 'Button' for
 * '@gudang/shared-ui', 'contract:ProductSchema' for '@gudang/api-client/contract'.
 */
function surfaceKey(pkgName, source, name) {
  const subpath = source.slice(pkgName.length + 1);
  return subpath ? `${subpath}:${name}` : name;
}

function computeSurface(dir) {
  const pkgDir = fs.realpathSync(dir);
  const ts = require('typescript');
  const entries = entryPoints(pkgDir);
  const program = ts.createProgram(
    entries.map((e) => e.file),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      esModuleInterop: true,
      resolveJsonModule: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();
  // A type with a name prints as that name and its arguments, not as its structure: another
  // release of a library (@types/react, Redux Toolkit) restructures its own types without
  // changing what the shared package exports (both sides share the library at run time, its
  // version checked apart).
  const flags =
    ts.TypeFormatFlags.NoTruncation |
    ts.TypeFormatFlags.UseFullyQualifiedType |
    ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
  /** Declared in the package's own sources (not in a library under node_modules). */
  const own = (symbol) =>
    (symbol.declarations ?? []).some((declaration) =>
      ownFile(pkgDir, declaration.getSourceFile().fileName),
    );
  const surface = {};
  for (const { prefix, file } of entries) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      // Only values exist at run time; a type-only export is erased from the remote's bundle.
      if (!(symbol.flags & ts.SymbolFlags.Value)) continue;
      const at = symbol.valueDeclaration ?? symbol.declarations?.[0] ?? source;
      const describe = (type) => checker.typeToString(type, undefined, flags);
      const typeOf = (sym) => checker.getTypeOfSymbolAtLocation(sym, at);
      // A parameter's type one level down (each property and its type), so that a changed props
      // type changes the fingerprint, not only a renamed one.
      const members = (type) =>
        // Objects only: a primitive's members are its library's (String.prototype, ...).
        !(type.flags & ts.TypeFlags.Object)
          ? ''
          : type
              .getProperties()
              // The package's own properties: those a library's type adds (a DOM attribute of
              // React's input props) belong to that library.
              .filter(own)
              .map(
                (p) =>
                  `${p.name}${p.flags & ts.SymbolFlags.Optional ? '?' : ''}: ${describe(typeOf(p))}`,
              )
              .sort()
              .join('; ');
      const type = typeOf(symbol);
      const signatures = type.getCallSignatures();
      // A function or component: its signatures (parameter and return types, not the names the
      // implementation binds); anything else: its type.
      const parts =
        signatures.length > 0
          ? signatures.map(
              (signature) =>
                `(${signature
                  .getParameters()
                  .map((p) => `${describe(typeOf(p))} {${members(typeOf(p))}}`)
                  .join(', ')}) => ${describe(signature.getReturnType())}`,
            )
          : [describe(type)];
      // Paths in the text ('import("/home/…/src/x")') differ between checkouts: keep the
      // package-relative part only.
      const text = parts
        .join('\n')
        .split(pkgDir)
        .join('<pkg>')
        // Well-known symbols print with a per-program id (__@iterator@31).
        .replace(/(__@\w+)@\d+/g, '$1');
      surface[`${prefix}${exported.name}`] = hash(
        text.replace(/import\("[^"]*node_modules\//g, 'import("'),
      );
    }
  }
  // The package's own sources the checker read, by content: equal on both sides, the surfaces
  // are the same whatever release of a library each side's types came from (compatibility.ts).
  const sources = createHash('sha256');
  for (const file of program
    .getSourceFiles()
    .map((f) => f.fileName)
    .filter((name) => ownFile(pkgDir, name))
    .sort())
    sources.update(`${path.relative(pkgDir, file)}\0${fs.readFileSync(file, 'utf8')}\0`);
  surface[SOURCE_KEY] = sources.digest('hex').slice(0, 16);
  return surface;
}

/**
 * The surface of the shared package in `pkgDir`, cached under node_modules/.cache by a hash of
 * its sources (reading it costs a TypeScript program, a few seconds).
 */
function publicSurface(pkgDir, cacheDir) {
  // The key covers this reader too: another algorithm must not reuse an older surface.
  const digest = createHash('sha256')
    .update(require('typescript').version)
    .update(fs.readFileSync(__filename));
  for (const file of [path.join(pkgDir, 'package.json'), ...sourceFiles(pkgDir)])
    digest
      .update(`${path.relative(pkgDir, file)}\0`)
      .update(fs.readFileSync(file))
      .update('\0');
  const key = digest.digest('hex').slice(0, 16);
  const cached = path.join(cacheDir, `surface-${path.basename(pkgDir)}-${key}.json`);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8'));
  const surface = computeSurface(pkgDir);
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(cached, JSON.stringify(surface));
  return surface;
}

module.exports = { publicSurface, surfaceKey, computeSurface, SOURCE_KEY };
