export { CustomersScreen } from './routes/customers.route';
export { StaffRoute } from './routes/staff.route';
