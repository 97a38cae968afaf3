// Reads the package's own sources with Node.js and TypeScript's parser, which jest runs this in.
/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidate = [`${base}.ts`, path.join(base, 'index.ts')].find(existsSync);
  if (!candidate) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return candidate;
}

interface Finding {
  file: string;
  problem: string;
}

/** What `entry` reaches through value imports and re-exports: packages and module state. */
function reached(entry: string): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const name = path.relative(__dirname, file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      let specifier: string | undefined;
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
        const bindings = statement.importClause?.namedBindings;
        const onlyTypes =
          statement.importClause?.name === undefined &&
          bindings !== undefined &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((element) => element.isTypeOnly);
        if (!onlyTypes) specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      } else if (
        ts.isExportDeclaration(statement) &&
        statement.moduleSpecifier &&
        !statement.isTypeOnly
      ) {
        specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      } else if (
        ts.isVariableStatement(statement) &&
        (statement.declarationList.flags & ts.NodeFlags.Const) === 0
      ) {
        findings.push({ file: name, problem: 'module state (let/var)' });
      }
      if (specifier === undefined) continue;
      if (specifier.startsWith('.')) visit(resolveRelative(file, specifier));
      else findings.push({ file: name, problem: `imports ${specifier}` });
    }
  };
  visit(entry);
  return findings;
}

// The browser evaluates all of the root entry at every start (a shared module is not
// tree-shaken): the TypeBox schemas are the server's, and no value the browser needs may bring
// them (contract/remotes.ts's kill-switch texts did, about 34 KB).
test('the root entry reaches no TypeBox', () => {
  const typebox = reached(path.join(__dirname, 'index.ts')).filter(({ problem }) =>
    problem.includes('@sinclair/typebox'),
  );
  expect(typebox).toEqual([]);
});
