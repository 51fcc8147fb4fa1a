import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './shared/ui/styles/base.css';
import { App } from './app/app';
import { readSsrState } from './app/ssr-state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page the server rendered (catalogue, category, product, not found) is hydrated; any other starts afresh.
const initial = readSsrState();
const app = (
  <StrictMode>
    <App initial={initial} />
  </StrictMode>
);
if (initial && root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
