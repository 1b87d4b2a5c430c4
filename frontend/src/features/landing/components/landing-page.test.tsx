import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeServer } from '../../../testing/fake-server';
import { renderRoute, renderWithProviders } from '../../../testing/render';
import { LandingPage } from './landing-page';

/** The landing page on its own, with a stand-in for the vendor application it links to. */
function renderLanding() {
  const router = createMemoryRouter([
    { path: '/', element: <LandingPage accessForm={<p>Waitlist form</p>} /> },
    { path: '/vendor-apply', element: <h1>Vendor application</h1> },
  ]);
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

describe('landing page', () => {
  it('shows every section in order with the spec texts', async () => {
    fakeServer({});
    const { container } = renderLanding();

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const ids = Array.from(container.querySelectorAll('main > section')).map((section) => section.id);
    expect(ids).toEqual(['hero', 'features', 'tiers', 'how-it-works', 'privacy', 'access', 'partners']);

    expect(screen.getByRole('heading', { name: 'Extraordinary Access' })).toBeInTheDocument();
    expect(screen.getByText(/as little as 6 hours notice/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request Early Access' })).toHaveAttribute('href', '#access');
    expect(screen.getByRole('link', { name: /discover/i })).toHaveAttribute('href', '#features');
    expect(screen.getByText('distinguished members await your arrival')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('lists the four membership tiers exactly', async () => {
    fakeServer({});
    renderLanding();
    const tiers = await screen.findByRole('region', { name: /four tiers/i });

    const black = within(tiers).getByRole('article', { name: 'Black' });
    expect(within(black).getByText('Exclusive')).toBeInTheDocument();
    expect(within(black).getByText('unlimited flight hours')).toBeInTheDocument();
    expect(within(black).getByText('Invitation only')).toBeInTheDocument();

    const patron = within(tiers).getByRole('article', { name: 'Patron' });
    expect(within(patron).getByText('50 flight hours annually')).toBeInTheDocument();
    expect(within(patron).getByText('Referral required')).toBeInTheDocument();
    expect(within(tiers).getAllByRole('article')).toHaveLength(4);
  });

  it('sends both partner buttons to the vendor application', async () => {
    fakeServer({});
    const user = userEvent.setup();
    for (const label of ['Apply Now', 'Become a Partner']) {
      const { router, unmount } = renderLanding();
      await user.click(await screen.findByRole('button', { name: label }));
      expect(await screen.findByRole('heading', { name: 'Vendor application' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/vendor-apply');
      unmount();
    }
  });

  it('opens and closes the mobile menu, closing it when an item is chosen', async () => {
    fakeServer({});
    const user = userEvent.setup();
    renderLanding();

    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const menu = screen.getByRole('navigation', { name: 'Main (mobile)' });
    await user.click(within(menu).getByRole('link', { name: 'Partners' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('records a page view through the app layout', async () => {
    const server = fakeServer({});
    renderRoute('/');
    await waitFor(() =>
      expect(server.callsTo('POST /api/analytics/events')[0]?.body).toMatchObject({
        events: [{ name: 'page_view', path: '/', properties: { path: '/' } }],
      }),
    );
  });
});
