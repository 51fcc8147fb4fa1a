import { Type } from 'typebox';
import {
  ClientStatusSchema,
  MoneyString,
  Nullable,
  OneOf,
  OrderStatusSchema,
  PanelStatusIdSchema,
} from '../../shared/http-schemas.js';

export const AnswerLine = Type.Object({
  option_id: Type.Integer(),
  label: Type.String(),
  value: Type.String(),
  print_value: Type.String(),
  option_type: Type.String(),
});

export const FileOut = Type.Object({
  id: Type.Integer(),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  created_at: Type.String(),
  /** Uploaded by the customer in the wizard (the answer to a file question), rather than by the staff. */
  uploaded_by_customer: Type.Optional(Type.Boolean()),
  /** The file question it answers, for customer uploads. */
  option_id: Type.Optional(Nullable(Type.Integer())),
});

export const ClientStatus = ClientStatusSchema;

/** Whether the order can be withdrawn from its page, until when, or why not (docs/withdrawal.md). */
export const OrderWithdrawal = Type.Object({
  allowed: Type.Boolean(),
  /** The last day of the 14 days (ISO date, in the seller's calendar). */
  last_day: Type.String({ format: 'date' }),
  refusal: Nullable(OneOf(['not_paid', 'cancelled', 'refunded', 'performed', 'period_over'] as const)),
  withdrawn_at: Nullable(Type.String()),
});

/** A withdrawal done: the order cancelled, what was refunded and the credit note issued. */
export const WithdrawalDone = Type.Object({
  order_id: Type.Integer(),
  status: Type.Literal('canceled'),
  withdrawn_at: Type.String(),
  refunded: MoneyString,
  credit_note_number: Nullable(Type.String()),
});

export const CustomerOrder = Type.Object({
  order_id: Type.Integer(),
  created_at: Type.String(),
  store_id: Type.Integer(),
  status: OrderStatusSchema,
  paid: Type.Boolean(),
  subtotal: MoneyString,
  tax: MoneyString,
  total: MoneyString,
  currency: Type.String(),
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      order_id: Type.Integer(),
      product_id: Type.Integer(),
      product_name: Type.String(),
      qty: Type.Integer(),
      created_at: Type.String(),
      panel_status_id: PanelStatusIdSchema,
      referencia: Nullable(Type.String()),
      price: MoneyString,
      client_status: ClientStatus,
      summary: Type.String(),
      options: Type.Array(AnswerLine),
      files: Type.Array(FileOut),
    }),
  ),
  /** The one-order answer only. */
  withdrawal: Type.Optional(OrderWithdrawal),
});
