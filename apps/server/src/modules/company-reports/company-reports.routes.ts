import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMPANY_REPORT_KINDS } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, MoneyString, Nullable, OneOf } from '../../shared/http-schemas.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2025-11-24'] });

export const CompanyReportOut = Type.Object({
  kind: OneOf(COMPANY_REPORT_KINDS),
  sandbox: Type.Boolean({ description: 'Made-up data of the sandbox adapter ("SANDBOX / datos ficticios")' }),
  source: Type.String(),
  as_of: Day,
  company: Type.Object({
    cif: Type.String(),
    name: Type.String(),
    legal_form: Type.String(),
    status: OneOf(['active', 'insolvency', 'dissolved'] as const),
    incorporated_on: Day,
    registered_office: Type.Object({
      street: Type.String(),
      postal_code: Type.String(),
      municipality: Type.String(),
      province: Type.String(),
    }),
    cnae: Type.Object({ code: Type.String({ examples: ['6201'] }), description: Type.String() }),
    employees: Nullable(Type.Integer()),
    share_capital: MoneyString,
  }),
  years: Type.Array(
    Type.Object({
      year: Type.Integer(),
      turnover: MoneyString,
      profit: MoneyString,
      total_assets: MoneyString,
      equity: MoneyString,
      current_assets: MoneyString,
      current_liabilities: MoneyString,
      total_liabilities: MoneyString,
      liquidity: Nullable(Type.Integer({ description: 'Current assets / current liabilities, in hundredths' })),
      debt_ratio_bp: Nullable(Type.Integer({ description: 'Total liabilities / total assets, basis points' })),
      roe_bp: Nullable(Type.Integer({ description: 'Profit / equity, basis points' })),
      margin_bp: Nullable(Type.Integer({ description: 'Profit / turnover, basis points' })),
      growth_bp: Nullable(Type.Integer({ description: 'Turnover growth on the year before, basis points' })),
    }),
    { description: 'Accounts deposited at the Registro Mercantil, newest first' },
  ),
  rating: Type.Object({
    score: Type.Integer({ minimum: 1, maximum: 20 }),
    risk: OneOf(['very_low', 'low', 'medium', 'high', 'very_high'] as const),
    default_probability_bp: Type.Integer(),
    credit_limit: MoneyString,
  }),
  incidents: Type.Array(
    Type.Object({
      type: OneOf(['rai', 'judicial', 'administrative', 'insolvency'] as const),
      date: Day,
      amount: Nullable(MoneyString),
      description: Type.String(),
    }),
  ),
});

/**
 * Company reports by CIF (spec: informeEconomico and informeSolvencia by cif; docs/integrations.md, "Company
 * reports"). Staff only: customers get their report attached to their paid order.
 */
const companyReportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { companyReports } = app.ctx;

  app.get(
    '/api/lookups/company-report',
    {
      config: { permission: 'lookups.companyReports' },
      schema: {
        tags: ['lookups'],
        summary:
          'informeEconomico / informeSolvencia: the economic or solvency report of a company by CIF (invalid CIF: 400; unknown: 404 "Registro no encontrado"; rate-limited per account)',
        querystring: Type.Object(
          {
            cif: Type.String({ maxLength: 40, examples: ['B86670460'] }),
            kind: OneOf(COMPANY_REPORT_KINDS),
          },
          { additionalProperties: false },
        ),
        response: { 200: CompanyReportOut, ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return companyReports.lookup(signedInUser(request), request.query.cif, request.query.kind);
    },
  );
};

export default companyReportsRoutes;
