import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

// Noto Sans (SIL Open Font License) covers Latin, Greek and Cyrillic: "Zoë Łukasz", "Ó Súilleabháin", "Ђорђе" and
// "Παπαδόπουλος" print as themselves, where pdf-lib's standard fonts (WinAnsi) printed "?". The TrueType files come
// from an npm package; each document embeds only the glyphs it uses (docs/decisions/0026-unicode-pdf-font.md).

const require = createRequire(import.meta.url);
const PACKAGE = '@expo-google-fonts/noto-sans';
const FILES = {
  regular: `${PACKAGE}/400Regular/NotoSans_400Regular.ttf`,
  bold: `${PACKAGE}/700Bold/NotoSans_700Bold.ttf`,
  italic: `${PACKAGE}/400Regular_Italic/NotoSans_400Regular_Italic.ttf`,
  boldItalic: `${PACKAGE}/700Bold_Italic/NotoSans_700Bold_Italic.ttf`,
} as const;

export type FontStyle = keyof typeof FILES;
export type FontFiles = Record<FontStyle, Uint8Array>;

let loading: Promise<FontFiles> | null = null;

/** The four TrueType files, read once per process (about 2.5 MB, kept for the process's life). */
export function fontFiles(): Promise<FontFiles> {
  loading ??= (async () => {
    const entries = await Promise.all(
      (Object.keys(FILES) as FontStyle[]).map(
        async (style) => [style, new Uint8Array(await readFile(require.resolve(FILES[style])))] as const,
      ),
    );
    return Object.fromEntries(entries) as FontFiles;
  })();
  // A failed read is not cached: the next document tries again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
