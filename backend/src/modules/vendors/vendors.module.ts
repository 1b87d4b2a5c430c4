import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Vendor } from './vendor.entity';
import { Module } from '@nestjs/common';
import { PLACE_DIRECTORY } from '../../platform/places/local-places.provider';
import { PlacesController } from '../../platform/places/places.controller';
import { PlacesService } from '../../platform/places/places.service';
import { VendorPlaceDirectory } from './vendor-place-directory';
import { VendorTaxonomyController } from './vendor-taxonomy.controller';
import { VendorsController } from './vendors.controller';
import { VendorsService } from './vendors.service';
import { VendorsPersonalData } from './vendors.personal-data';

/** The partner vendor directory, its taxonomy, and the places search that feeds vendor entry. */
@Module({
  imports: [MikroOrmModule.forFeature([Vendor])],
  controllers: [VendorsController, VendorTaxonomyController, PlacesController],
  providers: [
    VendorsPersonalData,
    VendorsService,
    VendorPlaceDirectory,
    { provide: PLACE_DIRECTORY, useExisting: VendorPlaceDirectory },
    PlacesService,
  ],
  exports: [VendorsService, PlacesService],
})
export class VendorsModule {}
