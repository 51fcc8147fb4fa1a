// Every 4xx a route's handler can throw is in its OpenAPI responses (docs/api-errors.md, "Thrown statuses are
// documented"). Statically: the TypeScript checker follows each route handler's calls through the server's own
// functions and methods, collects the codes of every `new AppError('CODE')` it reaches, and maps them to statuses with
// the app's error registry (the one code -> status table, built from the module list). This over-approximates (a branch never taken for this route still
// counts) and under-approximates where a call goes through an interface or a callback registry (payment providers,
// listeners): the direction checked is the one a client relies on, "a status the handler can throw is documented".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/app.js';
import type { ErrorCode } from '../../src/shared/app-error.js';
import { buildErrorRegistry } from '../../src/shared/error-registry.js';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = path.join(SERVER, 'src') + path.sep;
const doc = JSON.parse(readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

/**
 * Thrown and not documented, on purpose. Each entry says why the status cannot reach the client from that route.
 * Keep it short: a new entry needs a reason a reviewer accepts.
 */
const EXCEPTIONS: Record<string, string> = {
  'get /api/auth/oidc/{audience}/callback 401':
    'OIDC_FAILED is caught in the handler: the browser is redirected (302) to the sign-in page with the code',
  'get /api/auth/oidc/{audience}/callback 403': 'likewise FORBIDDEN, OIDC_EMAIL_NOT_VERIFIED and OIDC_NO_ROLE',
};

/**
 * Operations registered in a loop from a table (one handler per family, a URL built at run time), which the scan does
 * not see: saved-item kinds, notification feeds, the item and ticket actions, the statistics, a provider payment's files.
 */
const NOT_SCANNED = [
  /^\/api\/me\/(notifications|activities)(\/|$)/,
  /^\/api\/me\/(properties|companies|vehicles|documents)(\/|$)/,
  /^\/api\/backoffice\/items\/\{itemId\}\/(close|not-processing|postpone|delegate|reference|priority|deadline|provider|lead\/|client-status|attributes|data-changes\/alert)/,
  /^\/api\/backoffice\/tickets\/\{ticketId\}\/(close|delegate|rel_pedido|save_note|del_note|fix_note|unfix_note|postponer|convert_lead)/,
  /^\/api\/backoffice\/statistics\//,
  /^\/api\/backoffice\/config-lists\/provider_payments\//,
];

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

interface Route {
  method: string;
  path: string;
  handler: ts.Node;
  file: string;
}

type FunctionWithBody = ts.FunctionLikeDeclaration & { body: ts.Node };

function program(): ts.Program {
  const configFile = path.join(SERVER, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('apps/server/tsconfig.json could not be read');
  // The domain package's sources, as the tests run them (no build needed).
  return ts.createProgram(parsed.fileNames, { ...parsed.options, customConditions: ['@ventanilla/source'] });
}

/** `app.get('/api/x/:id', options, handler)` and its kin, in every routes file. */
function routesOf(sourceFile: ts.SourceFile): Route[] {
  const routes: Route[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      METHODS.has(node.expression.name.text) &&
      node.arguments.length >= 2
    ) {
      const [url] = node.arguments;
      const handler = node.arguments[node.arguments.length - 1];
      if (url && handler && ts.isStringLiteralLike(url) && url.text.startsWith('/') && ts.isFunctionLike(handler)) {
        routes.push({
          method: node.expression.name.text,
          path: url.text.replace(/:(\w+)/g, '{$1}'),
          handler,
          file: path.relative(SERVER, sourceFile.fileName),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return routes;
}

function hasBody(node: ts.Node | undefined): node is FunctionWithBody {
  return node !== undefined && ts.isFunctionLike(node) && 'body' in node && node.body !== undefined;
}

/** The bodies a call can run: the server's own functions, methods and arrow functions it names. */
function targets(checker: ts.TypeChecker, callee: ts.Expression): FunctionWithBody[] {
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const found: FunctionWithBody[] = [];
  for (const declaration of symbol?.declarations ?? []) {
    if (!declaration.getSourceFile().fileName.startsWith(SOURCE)) continue;
    if (hasBody(declaration)) found.push(declaration);
    else if (
      (ts.isVariableDeclaration(declaration) ||
        ts.isPropertyAssignment(declaration) ||
        ts.isPropertyDeclaration(declaration)) &&
      hasBody(declaration.initializer)
    )
      found.push(declaration.initializer);
  }
  return found;
}

/** The codes an AppError's first argument can hold: a literal, or each branch of a conditional. */
function codesOf(argument: ts.Expression | undefined): string[] | null {
  if (!argument) return null;
  if (ts.isStringLiteralLike(argument)) return [argument.text];
  if (ts.isConditionalExpression(argument)) {
    const [a, b] = [codesOf(argument.whenTrue), codesOf(argument.whenFalse)];
    return a && b ? [...a, ...b] : null;
  }
  if (ts.isParenthesizedExpression(argument) || ts.isAsExpression(argument)) return codesOf(argument.expression);
  return null;
}

interface Reach {
  codes: Set<string>;
  /** `new AppError(code)` with a code the scan cannot read (a variable): where, to read by hand. */
  dynamic: Set<string>;
}

function reachable(checker: ts.TypeChecker, start: ts.Node): Reach {
  const reach: Reach = { codes: new Set(), dynamic: new Set() };
  const seen = new Set<ts.Node>();
  const walk = (node: ts.Node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError') {
      const codes = codesOf(node.arguments?.[0]);
      if (codes) codes.forEach((code) => reach.codes.add(code));
      else {
        const file = node.getSourceFile();
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        reach.dynamic.add(`${path.relative(SERVER, file.fileName)}:${line + 1}`);
      }
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      for (const target of targets(checker, node.expression)) {
        if (seen.has(target)) continue;
        seen.add(target);
        walk(target.body);
      }
    }
    ts.forEachChild(node, walk);
  };
  walk(start);
  return reach;
}

const registry = buildErrorRegistry(MODULES);
const status = (code: string) => registry.status(code as ErrorCode);

describe('the error statuses a handler can throw', () => {
  const checker = (() => {
    const p = program();
    return { program: p, checker: p.getTypeChecker() };
  })();
  const routes = checker.program
    .getSourceFiles()
    .filter((file) => file.fileName.startsWith(SOURCE) && file.fileName.endsWith('.routes.ts'))
    .flatMap(routesOf)
    .filter((route) => doc.paths[route.path]?.[route.method]);
  const reaches = routes.map((route) => ({ route, reach: reachable(checker.checker, route.handler) }));

  it('finds every route of the document but those registered in a loop, and the codes thrown under them', () => {
    // A scan that found nothing would pass everything: every documented operation is scanned or known not to be.
    const scanned = new Set(routes.map((route) => `${route.method} ${route.path}`));
    const missed = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item)
        .map((method) => `${method} ${p}`)
        .filter((op) => !scanned.has(op) && !NOT_SCANNED.some((pattern) => pattern.test(op.split(' ')[1]!))),
    );
    expect(missed).toEqual([]);
    const codes = new Set(reaches.flatMap(({ reach }) => [...reach.codes]));
    expect(codes.size).toBeGreaterThan(30);
    for (const code of codes) expect(status(code), code).toBeDefined();
  });

  it('every 4xx a route can throw is documented on it', () => {
    const undocumented: string[] = [];
    for (const { route, reach } of reaches) {
      const responses = doc.paths[route.path]![route.method]!.responses;
      const statuses = new Set([...reach.codes].map(status).filter((s) => s >= 400 && s < 500));
      for (const s of [...statuses].sort()) {
        const key = `${route.method} ${route.path} ${s}`;
        if (!responses[s] && !EXCEPTIONS[key]) {
          const codes = [...reach.codes].filter((code) => status(code) === s).sort();
          undocumented.push(`${key} (${codes.join(', ')})`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('every exception is still needed', () => {
    const thrown = new Set(
      reaches.flatMap(({ route, reach }) => [...reach.codes].map((c) => `${route.method} ${route.path} ${status(c)}`)),
    );
    expect(Object.keys(EXCEPTIONS).filter((key) => !thrown.has(key))).toEqual([]);
  });
});
