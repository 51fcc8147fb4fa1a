import type { ServerModule } from '../../shared/server-module.js';
import { OrderEvents } from './order-events.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Order domain events (paid, status changes) that other modules listen to inside the changing transaction. */
    orderEvents: OrderEvents;
  }
}

/** Orders' records and their domain events (the modules' listeners subscribe in their `listen`). */
export const orderRecordsModule: ServerModule = {
  name: 'order-records',
  services: () => ({ orderEvents: new OrderEvents() }),
};
