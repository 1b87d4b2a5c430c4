import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { ADMIN_AUTH_KEY } from '../../../api/admin-client';
import type { PlaceDetails, PlacePrediction, TaxonomyCategory, Vendor } from '../api/types';
import { VendorDialog } from './vendor-dialog';

const TAXONOMY: TaxonomyCategory[] = [
  {
    id: 'hotels',
    name: 'Hotels',
    description: 'Palaces and grand hotels.',
    subcategories: [{ id: 'luxury-hotels', name: 'Luxury Hotels', description: 'Five stars and above.' }],
  },
  {
    id: 'restaurants',
    name: 'Restaurants',
    description: 'Tables worth the journey.',
    subcategories: [{ id: 'fine-dining', name: 'Fine Dining', description: 'Michelin-starred rooms.' }],
  },
  {
    id: 'wellness',
    name: 'Wellness',
    description: 'Spas and retreats.',
    subcategories: [{ id: 'luxury-spa', name: 'Luxury Spa', description: 'Day spas and thermal baths.' }],
  },
];

const RITZ: PlacePrediction = {
  place_id: 'ChIJritz',
  description: 'Ritz Paris, 15 Place Vendôme, Paris, France',
  structured_formatting: { main_text: 'Ritz Paris', secondary_text: '15 Place Vendôme, Paris, France' },
  types: ['lodging', 'point_of_interest', 'establishment'],
};

const RITZ_DETAILS: PlaceDetails = {
  name: 'Ritz Paris',
  formatted_address: '15 Place Vendôme, 75001 Paris, France',
  website: 'https://www.ritzparis.com',
  international_phone_number: '+33 1 43 16 30 30',
  address_components: [
    { long_name: '15', short_name: '15', types: ['street_number'] },
    { long_name: 'Place Vendôme', short_name: 'Place Vendôme', types: ['route'] },
    { long_name: 'Paris', short_name: 'Paris', types: ['locality', 'political'] },
    { long_name: 'Île-de-France', short_name: 'IDF', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'France', short_name: 'FR', types: ['country', 'political'] },
    { long_name: '75001', short_name: '75001', types: ['postal_code'] },
  ],
  geometry: { location: { lat: 48.8681, lng: 2.329 } },
};

