// The demo module's public surface: other modules and the app import only this file. Its module imports the seeds
// only when they run, so production never loads the demo data.
export { demoModule } from './demo.module.js';
