import { describe, expect, it } from 'vitest';
import { LookupUnavailableError } from '../../src/modules/lookups/cadastre.adapter.js';
import { UpstreamBudget } from '../../src/modules/lookups/lookups.service.js';

describe('UpstreamBudget (a sliding minute)', () => {
  it('allows perMinute calls in any minute, then refuses until the oldest is a minute old', () => {
    let now = 0;
    const budget = new UpstreamBudget(2, () => now);
    budget.take('x');
    now = 30_000;
    budget.take('x');
    now = 59_999;
    expect(() => budget.take('x')).toThrow(LookupUnavailableError);
    now = 60_000; // the first call left the window
    expect(() => budget.take('x')).not.toThrow();
    expect(() => budget.take('x')).toThrow(LookupUnavailableError);
    now = 90_000;
    expect(() => budget.take('x')).not.toThrow();
  });
});
