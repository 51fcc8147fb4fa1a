// Runs once before the browser suite: builds the product when the build is missing or older than its sources (as
// `npm start` does), so no test's time limit has to allow for a build; then boots it once with the default
// environment, so that each file's server starts from a copy of that first boot (server.ts, prepareBootedTemplate).
import { ensureBuilt, prepareBootedTemplate } from './server.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureBuilt();
  return prepareBootedTemplate();
}
