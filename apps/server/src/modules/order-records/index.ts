// The order-records module's public surface: other modules and the app import only this file.
export {
  type FileAttachedEvent,
  type ItemStatusChangedEvent,
  OrderEvents,
  type OrderLineSummary,
  type OrderPaidEvent,
  paidOrderItems,
} from './order-events.js';
export {
  allocateOrderNumber,
  type HistoryEntry,
  insertOrder,
  markOrderPaid,
  markOrderPaidQuery,
  sendPaidOrderItemsMove,
  recordHistory,
} from './orders.repository.js';
export { orderRecordsModule } from './order-records.module.js';
