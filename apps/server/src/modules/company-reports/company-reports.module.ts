import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { CatalogService } from '../catalog/index.js';
import type { FileStorage } from '../files/index.js';
import type { JobQueue } from '../jobs/index.js';
import { type OrderEvents, paidOrderItems } from '../order-records/index.js';
import type { CompanyReportAdapter } from './company-report-adapter.js';
import { CompanyReportsService } from './company-reports.service.js';
import { ProviderCompanyReports, type ReportFetch } from './provider.adapter.js';
import { SandboxCompanyReports } from './sandbox.adapter.js';

/** The configured adapter (COMPANY_REPORTS_ADAPTER): the sandbox unless a provider is configured. */
export function companyReportAdapter(config: AppConfig['companyReports'], fetchFn?: ReportFetch): CompanyReportAdapter {
  return config.adapter === 'provider' && config.provider
    ? new ProviderCompanyReports(config.provider, fetchFn)
    : new SandboxCompanyReports();
}

/**
 * Builds the service, declares its job and listens to "paid" (a job per report line, in the paying transaction), except
 * in production with the sandbox.
 */
export function createCompanyReports(deps: {
  db: Db;
  catalog: CatalogService;
  files: FileStorage;
  jobs: JobQueue;
  orderEvents: OrderEvents;
  config: AppConfig;
  now: () => Date;
  fetchFn?: ReportFetch;
  warn?: (message: string) => void;
}): CompanyReportsService {
  const service = new CompanyReportsService(
    deps.db,
    deps.catalog,
    deps.files,
    companyReportAdapter(deps.config.companyReports, deps.fetchFn),
    { lookupsPerHour: deps.config.companyReports.lookupsPerHour, now: deps.now },
  );
  service.defineJobs(deps.jobs);
  // Made-up reports are never delivered to paying customers: in production the sandbox only answers staff lookups
  // (marked as such), and report lines wait for an agent until a provider is configured.
  if (deps.config.nodeEnv === 'production' && service.adapter instanceof SandboxCompanyReports) {
    deps.warn?.('COMPANY_REPORTS_ADAPTER is the sandbox: paid company reports are not attached automatically');
  } else {
    deps.orderEvents.onPaid((tx, event) => service.enqueueForOrder(tx, event.orderId, () => paidOrderItems(tx, event)));
  }
  return service;
}
