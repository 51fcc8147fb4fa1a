import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts (which re-exports the per-module files of src/db/schema/) (npm run db:generate -- --name=what_it_does) and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
