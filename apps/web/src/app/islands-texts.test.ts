import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createTranslate, loadMoreTexts, providePageTexts } from '../shared/i18n';
import { en } from '../shared/i18n/en';
import { queryKeys } from '../shared/lib/query-keys';
import { completeTextsWithFrame } from './islands-texts';

// The frame's texts of a language (build/frame-texts.ts makes them at build time).
vi.mock('virtual:frame-texts/en', () => ({ default: { 'nav.orders': en['nav.orders'] } }));

describe('completeTextsWithFrame', () => {
  it("completes the page's texts with the frame's, and loads the whole catalogue only for a text neither has", async () => {
    const queryClient = new QueryClient();
    providePageTexts('en', { 'nav.login': en['nav.login'] });
    completeTextsWithFrame(queryClient);
    // A signed-in header before the frame's texts came: noted as missed, then answered by them.
    expect(createTranslate('en')('nav.orders')).toBe('nav.orders');
    const more = await loadMoreTexts('en');
    expect(more['nav.orders']).toBe(en['nav.orders']);
    expect(more['nav.login']).toBe(en['nav.login']);
    expect(more['checkout.title']).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.texts('en'))).toBeUndefined();

    // A text the frame's do not have: the whole catalogue, into the session gate's query.
    expect(createTranslate('en', more)('checkout.title')).toBe('checkout.title');
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.texts('en'))).toBe(en));
  });
});
