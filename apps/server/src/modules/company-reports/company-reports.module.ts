import type { AppConfig } from '../../config/env.js';
import type { ServerModule } from '../../shared/server-module.js';
import { paidOrderItems } from '../order-records/index.js';
import type { CompanyReportAdapter } from './company-report-adapter.js';
import { CompanyReportsService } from './company-reports.service.js';
import companyReportsRoutes from './company-reports.routes.js';
import { ProviderCompanyReports, type ReportFetch } from './provider.adapter.js';
import { SandboxCompanyReports } from './sandbox.adapter.js';

/** The configured adapter (COMPANY_REPORTS_ADAPTER): the sandbox unless a provider is configured. */
export function companyReportAdapter(config: AppConfig['companyReports'], fetchFn?: ReportFetch): CompanyReportAdapter {
  return config.adapter === 'provider' && config.provider
    ? new ProviderCompanyReports(config.provider, fetchFn)
    : new SandboxCompanyReports();
}

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Company reports by CIF: staff lookups and the automatic attachment to paid report lines. */
    companyReports: CompanyReportsService;
  }
}

/**
 * Company reports (docs/integrations.md, "Company reports"): staff lookups, and a paid report line gets its report
 * attached by a job (one per line, queued in the paying transaction), except in production with the sandbox.
 */
export const companyReportsModule: ServerModule = {
  name: 'company-reports',
  permissions: ['companyReports'],
  services({ db, catalog, files, config, now }) {
    const companyReports = new CompanyReportsService(db, catalog, files, companyReportAdapter(config.companyReports), {
      lookupsPerHour: config.companyReports.lookupsPerHour,
      now,
    });
    return { companyReports };
  },
  listen({ config, companyReports, orderEvents }) {
    // Made-up reports are never delivered to paying customers: in production the sandbox only answers staff lookups
    // (marked as such, and said at boot), and report lines wait for an agent until a provider is configured.
    if (sandboxInProduction(config, companyReports)) return;
    orderEvents.onPaid((tx, event) =>
      companyReports.enqueueForOrder(tx, event.orderId, () => paidOrderItems(tx, event)),
    );
  },
  jobs: (ctx) => ctx.companyReports.defineJobs(ctx.jobs),
  start({ config, companyReports }, { log }) {
    if (sandboxInProduction(config, companyReports))
      log.warn('COMPANY_REPORTS_ADAPTER is the sandbox: paid company reports are not attached automatically');
  },
  routes: () => ({ protected: [companyReportsRoutes] }),
};

function sandboxInProduction(config: AppConfig, service: CompanyReportsService): boolean {
  return config.nodeEnv === 'production' && service.adapter instanceof SandboxCompanyReports;
}
