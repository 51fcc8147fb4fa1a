import { isIdentityDocumentQuestion } from '@ventanilla/domain';
import type { ServerModule } from '../../shared/server-module.js';
import customerDocumentsRoutes from './customer-documents.routes.js';
import { CustomerDocumentsService } from './customer-documents.service.js';
import customerOrdersRoutes from './customer-orders.routes.js';
import { CustomerOrdersService } from './customer-orders.service.js';
import itemAnswersRoutes from './item-answers.routes.js';
import { ItemAnswersService } from './item-answers.service.js';
import { OrderDocuments } from './order-documents.js';
import { WithdrawalService } from './withdrawal.service.js';
import { ORDERS_ERRORS, ORDERS_MESSAGES } from './orders.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    customerOrders: CustomerOrdersService;
    /** The documents of the customer's orders: the list, hasDniUploaded, pushFilesToPedido. */
    customerDocuments: CustomerDocumentsService;
    /** The customer's withdrawal from an order not yet performed (docs/withdrawal.md). */
    withdrawals: WithdrawalService;
    /** Customers' corrections of their order lines' answers (/tienda/product/actualizar). */
    itemAnswers: ItemAnswersService;
  }
}

/** The customer's orders: their pages, answers' corrections, withdrawal and the documents e-mails attach. */
export const ordersModule: ServerModule<typeof ORDERS_ERRORS, typeof ORDERS_MESSAGES> = {
  name: 'orders',
  permissions: ['orders'],
  errors: ORDERS_ERRORS,
  messages: ORDERS_MESSAGES,
  services(ctx) {
    const { db, catalog, legalEntities, now } = ctx;
    // E-mails' PDFs (a credit note, the withdrawal form) are made as each message is sent (docs/withdrawal.md).
    const orderDocuments = new OrderDocuments(db, ctx.invoicing, legalEntities, (id) => catalog.getStore(id));
    ctx.emailDispatcher.renderDocument = (document) => orderDocuments.render(document);
    const withdrawals = new WithdrawalService(db, ctx.refunds, legalEntities, ctx.orderEvents, now);
    return {
      withdrawals,
      customerOrders: new CustomerOrdersService(db, withdrawals),
      customerDocuments: new CustomerDocumentsService(db, ctx.files, ctx.config, (storeId, productId, optionId) =>
        (catalog.findProductById(storeId, productId)?.form.options ?? []).some(
          (o) => o.option_id === optionId && isIdentityDocumentQuestion(o),
        ),
      ),
      itemAnswers: new ItemAnswersService(db, catalog, ctx.uploads),
    };
  },
  routes: () => ({ protected: [customerOrdersRoutes, itemAnswersRoutes, customerDocumentsRoutes] }),
};
