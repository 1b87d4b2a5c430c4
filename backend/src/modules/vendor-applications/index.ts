/**
 * What the app's composition root uses of vendor-applications: its Nest module. Everything else
 * here is its own.
 */
export { VendorApplicationsModule } from './vendor-applications.module';
