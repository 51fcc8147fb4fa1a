// The orders module's public surface: other modules and the app import only this file.
export { default as customerOrdersRoutes } from './customer-orders.routes.js';
export { CustomerOrdersService } from './customer-orders.service.js';
export { default as itemAnswersRoutes } from './item-answers.routes.js';
export { ItemAnswersService } from './item-answers.service.js';
export { OrderDocuments } from './order-documents.js';
export { AnswerLine } from './orders.schema.js';
export { WithdrawalService } from './withdrawal.service.js';
export { ordersModule } from './orders.module.js';
