import { describe, expect, it } from 'vitest';
import type { PlaceDetails, TaxonomyCategory } from '../api/types';
import { addressFromPlace, fillFromPlace, guessCategory } from './place-rules';

const taxonomy: TaxonomyCategory[] = [
  {
    id: 'restaurants',
    name: 'Restaurants & Dining',
    description: '',
    subcategories: [{ id: 'fine-dining', name: '', description: '' }],
  },
  {
    id: 'hotels',
    name: 'Luxury Accommodations',
    description: '',
    subcategories: [{ id: 'luxury-hotels', name: '', description: '' }],
  },
  {
    id: 'wellness',
    name: 'Wellness & Spa',
    description: '',
    subcategories: [{ id: 'luxury-spa', name: '', description: '' }],
  },
  {
    id: 'fashion',
    name: 'Fashion & Retail',
    description: '',
    subcategories: [{ id: 'luxury-retail', name: '', description: '' }],
  },
];

const plaza: PlaceDetails = {
  name: 'The Plaza',
  formatted_address: '768 5th Avenue, New York, NY 10019, USA',
  website: 'https://www.theplazany.com',
  international_phone_number: '+1 212-759-3000',
  address_components: [
    { long_name: '768', short_name: '768', types: ['street_number'] },
    { long_name: '5th Avenue', short_name: '5th Ave', types: ['route'] },
    { long_name: 'New York', short_name: 'New York', types: ['locality', 'political'] },
    { long_name: 'New York', short_name: 'NY', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
    { long_name: '10019', short_name: '10019', types: ['postal_code'] },
  ],
  geometry: { location: { lat: 40.7646, lng: -73.9743 } },
};

const empty = {
  name: '',
  website: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  placeId: null,
  location: null,
};

describe('place choice on the public form', () => {
  it('fills street from number and route, city, state short name, ZIP, and the place id with coordinates', () => {
    expect(fillFromPlace(empty, 'p1', plaza)).toEqual({
      name: 'The Plaza',
      website: 'https://www.theplazany.com',
      phone: '+1 212-759-3000',
      address: '768 5th Avenue',
      city: 'New York',
      state: 'NY',
      zipCode: '10019',
      placeId: 'p1',
      location: { lat: 40.7646, lng: -73.9743 },
    });
  });

  it('keeps a name, website and phone the applicant already typed', () => {
    const filled = fillFromPlace(
      { ...empty, name: 'My Hotel', website: 'mine.example', phone: '+1 555 000 1111' },
      'p1',
      plaza,
    );
    expect(filled).toMatchObject({
      name: 'My Hotel',
      website: 'mine.example',
      phone: '+1 555 000 1111',
      address: '768 5th Avenue',
    });
  });

  it('uses the formatted address without a route, and sets no place without coordinates', () => {
    const noRoute: PlaceDetails = {
      ...plaza,
      address_components: plaza.address_components.filter((c) => !c.types.includes('route')),
      geometry: undefined,
    };
    const filled = fillFromPlace(empty, 'p1', noRoute);
    expect(filled.address).toBe('768 5th Avenue, New York, NY 10019, USA');
    expect(filled.placeId).toBeNull();
    expect(filled.location).toBeNull();
    expect(addressFromPlace(noRoute).location).toBeNull();
  });
});

describe('category guess in the admin wizard', () => {
  it.each([
    [['lodging', 'establishment'], 'hotels', 'luxury-hotels'],
    [['hotel'], 'hotels', 'luxury-hotels'],
    [['restaurant', 'food'], 'restaurants', 'fine-dining'],
    [['meal_takeaway', 'food'], 'restaurants', 'fine-dining'],
    [['spa'], 'wellness', 'luxury-spa'],
    [['beauty_salon'], 'wellness', 'luxury-spa'],
    [['clothing_store', 'store'], 'fashion', 'luxury-retail'],
    [['shopping_mall'], 'fashion', 'luxury-retail'],
    [['museum', 'establishment'], 'restaurants', null],
  ])('%j gives %s / %s', (types, category, subcategory) => {
    expect(guessCategory(types, taxonomy)).toEqual({ category, subcategory });
  });
});
