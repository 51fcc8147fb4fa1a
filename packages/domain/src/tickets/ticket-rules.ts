// Tickets: customers' mail to the shop (spec: "Ticket", "Ticket statuses"; docs/backoffice.md, "Tickets").

/** The spec's ticket statuses, by id. */
export const TicketStatus = {
  Initial: 1,
  Open: 2,
  Pending: 3,
  Resolved: 4,
  Closed: 5,
  Scheduled: 6,
  AwaitingDocuments: 7,
  LeadConverted: 8,
} as const;
export type TicketStatusId = (typeof TicketStatus)[keyof typeof TicketStatus];

export const TICKET_STATUS_IDS: readonly TicketStatusId[] = Object.values(TicketStatus);

/** The spec's names (Spanish, as the panel shows them). */
export const TICKET_STATUS_TEXT: Record<TicketStatusId, string> = {
  [TicketStatus.Initial]: 'Inicial',
  [TicketStatus.Open]: 'Abierto',
  [TicketStatus.Pending]: 'Pendiente',
  [TicketStatus.Resolved]: 'Resuelto',
  [TicketStatus.Closed]: 'Cerrado',
  [TicketStatus.Scheduled]: 'Programado',
  [TicketStatus.AwaitingDocuments]: 'Pte. documentación',
  [TicketStatus.LeadConverted]: 'Lead convertido',
};

/** Statuses 2, 3 and 6 are active (spec). */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatusId[] = [
  TicketStatus.Open,
  TicketStatus.Pending,
  TicketStatus.Scheduled,
];

/** The statuses a ticket may be postponed from: the active ones, 1 Inicial and 7 Pte. documentación. */
const POSTPONABLE: readonly number[] = [
  TicketStatus.Initial,
  ...ACTIVE_TICKET_STATUSES,
  TicketStatus.AwaitingDocuments,
];

/** Whether a number is one of the eight ticket statuses. */
export function isTicketStatus(value: unknown): value is TicketStatusId {
  return (TICKET_STATUS_IDS as readonly unknown[]).includes(value);
}

/** Whether the ticket is active (open, pending or scheduled). */
export function isActiveTicket(status: number): boolean {
  return (ACTIVE_TICKET_STATUSES as readonly number[]).includes(status);
}

/** The actions of the spec that change a ticket's status. */
export type TicketStatusAction = 'reply' | 'close' | 'convert_lead' | 'postponer' | 'customer_reply' | 'wake';

export type TicketTransition = { ok: true; to: TicketStatusId } | { ok: false; reason: 'not_allowed' };

/**
 * Where an action takes a ticket (the spec does not show transitions; these are ours, docs/backoffice.md):
 * - reply: an agent answered; the ticket waits for the customer (3 Pendiente). Allowed from any status but 8.
 * - close: 5 Cerrado, from anything not already closed or converted.
 * - convert_lead: 8 Lead convertido, from any status but 8.
 * - postponer: 6 Programado until a date, from an active status or 1/7.
 * - customer_reply: the customer wrote again: back to 2 Abierto, whatever the status (also 5 and 8: a new question).
 * - wake: a scheduled ticket whose date has come returns to 2 Abierto; only from 6.
 */
export function ticketTransition(from: number, action: TicketStatusAction): TicketTransition {
  const to = (s: TicketStatusId): TicketTransition => ({ ok: true, to: s });
  const no: TicketTransition = { ok: false, reason: 'not_allowed' };
  switch (action) {
    case 'reply':
      return from === TicketStatus.LeadConverted ? no : to(TicketStatus.Pending);
    case 'close':
      return from === TicketStatus.Closed || from === TicketStatus.LeadConverted ? no : to(TicketStatus.Closed);
    case 'convert_lead':
      return from === TicketStatus.LeadConverted ? no : to(TicketStatus.LeadConverted);
    case 'postponer':
      return POSTPONABLE.includes(from) ? to(TicketStatus.Scheduled) : no;
    case 'customer_reply':
      return to(TicketStatus.Open);
    case 'wake':
      return from === TicketStatus.Scheduled ? to(TicketStatus.Open) : no;
  }
}

/** The ticket token put in subjects, e.g. "[#T123]". */
export function ticketToken(id: number): string {
  return `[#T${id}]`;
}

