import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json, type RecordedRequest } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { ADMIN_AUTH_KEY } from '../../../api/admin-client';
import type { Vendor, VendorApplication } from '../api/types';
import VendorsTab from './vendors-tab';

const TAXONOMY = {
  categories: [{ id: 'hotels', name: 'Hotels', description: 'Grand hotels.', subcategories: [] }],
  applicationCategories: [{ value: 'hotel', label: 'Hotel' }],
};

const vendors: Vendor[] = Array.from({ length: 30 }, (_, i) => ({
  id: 100 - i,
  name: `Maison ${String(i + 1).padStart(2, '0')}`,
  category: 'hotels',
  subcategory: null,
  description: null,
  address: `${i + 1} Avenue Montaigne`,
  city: 'Paris',
  state: null,
  zipCode: null,
  country: 'France',
  googlePlaceId: null,
  website: null,
  contactName: null,
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
}));

const applications: VendorApplication[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Applicant ${String(i + 1).padStart(2, '0')}`,
  contactName: 'Élise Martin',
  contactTitle: null,
  email: `applicant${i + 1}@example.com`,
  phone: '+1 305 555 0199',
  description: 'Private dining and event space overlooking the bay.',
  address: '1200 Brickell Bay Drive',
  city: 'Miami',
  state: 'FL',
  zipCode: '33131',
  website: null,
  categories: ['hotel'],
  placeId: null,
  location: null,
  additionalInfo: null,
  status: 'pending',
  adminNotes: null,
  vendorId: null,
  decidedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
}));

/** Answers `?page=&pageSize=` from a list, as the server does. */
function paged<T>(rows: T[]) {
  return (request: RecordedRequest) => {
    const params = new URL(request.url, 'http://x').searchParams;
    const page = Number(params.get('page') ?? 1);
    const size = Number(params.get('pageSize') ?? 100);
    return json({ data: rows.slice((page - 1) * size, page * size), total: rows.length });
  };
}

afterEach(() => sessionStorage.clear());

describe('VendorsTab', () => {
  it('pages through every vendor and every application instead of cutting the lists off', async () => {
    sessionStorage.setItem(ADMIN_AUTH_KEY, 'Basic YWRtaW46c2VjcmV0');
    const server = fakeServer({
      'GET /api/vendor-taxonomy': () => json({ success: true, data: TAXONOMY }),
      'GET /api/admin/vendors': paged(vendors),
      'GET /api/admin/vendor-applications': paged(applications),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<VendorsTab />);

    expect(await screen.findByText('Maison 01')).toBeInTheDocument();
    expect(screen.getAllByTestId('vendor-card')).toHaveLength(24);
    expect(screen.queryByText('Maison 25')).toBeNull();
    expect(screen.getByText('1–24 of 30 vendors')).toBeInTheDocument();
    expect(await screen.findByText('Applicant 01')).toBeInTheDocument();
    expect(screen.getAllByTestId('vendor-application')).toHaveLength(10);
    expect(screen.getByText('1–10 of 12 applications')).toBeInTheDocument();

    const vendorPages = screen.getByText('1–24 of 30 vendors').closest('.ant-pagination') as HTMLElement;
    await user.click(within(vendorPages).getByTitle('2'));
    expect(await screen.findByText('Maison 25')).toBeInTheDocument();
    expect(screen.getAllByTestId('vendor-card')).toHaveLength(6);
    expect(screen.getByText('25–30 of 30 vendors')).toBeInTheDocument();

    const applicationPages = screen.getByText('1–10 of 12 applications').closest('.ant-pagination') as HTMLElement;
    await user.click(within(applicationPages).getByTitle('2'));
    expect(await screen.findByText('Applicant 12')).toBeInTheDocument();
    expect(screen.getAllByTestId('vendor-application')).toHaveLength(2);

    const asked = (route: string) =>
      server.callsTo(route).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
    expect(asked('GET /api/admin/vendors')).toEqual([
      { page: '1', pageSize: '24' },
      { page: '2', pageSize: '24' },
    ]);
    expect(asked('GET /api/admin/vendor-applications')).toEqual([
      { page: '1', pageSize: '10' },
      { page: '2', pageSize: '10' },
    ]);
  });

  it("shows 'No vendors found.' and 'No Applications Found' without pages when both lists are empty", async () => {
    sessionStorage.setItem(ADMIN_AUTH_KEY, 'Basic YWRtaW46c2VjcmV0');
    fakeServer({
      'GET /api/vendor-taxonomy': () => json({ success: true, data: TAXONOMY }),
      'GET /api/admin/vendors': paged([]),
      'GET /api/admin/vendor-applications': paged([]),
    });
    renderWithProviders(<VendorsTab />);
    expect(await screen.findByText('No vendors found.')).toBeInTheDocument();
    expect(await screen.findByText('No Applications Found')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });
});
