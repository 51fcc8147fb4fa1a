export { apiError, handler, server } from './msw-server';
export { renderApp, testSession, testUser } from './render-app';
