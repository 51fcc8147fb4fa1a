export { CustomersScreen } from './routes/customers.route';
export { StaffRoute } from './routes/staff.route';
export { OnlineAgentsRoute, OwnSettingsRoute } from './routes/own-settings.route';
