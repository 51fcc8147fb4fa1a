// A module adds its error codes and messages in its own files, without editing src/shared/app-error.ts or
// src/i18n/server-messages.ts (docs/architecture.md, "Errors and messages"). Two halves, as a new module meets them:
// the TypeScript checker on a planted module (its code typechecks in `new AppError`, an undeclared one and a missing
// language do not), and the registry the app builds at boot from the module list (the planted code's status and
// messages; two modules declaring one code or key stop the boot).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/shared/app-error.js';
import { buildErrorRegistry, type ErrorContribution } from '../src/shared/error-registry.js';

const SERVER = fileURLToPath(new URL('../', import.meta.url));
const PLANTED = path.join(SERVER, 'src/modules/planted');

/** A module's `<name>.errors.ts`, as the worked example in docs/architecture.md writes one. */
const plantedErrors = (pt: string) => `
import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

export const PLANTED_ERRORS = { PLANTED_FULL: 409 } as const satisfies ErrorTable;

const es = { PLANTED_FULL: 'Ya no caben más ({max}).' };

export const PLANTED_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: { PLANTED_FULL: 'No more room ({max}).' },
  ${pt}
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    planted: typeof PLANTED_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    planted: keyof typeof es;
  }
}
`;

/** Its `<name>.module.ts` and a service throwing its code (`code` in place of it, to try an undeclared one). */
const plantedModule = (code: string) => `
import { AppError } from '../../shared/app-error.js';
import type { ServerModule } from '../../shared/server-module.js';
import { PLANTED_ERRORS, PLANTED_MESSAGES } from './planted.errors.js';

export const plantedModule: ServerModule<typeof PLANTED_ERRORS, typeof PLANTED_MESSAGES> = {
  name: 'planted',
  errors: PLANTED_ERRORS,
  messages: PLANTED_MESSAGES,
};

export function refuse(max: number): never {
  throw new AppError('${code}', 'full', { params: { max }, messageKey: 'PLANTED_FULL' });
}
`;

/** The server's source files, parsed once for the three programs below. */
const parsedFiles = new Map<string, ts.SourceFile | undefined>();
let previous: ts.Program | undefined;

/** The checker's errors on the planted files (only theirs: the rest of the server is typechecked by tsc). */
function typeErrors(files: Record<string, string>): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(SERVER, 'tsconfig.json'),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('apps/server/tsconfig.json could not be read');
  const planted = new Map(Object.entries(files).map(([name, text]) => [path.join(PLANTED, name), text]));
  const options = { ...parsed.options, noEmit: true, composite: false, incremental: false };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.directoryExists = (dir) => dir === PLANTED || (directoryExists?.(dir) ?? ts.sys.directoryExists(dir));
  host.fileExists = (file) => planted.has(file) || fileExists(file);
  host.readFile = (file) => planted.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = planted.get(file);
    if (text !== undefined) return ts.createSourceFile(file, text, language);
    if (!parsedFiles.has(file)) parsedFiles.set(file, getSourceFile(file, language, ...rest));
    return parsedFiles.get(file);
  };
  const program = ts.createProgram([...planted.keys()], options, host, previous);
  previous = program;
  // Only the planted files are checked (checking the whole server here would take minutes on a busy machine).
  return [...planted.keys()].flatMap((file) => {
    const source = program.getSourceFile(file)!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${path.basename(file)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
  });
}

const PT = "pt: { PLANTED_FULL: 'Já não cabem mais ({max}).' },";

