// Runs once before the browser suite: builds the product when the build is missing or older than its sources (as
// `npm start` does), so no test's time limit has to allow for a build.
import { ensureBuilt } from './server.js';

export default function globalSetup(): void {
  ensureBuilt();
}
