import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import type { DataRequest } from '../api/data-requests';
import { YourDataLinkPage } from './your-data-link-page';
import { YourDataPage } from './your-data-page';
import { YourDataSection } from './your-data-section';

const TOKEN = 'payload.signature';
const DAY = 86_400_000;

function request(change: Partial<DataRequest> = {}): DataRequest {
  const now = Date.now();
  return {
    id: '7f0c9c1e-2b9a-4d3c-9e51-0a1b2c3d4e5f',
    kind: 'erasure',
    status: 'verified',
    requestedBy: 'member',
    email: 'grace@example.com',
    receivedAt: new Date(now).toISOString(),
    dueAt: new Date(now + 30 * DAY).toISOString(),
    completedAt: null,
    daysLeft: 30,
    overdue: false,
    downloadExpiresAt: null,
    counts: {},
    notes: null,
    ...change,
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/your-data', element: <YourDataPage /> },
      { path: '/your-data/:token', element: <YourDataLinkPage token={TOKEN} /> },
      { path: '/account', element: <YourDataSection /> },
    ],
    { initialEntries: [path] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('the Your Data form', () => {
  it('checks the address first, then answers the same whether or not we hold anything', async () => {
    const server = fakeServer({ 'POST /api/data-requests': () => json({ success: true }) });
    const user = userEvent.setup();
    renderAt('/your-data');
    await user.click(await screen.findByRole('button', { name: 'Email Me a Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(server.callsTo('POST /api/data-requests')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email address'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Email Me a Link' }));
    expect(await screen.findByRole('heading', { name: 'Please Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText(/If we hold anything about/)).toBeInTheDocument();
  });
});

describe('the emailed link’s page', () => {
  it('asks for a second click before an erasure, and says when it will be done', async () => {
    const server = fakeServer({
      'GET /api/data-requests/link/payload.signature': () =>
        json({
          success: true,
          data: { email: 'grace@example.com', expiresAt: new Date(Date.now() + DAY).toISOString() },
        }),
      'POST /api/data-requests/link': () => json({ success: true, data: request({ requestedBy: 'person' }) }),
    });
    const user = userEvent.setup();
    renderAt(`/your-data/${TOKEN}`);
    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Erase My Data' }));
    expect(server.callsTo('POST /api/data-requests/link')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, Erase My Data' }));
    expect(await screen.findByRole('heading', { name: 'Your Request Is Received' })).toBeInTheDocument();
    const [call] = server.callsTo('POST /api/data-requests/link');
    expect(call.body).toEqual({ token: TOKEN, kind: 'erasure' });
  });

  it('says kindly that an expired link has expired, with the way to ask again', async () => {
    fakeServer({
      'GET /api/data-requests/link/payload.signature': () =>
        json({ success: false, error: 'This link has expired.', code: 'DATA_LINK_EXPIRED' }, 410),
    });
    renderAt(`/your-data/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This Link Has Expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a New Link' })).toHaveAttribute('href', '/your-data');
  });
});

describe('Your Data in the account', () => {
  it('keeps Erase My Account shut until ERASE is typed, and lists where each request stands', async () => {
    let asked: DataRequest[] = [];
    const server = fakeServer({
      'GET /api/members/me/data-requests': () => json({ success: true, data: asked }),
      'POST /api/members/me/data-requests': () => {
        asked = [request()];
        return json({ success: true, data: asked[0] }, 201);
      },
    });
    const user = userEvent.setup();
    renderAt('/account');
    await user.click(await screen.findByRole('button', { name: 'Erase My Account' }));
    const ok = (await screen.findAllByRole('button', { name: 'Erase My Account' })).at(-1)!;
    expect(ok).toBeDisabled();
    await user.type(screen.getByRole('textbox'), 'erase');
    expect(ok).toBeEnabled();
    await user.click(ok);
    expect(await screen.findByText('Erasure of your account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erasure Requested' })).toBeDisabled();
    const [call] = server.callsTo('POST /api/members/me/data-requests');
    expect(call.body).toEqual({ kind: 'erasure', confirmation: 'erase' });
  });
});
