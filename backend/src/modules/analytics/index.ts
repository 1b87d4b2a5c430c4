/**
 * What the app's composition root uses of analytics: its Nest module. Everything else here is its own.
 */
export { AnalyticsModule } from './analytics.module';
