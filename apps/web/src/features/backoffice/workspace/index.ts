export { WorkspaceShell } from './components/workspace-shell';
export { ItemTabRoute, TabEndingRoute } from './routes/workspace-tabs.route';
