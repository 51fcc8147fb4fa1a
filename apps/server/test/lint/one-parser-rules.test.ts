import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint rules that keep money and e-mail parsing in the domain (eslint.config.js, ONE_PARSER_RULES), tried on
// planted code: a rule nobody saw fire is not known to work.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function messages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const EMAIL = /validateEmail/;
const MONEY = /parseMoney/;

describe('no local e-mail or money regular expressions outside the domain', () => {
  it.each([
    ['a literal e-mail pattern', 'export const ok = (s: string) => /^[^\\s@]+@[^\\s@]+$/.test(s);\n', EMAIL],
    ['a RegExp built from text', "export const EMAIL = new RegExp('^[^@]+@[^@]+$');\n", EMAIL],
    ['a schema pattern', "export const Body = { email: { type: 'string', pattern: '^[^@]+@[^@]+$' } };\n", EMAIL],
    ['a comma-or-point amount', 'export const money = /^(\\d{1,7})(?:[.,](\\d{2}))?$/;\n', MONEY],
    ['a point-and-two-decimals amount', 'export const money = /^\\d+(\\.\\d{1,2})?$/;\n', MONEY],
    ['a money schema pattern', "export const Price = { type: 'string', pattern: '^\\\\d+\\\\.\\\\d{2}$' };\n", MONEY],
  ])('refuses %s in the web app and in the domain outside its validators', async (_name, code, expected) => {
    for (const file of ['apps/web/src/features/wizard/lib/planted.ts', 'packages/domain/src/forms/planted.ts']) {
      const found = await messages(code, file);
      expect(found, file).toHaveLength(1);
      expect(found[0]).toMatch(expected);
    }
  });

  it.each([
    ['a step number', 'export const step = /^step(\\d{1,2})$/;\n'],
    ['a calendar day', 'export const day = /^(\\d{4})-(\\d{2})-(\\d{2})$/;\n'],
    ['a version', 'export const version = /^\\d+\\.\\d+\\.\\d+$/;\n'],
  ])('leaves %s alone', async (_name, code) => {
    expect(await messages(code, 'apps/web/src/features/wizard/lib/planted.ts')).toEqual([]);
  });

  it('lets the domain validators and money module hold the patterns', async () => {
    const email = 'export const ok = (s: string) => /^[^\\s@]+@[^\\s@]+$/.test(s);\n';
    const money = 'export const money = /^\\d+(\\.\\d{1,2})?$/;\n';
    expect(await messages(email, 'packages/domain/src/validators/planted.ts')).toEqual([]);
    expect(await messages(money, 'packages/domain/src/money/planted.ts')).toEqual([]);
  });
});
