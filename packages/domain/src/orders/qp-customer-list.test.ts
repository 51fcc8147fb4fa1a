import { describe, expect, it } from 'vitest';
import { qpCustomerListState } from './qp-customer-list.js';

describe('qpCustomerListState', () => {
  it.each([
    [{ paid: true, panelStatusId: 40, processedNames: 0 }, 'awaiting_names'],
    [{ paid: true, panelStatusId: 60, processedNames: 0 }, 'awaiting_names'],
    [{ paid: true, panelStatusId: 40, processedNames: 1 }, 'sent'],
    [{ paid: true, panelStatusId: 110, processedNames: 2 }, 'sent'],
    [{ paid: false, panelStatusId: 0, processedNames: 0 }, 'unpaid'],
    [{ paid: true, panelStatusId: 0, processedNames: 0 }, 'unpaid'],
    [{ paid: true, panelStatusId: 110, processedNames: 0 }, 'closed'],
    [{ paid: true, panelStatusId: 120, processedNames: 0 }, 'closed'],
  ])('%j -> %s', (item, state) => {
    expect(qpCustomerListState(item)).toBe(state);
  });
});
