export { ConfigListRoute, ConfigListsIndexRoute, ConfigRecordRoute } from './routes/config-lists.route';
