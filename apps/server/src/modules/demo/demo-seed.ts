import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { cents, PANEL_STATUS_IDS, PanelStatus, type PanelStatusId } from '@ventanilla/domain';
import type { Db, Tx } from '../../db/database.js';
import {
  appMeta,
  itemFiles,
  itemHistory,
  itemNotes,
  orderItems,
  orders,
  payments,
  refunds,
  users,
} from '../../db/schema.js';
import type { CatalogService } from '../catalog/index.js';
import { DEMO_USERS, hashPassword } from '../customers/index.js';
import type { FileStorage } from '../files/index.js';
import type { InvoicingService } from '../invoicing/index.js';
import { allocateOrderNumber } from '../order-records/index.js';
import { demoLines, type DemoLine } from './demo-lines.js';
import { emailPart, FIRST_NAMES, LAST_NAMES, seededRandom, type DemoStoreId } from './demo-people.js';
import { INCIDENT_TEXTS, NOTE_TEXTS, PROVIDERS, REFERENCE_PREFIXES } from './demo-texts.js';

/** app_meta key: set in the seeding transaction, so a restart (or a second instance) never seeds twice. */
export const DEMO_ORDERS_KEY = 'demo_orders_seeded';

const DAY = 24 * 3600 * 1000;

/** What one demo order looks like in the back office. */
interface PlannedOrder {
  store: DemoStoreId;
  status: PanelStatusId;
  /** Days since it was placed. */
  ageDays: number;
  /** Owned by the demo customer login (cliente@ventanilla.test), so the customer panel shows orders too. */
  demoCustomer?: boolean;
  notes?: number;
  pinned?: boolean;
  file?: boolean;
  incidence?: number;
  priority?: number;
  deadlineDays?: number;
  standbyDays?: number;
  delegateTo?: 'agent' | 'notary';
}

/** Every panel status in store 1, half of them again in 16 or 17, plus the everyday work of a desk. */
function plan(): PlannedOrder[] {
  const planned: PlannedOrder[] = [];
  const oldStatuses = new Set<number>([PanelStatus.Delivered, PanelStatus.Closed, 70, 1001]);
  PANEL_STATUS_IDS.forEach((status, i) => {
    const ageDays = oldStatuses.has(status) ? 20 + i : 1 + (i % 6);
    const answered = [80, 100, 101, 103, 110, 120, 1001].includes(status);
    planned.push({
      store: 1,
      status,
      ageDays,
      notes: i % 3 === 0 ? 2 : i % 3 === 1 ? 1 : 0,
      pinned: i % 4 === 0,
      file: answered,
      ...(status === PanelStatus.Incident ? { incidence: 103 } : {}),
      ...(status === 98 || status === 1000 ? { delegateTo: 'notary' as const } : {}),
    });
    planned.push({
      store: i % 2 === 0 ? 16 : 17,
      status,
      ageDays: ageDays + 1,
      notes: i % 2,
      pinned: i % 6 === 0,
      file: answered,
      ...(status === PanelStatus.Incident ? { incidence: 143 } : {}),
    });
  });
  // The queue's everyday work: pending orders, some urgent, some with a deadline, postponed or delegated.
  planned.push(
    { store: 1, status: 40, ageDays: 0, priority: 2, deadlineDays: 1, notes: 1, pinned: true },
    { store: 1, status: 40, ageDays: 0, priority: 1 },
    { store: 1, status: 40, ageDays: 1, deadlineDays: 2 },
    { store: 1, status: 40, ageDays: 2, standbyDays: 3, notes: 1 },
    { store: 1, status: 40, ageDays: 3, delegateTo: 'agent', notes: 1 },
    { store: 1, status: 40, ageDays: 1, incidence: 58, notes: 1 },
    { store: 16, status: 40, ageDays: 0, priority: 1, deadlineDays: 1 },
    { store: 16, status: 40, ageDays: 2, standbyDays: 2 },
    { store: 17, status: 40, ageDays: 1, delegateTo: 'agent' },
    { store: 1, status: 60, ageDays: 4, incidence: 58, notes: 2, pinned: true },
    { store: 1, status: 60, ageDays: 6, incidence: 76, file: true },
    { store: 16, status: 60, ageDays: 3, incidence: 52 },
    { store: 1, status: 50, ageDays: 1, delegateTo: 'agent', priority: 1, deadlineDays: 3 },
    { store: 1, status: 80, ageDays: 2, demoCustomer: true, file: true, notes: 1 },
    { store: 1, status: 40, ageDays: 1, demoCustomer: true },
    { store: 1, status: 60, ageDays: 3, demoCustomer: true, incidence: 103, notes: 1 },
    { store: 1, status: 120, ageDays: 40, demoCustomer: true, file: true },
    // Denied in Portugal too (refunded with a Portuguese credit note), and one of the demo customer's own.
    { store: 16, status: DENIED, ageDays: 26, notes: 1 },
    { store: 1, status: DENIED, ageDays: 30, demoCustomer: true },
  );
  return planned;
}

