// The back office: one chunk (never loaded by the shop) with its route table, so moving between its screens never
// waits; the statistics screen and its charting library are a chunk of their own (backoffice-routes.tsx).
export { BackofficeRoutes } from '../backoffice-routes';
