/**
 * What other modules (and the app's composition root) may use of vendors: the vendors' service and
 * its plain view with its OpenAPI schemas, and the taxonomy an application's category maps to.
 * Its entities, DTOs and SQL are its own.
 */
export { VendorsModule } from './vendors.module';
export { VendorsService, type VendorView } from './vendors.service';
export { APPLICATION_CATEGORIES, APPLICATION_CATEGORY_TO_TAXONOMY, type ApplicationCategory } from './vendor-taxonomy';
export { vendorTaxonomy } from './vendor-taxonomy.controller';
export { LAT_LNG, VENDOR_VIEW } from './vendor.schemas';