/** A one-page PDF the registry "sent": what agents attach to answered orders. */
async function demoDocument(line: DemoLine, orderId: number, reference: string): Promise<Buffer> {
  // Loaded here, not at boot: pdf-lib is ~200 modules the server needs only while it seeds a new database.
  const { PdfLayout } = await import('../../shared/pdf/layout.js');
  const pdf = await PdfLayout.create({
    title: `${line.productName} ${reference}`,
    author: 'Ventanilla (demo data)',
    date: new Date(),
    margin: 56,
  });
  const write = (text: string, size = 11, bold = false) =>
    pdf.paragraph(text, { size, leading: size * 1.8, ...(bold ? { font: pdf.fonts.bold } : {}) });
  write(line.productName, 18, true);
  write(`Ref. ${reference} · Pedido ${orderId}`);
  pdf.gap(10);
  for (const answer of line.productOptions.slice(0, 14))
    write(`${answer.label}: ${answer.print_value}`.slice(0, 95), 10);
  pdf.gap(10);
  write('DOCUMENTO DE DEMOSTRACIÓN · DEMO DOCUMENT · sem validade', 12, true);
  return Buffer.from(await pdf.save());
}

function personName(random: () => number, store: DemoStoreId) {
  const pickOne = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  const firstname = pickOne(FIRST_NAMES[store]);
  const lastname =
    store === 17 ? pickOne(LAST_NAMES[store]) : `${pickOne(LAST_NAMES[store])} ${pickOne(LAST_NAMES[store])}`;
  return { firstname, lastname };
}

export interface DemoSeedReport {
  seeded: boolean;
  orders: number;
  /** Invoices and credit notes issued for the demo orders ("Factura" links show real documents). */
  invoices?: number;
  creditNotes?: number;
  ms?: number;
}

/** Panel status 70 (Denied): the registry refused it, so the order was refunded in full, with a credit note. */
const DENIED = 70;
const REFUND_REASONS: Record<DemoStoreId, string> = {
  1: 'Solicitud denegada por el registro: devolución del importe',
  16: 'Pedido recusado pela conservatória: devolução do valor',
  17: 'Request denied by the registry: amount refunded',
};

/**
 * The living back office of a fresh development install (never production: see AppConfig.seedDemoOrders): about 65
 * orders in every panel status across stores 1, 16 and 17, with several customers, history lines, notes (some pinned),
 * small PDF documents in the file storage, incidents, and orders that are prioritised, have a deadline, are postponed
 * or delegated. Lines are priced by the catalogue's form engine and order numbers come from the stores' counters, as at
 * checkout. Runs once: the app_meta key is claimed in the same transaction.
 */
