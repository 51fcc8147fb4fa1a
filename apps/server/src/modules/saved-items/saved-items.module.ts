import { PanelStatus } from '@ventanilla/domain';
import type { ServerModule } from '../../shared/server-module.js';
import { paidOrderItems } from '../order-records/index.js';
import fastBuyRoutes from './fast-buy.routes.js';
import { FastBuyService } from './fast-buy.service.js';
import savedItemsBackofficeRoutes from './saved-items-backoffice.routes.js';
import savedItemsRoutes from './saved-items.routes.js';
import { SavedItemsService } from './saved-items.service.js';
import { SAVED_ITEMS_ERRORS, SAVED_ITEMS_MESSAGES } from './saved-items.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** The customer panel's saved properties, companies, vehicles and documents (docs/customer-panel.md). */
    savedItems: SavedItemsService;
    fastBuy: FastBuyService;
  }
}

/**
 * Saved items: orders save their property, company or vehicle (with consent) when paid or delivered, and a nota
 * simple attached to a line is read for the customer (docs/customer-panel.md); fast buy reorders from them.
 */
export const savedItemsModule: ServerModule<typeof SAVED_ITEMS_ERRORS, typeof SAVED_ITEMS_MESSAGES> = {
  name: 'saved-items',
  errors: SAVED_ITEMS_ERRORS,
  messages: SAVED_ITEMS_MESSAGES,
  services: ({ db, catalog, places, now }, { log }) => ({
    savedItems: new SavedItemsService(db, log),
    fastBuy: new FastBuyService(db, catalog, places, now),
  }),
  listen({ orderEvents, savedItems }) {
    orderEvents.onPaid((tx, event) =>
      savedItems.saveFromOrder(
        tx,
        event.orderId,
        undefined,
        () => paidOrderItems(tx, event),
        event.customer && event.order
          ? { customerId: event.order.customerId, consent: event.customer.saveItemsFromOrders }
          : undefined,
      ),
    );
    orderEvents.on('itemStatusChanged', async (tx, event) => {
      if (event.newStatus === PanelStatus.Delivered || event.newStatus === PanelStatus.Closed)
        await savedItems.saveFromOrder(tx, event.orderId, event.itemId);
    });
    orderEvents.on('fileAttached', (tx, event) => savedItems.readAttachedNotaSimple(tx, event));
  },
  routes: () => ({ protected: [savedItemsRoutes, fastBuyRoutes, savedItemsBackofficeRoutes] }),
};