describe('a module declares its own error codes and messages', () => {
  it('its code and message key typecheck where the shared ones do, from its own files', () => {
    expect(
      typeErrors({ 'planted.errors.ts': plantedErrors(PT), 'planted.module.ts': plantedModule('PLANTED_FULL') }),
    ).toEqual([]);
  });

  it('a code no module declares does not typecheck', () => {
    const errors = typeErrors({
      'planted.errors.ts': plantedErrors(PT),
      'planted.module.ts': plantedModule('PLANTED_UNDECLARED'),
    });
    expect(errors).toEqual([expect.stringMatching(/^planted\.module\.ts: Argument of type '"PLANTED_UNDECLARED"'/)]);
  });

  it('a message missing in a language does not typecheck', () => {
    const errors = typeErrors({
      'planted.errors.ts': plantedErrors(''),
      'planted.module.ts': plantedModule('PLANTED_FULL'),
    });
    expect(errors).toEqual([expect.stringMatching(/^planted\.errors\.ts: Property 'pt' is missing/)]);
  });
});

const planted: ErrorContribution = {
  name: 'planted',
  errors: { PLANTED_FULL: 409, PLANTED_GONE: { status: 410, messageKey: 'NOT_FOUND' } },
  messages: {
    es: { PLANTED_FULL: 'Ya no caben más ({max}).', 'planted.note': 'Nota' },
    en: { PLANTED_FULL: 'No more room ({max}).', 'planted.note': 'Note' },
    pt: { PLANTED_FULL: 'Já não cabem mais ({max}).', 'planted.note': 'Nota' },
  },
};

describe('the error registry, from the module list', () => {
  it("answers a module's code with its status and its message in each language", () => {
    const registry = buildErrorRegistry([planted]);
    // The planted code is not in this program's types (the checker test above declares it): a cast, as a test may.
    const code = 'PLANTED_FULL' as AppError['code'];
    expect(registry.status(code)).toBe(409);
    expect(registry.messageKey(code)).toBe('PLANTED_FULL');
    expect(registry.message('pt', registry.messageKey(code), { max: 3 })).toBe('Já não cabem mais (3).');
    expect(registry.status('PLANTED_GONE' as AppError['code'])).toBe(410);
    expect(registry.message('en', registry.messageKey('PLANTED_GONE' as AppError['code']))).toBe('Record not found');
    // The shared codes are there beside it, and the list is sorted (the OpenAPI document's ErrorCode enum).
    expect(registry.status('CSRF_INVALID')).toBe(403);
    expect(registry.codes).toContain('PLANTED_FULL');
    expect(registry.codes).toEqual([...registry.codes].sort());
    expect(new AppError(code).code).toBe('PLANTED_FULL');
  });

  it('stops the boot when two modules declare one code, or a module declares a shared one', () => {
    const twin: ErrorContribution = { name: 'twin', errors: { PLANTED_FULL: 422 } };
    expect(() => buildErrorRegistry([planted, twin])).toThrow(
      'error code PLANTED_FULL is declared twice: by module planted and by module twin',
    );
    expect(() => buildErrorRegistry([{ name: 'twin', errors: { NOT_FOUND: 404 } }])).toThrow(
      'error code NOT_FOUND is declared twice: by the shared tables and by module twin',
    );
  });

  it('stops the boot when two modules declare one message key', () => {
    const twin: ErrorContribution = {
      name: 'twin',
      messages: { es: { 'planted.note': 'x' }, en: { 'planted.note': 'x' }, pt: { 'planted.note': 'x' } },
    };
    expect(() => buildErrorRegistry([planted, twin])).toThrow(
      'message key planted.note is declared twice: by module planted and by module twin',
    );
  });

  it('stops the boot on a code without its message, a missing text or a status that is not an error', () => {
    expect(() => buildErrorRegistry([{ name: 'mute', errors: { MUTE: 409 } }])).toThrow(
      'error code MUTE (module mute) has no message MUTE',
    );
    const { pt: _pt, ...twoLanguages } = planted.messages!;
    expect(() => buildErrorRegistry([{ ...planted, messages: twoLanguages as never }])).toThrow(
      'message PLANTED_FULL (module planted) has no text in pt',
    );
    expect(() => buildErrorRegistry([{ name: 'ok', errors: { FINE: 200 } }])).toThrow(
      'error code FINE (module ok) answers 200, not an HTTP error status',
    );
  });
});