export async function seedDemoOrders(deps: {
  db: Db;
  catalog: CatalogService;
  files: FileStorage;
  now: Date;
  /**
   * Issues the paid orders' invoices and the refunded ones' credit notes with the code real orders use (numbering,
   * Veri*Factu records, Portuguese ATCUD and signature). Without it (older callers) the orders have no documents.
   */
  invoicing?: InvoicingService;
}): Promise<DemoSeedReport> {
  const { db, catalog, files, now, invoicing } = deps;
  const started = Date.now();
  let invoiceCount = 0;
  let creditNoteCount = 0;
  const [done] = await db
    .select()
    .from(appMeta)
    .where(inArray(appMeta.key, [DEMO_ORDERS_KEY]));
  if (done) return { seeded: false, orders: 0 };

  const random = seededRandom(2026);
  const planned = plan();
  const lines = planned.map((p) => demoLines(catalog, p.store, 1, random)[0]!);
  const staffRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  const staff = (email: string) => staffRows.find((s) => s.email === email)?.id;
  const agent = staff('agente@ventanilla.test');
  const admin = staff('admin@ventanilla.test');
  const notary = staff('notario@ventanilla.test');
  const demoCustomer = staff('cliente@ventanilla.test');
  if (!agent || !admin || !demoCustomer) return { seeded: false, orders: 0 };
  const agents = [agent, admin];
  // Nobody can log in as these customers: their password is a random secret.
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));

  // The registry's references of answered orders (and the names of their documents).
  const references = planned.map((p, i) => {
    const prefixes = REFERENCE_PREFIXES[p.store];
    return `${prefixes[i % prefixes.length]}-${new Date(now.getTime() - p.ageDays * DAY).getUTCFullYear()}/${String(
      4100 + i * 37,
    ).padStart(6, '0')}`;
  });

  const seeded = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_ORDERS_KEY, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 0;

    // Several customers per store; each places one to three orders.
    const customerIds = new Map<
      DemoStoreId,
      Array<{ id: number; email: string; firstname: string; lastname: string }>
    >();
    for (const store of [1, 16, 17] as const) {
      const list = [];
      for (let k = 0; k < (store === 1 ? 8 : 4); k++) {
        const person = personName(random, store);
        const email = `${emailPart(person.firstname)}.${emailPart(person.lastname.split(' ')[0]!)}${k}@example.${store === 1 ? 'com' : store === 16 ? 'org' : 'net'}`;
        const [row] = await tx
          .insert(users)
          .values({ email, passwordHash, ...person, role: 'customer' })
          .onConflictDoUpdate({ target: users.email, set: { updatedAt: now } })
          .returning();
        list.push({ id: row!.id, email: row!.email, firstname: row!.firstname, lastname: row!.lastname });
      }
      customerIds.set(store, list);
    }
    const [carmen] = await tx
      .select()
      .from(users)
      .where(inArray(users.id, [demoCustomer]));
    const paidOrders: Array<{ orderId: number; paid: Date; denied: boolean; store: DemoStoreId }> = [];

    for (const [i, p] of planned.entries()) {
      const line = lines[i]!;
      const created = new Date(now.getTime() - p.ageDays * DAY - (i % 9) * 3_600_000 - 600_000);
      const paid = p.status === PanelStatus.PendingPayment ? null : new Date(created.getTime() + 120_000);
      const changed = new Date(Math.min(now.getTime(), created.getTime() + (p.ageDays > 0 ? DAY / 2 : 1_800_000)));
      const customers = customerIds.get(p.store)!;
      const customer = p.demoCustomer && carmen ? carmen : customers[i % customers.length]!;
      const worker = agents[i % agents.length]!;
      const orderId = await allocateOrderNumber(tx, p.store);
      await tx.insert(orders).values({
        orderId,
        storeId: p.store,
        customerId: customer.id,
        status:
          p.status === PanelStatus.PendingPayment ? 'pending' : p.status === PanelStatus.Closed ? 'closed' : 'complete',
        taxRateBp: line.taxRateBp,
        subtotal: line.subtotal,
        taxAmount: line.taxAmount,
        fees: line.fees,
        total: line.total,
        customerEmail: customer.email,
        customerFirstname: customer.firstname,
        customerLastname: customer.lastname,
        paidAt: paid,
        createdAt: created,
        updatedAt: changed,
      });
      const answered = [80, 100, 101, 103, 110, 120, 1001].includes(p.status);
      const incidence = p.incidence ?? null;
      const incidenceTexts = INCIDENT_TEXTS[p.store];
      const [item] = await tx
        .insert(orderItems)
        .values({
          orderId,
          productId: line.productId,
          productName: line.productName,
          qty: 1,
          answers: line.answers,
          productOptions: line.productOptions,
          basePrice: line.basePrice,
          optionsPrice: line.optionsPrice,
          subtotal: line.subtotal,
          taxAmount: line.taxAmount,
          fees: line.fees,
          total: line.total,
          panelStatusId: p.status,
          referencia: answered ? references[i]! : null,
          incidenciaStatusId: incidence,
          incidenciaText: incidence === null ? null : incidenceTexts[i % incidenceTexts.length]!,
          priority: p.priority ?? 0,
          deadlineAt: p.deadlineDays ? new Date(now.getTime() + p.deadlineDays * DAY) : null,
          standbyUntil: p.standbyDays ? new Date(now.getTime() + p.standbyDays * DAY) : null,
          providerId: p.status >= 50 && p.status !== 60 && p.status !== 70 ? PROVIDERS[p.store][0]! : null,
          asigneeId: p.delegateTo === 'notary' ? (notary ?? agent) : p.delegateTo === 'agent' ? agent : null,
          // The incidence e-mail went out when the status changed; the customer answered an hour later (status 40).
          staffMessageAt: incidence === null ? null : changed,
          customerMessageAt:
            incidence !== null && p.status === PanelStatus.Pending ? new Date(changed.getTime() + 3_600_000) : null,
          createdAt: created,
          updatedAt: changed,
        })
        .returning({ itemId: orderItems.itemId });
      const itemId = item!.itemId;
      await history(tx, itemId, p, { created, paid, changed, worker, incidence });
      if (paid) paidOrders.push({ orderId, paid, denied: p.status === DENIED, store: p.store });
      if (paid) {
        await tx.insert(payments).values({
          orderId,
          method: p.store === 16 ? 'multibanco' : 'cc',
          provider: 'sandbox',
          providerRef: `demo-${orderId}`,
          amount: line.total,
          status: 'captured',
          ...(p.store === 16 ? {} : { cardBrand: 'visa', cardLast4: String(4000 + i).slice(-4) }),
          createdAt: paid,
          updatedAt: paid,
        });
      }
      const texts = NOTE_TEXTS[p.store];
      for (let n = 0; n < (p.notes ?? 0); n++) {
        await tx.insert(itemNotes).values({
          itemId,
          text: texts[(i + n) % texts.length]!,
          pinned: n === 0 && p.pinned === true,
          adminUserId: agents[(i + n) % agents.length]!,
          createdAt: new Date(changed.getTime() - (n + 1) * 600_000),
        });
      }
      if (p.file) {
        // Written before the row that points at it: a failed seed leaves an unused file, never a dangling row.
        const bytes = await demoDocument(line, orderId, references[i]!);
        const stored = await files.put(bytes);
        await tx.insert(itemFiles).values({
          itemId,
          filename: `${references[i]!.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`,
          contentType: 'application/pdf',
          size: bytes.length,
          sha256: stored.sha256,
          storageKey: stored.key,
          visibleToCustomer: true,
          uploadedBy: worker,
          createdAt: changed,
        });
        await tx
          .insert(itemHistory)
          .values({ itemId, accion: 'archivo_subido', adminUserId: worker, createdAt: changed });
      }
    }
    if (invoicing) {
      // In the order they happened: numbers, Veri*Factu fingerprints and Portuguese hashes chain by date, as live.
      // Denied orders were refunded in full a day after payment (what an agent does from the order's page).
      const events = paidOrders.flatMap((o) => [
        { o, at: o.paid, refund: false },
        ...(o.denied ? [{ o, at: new Date(Math.min(now.getTime(), o.paid.getTime() + DAY)), refund: true }] : []),
      ]);
      events.sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.refund) - Number(b.refund));
      const issued = new Map<number, Awaited<ReturnType<InvoicingService['issueForOrder']>>>();
      for (const { o, at, refund } of events) {
        if (!refund) {
          const invoice = await invoicing.issueForOrder(tx, o.orderId, at, undefined, undefined, {
            billing: null,
            firstPayment: true,
          });
          issued.set(o.orderId, invoice);
          invoiceCount++;
          continue;
        }
        const invoice = issued.get(o.orderId)!;
        const reason = REFUND_REASONS[o.store];
        const note = await invoicing.issueCreditNote(tx, invoice, invoice.total, reason, at);
        const [payment] = await tx
          .select({ id: payments.id, provider: payments.provider })
          .from(payments)
          .where(inArray(payments.orderId, [o.orderId]));
        await tx.insert(refunds).values({
          orderId: o.orderId,
          invoiceId: invoice.id,
          paymentId: payment?.id ?? null,
          provider: payment?.provider ?? 'manual',
          amount: invoice.total,
          penalty: cents(0),
          reason,
          idempotencyKey: `demo_refund_${o.orderId}`,
          agentUserId: admin,
          status: 'succeeded',
          providerRefundRef: `demo-refund-${o.orderId}`,
          creditNoteId: note.id,
          createdAt: at,
          updatedAt: at,
        });
        creditNoteCount++;
      }
    }
    return planned.length;
  });
  return {
    seeded: seeded > 0,
    orders: seeded,
    invoices: invoiceCount,
    creditNotes: creditNoteCount,
    ms: Date.now() - started,
  };
}

