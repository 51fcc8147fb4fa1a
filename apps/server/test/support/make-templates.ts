// Makes the run's template databases (template-databases.ts) on the server `process.argv[2]` names and prints their
// names as one line: `TEMPLATES {"migrated":…,"seeded":…}`. Run by the server projects' globalSetup as a process of its
// own (tsx with the source condition), because the globalSetup's module runner does not resolve the workspace
// packages from source: on a fresh clone, with no build, it could not import the app.
import { createTemplateDatabases } from './template-databases.js';

const adminUrl = process.argv[2];
if (!adminUrl) throw new Error('usage: make-templates.ts <admin connection string>');
const templates = await createTemplateDatabases(adminUrl);
process.stdout.write(`TEMPLATES ${JSON.stringify({ migrated: templates.migrated, seeded: templates.seeded })}\n`);
