import { describe, expect, it } from 'vitest';
import { formValuesFrom, searchFieldId, searchQueryOf } from './search-query';

const blank = formValuesFrom(new URLSearchParams());

describe('the search address', () => {
  it('reads every filter from the address, lists split', () => {
    const values = formValuesFrom(
      new URLSearchParams('email=garcia&status=40,60&status_client=ready&text=calle&order_by=-priority&size=25'),
    );
    expect(values).toMatchObject({
      email: 'garcia',
      status: ['40', '60'],
      status_client: ['ready'],
      text: 'calle',
      order_by: '-priority',
      size: '25',
      order_id: '',
    });
  });

  it.each([
    [{}, ''],
    [{ email: '  Garcia@Gmail ' }, 'email=garcia%40gmail'],
    [{ status: ['60', '40', '60'], text: 'calle mayor' }, 'status=60%2C40&text=calle+mayor'],
    [{ order_by: '-created_at', size: '10' }, ''],
    [{ order_by: 'priority', size: '50', date_start: '2026-01-01' }, 'size=50&order_by=priority&date_start=2026-01-01'],
    [{ status_client: ['incidence'], provider: 'reg.org' }, 'status_client=incidence&provider=reg.org'],
  ] as const)('valid values %j go into the address in the normal form: %s', (changes, query) => {
    expect(searchQueryOf({ ...blank, ...changes } as typeof blank).toString()).toBe(query);
  });

  it('invalid values go as typed, for the server to say why', () => {
    expect(searchQueryOf({ ...blank, text: 'ab', date_start: '2026-02-30' }).toString()).toBe(
      'date_start=2026-02-30&text=ab',
    );
  });

  it('names each field after its parameter', () => {
    expect(searchFieldId('status_client')).toBe('search-status-client');
  });
});
