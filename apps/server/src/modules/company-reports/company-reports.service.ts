import { and, eq } from 'drizzle-orm';
import {
  checkReportCif,
  COMPANY_REPORT_PRODUCTS,
  formatMoneyString,
  reportCifOfAnswers,
  reportRating,
  financialRatios,
  type CompanyReport,
  type CompanyReportKind,
  type OrderHistoryAction,
} from '@ventanilla/domain';
import type { Db, Tx } from '../../db/database.js';
import { reserveHit } from '../../db/rate-counters.js';
import { itemFiles, itemHistory, orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { CatalogService } from '../catalog/index.js';
import type { SessionUser } from '../../shared/session-types.js';
import type { FileStorage } from '../files/index.js';
import type { JobQueue } from '../jobs/index.js';
import { recordHistory } from '../order-records/index.js';
import { CompanyReportUnavailable, type CompanyReportAdapter } from './company-report-adapter.js';

/** The queue of the automatic attachment: `{ itemId }`, one waiting and one running job per item. */
export const COMPANY_REPORT_JOB = 'company-report-attach';

/** History actions of the automatic attachment (the first one is also its "done" marker). */
export const REPORT_HISTORY = {
  attached: 'informe_empresa_adjuntado',
  noCif: 'informe_empresa_sin_cif',
  notFound: 'informe_empresa_no_encontrado',
  failed: 'informe_empresa_error',
} as const;

export type AttachOutcome =
  'attached' | 'already_attached' | 'not_a_report' | 'unpaid' | 'no_cif' | 'not_found' | 'failed' | 'missing';

const HOUR_MS = 60 * 60 * 1000;

/** The report as the API shows it: money as "1234.56" strings, ratios and the rating computed by the domain. */
export function reportOut(report: CompanyReport) {
  const rating = reportRating(report);
  return {
    kind: report.kind,
    sandbox: report.sandbox,
    source: report.source,
    as_of: report.asOf,
    company: {
      cif: report.company.cif,
      name: report.company.name,
      legal_form: report.company.legalForm,
      status: report.company.status,
      incorporated_on: report.company.incorporatedOn,
      registered_office: {
        street: report.company.registeredOffice.street,
        postal_code: report.company.registeredOffice.postalCode,
        municipality: report.company.registeredOffice.municipality,
        province: report.company.registeredOffice.province,
      },
      cnae: report.company.cnae,
      employees: report.company.employees,
      share_capital: formatMoneyString(report.company.shareCapital),
    },
    years: report.years.map((y, i) => {
      const r = financialRatios(y, report.years[i + 1]);
      return {
        year: y.year,
        turnover: formatMoneyString(y.turnover),
        profit: formatMoneyString(y.profit),
        total_assets: formatMoneyString(y.totalAssets),
        equity: formatMoneyString(y.equity),
        current_assets: formatMoneyString(y.currentAssets),
        current_liabilities: formatMoneyString(y.currentLiabilities),
        total_liabilities: formatMoneyString(y.totalLiabilities),
        liquidity: r.liquidity,
        debt_ratio_bp: r.debtRatioBp,
        roe_bp: r.roeBp,
        margin_bp: r.marginBp,
        growth_bp: r.growthBp,
      };
    }),
    rating: {
      score: rating.score,
      risk: rating.risk,
      default_probability_bp: rating.defaultProbabilityBp,
      credit_limit: formatMoneyString(rating.creditLimit),
    },
    incidents: report.incidents.map((i) => ({
      type: i.type,
      date: i.date,
      amount: i.amount === null ? null : formatMoneyString(i.amount),
      description: i.description,
    })),
  };
}

/**
 * Company reports by CIF (docs/integrations.md, "Company reports"): staff's lookups, and the report of a paid order
 * line of a report product produced and attached to it by a background job.
 */
export class CompanyReportsService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly files: FileStorage,
    readonly adapter: CompanyReportAdapter,
    private readonly options: { lookupsPerHour: number; now: () => Date },
  ) {}

  private queue: JobQueue | undefined;

  /** Declares the attachment job (before the queue starts). */
  defineJobs(queue: JobQueue): void {
    this.queue = queue;
    queue.define<{ itemId: number }>({
      name: COMPANY_REPORT_JOB,
      policy: 'stately',
      // The provider may be down for a while: pg-boss retries with backoff (30 s, 60 s, ... about an hour in all).
      retryLimit: 8,
      retryDelaySeconds: 30,
      handle: async ({ itemId }) => void (await this.attach(itemId)),
    });
  }

  private reportProductsOf: { revision: string; map: Map<number, { urlKey: string; kind: CompanyReportKind }> } | null =
    null;

  /** The report products' ids in every store, and which report each is (worked out once per catalogue revision). */
  private reportProducts(): Map<number, { urlKey: string; kind: CompanyReportKind }> {
    const revision = this.catalog.revision();
    if (this.reportProductsOf?.revision === revision) return this.reportProductsOf.map;
    const map = new Map<number, { urlKey: string; kind: CompanyReportKind }>();
    for (const store of this.catalog.listStores()) {
      for (const [urlKey, product] of Object.entries(COMPANY_REPORT_PRODUCTS)) {
        const found = this.catalog.findProduct(store.storeId, urlKey);
        if (found) map.set(found.row.productId, { urlKey, kind: product.kind });
      }
    }
    this.reportProductsOf = { revision, map };
    return map;
  }

  /** On "paid" (in the paying transaction): a job per report line; the job exists if and only if the payment commits. */
  async enqueueForOrder(
    tx: Tx,
    orderId: number,
    /** The order's lines, when the caller's transaction has them (a payment's listeners share one read). */
    knownItems?: () => Promise<Array<{ itemId: number; productId: number }>>,
  ): Promise<void> {
    if (!this.queue) return;
    const products = this.reportProducts();
    const items = knownItems
      ? await knownItems()
      : await tx
          .select({ itemId: orderItems.itemId, productId: orderItems.productId })
          .from(orderItems)
          .where(eq(orderItems.orderId, orderId));
    for (const item of items.filter((i) => products.has(i.productId))) {
      await this.queue.sendInTransaction(
        tx,
        COMPANY_REPORT_JOB,
        { itemId: item.itemId },
        { singletonKey: String(item.itemId) },
      );
    }
  }

  /** GET /api/lookups/company-report: a report on demand, for staff, rate-limited per account. */
  async lookup(user: SessionUser, rawCif: string, kind: CompanyReportKind) {
    const check = checkReportCif(rawCif);
    if (!check.ok) {
      throw new AppError('VALIDATION_ERROR', 'company report cif', {
        fields: [
          check.reason === 'separators'
            ? { field: 'cif', message: { key: 'validator.no_separators' }, code: check.reason }
            : check.reason === 'empty'
              ? { field: 'cif', key: 'field.required', code: 'required' }
              : { field: 'cif', message: { key: 'validator.cif' }, code: check.reason },
        ],
      });
    }
    const allowed = await reserveHit(this.db, {
      bucket: 'company-report',
      key: String(user.id),
      limit: this.options.lookupsPerHour,
      windowMs: HOUR_MS,
    });
    if (!allowed) throw new AppError('TOO_MANY_ATTEMPTS', `company report lookups of ${user.id}`);
    const report = await this.fetch(check.normalised, kind);
    if (!report) throw new AppError('NOT_FOUND', `company ${check.normalised}`);
    return reportOut(report);
  }

  private async fetch(cif: string, kind: CompanyReportKind) {
    try {
      return await this.adapter.fetchReport(cif, kind, this.options.now());
    } catch (err) {
      if (err instanceof CompanyReportUnavailable) throw new AppError('UNAVAILABLE', err.message);
      throw err;
    }
  }

  private async hasHistory(db: Db | Tx, itemId: number, accion: OrderHistoryAction): Promise<boolean> {
    const rows = await db
      .select({ id: itemHistory.id })
      .from(itemHistory)
      .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, accion)))
      .limit(1);
    return rows.length > 0;
  }

  /** A history line, once per item and action (a retried job does not repeat it). */
  private async noteOnce(itemId: number, accion: OrderHistoryAction, details: Record<string, unknown>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.select({ id: orderItems.itemId }).from(orderItems).where(eq(orderItems.itemId, itemId)).for('update');
      if (await this.hasHistory(tx, itemId, accion)) return;
      await recordHistory(tx, [{ itemId, accion, adminUserId: null, details }]);
    });
  }

  /**
   * The job: produce the report of a paid report line and attach it (visible to the customer), once. Idempotent: the
   * history line "informe_empresa_adjuntado", written with the file under the item's row lock, says it is done. A
   * provider that is down throws (the job is retried); a missing CIF or an unknown company is noted for the agents.
   */
  async attach(itemId: number): Promise<AttachOutcome> {
    const [row] = await this.db
      .select({
        productId: orderItems.productId,
        answers: orderItems.answers,
        paidAt: orders.paidAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(eq(orderItems.itemId, itemId));
    if (!row) return 'missing';
    const product = this.reportProducts().get(row.productId);
    if (!product) return 'not_a_report';
    if (!row.paidAt) return 'unpaid';
    if (await this.hasHistory(this.db, itemId, REPORT_HISTORY.attached)) return 'already_attached';
    const cif = reportCifOfAnswers(product.urlKey, row.answers);
    if (!cif.ok) {
      await this.noteOnce(itemId, REPORT_HISTORY.noCif, { reason: cif.reason });
      return 'no_cif';
    }
    let report: CompanyReport | null;
    try {
      report = await this.adapter.fetchReport(cif.cif, product.kind, this.options.now());
    } catch (err) {
      if (err instanceof CompanyReportUnavailable && !err.retryable) {
        await this.noteOnce(itemId, REPORT_HISTORY.failed, { cif: cif.cif, error: err.message });
        return 'failed';
      }
      throw err;
    }
    if (!report) {
      await this.noteOnce(itemId, REPORT_HISTORY.notFound, { cif: cif.cif, source: this.adapter.name });
      return 'not_found';
    }
    // Loaded on first use: pdf-lib is ~170 modules that a start would otherwise compile (docs/performance.md).
    const { renderCompanyReportPdf, reportFilename } = await import('./company-report-pdf.js');
    const pdf = await renderCompanyReportPdf(report);
    // Content-addressed: a second run stores the same bytes under the same key.
    const stored = await this.files.put(Buffer.from(pdf));
    return this.db.transaction(async (tx) => {
      await tx.select({ id: orderItems.itemId }).from(orderItems).where(eq(orderItems.itemId, itemId)).for('update');
      if (await this.hasHistory(tx, itemId, REPORT_HISTORY.attached)) return 'already_attached';
      const [file] = await tx
        .insert(itemFiles)
        .values({
          itemId,
          filename: reportFilename(report),
          contentType: 'application/pdf',
          size: pdf.length,
          sha256: stored.sha256,
          storageKey: stored.key,
          visibleToCustomer: true,
          uploadedBy: null,
        })
        .returning({ id: itemFiles.id });
      await recordHistory(tx, [
        {
          itemId,
          accion: REPORT_HISTORY.attached,
          adminUserId: null,
          details: {
            file_id: file?.id,
            kind: product.kind,
            cif: cif.cif,
            source: report.source,
            sandbox: report.sandbox,
          },
        },
      ]);
      return 'attached' as const;
    });
  }
}
