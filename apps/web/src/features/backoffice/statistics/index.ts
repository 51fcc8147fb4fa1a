export { StatisticsRoute } from './routes/statistics.route';
