// No React component over 150 lines without a reason written beside it (docs/architecture.md, "Component size"): a
// screen that grows past that is split into a hook (state, queries, mutations) and views, or says on the line above
// why it stays whole, `// size: <reason>` (a long but flat form, say). The scan is syntactic: a component is a
// function or arrow function whose name starts with a capital letter and that returns JSX; its size is the lines from
// its declaration to its closing brace, comments and blank lines included.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 150;
/** `// size: <reason>` in the comments right above the component; the reason is a sentence, not a word. */
const MARKER = /^\/\/\s*size:\s*(.*)$/;
const MIN_REASON = 15;

const SRC = path.dirname(fileURLToPath(import.meta.url));

interface Component {
  name: string;
  line: number;
  lines: number;
  /** The reason of its `// size:` comment, or null without one. */
  reason: string | null;
}

function containsJsx(node: ts.Node): boolean {
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return true;
  return ts.forEachChild(node, containsJsx) ?? false;
}

/** Whether a function returns JSX: a return of its own (not a nested function's), or an arrow's expression body. */
function returnsJsx(fn: ts.FunctionLikeDeclaration): boolean {
  const body = fn.body;
  if (!body) return false;
  if (!ts.isBlock(body)) return containsJsx(body);
  const visit = (node: ts.Node): boolean => {
    if (ts.isFunctionLike(node)) return false;
    if (ts.isReturnStatement(node)) return node.expression !== undefined && containsJsx(node.expression);
    return ts.forEachChild(node, visit) ?? false;
  };
  return ts.forEachChild(body, visit) ?? false;
}

/** `() => ...`, `function () {...}`, or either wrapped in a call (`memo(...)`, `forwardRef(...)`). */
function functionOf(initializer: ts.Expression | undefined): ts.FunctionLikeDeclaration | null {
  if (!initializer) return null;
  if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer;
  if (ts.isParenthesizedExpression(initializer) || ts.isAsExpression(initializer))
    return functionOf(initializer.expression);
  if (ts.isCallExpression(initializer)) {
    for (const argument of initializer.arguments) {
      const fn = functionOf(argument);
      if (fn) return fn;
    }
  }
  return null;
}

/** The reason of a `// size:` comment among the comments just before `node` (its JSDoc may sit between). */
function sizeReason(source: ts.SourceFile, node: ts.Node): string | null {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  for (const range of ranges) {
    const match = MARKER.exec(source.text.slice(range.pos, range.end));
    if (match) return match[1]!.trim();
  }
  return null;
}

/** The function components declared in a .tsx source, nested ones included. */
function componentsIn(fileName: string, text: string): Component[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Component[] = [];
  const add = (name: string, fn: ts.FunctionLikeDeclaration, declaration: ts.Node) => {
    if (!/^[A-Z]/.test(name) || !returnsJsx(fn)) return;
    const start = source.getLineAndCharacterOfPosition(declaration.getStart(source)).line;
    const end = source.getLineAndCharacterOfPosition(declaration.getEnd()).line;
    found.push({ name, line: start + 1, lines: end - start + 1, reason: sizeReason(source, declaration) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) add(node.name.text, node, node);
    if (ts.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) {
        const fn = functionOf(declaration.initializer);
        // The statement carries the comments (`// size: ...` above `export const X = () => ...`).
        if (fn && ts.isIdentifier(declaration.name)) add(declaration.name.text, fn, node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Components too long without a reason, and reasons left on components that no longer need one. */
function sizeProblems(fileName: string, components: Component[]): string[] {
  return components.flatMap(({ name, line, lines, reason }) => {
    const where = `${fileName}:${line} ${name} (${lines} lines)`;
    if (lines > MAX_LINES && reason === null) return [`${where}: split it, or say why not in a // size: comment`];
    if (lines > MAX_LINES && reason!.length < MIN_REASON) return [`${where}: the // size: reason is too short`];
    if (lines <= MAX_LINES && reason !== null) return [`${where}: fits now, remove its // size: comment`];
    return [];
  });
}

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .sort();
}

/** A component of `bodyLines` lines in all (declaration and closing brace included). */
function planted(bodyLines: number, comment = ''): string {
  const filler = Array.from({ length: bodyLines - 3 }, (_, i) => `  const v${i} = ${i};`);
  return [comment, 'export function Planted() {', ...filler, '  return <p />;', '}'].join('\n');
}

/** The problems of one file's text. */
const check = (text: string) => sizeProblems('a.tsx', componentsIn('a.tsx', text));

describe('component sizes', () => {
  it('flags a component over 150 lines, and only without a reason beside it', () => {
    expect(componentsIn('a.tsx', planted(151))).toMatchObject([{ name: 'Planted', lines: 151, reason: null }]);
    expect(check(planted(151))).toEqual([
      'a.tsx:2 Planted (151 lines): split it, or say why not in a // size: comment',
    ]);
    expect(check(planted(150))).toEqual([]);
    expect(check(planted(151, '// size: one flat form, each field a line'))).toEqual([]);
    expect(check(planted(151, '// size: long'))).toHaveLength(1);
    expect(check(planted(150, '// size: one flat form, each field a line'))).toHaveLength(1);
  });

  it('finds arrow components and wrapped ones, and leaves out functions that return no JSX', () => {
    const text = [
      'const Arrow = () => <p />;',
      'export const Memo = memo(function Inner() { return <p />; });',
      'function useThing() { return <p />; }',
      'function Helper() { return 1; }',
      'function Outer() { const render = () => <p />; return null; }',
      'function Maybe({ a }: { a: boolean }) { if (a) return null; return <>{a}</>; }',
    ].join('\n');
    expect(componentsIn('b.tsx', text).map((c) => c.name)).toEqual(['Arrow', 'Memo', 'Maybe']);
  });

  // Parsing every .tsx takes seconds on a busy 2-core machine: a hang guard, not a performance limit.
  it('no component in apps/web/src is over 150 lines without a reason', { timeout: 60_000 }, () => {
    const scanned = sourceFiles().map((file) => ({
      file,
      components: componentsIn(file, readFileSync(path.join(SRC, file), 'utf8')),
    }));
    // A scan that found nothing would pass everything.
    expect(scanned.flatMap(({ components }) => components).length).toBeGreaterThan(200);
    expect(scanned.flatMap(({ file, components }) => sizeProblems(file, components))).toEqual([]);
  });
});
