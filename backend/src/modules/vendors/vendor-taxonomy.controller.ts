import { Controller, Get, Header } from '@nestjs/common';
import { APPLICATION_CATEGORIES, VENDOR_TAXONOMY, type VendorCategory } from './vendor-taxonomy';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, successData } from '../../common/api-schema';
import { VENDOR_TAXONOMY_SCHEMA } from './vendor.schemas';

const APPLICATION_CATEGORY_LABELS: Record<(typeof APPLICATION_CATEGORIES)[number], string> = {
  restaurant: 'Restaurant',
  hotel: 'Hotel',
  event_space: 'Event Space',
  spa: 'Spa',
  nightlife: 'Nightlife',
  shopping: 'Shopping',
  experience: 'Experience',
  transportation: 'Transportation',
  art_gallery: 'Art Gallery',
  entertainment: 'Entertainment',
  catering: 'Catering',
  flowers: 'Flowers',
  photography: 'Photography',
  music: 'Music',
  other: 'Other',
};

/**
 * The taxonomy as the API answers it (`data`): also given to the prerendered vendor application
 * (http-app.ts), which shows the categories before any script runs.
 */
export function vendorTaxonomy(): {
  categories: readonly VendorCategory[];
  applicationCategories: Array<{ value: string; label: string }>;
} {
  return {
    categories: VENDOR_TAXONOMY,
    applicationCategories: APPLICATION_CATEGORIES.map((value) => ({
      value,
      label: APPLICATION_CATEGORY_LABELS[value],
    })),
  };
}

/** Public and static: the admin vendor dialog and the public application form both read it. */
@ApiTags('vendors')
@Controller('vendor-taxonomy')
export class VendorTaxonomyController {
  @Get()
  @ApiOperation({ summary: 'Vendor categories and the application form’s categories' })
  @ApiAnswer(successData(VENDOR_TAXONOMY_SCHEMA))
  @Header('Cache-Control', 'public, max-age=300')
  taxonomy(): {
    success: true;
    data: { categories: readonly VendorCategory[]; applicationCategories: Array<{ value: string; label: string }> };
  } {
    return { success: true, data: vendorTaxonomy() };
  }
}
