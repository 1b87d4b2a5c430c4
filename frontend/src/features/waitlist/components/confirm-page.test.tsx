import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderRoute } from '../../../testing/render';

const TOKEN = 'n3Qh0QdG4kQwYJx1mI6X0kqj8o4cHqHq9cR3yYx0e7A';
const INVALID =
  'This confirmation link is not valid any more. It may have been mistyped, or the request it belongs to was removed after 30 days unconfirmed: you are welcome to request access again.';

describe('the welcome email’s confirmation page (/waitlist/confirm/:token)', () => {
  it('confirms nothing on opening; its button posts the token once and thanks the guest', async () => {
    const server = fakeServer({
      'POST /api/waitlist/confirm': () => json({ success: true, data: { newlyConfirmed: true } }),
    });
    renderRoute(`/waitlist/confirm/${TOKEN}`);

    const button = await screen.findByRole('button', { name: 'Confirm My Place' });
    expect(screen.getByRole('heading', { name: 'Confirm Your Place' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/waitlist/confirm')).toHaveLength(0);

    await userEvent.setup().click(button);
    const done = await screen.findByRole('heading', { name: 'Your Place Is Confirmed' });
    expect(done).toHaveFocus();
    expect(server.callsTo('POST /api/waitlist/confirm').map((call) => call.body)).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Return to Maison Fortuna' })).toHaveAttribute('href', '/');
  });

  it('says so when the place was confirmed before', async () => {
    fakeServer({ 'POST /api/waitlist/confirm': () => json({ success: true, data: { newlyConfirmed: false } }) });
    renderRoute(`/waitlist/confirm/${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm My Place' }));
    expect(await screen.findByRole('heading', { name: 'Already Confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/there is nothing more to do/)).toBeInTheDocument();
  });

  it('answers a link the club does not know kindly, with the way back to the form', async () => {
    fakeServer({
      'POST /api/waitlist/confirm': () =>
        json({ success: false, error: INVALID, code: 'CONFIRMATION_LINK_INVALID' }, 404),
    });
    renderRoute('/waitlist/confirm/mistyped-token-000000000');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm My Place' }));
    expect(await screen.findByRole('heading', { name: 'This Link Is No Longer Valid' })).toBeInTheDocument();
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request Access' })).toHaveAttribute('href', '/#access');
  });

  it('keeps the button for another try when the server cannot be reached', async () => {
    fakeServer({
      'POST /api/waitlist/confirm': () =>
        json(
          { success: false, error: 'Too many requests from your connection. Please wait a minute and try again.' },
          429,
        ),
    });
    renderRoute(`/waitlist/confirm/${TOKEN}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm My Place' }));
    expect(await screen.findByText(/Please wait a minute and try again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm My Place' })).toBeEnabled();
  });
});
