/**
 * What the app's composition root uses of site-config: its Nest module and the public config the
 * HTTP app serves. Everything else here is its own.
 */
export { SiteConfigModule } from './site-config.module';
export { publicConfig } from './site-config.controller';
