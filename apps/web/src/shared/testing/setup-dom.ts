import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { es } from '../i18n/es';
import { provideCatalogue } from '../i18n';
import { server } from './msw-server';

// Component tests (*.test.tsx, jsdom): the Spanish texts at once, the mock API, a clean page and storage per test.
provideCatalogue('es', es);
// jsdom has no layout: scrolling (route changes, focusHeading) does nothing instead of logging "not implemented".
window.scrollTo = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
