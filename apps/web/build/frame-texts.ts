import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { needsIcuEngine } from '../../../packages/domain/src/i18n/format-message.ts';
import { en } from '../src/shared/i18n/en.ts';
import { es } from '../src/shared/i18n/es.ts';
import { pt } from '../src/shared/i18n/pt.ts';
import { moduleClosure } from './module-closure.ts';

// A page hydrated as islands (src/islands.tsx, docs/decisions/0028-home-page-islands.md) needs, beyond the texts its
// markup carried, only those its frame can show: the signed-in header, the notices, the impersonation banner, the
// cookie dialog, the update prompt. `virtual:frame-texts/<language>` is that part of the language's catalogue, picked
// at build time from the catalogue itself: the keys the islands' modules name (their closure, lazy chunks included),
// as a string (`t('nav.orders')`) or as the fixed start of a template (`t(`legal.${slug}`)`: every `legal.` key).
// With a text among them that needs the ICU engine, the module imports it. The development server answers with
// the whole catalogue instead (always current).

const PREFIX = 'virtual:frame-texts/';
const CATALOGUES: Record<string, Readonly<Record<string, string>>> = { es, en, pt };
/** The catalogues' own files: their keys are the catalogue, not what the frame uses. */
const CATALOGUE_FILE = /[\\/]shared[\\/]i18n[\\/](?:(?:es|en|pt)\.ts|features[\\/])/;

/** The catalogue keys the modules of `entry` name (see above); `keys` is the reference catalogue's. */
export function frameTextKeys(entry: string, keys: readonly string[] = Object.keys(es)): string[] {
  const known = new Set(keys);
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) && known.has(node.text)) found.add(node.text);
    if (ts.isTemplateExpression(node) && node.head.text.endsWith('.')) {
      for (const key of keys) if (key.startsWith(node.head.text)) found.add(key);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of moduleClosure(entry, { lazy: true }).files) {
    if (CATALOGUE_FILE.test(file)) continue;
    visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  }
  return keys.filter((key) => found.has(key));
}

/** The Vite plugin: `virtual:frame-texts/es` (and en, pt) for the islands' entry `entry`. */
export function frameTexts(entry: string, sources: string): Plugin {
  let serve = false;
  let keys: string[] | null = null;
  return {
    name: 'ventanilla:frame-texts',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const language = id.slice(PREFIX.length + 1);
      const catalogue = CATALOGUES[language];
      if (!catalogue) return this.error(`No catalogue for ${id.slice(1)}`);
      if (serve) {
        const file = path.join(sources, 'shared/i18n', `${language}.ts`);
        return `import '@ventanilla/domain/icu';\nexport { ${language} as default } from ${JSON.stringify(file)};\n`;
      }
      keys ??= frameTextKeys(entry);
      const texts = Object.fromEntries(keys.map((key) => [key, catalogue[key]]));
      const icu = Object.values(texts).some((text) => text !== undefined && needsIcuEngine(text));
      return `${icu ? "import '@ventanilla/domain/icu';\n" : ''}export default ${JSON.stringify(texts)};\n`;
    },
  };
}