function vendor(overrides: Partial<Vendor> = {}): Vendor {
  return {
    id: 7,
    name: 'Ritz Paris',
    category: 'hotels',
    subcategory: 'luxury-hotels',
    description: null,
    address: '15 Place Vendôme',
    city: 'Paris',
    state: 'IDF',
    zipCode: '75001',
    country: 'France',
    googlePlaceId: 'ChIJritz',
    website: null,
    contactName: 'Claire Dubois',
    contactEmail: null,
    contactPhone: null,
    status: 'active',
    onboardingStep: 3,
    notes: null,
    lat: null,
    lng: null,
    location: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const signedIn = () => sessionStorage.setItem(ADMIN_AUTH_KEY, 'Basic YWRtaW46c2VjcmV0');
const dialog = () => screen.getByRole('dialog');
const title = () => dialog().querySelector('.ant-modal-title')!.textContent;
const user = () => userEvent.setup({ delay: null });

/** Opens the dialog with a real query client and the real Ant Design App (toasts included). */
function open(vendorToEdit: Vendor | null = null, taxonomy = TAXONOMY) {
  const onClose = vi.fn();
  renderWithProviders(<VendorDialog vendor={vendorToEdit} taxonomy={taxonomy} onClose={onClose} />);
  return { onClose };
}

async function toast(titleText: string, description: string) {
  const notice = (await screen.findByText(description)).closest('.ant-notification-notice') as HTMLElement;
  expect(notice).not.toBeNull();
  expect(within(notice).getByText(titleText)).toBeInTheDocument();
}

afterEach(() => sessionStorage.clear());

describe('VendorDialog', () => {
  it("is titled 'Add New Vendor' and the step name, with the three steps shown", () => {
    fakeServer({});
    open();
    expect(title()).toBe('Add New Vendor - Business Search');
    for (const step of ['Business Search', 'Select Category', 'Contact Information']) {
      expect(within(dialog()).getAllByText(step).length).toBeGreaterThan(0);
    }
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it("refuses step 1 without a chosen business: 'Missing Information'", async () => {
    fakeServer({});
    open();
    await user().click(within(dialog()).getByRole('button', { name: 'Next' }));
    await toast('Missing Information', 'Please search and select a business before continuing');
    expect(title()).toBe('Add New Vendor - Business Search');
  });

  it('searches, fills the business from the chosen place, guesses its category and moves on', async () => {
    const server = fakeServer({
      'GET /api/places/search': () => json({ success: true, data: { predictions: [RITZ] } }),
      'GET /api/places/details/ChIJritz': () => json({ success: true, data: RITZ_DETAILS }),
    });
    open();
    const u = user();
    await u.type(screen.getByLabelText('Search for a business'), 'ritz');
    await u.click(await screen.findByRole('option', { name: /Ritz Paris/ }));
    expect(await screen.findByLabelText('Business Name')).toHaveValue('Ritz Paris');
    expect(screen.getByLabelText('Street Address')).toHaveValue('15 Place Vendôme');
    expect(screen.getByLabelText('City')).toHaveValue('Paris');
    expect(screen.getByLabelText('State')).toHaveValue('IDF');
    expect(screen.getByLabelText('ZIP Code')).toHaveValue('75001');
    expect(screen.getByLabelText('Country')).toHaveValue('France');
    const [search] = server.callsTo('GET /api/places/search');
    expect(Object.fromEntries(new URL(search.url, 'http://x').searchParams)).toEqual({
      input: 'ritz',
      types: 'establishment',
      radius: '50000',
    });

    await u.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(title()).toBe('Add New Vendor - Select Category');
    expect(within(dialog()).getByText('Hotels')).toBeInTheDocument();
    expect(within(dialog()).getByText('Luxury Hotels')).toBeInTheDocument();
  });

  it("refuses step 2 without a category: 'Please select a category before continuing'", async () => {
    fakeServer({});
    open(vendor({ onboardingStep: 2 }));
    const u = user();
    expect(title()).toBe('Edit Vendor - Select Category');
    const select = dialog().querySelector('.ant-select') as HTMLElement;
    fireEvent.mouseEnter(select);
    await user().click(select.querySelector('.ant-select-clear')!);
    await waitFor(() => expect(within(dialog()).queryByText('Hotels')).toBeNull());
    await u.click(within(dialog()).getByRole('button', { name: 'Next' }));
    await toast('Missing Information', 'Please select a category before continuing');
    expect(title()).toBe('Edit Vendor - Select Category');
  });

  it('opens an edited vendor at its saved step, and Back goes down one step', async () => {
    fakeServer({});
    open(vendor({ onboardingStep: 3 }));
    expect(title()).toBe('Edit Vendor - Contact Information');
    expect(screen.getByLabelText('Contact Name')).toHaveValue('Claire Dubois');
    expect(within(dialog()).getByRole('button', { name: 'Save Vendor' })).toBeInTheDocument();
    await user().click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(title()).toBe('Edit Vendor - Select Category');
  });

  it.each([
    ['Vendor name is required', { name: '  ' }],
    ['Category is required', { category: '' }],
    ['Category not found', { category: 'casino' }],
  ])("refuses to save with '%s'", async (message, change) => {
    signedIn();
    const server = fakeServer({});
    open(vendor(change));
    await user().click(within(dialog()).getByRole('button', { name: 'Save Vendor' }));
    await toast('Error', message);
    expect(server.callsTo('PATCH /api/admin/vendors/7')).toHaveLength(0);
  });

  it("refuses to save without stored admin credentials: 'Authentication required'", async () => {
    const server = fakeServer({});
    open(vendor());
    await user().click(within(dialog()).getByRole('button', { name: 'Save Vendor' }));
    await toast('Error', 'Authentication required');
    expect(server.requests).toHaveLength(0);
  });

  it("shows 'Saving...' while saving, then 'Vendor Updated', with the step saved", async () => {
    signedIn();
    let answer: (response: Response) => void = () => undefined;
    const server = fakeServer({
      'PATCH /api/admin/vendors/7': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { onClose } = open(vendor());
    await user().click(within(dialog()).getByRole('button', { name: 'Save Vendor' }));
    const saving = await within(dialog()).findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    answer(json({ data: vendor() }));
    await toast('Vendor Updated', 'Ritz Paris has been updated.');
    expect(onClose).toHaveBeenCalled();
    expect(server.callsTo('PATCH /api/admin/vendors/7')[0].body).toMatchObject({
      name: 'Ritz Paris',
      category: 'hotels',
      onboardingStep: 3,
    });
  });

  it("shows the server's error when saving fails", async () => {
    signedIn();
    fakeServer({ 'PATCH /api/admin/vendors/7': () => json({ success: false, error: 'Vendor not found' }, 404) });
    open(vendor());
    await user().click(within(dialog()).getByRole('button', { name: 'Save Vendor' }));
    await toast('Error', 'Vendor not found');
    expect(within(dialog()).getByRole('button', { name: 'Save Vendor' })).toBeEnabled();
  });

  describe('the device location', () => {
    it("says 'Geolocation is not supported by your browser' without it", async () => {
      vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
      fakeServer({});
      open();
      await user().click(screen.getByRole('button', { name: /Use my location/ }));
      expect(await screen.findByText('Geolocation is not supported by your browser')).toBeInTheDocument();
    });

    it("says 'Unable to retrieve your location' when refused, and searches around it when given", async () => {
      let respond: { ok: PositionCallback; fail: PositionErrorCallback; options?: PositionOptions } | null = null;
      vi.stubGlobal('navigator', {
        ...navigator,
        geolocation: {
          getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback, options?: PositionOptions) => {
            respond = { ok, fail, options };
          },
        },
      });
      const server = fakeServer({
        'GET /api/places/search': () => json({ success: true, data: { predictions: [RITZ] } }),
      });
      open();
      const u = user();
      await u.click(screen.getByRole('button', { name: /Use my location/ }));
      act(() => respond!.fail({ code: 1, message: 'denied' } as GeolocationPositionError));
      expect(await screen.findByText('Unable to retrieve your location')).toBeInTheDocument();

      await u.click(screen.getByRole('button', { name: /Use my location/ }));
      expect(respond!.options).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 });
      act(() => respond!.ok({ coords: { latitude: 48.8566, longitude: 2.3522 } } as GeolocationPosition));
      expect(await screen.findByRole('button', { name: /Using your location/ })).toBeInTheDocument();
      expect(screen.queryByText('Unable to retrieve your location')).toBeNull();
      await u.type(screen.getByLabelText('Search for a business'), 'ritz');
      await screen.findByRole('option', { name: /Ritz Paris/ });
      const [search] = server.callsTo('GET /api/places/search');
      expect(new URL(search.url, 'http://x').searchParams.get('location')).toBe('48.8566,2.3522');
    });
  });
});

describe('BusinessSearch when the places call fails', () => {
  it('offers the matching categories instead, silently, and a pick names the business by hand', async () => {
    fakeServer({
      'GET /api/places/search': () => json({ success: false, error: 'Too many searches' }, 429),
    });
    open();
    const u = user();
    await u.type(screen.getByLabelText('Search for a business'), 'Hôtel Lumière');
    expect(await screen.findByRole('option', { name: /^Hotels/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^Luxury Hotels/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Restaurants/ })).toBeNull();
    expect(screen.queryByText('Search Error')).toBeNull();

    await u.click(screen.getByRole('option', { name: /^Luxury Hotels/ }));
    expect(screen.getByLabelText('Business Name')).toHaveValue('Hôtel Lumière');
    expect(screen.getByLabelText('Country')).toHaveValue('United States');
    await u.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(title()).toBe('Add New Vendor - Select Category');
    expect(within(dialog()).getByText('Hotels')).toBeInTheDocument();
    expect(within(dialog()).getByText('Luxury Hotels')).toBeInTheDocument();
    expect(screen.queryByText('Search Error')).toBeNull();
  });

  it("says 'Search Error' / 'Failed to search businesses' when no category matches either", async () => {
    fakeServer({ 'GET /api/places/search': () => new Response('bad gateway', { status: 502 }) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open();
    await user().type(screen.getByLabelText('Search for a business'), 'zzqx');
    await toast('Search Error', 'Failed to search businesses');
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.queryByText('No results found. Try a different search term.')).toBeNull();
  });

  it("still says 'No results found. Try a different search term.' when the search works and finds nothing", async () => {
    fakeServer({ 'GET /api/places/search': () => json({ success: true, data: { predictions: [] } }) });
    open();
    await user().type(screen.getByLabelText('Search for a business'), 'zzqx');
    expect(await screen.findByText('No results found. Try a different search term.')).toBeInTheDocument();
  });
});
