import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  parseStatisticsFilter,
  QUEUE_AGE_BUCKETS,
  statisticsErrorMessage,
  type RawQuery,
  type StatisticsFilter,
} from '@ventanilla/domain';
import { AppError } from '../../shared/app-error.js';
import { errors, MoneyString, OneOf, PanelStatusIdSchema } from '../../shared/http-schemas.js';
import { StatisticsService } from './statistics.service.js';

/** Every value a string, as in the URL: the domain's parseStatisticsFilter checks them before schema validation. */
const StatisticsQuery = Type.Object({
  from: Type.Optional(
    Type.String({ description: 'First day included, YYYY-MM-DD (Europe/Madrid); default: 29 days before `to`' }),
  ),
  to: Type.Optional(
    Type.String({
      description: 'Last day included, YYYY-MM-DD (Europe/Madrid); default today; at most 366 days after `from`',
    }),
  ),
  store: Type.Optional(Type.String({ description: 'Only these stores: store ids, comma-joined (1,16), at most 30' })),
});

const Day = Type.String({ format: 'date', examples: ['2026-11-24'] });
const Range = {
  from: Day,
  to: Day,
  stores: Type.Array(Type.Integer(), { description: 'The store filter; empty = all' }),
};
const OrderFigures = { orders: Type.Integer(), paid_orders: Type.Integer(), revenue: MoneyString };
const Bucket = OneOf(QUEUE_AGE_BUCKETS.map((b) => b.key));

const OrdersStatistics = Type.Object({
  ...Range,
  totals: Type.Object(OrderFigures),
  by_day: Type.Array(Type.Object({ day: Day, ...OrderFigures }), { description: 'Every day of the range, in order' }),
  by_store: Type.Array(Type.Object({ store_id: Type.Integer(), ...OrderFigures })),
  by_status: Type.Array(Type.Object({ status: Type.String({ description: 'Commercial status' }), ...OrderFigures })),
});

const ProductsStatistics = Type.Object({
  ...Range,
  by_product: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      product_name: Type.String(),
      items: Type.Integer(),
      paid_items: Type.Integer(),
      revenue: MoneyString,
    }),
  ),
});

const QueueAgeStatistics = Type.Object({
  now: Type.String({ format: 'date-time' }),
  stores: Range.stores,
  buckets: Type.Array(Type.Object({ bucket: Bucket, items: Type.Integer() })),
  by_status: Type.Array(
    Type.Object({
      panel_status_id: PanelStatusIdSchema,
      status_text: Type.String(),
      buckets: Type.Array(Type.Object({ bucket: Bucket, items: Type.Integer() })),
    }),
  ),
});

const AgentsStatistics = Type.Object({
  ...Range,
  by_agent: Type.Array(
    Type.Object({
      admin_user_id: Type.Integer(),
      name: Type.String({ description: 'Admin user 1 is "Sistema"' }),
      actions: Type.Integer({ description: 'History lines the agent wrote' }),
      finished: Type.Integer({ description: 'Moves into a finished status (70, 100, 101, 110, 120)' }),
    }),
  ),
  by_day: Type.Array(
    Type.Object({ day: Day, admin_user_id: Type.Integer(), actions: Type.Integer(), finished: Type.Integer() }),
  ),
});

const RefundFigures = { refunds: Type.Integer(), amount: MoneyString, penalty: MoneyString };
const RefundsStatistics = Type.Object({
  ...Range,
  totals: Type.Object(RefundFigures),
  by_day: Type.Array(Type.Object({ day: Day, ...RefundFigures })),
});

/** Back-office statistics (docs/backoffice.md, "Statistics"): agents and admins. */
const statisticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = new StatisticsService(app.ctx.db, app.ctx.now);
  const parsed = new WeakMap<FastifyRequest, StatisticsFilter>();

  /** The request's filter, parsed once by the domain's rules; a 400 with every refused parameter otherwise. */
  const filterOf = (request: FastifyRequest): StatisticsFilter => {
    const cached = parsed.get(request);
    if (cached) return cached;
    const result = parseStatisticsFilter(request.query as RawQuery, service.today());
    if (!result.ok) {
      throw new AppError('VALIDATION_ERROR', `statistics filter: ${result.errors.map((e) => e.param).join(', ')}`, {
        fields: result.errors.map((error) => ({
          field: error.param,
          code: error.code,
          message: statisticsErrorMessage(error),
        })),
      });
    }
    parsed.set(request, result.filter);
    return result.filter;
  };

  // The response schema is typed loosely here: each service method's result is checked by the schema at run time and
  // by the API tests.
  const route = (
    path: string,
    summary: string,
    response: TSchema,
    handler: (filter: StatisticsFilter, request: FastifyRequest) => Promise<unknown>,
  ) =>
    app.get(
      `/api/backoffice/statistics/${path}`,
      {
        config: { permission: 'statistics.read' },
        schema: {
          tags: ['back office'],
          summary,
          description:
            'Filter: `from`, `to` (days, Europe/Madrid, both included; default the last 30 days; at most 366) and ' +
            '`store`. An unknown, repeated or malformed parameter is a 400 VALIDATION_ERROR listing each one ' +
            "(`fields[].field`, `fields[].code`, `fields[].message` in the caller's language).",
          querystring: StatisticsQuery,
          response: { 200: response, ...errors(400, 401, 403) },
        },
        // Before schema validation: the domain's parser sees the raw query (repeated and unknown parameters included).
        preValidation: async (request) => {
          filterOf(request);
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return handler(filterOf(request), request);
      },
    );

  route('orders', 'Orders and revenue per day, store and commercial status', OrdersStatistics, (f) =>
    service.orders(f),
  );
  route('products', 'Order lines and revenue per product', ProductsStatistics, (f) => service.products(f));
  route(
    'queue-age',
    'Work waiting now, by age bucket and status (the range does not apply)',
    QueueAgeStatistics,
    (f, r) => service.queueAge(f, r.language),
  );
  route('agents', "Agents' throughput: actions and finished items per agent and day", AgentsStatistics, (f, r) =>
    service.agents(f, r.language),
  );
  route('refunds', 'Refunds that went through: count, amount returned, penalty kept, per day', RefundsStatistics, (f) =>
    service.refunds(f),
  );
};

export default statisticsRoutes;
