export { LegalEntitiesRoute } from './routes/legal-entities.route';
export { PtSeriesRoute } from './routes/pt-series.route';
export { VerifactuRoute } from './routes/verifactu.route';
