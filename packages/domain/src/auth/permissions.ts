/** The roles an account has (spec, document 2 section 6: customer, agent, admin, notary). */
export const ROLES = ['customer', 'agent', 'admin', 'notary'] as const;
export type Role = (typeof ROLES)[number];

/** Who is asking: a signed-in account's role, or nobody. */
export type Actor = Role | 'anonymous';

/** Every account, whatever its role: staff accounts can buy and follow their own orders like a customer. */
const ANY_ACCOUNT: readonly Role[] = ROLES;
/** Who works in the back office: agents, admins and notaries (notaries work and deliver notarial orders). */
const STAFF: readonly Role[] = ['agent', 'admin', 'notary'];
/** Who moves money or reads what the shop sends customers: notaries read payments but never handle them. */
const AGENTS_AND_ADMINS: readonly Role[] = ['agent', 'admin'];
const ADMINS: readonly Role[] = ['admin'];

/**
 * Who may do what: the one permission table of the product. Each protected API route declares one of these actions
 * and is refused (401 anonymous, 403 other roles) before anything else runs. Public pages (catalogue, cart, sign-in)
 * need no action; anonymous visitors hold none of these.
 */
export const PERMISSIONS = {
  /** Read one's own account (`/api/me`). */
  'account.read': ANY_ACCOUNT,
  /** Own billing data for invoices. */
  'account.billing': ANY_ACCOUNT,
  /** Saved wizard drafts. */
  'account.drafts': ANY_ACCOUNT,
  /** The remembered payment method. */
  'account.paymentPreference': ANY_ACCOUNT,
  /** Check out the cart, pay or retry paying one's own order, follow its payment. */
  'orders.place': ANY_ACCOUNT,
  /** One's own orders, delivered documents, invoices and credit notes. */
  'orders.readOwn': ANY_ACCOUNT,
  /** Correct the answers of one's own order while it is not being worked. */
  'orders.correctOwnAnswers': ANY_ACCOUNT,
  /** Withdraw from one's own order not yet performed, within the 14 days (docs/withdrawal.md). */
  'orders.withdrawOwn': ANY_ACCOUNT,
  /** Send documents (an identity document, anything an agent asked for) to one's own order (pushFilesToPedido). */
  'orders.sendDocumentsOwn': ANY_ACCOUNT,
  /** Back office: the order items list, an item's detail, the statuses, an item's documents. */
  'backoffice.items.read': STAFF,
  /** Back office: change an item's status; save, pin, unpin and delete notes; upload and delete documents. */
  'backoffice.items.work': STAFF,
  /**
   * Back office: finish an item ("finish", "finish and stop": set the result, release the lock, pull the next). Notaries
   * too, on notary work (items in the notary statuses, `isNotaryWork`), like every item action they may do.
   */
  'backoffice.items.finish': STAFF,
  /** Back office: set an item's reference (notaries set their protocol number on notary work). */
  'backoffice.items.reference': STAFF,
  /** Back office: close an item, or mark it "not processing" with a reason. */
  'backoffice.items.close': AGENTS_AND_ADMINS,
  /** Back office: postpone an item (out of the queue until a time) or take it back. */
  'backoffice.items.postpone': AGENTS_AND_ADMINS,
  /** Back office: delegate an item to another agent (the queue gives it to nobody else). */
  'backoffice.items.delegate': AGENTS_AND_ADMINS,
  /** Back office: an item's priority, deadline and provider (how the queue and the work are planned). */
  'backoffice.items.plan': AGENTS_AND_ADMINS,
  /** Back office: the status the customer sees (client_status_id) set by hand; the customer is told by e-mail. */
  'backoffice.items.clientStatus': AGENTS_AND_ADMINS,
  /** Back office: an item's attributes (spec: atributos, key/value). */
  'backoffice.items.attributes': AGENTS_AND_ADMINS,
  /** Back office: one's own settings ("Mis ajustes": Aircall, Correos, product lists). */
  'backoffice.ownSettings': STAFF,
  /** Back office: who of the staff is signed in and active now (online agents). */
  'agents.online': ADMINS,
  /** Back office: leads (unpaid items): resend the lead, close it as lost. */
  'backoffice.items.leads': AGENTS_AND_ADMINS,
  /** Back office: break another agent's lock on an item (spec: "forced unlocked by agents"; notaries do not). */
  'backoffice.items.forceUnlock': AGENTS_AND_ADMINS,
  /**
   * Back office: pull the next order from a queue (tabs -1 and -2). The queues hold agents' work; notaries see only
   * notary work, so the queue gives them nothing.
   */
  'backoffice.queue.pull': AGENTS_AND_ADMINS,
  /** Back office: an order's payments. */
  'backoffice.payments.read': STAFF,
  /** Back office: an order's invoices, credit notes and refunds; any invoice's PDF. */
  'backoffice.invoices.read': STAFF,
  /** Back office: the Veri*Factu records the AEAT refused or accepted with errors. */
  'backoffice.verifactu.read': ADMINS,
  /** The selling and issuing legal entities (names, tax ids, addresses, contacts) and their history of edits. */
  'legalEntities.manage': ADMINS,
  /** Confirm that a bank transfer arrived (pays the order). */
  'payments.confirmTransfer': AGENTS_AND_ADMINS,
  /** Refund part or all of a paid order. */
  'orders.refund': AGENTS_AND_ADMINS,
  /** The mailbox: what the shop has sent or will send to customers. */
  'mailbox.read': AGENTS_AND_ADMINS,
  /** Queue a failed email again. */
  'mailbox.retry': AGENTS_AND_ADMINS,
  /** Edit the catalogue: products, forms, categories, revisions. */
  'catalog.edit': ADMINS,
  /** Back office: one's own workspace (the open tabs, kept per agent) and My Activity. */
  'backoffice.workspace': STAFF,
  /** E-mail and incidence templates: list them and preview them (agents pick one to send). */
  'templates.read': STAFF,
  /** Create, edit and delete e-mail and incidence templates. */
  'templates.edit': ADMINS,
  /** Read the incident of one's own order item and answer it with a message and files. */
  'orders.answerIncidence': ANY_ACCOUNT,
  /**
   * Canned responses: list, search and fill the ones offered to oneself (the group rule of the Portuguese panel role
   * and the visibility apply: canned-responses.ts) to insert them into a reply or an e-mail.
   */
  'cannedResponses.read': STAFF,
  /** Create, edit and delete canned responses; list all of them whatever their group or visibility. */
  'cannedResponses.edit': ADMINS,
  // Orders created by agents (docs/backoffice.md, "Orders created by agents").
  /** Create an unpaid order for a customer (new procedure, Create NS, Create QP); the customer pays by link. */
  'backoffice.orders.create': AGENTS_AND_ADMINS,
  /** The person-search lists of a QP item (names, their processing with a maximum) and its localizations. */
  'backoffice.personSearch': AGENTS_AND_ADMINS,
  /**
   * Company reports by CIF (informeEconomico, informeSolvencia) looked up on demand. Staff who work the orders only:
   * each lookup may cost money at the provider. Customers get theirs by buying the report (attached to the order).
   */
  'lookups.companyReports': AGENTS_AND_ADMINS,
  /** One's own QP items' person-search lists: list, add people, send them for searching (docs/customer-panel.md). */
  'orders.personSearchOwn': ANY_ACCOUNT,
  /** Back office: search customers and read one (orders, invoices, billing data, newsletter). */
  'customers.read': AGENTS_AND_ADMINS,
  /**
   * Back office: edit a customer's name and phone, switch the newsletter (the e-mail only admins: it is the login), their
   * payment data (preferred method, bank account; never a card number).
   */
  'customers.edit': AGENTS_AND_ADMINS,
  /** Back office: create a customer account (spec: "Admin can create a customer"). */
  'customers.create': ADMINS,
  /** Sign in as a customer (time-limited, audited; docs/backoffice.md "Customers"). */
  'customers.impersonate': ADMINS,
  /** The staff accounts: list, create, role, deactivate, per-agent configuration (spec: update_agente). */
  'agents.manage': ADMINS,
  /** Configuration lists (registries, conservatórias, notaries, providers, ...): list, read, history, CSV export. */
  'configLists.read': STAFF,
  /** Configuration lists: create, edit, delete or deactivate, CSV import. */
  'configLists.edit': ADMINS,
  /** Back office: the tickets (customers' mail): list, read a thread, download its attachments. Not notaries. */
  'tickets.read': AGENTS_AND_ADMINS,
  /**
   * Back office: work tickets: lock, reply, write first, close, convert to a lead, delegate, link an order, notes,
   * postpone, pull the tickets queue.
   */
  'tickets.work': AGENTS_AND_ADMINS,
  /** Back-office statistics: orders, revenue, queue age, agents' throughput, refunds (notaries see notary work only). */
  'statistics.read': AGENTS_AND_ADMINS,
  /** The customer panel's saved properties, companies, vehicles and documents (one's own; docs/customer-panel.md). */
  'account.savedItems': ANY_ACCOUNT,
  /** One's own name, password and newsletter switch (docs/customer-panel.md, "Account self-service"). */
  'account.profile': ANY_ACCOUNT,
  /** Provider payments' files (invoices, receipts): list and download. Money matters: not notaries. */
  'providerPayments.files.read': AGENTS_AND_ADMINS,
  /** Provider payments' files: upload and delete (like every configuration list change, admins). */
  'providerPayments.files.edit': ADMINS,
  /**
   * The document assistant (docs/integrations.md, "Document assistant"): drafts streamed from the model for an item
   * the account may work on, markdown turned into a PDF (downloaded or attached), the assistant turned off per item.
   */
  'backoffice.assistant': STAFF,
  /** Portuguese invoicing: the AT's series validation codes (ATCUD) and the monthly SAF-T (PT) export. */
  'invoicing.portugal': ADMINS,
} as const satisfies Record<string, readonly Role[]>;

/** A named thing someone may be allowed to do. */
export type Action = keyof typeof PERMISSIONS;

/** Every action of the table, in table order. */
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** Whether `actor` may do `action`; false for anonymous visitors, unknown roles and unknown actions. */
export function can(actor: Actor | string | null | undefined, action: Action): boolean {
  const allowed: readonly string[] | undefined = Object.hasOwn(PERMISSIONS, action) ? PERMISSIONS[action] : undefined;
  return typeof actor === 'string' && allowed !== undefined && allowed.includes(actor);
}

/** Whether the role works in the back office (may see the order items). */
export function isStaff(actor: Actor | string | null | undefined): boolean {
  return can(actor, 'backoffice.items.read');
}

/** Whether a string is one of the roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
