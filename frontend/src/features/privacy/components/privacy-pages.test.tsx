import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { EmailPreferencesPage } from './email-preferences-page';
import { UnsubscribePage } from './unsubscribe-page';

const TOKEN = 'payload.signature';
const ALL = { updates: true, eventInvitations: true, digests: true };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/unsubscribe/:token', element: <UnsubscribePage token={TOKEN} /> },
      { path: '/email-preferences/:token', element: <EmailPreferencesPage token={TOKEN} /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

describe('the unsubscribe page', () => {
  it('changes nothing on opening; one click unsubscribes and says what will no longer arrive', async () => {
    const server = fakeServer({
      'GET /api/privacy/preferences': () =>
        json({ success: true, data: { category: 'event-invitations', choices: ALL } }),
      'POST /api/privacy/unsubscribe': () =>
        json({
          success: true,
          data: { category: 'event-invitations', choices: { ...ALL, eventInvitations: false } },
        }),
    });
    const user = userEvent.setup();
    const { router } = renderAt(`/unsubscribe/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(screen.getByText(/Stop receiving invitations to our events/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/privacy/unsubscribe')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You Have Unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(/You will no longer receive invitations to our events/)).toBeInTheDocument();
    const [call] = server.callsTo('POST /api/privacy/unsubscribe');
    expect(new URL(call.url, 'http://localhost').searchParams.get('token')).toBe(TOKEN);

    await user.click(screen.getByRole('link', { name: 'Choose what you receive' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/email-preferences/${TOKEN}`));
  });

  it('says kindly that an altered link cannot be read', async () => {
    fakeServer({
      'GET /api/privacy/preferences': () =>
        json(
          { success: false, error: 'This link is incomplete or has been altered.', code: 'PRIVACY_LINK_INVALID' },
          400,
        ),
    });
    renderAt(`/unsubscribe/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This Link Cannot Be Read' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});

describe('the email preferences page', () => {
  it('saves the three choices once something changed', async () => {
    const server = fakeServer({
      'GET /api/privacy/preferences': () =>
        json({ success: true, data: { category: 'updates', choices: { ...ALL, digests: false } } }),
      'PUT /api/privacy/preferences': (request) =>
        json({
          success: true,
          data: { category: 'updates', choices: { ...(request.body as object), token: undefined } },
        }),
    });
    const user = userEvent.setup();
    renderAt(`/email-preferences/${TOKEN}`);
    const updates = await screen.findByRole('switch', { name: 'Club News and Updates' });
    const digests = screen.getByRole('switch', { name: 'Concierge Digests' });
    expect(updates).toBeChecked();
    expect(digests).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save My Choices' });
    expect(save).toBeDisabled();

    await user.click(updates);
    await user.click(digests);
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Your choices are saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/privacy/preferences')[0].body).toEqual({
      token: TOKEN,
      updates: false,
      eventInvitations: true,
      digests: true,
    });
    const list = screen.getByRole('list');
    expect(within(list).getByRole('switch', { name: 'Club News and Updates' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save My Choices' })).toBeDisabled();
  });
});
