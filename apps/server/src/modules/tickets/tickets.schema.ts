import { TICKET_STATUS_IDS } from '@ventanilla/domain';
import { Type } from 'typebox';
import { Nullable, OneOf } from '../../shared/http-schemas.js';

const INT32 = 2_147_483_647;
const Instant = Type.String({ format: 'date-time' });

export const TicketParams = Type.Object({ ticketId: Type.Integer({ minimum: 1, maximum: INT32 }) });
export const AttachmentParams = Type.Object({
  ticketId: TicketParams.properties.ticketId,
  attachmentId: Type.Integer({ minimum: 1, maximum: INT32 }),
});

export const TicketVersion = Type.String({
  format: 'date-time',
  maxLength: 40,
  description: "The ticket's version (updated_at) as the screen loaded it; a stale one is a 409 VERSION_CONFLICT",
});

export const TicketStatusSchema = OneOf(TICKET_STATUS_IDS, {
  description:
    '1 Inicial, 2 Abierto, 3 Pendiente, 4 Resuelto, 5 Cerrado, 6 Programado, 7 Pte. documentación, 8 Lead convertido',
});

const TicketLock = Nullable(
  Type.Object({ locked_by: Type.Integer(), locked_by_name: Type.String(), expires_at: Instant }),
);

const summary = {
  id: Type.Integer(),
  status: TicketStatusSchema,
  status_text: Type.String(),
  /** 2, 3 and 6 are active. */
  active: Type.Boolean(),
  email: Type.String({ description: "The customer's address" }),
  name: Nullable(Type.String()),
  subject: Type.String(),
  source: OneOf(['mail', 'webhook', 'contact', 'agent']),
  store_id: Type.Integer(),
  customer_id: Nullable(Type.Integer()),
  asignee_id: Nullable(Type.Integer({ description: 'The agent it is delegated to' })),
  asignee_name: Nullable(Type.String()),
  related_item_id: Nullable(Type.Integer()),
  due_at: Nullable(Instant),
  completed_at: Nullable(Instant),
  created_at: Instant,
  updated_at: Instant,
  lock: TicketLock,
};

export const TicketRow = Type.Object({ ...summary, messages_count: Type.Integer() });

export const TicketPage = Type.Object({
  items: Type.Array(TicketRow),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

const Attachment = Type.Object({
  id: Type.Integer(),
  message_id: Type.Integer(),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
});

export const TicketDetail = Type.Object({
  ...summary,
  to_emails: Type.Array(Type.String()),
  cc_emails: Type.Array(Type.String()),
  version: TicketVersion,
  messages: Type.Array(
    Type.Object({
      id: Type.Integer(),
      direction: OneOf(['in', 'out']),
      message_id: Nullable(Type.String()),
      in_reply_to: Nullable(Type.String()),
      from_email: Type.String(),
      to_emails: Type.Array(Type.String()),
      cc_emails: Type.Array(Type.String()),
      subject: Type.String(),
      text: Type.String(),
      html: Nullable(Type.String({ description: 'Sanitised: no scripts, styles, images or handlers' })),
      admin_user_id: Nullable(Type.Integer()),
      created_at: Instant,
      attachments: Type.Array(Attachment),
    }),
  ),
  attachments: Type.Array(Attachment),
  notes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      text: Type.String(),
      fixed: Type.Boolean(),
      admin_user_id: Type.Integer(),
      admin_name: Type.String(),
      created_at: Instant,
    }),
  ),
  history: Type.Array(
    Type.Object({
      id: Type.Integer(),
      accion: Type.String(),
      old_status: Nullable(Type.Integer()),
      new_status: Nullable(Type.Integer()),
      admin_user_id: Nullable(Type.Integer()),
      admin_name: Nullable(Type.String()),
      details: Nullable(Type.Record(Type.String(), Type.Unknown())),
      created_at: Instant,
    }),
  ),
  related_item: Nullable(
    Type.Object({
      item_id: Type.Integer(),
      order_id: Type.Integer(),
      product_name: Type.String(),
      panel_status_id: Type.Integer(),
    }),
  ),
});

export const TicketWritten = Type.Object({ ticket_id: Type.Integer(), version: TicketVersion });

export const TicketSent = Type.Object({
  ticket_id: Type.Integer(),
  version: TicketVersion,
  message_id: Type.Integer({ description: 'The thread message recorded' }),
  outbox_id: Nullable(Type.Integer({ description: 'The outbox row that sends it' })),
});

export const TicketLockOut = Type.Object({
  ticket_id: Type.Integer(),
  locked_by: Type.Integer(),
  locked_by_name: Type.String(),
  expires_at: Instant,
  /**
   * What taking it did: `acquired` (it was free), `renewed` (the agent's own live lease), `reacquired` (the agent's own
   * lapsed lease) or `taken_over` (another agent's lapsed lease: the only one that writes a history line, so the only
   * one after which a screen needs to reload the ticket).
   */
  outcome: OneOf(['acquired', 'renewed', 'reacquired', 'taken_over']),
});

export const TicketCustomerActivity = Type.Object({
  tickets: Type.Object({
    items: Type.Array(
      Type.Object({
        id: Type.Integer(),
        status: TicketStatusSchema,
        subject: Type.String(),
        active: Type.Boolean(),
        updated_at: Instant,
      }),
    ),
    total: Type.Integer({ description: "All the customer's other tickets (the list holds the newest ten)" }),
  }),
  orders: Type.Object({
    items: Type.Array(
      Type.Object({
        item_id: Type.Integer(),
        order_id: Type.Integer(),
        product_name: Type.String(),
        panel_status_id: Type.Integer(),
        created_at: Instant,
      }),
    ),
    total: Type.Integer({ description: "All the items of the customer's orders (the list holds the newest ten)" }),
  }),
});
