import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { appMeta, orderItems, orders, tickets } from '../../db/schema.js';
import type { IncomingMail, TicketsService } from '../tickets/index.js';

export const DEMO_TICKETS_KEY = 'demo_tickets_seeded';

/** The customers' messages of a fresh development install: questions, documents, a reply in a thread. */
const DEMO_MAILS: ReadonlyArray<{ subject: string; text: string; lang: 'es' | 'pt' | 'en'; attach?: boolean }> = [
  {
    subject: '¿Cuándo recibiré mi nota simple?',
    text: 'Hola, hice el pedido hace dos días y todavía no he recibido la nota simple. ¿Me podéis decir cómo va?\n\nGracias.',
    lang: 'es',
  },
  {
    subject: 'Envío la copia del DNI que me pedís',
    text: 'Buenos días, adjunto la copia del DNI del titular para que podáis seguir con el trámite.',
    lang: 'es',
    attach: true,
  },
  {
    subject: 'Factura a nombre de mi empresa',
    text: 'Necesito la factura del pedido a nombre de la sociedad, con su CIF. ¿Es posible cambiarla?',
    lang: 'es',
  },
  {
    subject: 'Certidão permanente: prazo de entrega',
    text: 'Boa tarde, gostaria de saber quando recebo a certidão permanente que pedi ontem. Obrigado.',
    lang: 'pt',
  },
  {
    subject: 'Land registry folio: wrong county',
    text: 'Hello, I think I selected the wrong county in my order. Could you check it before you send it?',
    lang: 'en',
  },
];

/** A one-page PDF (a scanned document stand-in) for the attachment of a demo message. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Demo tickets of a fresh development install (never production: the caller checks AppConfig.seedDemoOrders), filed
 * through the same door as real mail (TicketsService.ingest), from the demo orders' customers: one of them linked to
 * its order, one answered by the customer again in the same thread. Runs once (an app_meta key claimed first).
 */
export async function seedDemoTickets(deps: { db: Db; tickets: TicketsService; domain: string }): Promise<number> {
  const { db, domain } = deps;
  const claimed = await db
    .insert(appMeta)
    .values({ key: DEMO_TICKETS_KEY, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return 0;
  const customers = await db
    .select({
      email: orders.customerEmail,
      firstname: orders.customerFirstname,
      lastname: orders.customerLastname,
      storeId: orders.storeId,
      itemId: sql<number>`min(${orderItems.itemId})`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.orderId))
    .groupBy(orders.customerEmail, orders.customerFirstname, orders.customerLastname, orders.storeId)
    .orderBy(orders.customerEmail);
  const byLanguage = (lang: 'es' | 'pt' | 'en') =>
    customers.filter((c) => (lang === 'pt' ? c.storeId === 16 : lang === 'en' ? c.storeId === 17 : c.storeId === 1));
  let filed = 0;
  for (const [i, demo] of DEMO_MAILS.entries()) {
    const pool = byLanguage(demo.lang);
    const customer = pool[i % Math.max(1, pool.length)];
    if (!customer) continue;
    const mail: IncomingMail = {
      source: 'mail',
      messageId: `<demo-${i}@example.invalid>`,
      inReplyTo: [],
      references: [],
      from: { email: customer.email, name: `${customer.firstname} ${customer.lastname}` },
      to: [`ayuda@${domain}`],
      cc: [],
      subject: demo.subject,
      text: demo.text,
      html: null,
      attachments: demo.attach ? [{ filename: 'dni.pdf', contentType: 'application/pdf', content: DEMO_PDF }] : [],
    };
    const { ticketId } = await deps.tickets.ingest(mail);
    filed++;
    // The first Spanish question is about a known order: linked, as an agent would with rel_pedido.
    if (i === 0) await db.update(tickets).set({ relatedItemId: customer.itemId }).where(eq(tickets.id, ticketId));
    if (i === 0) {
      // ...and the customer writes again in the same thread.
      await deps.tickets.ingest({
        ...mail,
        messageId: `<demo-${i}-again@example.invalid>`,
        inReplyTo: [mail.messageId!],
        references: [mail.messageId!],
        subject: `Re: ${demo.subject}`,
        text: 'Os escribo de nuevo: lo necesito para la firma de la semana que viene.',
      });
    }
  }
  return filed;
}
