/**
 * What the app's composition root uses of health: its Nest module. Everything else here is its own.
 */
export { HealthModule } from './health.module';
