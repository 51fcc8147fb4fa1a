import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, providePageTexts, useT } from '../shared/i18n';
import { en } from '../shared/i18n/en';
import { pt } from '../shared/i18n/pt';
import type { Language } from '../shared/lib/api-contract';
import { queryKeys } from '../shared/lib/query-keys';
import { testSession } from '../shared/testing/render-app';
import { SessionGate } from './session-gate';

// A server-rendered page hydrates with the texts it carried; the language's whole catalogue follows. Each test takes
// a language of its own: a loaded catalogue stays loaded for the file.

function renderGate(language: Language, keys: Array<'nav.cart' | 'nav.login'>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.session, testSession({ language }));
  const renders = { count: 0 };
  function Header() {
    const t = useT();
    renders.count += 1;
    return (
      <ul>
        {keys.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <SessionGate>
        <Header />
      </SessionGate>
    </QueryClientProvider>,
  );
  return renders;
}

describe('the session gate with the texts a page carried', () => {
  it('a text the page did not carry (a signed-in header) shows once the whole catalogue is here', async () => {
    providePageTexts('pt', { 'nav.cart': pt['nav.cart'] });
    renderGate('pt', ['nav.cart', 'nav.login']);
    expect(screen.getByText(pt['nav.cart'])).toBeInTheDocument();
    expect(await screen.findByText(pt['nav.login'])).toBeInTheDocument();
    expect(screen.getByText(pt['nav.cart'])).toBeInTheDocument();
  });

  it('when the page carried every text it shows, the catalogue arrives without rendering the page again', async () => {
    providePageTexts('en', { 'nav.cart': en['nav.cart'] });
    const renders = renderGate('en', ['nav.cart']);
    expect(screen.getByText(en['nav.cart'])).toBeInTheDocument();
    const before = renders.count;
    await act(async () => {
      await loadCatalogue('en');
      await new Promise((resolve) => setTimeout(resolve, 50)); // the query cache notifies on a later tick
    });
    expect(renders.count).toBe(before);
    expect(screen.getByText(en['nav.cart'])).toBeInTheDocument();
  });
});
