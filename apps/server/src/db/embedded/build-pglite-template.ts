// Build step (apps/server `npm run build`): writes the fresh-cluster template a new embedded database starts from
// (pglite-template.ts says why). Skipped when the template of this PGlite version is already there.
import { existsSync } from 'node:fs';
import { writeTemplateDirectory } from './durable-pglite.js';
import { builtTemplatePath } from './pglite-template.js';

const path = builtTemplatePath();
if (!existsSync(path)) {
  await writeTemplateDirectory(path);
  console.log(`Embedded database template written: ${path}`);
}
