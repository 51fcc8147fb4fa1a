// The orders module's public surface: other modules and the app import only this file.
export { AnswerLine } from './orders.schema.js';
export { ordersModule } from './orders.module.js';
