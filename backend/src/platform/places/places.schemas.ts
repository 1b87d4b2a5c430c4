import { schema, t } from '../../common/api-schema';

/** The answer shapes of GET /api/places/search and /api/places/details (places-provider.ts). */

export const PLACE_PREDICTION = schema(
  'PlacePrediction',
  t.object({
    place_id: t.string(),
    description: t.string(),
    structured_formatting: t.object({ main_text: t.string(), secondary_text: t.string() }),
    types: t.array(t.string()),
  }),
);

export const PLACE_DETAILS = schema(
  'PlaceDetails',
  t.object(
    {
      name: t.string(),
      formatted_address: t.string(),
      website: t.string(),
      international_phone_number: t.string(),
      address_components: t.array(
        schema(
          'AddressComponent',
          t.object({ long_name: t.string(), short_name: t.string(), types: t.array(t.string()) }),
        ),
      ),
      geometry: t.object({ location: t.object({ lat: t.number(), lng: t.number() }) }),
    },
    ['website', 'international_phone_number', 'geometry'],
  ),
);
