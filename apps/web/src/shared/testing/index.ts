export { apiError, handler, server } from './msw-server';
export { renderApp, testQueryClient, testSession, testUser, type RenderAppResult } from './render-app';