const TOKEN = /\[#T([1-9]\d{0,9})\]/;

/** The ticket id a subject names with its token, or null (ids beyond 32 bits are not ours). */
export function parseTicketToken(subject: string | null | undefined): number | null {
  const match = TOKEN.exec(subject ?? '');
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

/** The subject of an outgoing message: the ticket's token once, appended when missing. */
export function subjectWithToken(subject: string, id: number): string {
  const clean = subject.replace(/[\r\n]+/g, ' ').trim();
  return parseTicketToken(clean) === id ? clean : `${clean} ${ticketToken(id)}`.trim();
}

/** Message-ids as headers carry them: "<a@b> <c@d>" -> ["<a@b>", "<c@d>"] (at most 50, newest last). */
export function parseMessageIds(header: string | readonly string[] | null | undefined): string[] {
  const lines: readonly string[] = typeof header === 'string' ? [header] : (header ?? []);
  return lines.flatMap((line) => line.match(/<[^<>\s]{1,250}>/g) ?? []).slice(-50);
}

/** The threading headers of an incoming message. */
export interface IncomingThreading {
  inReplyTo: readonly string[];
  references: readonly string[];
  subject: string;
}

/**
 * Which message ids to look up to find the ticket an incoming message belongs to, most specific first: In-Reply-To,
 * then References newest first. The subject's token is the fallback (`parseTicketToken`) when none of them is known.
 */
export function threadingCandidates(mail: IncomingThreading): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of [...mail.inReplyTo, ...[...mail.references].reverse()]) {
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}

/** Where an incoming message goes: a ticket, or a new one (noting the reference that was refused, if any). */
export type ThreadChoice =
  { ticketId: number; refused: null } | { ticketId: null; refused: { reference: string; ticketId: number } | null };

/**
 * The ticket a message threads into: the ticket of the first known message id whose addresses include the sender,
 * else the token's ticket when its addresses include the sender, else a new ticket. A reference alone never lets a
 * stranger write into someone else's ticket (message ids travel in every reply and a planted or guessed one would):
 * `addresses` holds, per candidate ticket, the lower-case addresses that are on it (its customer's, the one it was
 * opened from, those that wrote in it). When a known reference or token was refused, the new ticket notes it.
 */
export function resolveThread(
  candidates: readonly string[],
  known: ReadonlyMap<string, number>,
  token: { ticketId: number; reference: string } | null,
  from: string,
  addresses: ReadonlyMap<number, ReadonlySet<string>>,
): ThreadChoice {
  const sender = from.toLowerCase();
  const allows = (ticketId: number) => addresses.get(ticketId)?.has(sender) ?? false;
  let refused: { reference: string; ticketId: number } | null = null;
  for (const id of candidates) {
    const ticketId = known.get(id);
    if (ticketId === undefined) continue;
    if (allows(ticketId)) return { ticketId, refused: null };
    refused ??= { reference: id, ticketId };
  }
  if (token) {
    if (allows(token.ticketId)) return { ticketId: token.ticketId, refused: null };
    refused ??= { reference: token.reference, ticketId: token.ticketId };
  }
  return { ticketId: null, refused };
}

/** A postponement is at most a year away and strictly in the future. */
export const TICKET_POSTPONE_MAX_DAYS = 366;

/** Whether a scheduled ticket's date has come (the sweep returns it to 2 Abierto). */
export function ticketWakes(status: number, dueAt: Date | null, now: Date): boolean {
  return status === TicketStatus.Scheduled && dueAt !== null && dueAt.getTime() <= now.getTime();
}

/** Why files of an incoming message were not kept: more than `maxFiles`, or one larger than `maxBytes`. */
export interface DroppedAttachments {
  tooMany: number;
  tooLarge: number;
}

/**
 * Which files of an incoming message are kept (their indexes, in order): none larger than `maxBytes`, then the first
 * `maxFiles` of the rest. The counts of those dropped say why, so the ticket can show them.
 */
export function keptAttachments(
  sizes: readonly number[],
  limits: { maxFiles: number; maxBytes: number },
): { kept: number[]; dropped: DroppedAttachments } {
  const small = sizes.flatMap((size, i) => (size <= limits.maxBytes ? [i] : []));
  const kept = small.slice(0, limits.maxFiles);
  return { kept, dropped: { tooMany: small.length - kept.length, tooLarge: sizes.length - small.length } };
}

/** Whether `email` is at one of the shop's domains (case-insensitive; subdomains are not). */
export function isShopAddress(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return domains.some((d) => d.toLowerCase() === domain);
}
