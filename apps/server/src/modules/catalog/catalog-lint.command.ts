// npm run catalog:lint [dir]: reads the catalogue files (default catalog/, or CATALOG_DIR) and exits 1 on problems.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogFileError, readCatalogFiles } from './catalog-files.js';
import { lintCatalogFiles } from './catalog-lint.js';

const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../..');
const dir = path.resolve(process.argv[2] ?? process.env.CATALOG_DIR ?? path.join(repoRoot, 'catalog'));

try {
  const files = await readCatalogFiles(dir);
  const problems = lintCatalogFiles(files);
  for (const p of problems) console.error(`${p.url_key}: [${p.rule}] ${p.message}`);
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s) in ${dir}`);
    process.exitCode = 1;
  } else {
    console.log(`${dir}: ${files.products.length} products, ${files.forms.length} forms, no problems`);
  }
} catch (error) {
  if (!(error instanceof CatalogFileError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
