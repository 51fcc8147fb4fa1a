// The installable app's web app manifest (docs/pwa.md), per store: its brand name and language. After installing,
// the app opens the customer's orders list (/orders; a visitor is sent to the login and back).
import type { StoreInfo } from '../catalog/index.js';

export const THEME_COLOR = '#0b4f8a';

/** A short name fits under a home-screen icon: the brand cut at a word, at most 12 characters. */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed;
  const cut = trimmed.slice(0, 12);
  const space = cut.lastIndexOf(' ');
  return (space > 3 ? cut.slice(0, space) : cut).trim();
}

export function webManifest(store: Pick<StoreInfo, 'name' | 'language'>): Record<string, unknown> {
  return {
    name: store.name,
    short_name: shortName(store.name),
    lang: store.language,
    dir: 'ltr',
    id: '/orders',
    start_url: '/orders',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/app-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