/** The history lines of a demo item: created, paid, and the agent's change of status (or the incident). */
async function history(
  tx: Tx,
  itemId: number,
  p: PlannedOrder,
  at: { created: Date; paid: Date | null; changed: Date; worker: number; incidence: number | null },
) {
  const lines: Array<typeof itemHistory.$inferInsert> = [
    { itemId, accion: 'pedido_creado', newStatus: PanelStatus.PendingPayment, createdAt: at.created },
  ];
  if (at.paid) {
    lines.push({
      itemId,
      accion: 'pago_confirmado',
      oldStatus: PanelStatus.PendingPayment,
      newStatus: PanelStatus.Pending,
      createdAt: at.paid,
    });
  }
  if (p.status !== PanelStatus.PendingPayment && p.status !== PanelStatus.Pending) {
    lines.push({
      itemId,
      accion: p.status === PanelStatus.Incident ? 'incidencia' : 'cambio_estado',
      oldStatus: PanelStatus.Pending,
      newStatus: p.status,
      adminUserId: at.worker,
      // incidence_id as the incident loop records it; incidencia_status_id as the list's "sent" look-up reads it.
      ...(at.incidence ? { details: { incidence_id: at.incidence, incidencia_status_id: at.incidence } } : {}),
      createdAt: at.changed,
    });
  }
  if (at.incidence && p.status === PanelStatus.Pending) {
    // Incidence raised, then the customer's answer brought the item back to the queue (the incident loop).
    lines.push(
      {
        itemId,
        accion: 'incidencia',
        oldStatus: PanelStatus.Pending,
        newStatus: PanelStatus.Incident,
        adminUserId: at.worker,
        details: { incidence_id: at.incidence, incidencia_status_id: at.incidence },
        createdAt: at.changed,
      },
      {
        itemId,
        accion: 'respuesta_incidencia',
        oldStatus: PanelStatus.Incident,
        newStatus: PanelStatus.Pending,
        createdAt: new Date(at.changed.getTime() + 3_600_000),
      },
    );
  }
  await tx.insert(itemHistory).values(lines);
}
