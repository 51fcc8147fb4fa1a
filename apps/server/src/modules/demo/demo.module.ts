import { collectGarbage } from '../../shared/collect-garbage.js';
import type { ServerModule } from '../../shared/server-module.js';

/**
 * A fresh development install shows a living back office: demo orders and tickets, seeded at boot when
 * SEED_DEMO_ORDERS says (never in production; docs/operations.md, "Demo data"). The seeds are imported only then:
 * production never loads them. Last in the module list: it uses the others' services, and the job queue has started.
 */
export const demoModule: ServerModule = {
  name: 'demo',
  async start({ config, db, catalog, files, now, invoicing, tickets }, { log }) {
    if (!config.seedDemoOrders) return;
    const { seedDemoOrders } = await import('./demo-seed.js');
    const { seedDemoTickets } = await import('./demo-tickets.js');
    const demo = await seedDemoOrders({ db, catalog, files, now: now(), invoicing });
    if (demo.seeded) {
      log.info(
        { orders: demo.orders, invoices: demo.invoices, credit_notes: demo.creditNotes, ms: demo.ms },
        'demo orders seeded (development only)',
      );
    }
    const demoTickets = await seedDemoTickets({
      db,
      tickets,
      domain: config.inboundMail.domains[0] ?? 'ventanilla.test',
    });
    if (demoTickets > 0) log.info({ tickets: demoTickets }, 'demo tickets seeded (development only)');
    // The seed built its orders in memory; the server may go idle now and would keep that garbage resident.
    if (demo.seeded) collectGarbage();
  },
};
