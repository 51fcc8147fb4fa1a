// The demo module's public surface: other modules and the app import only this file (the app only dynamically, so
// production never loads the demo data).
export { seedDemoOrders } from './demo-seed.js';
export { seedDemoTickets } from './demo-tickets.js';
