import { describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { FileStorage } from '../files/file-storage.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { OrderEvents } from '../order-records/order-events.js';
import type { AppContext } from '../../plugins/context.js';
import type { ModuleBoot } from '../../shared/server-module.js';
import { companyReportsModule } from './company-reports.module.js';
import { ProviderCompanyReports } from './provider.adapter.js';
import { SandboxCompanyReports } from './sandbox.adapter.js';

// Which adapter the configuration picks, and that made-up reports are never attached to paid orders in production.

const PROVIDER = { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: 100, name: 'Buró' };

async function build(nodeEnv: AppConfig['nodeEnv'], adapter: 'sandbox' | 'provider') {
  const orderEvents = new OrderEvents();
  const onPaid = vi.spyOn(orderEvents, 'onPaid');
  const warn = vi.fn();
  const config = {
    nodeEnv,
    companyReports: { adapter, provider: adapter === 'provider' ? PROVIDER : null, lookupsPerHour: 60 },
  } as unknown as AppConfig;
  const ctx = {
    db: {} as Db,
    catalog: {} as CatalogService,
    files: {} as FileStorage,
    jobs: { define: vi.fn() } as unknown as JobQueue,
    orderEvents,
    config,
    now: () => new Date(),
  } as unknown as AppContext;
  const boot = { options: {}, log: { warn } } as unknown as ModuleBoot;
  Object.assign(ctx, await companyReportsModule.services?.(ctx, boot));
  companyReportsModule.listen?.(ctx);
  await companyReportsModule.start?.(ctx, boot);
  return { service: ctx.companyReports, onPaid, warn };
}

describe('companyReportsModule', () => {
  it.each(['development', 'test', 'production'] as const)('%s with a provider attaches paid reports', async (env) => {
    const { service, onPaid, warn } = await build(env, 'provider');
    expect(service.adapter).toBeInstanceOf(ProviderCompanyReports);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('development with the sandbox attaches its marked reports', async () => {
    const { service, onPaid } = await build('development', 'sandbox');
    expect(service.adapter).toBeInstanceOf(SandboxCompanyReports);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('production with the sandbox attaches nothing and says so', async () => {
    const { onPaid, warn } = await build('production', 'sandbox');
    expect(onPaid).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not attached automatically'));
  });
});
