// The modules an entry of the web app imports statically, transitively, read from the sources (TypeScript's parser,
// no build): what the bundler puts in the entry's chunks before tree shaking. Type-only imports and dynamic
// `import()` (a chunk of its own, loaded later) are left out unless asked for; packages are listed by name, not followed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ModuleClosure {
  /** The source files reached (absolute paths), the entry first. */
  files: string[];
  /** Each package imported (its name: `react`, `@tanstack/react-query`) with the first file that imports it. */
  packages: Map<string, string>;
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  if (/\.(css|svg|png|json)$/.test(base)) return null; // assets: no imports of their own
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  throw new Error(`Cannot resolve ${specifier} from ${from}`);
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The specifiers a module imports or re-exports at run time (not `import type` nor `export type`). */
export function moduleImports(code: string, fileName = 'module.tsx'): { static: string[]; dynamic: string[] } {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const specifiers: string[] = [];
  const dynamic: string[] = [];
  const findDynamic = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) dynamic.push(argument.text);
    }
    ts.forEachChild(node, findDynamic);
  };
  findDynamic(source);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return { static: specifiers, dynamic };
}

/**
 * Every source file `entry` imports statically, transitively, and the packages they import; with `lazy`, also what
 * they import with `import()` (the chunks the page may load later), and so on.
 */
export function moduleClosure(entry: string, { lazy = false } = {}): ModuleClosure {
  const files: string[] = [];
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push(file);
    const imports = moduleImports(readFileSync(file, 'utf8'), file);
    for (const specifier of lazy ? [...imports.static, ...imports.dynamic] : imports.static) {
      if (specifier.startsWith('.')) {
        const resolved = resolveRelative(file, specifier);
        if (resolved) visit(resolved);
      } else {
        const name = packageName(specifier);
        if (!packages.has(name)) packages.set(name, file);
      }
    }
  };
  visit(path.resolve(entry));
  return { files, packages };
}
