// The jobs module's public surface: other modules and the app import only this file.
export { messagePollSeconds, periodicPollSeconds } from './background-jobs.js';
export { JobQueue } from './job-queue.js';
export { jobsModule } from './jobs.module.js';
