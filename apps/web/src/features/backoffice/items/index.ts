export { useAgents } from './api/item-actions';
export { ItemWriteQueue } from './lib/item-write-queue';
export { useHistoryFormat } from './components/use-history-format';
export { ItemDetailRoute } from './routes/item-detail.route';
export { ItemsRoute } from './routes/items.route';
export { LookupTools } from './components/lookup-tools';
