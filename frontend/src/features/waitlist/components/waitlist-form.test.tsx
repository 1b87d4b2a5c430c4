import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { fakeServer, json } from '../../../testing/fake-server';
import { WaitlistForm } from './waitlist-form';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const emailInput = () => screen.getByLabelText('Email address');
const consentBox = () =>
  screen.getByRole('checkbox', { name: "I confirm I'm 25+ and consent to receive updates from Maison Fortuna." });
const submitButton = () => screen.getByRole('button', { name: /request invitation|processing/i });

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('WaitlistForm', () => {
  it('asks for an email before sending anything', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm />);

    await user.click(submitButton());

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to receive updates')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveFocus();
    expect(server.callsTo('POST /api/waitlist')).toHaveLength(0);
  });

  it('rejects an address that is not an email', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm />);

    await user.type(emailInput(), 'not-an-email');
    await user.click(consentBox());
    await user.click(submitButton());

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(server.callsTo('POST /api/waitlist')).toHaveLength(0);
  });

  it.each([
    ['a@b.c', 'a@b.c'],
    ['ada@localhost', 'ada@localhost'],
    ['ada@exa_mple.com', 'ada@exa_mple.com'],
    ['ada lovelace@example.com', 'ada lovelace@example.com'],
    ['a local part of 65 characters', `${'a'.repeat(65)}@example.com`],
  ])('refuses %s, as the server does, without sending it', async (_label, address) => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm />);

    await user.type(emailInput(), address);
    await user.click(consentBox());
    await user.click(submitButton());

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(server.callsTo('POST /api/waitlist')).toHaveLength(0);
  });

  it.each(['ada@b.co', 'ada+club@mail.example.museum', '"ada lovelace"@example.com', 'ÉLÈVE@example.fr'])(
    'sends %s, which the server accepts',
    async (address) => {
      const server = fakeServer({ 'POST /api/waitlist': () => json({ success: true }) });
      const user = userEvent.setup();
      renderWithProviders(<WaitlistForm />);

      await user.type(emailInput(), address);
      await user.click(consentBox());
      await user.click(submitButton());

      expect(await screen.findByRole('heading', { name: 'Welcome to the Inner Circle' })).toBeInTheDocument();
      expect(server.callsTo('POST /api/waitlist')[0]?.body).toMatchObject({ email: address });
    },
  );

  it('requires consent to receive updates', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm />);

    await user.type(emailInput(), 'guest@example.com');
    await user.click(submitButton());

    expect(await screen.findByText('You must agree to receive updates')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/waitlist')).toHaveLength(0);
  });

  it('shows Processing... while sending, then the confirmation, then an empty form on request', async () => {
    window.history.replaceState(null, '', '/?utm_source=newsletter&utm_campaign=winter&ref=friend-42');
    const answer = deferred<Response>();
    const server = fakeServer({ 'POST /api/waitlist': () => answer.promise });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm />);

    await user.type(emailInput(), '  Guest@Example.com ');
    await user.type(screen.getByLabelText(/full name/i), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/phone number/i), '+44 20 7946 0000');
    await user.click(consentBox());
    await user.click(submitButton());

    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();

    const [request] = server.callsTo('POST /api/waitlist');
    expect(request?.body).toEqual({
      email: 'Guest@Example.com',
      fullName: 'Ada Lovelace',
      phoneNumber: '+44 20 7946 0000',
      consent: true,
      bot_check: '',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      source: 'landing',
      utmSource: 'newsletter',
      utmCampaign: 'winter',
      ref: 'friend-42',
    });

    answer.resolve(json({ success: true }));

    expect(await screen.findByRole('heading', { name: 'Welcome to the Inner Circle' })).toBeInTheDocument();
    expect(
      screen.getByText("Your place in our exclusive community is secured. We'll be in touch with updates."),
    ).toBeInTheDocument();
    expect(await screen.findByText('Welcome to the inner circle.')).toBeInTheDocument();
    expect(screen.getByText('Watch your inbox for updates.')).toBeInTheDocument();

    await waitFor(() => expect(server.callsTo('POST /api/analytics/events').length).toBeGreaterThan(0));
    const [tracked] = server.callsTo('POST /api/analytics/events');
    expect(tracked?.body).toMatchObject({
      events: [{ name: 'submit_waitlist', properties: { emailDomain: 'example.com' } }],
    });

    await user.click(screen.getByRole('button', { name: 'Request Another Invitation' }));

    expect(emailInput()).toHaveValue('');
    expect(screen.getByLabelText(/full name/i)).toHaveValue('');
    expect(screen.getByLabelText(/phone number/i)).toHaveValue('');
    expect(consentBox()).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Request Invitation' })).toBeEnabled();
  });

  it('keeps what was typed and says something went wrong when the server fails', async () => {
    fakeServer({ 'POST /api/waitlist': () => json({ success: false, error: 'Database unavailable' }, 500) });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm />);

    await user.type(emailInput(), 'guest@example.com');
    await user.click(consentBox());
    await user.click(submitButton());

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
    expect(emailInput()).toHaveValue('guest@example.com');
    expect(consentBox()).toBeChecked();
    expect(screen.getByRole('button', { name: 'Request Invitation' })).toBeEnabled();
  });

  it('treats an answer of success false as a failure', async () => {
    fakeServer({ 'POST /api/waitlist': () => json({ success: false, error: 'Nope' }) });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm />);

    await user.type(emailInput(), 'guest@example.com');
    await user.click(consentBox());
    await user.click(submitButton());

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to the Inner Circle' })).not.toBeInTheDocument();
  });

  it("shows the spec's failure toast when rate limited, and the server's per-field messages under the fields", async () => {
    fakeServer({
      'POST /api/waitlist': () =>
        json(
          { success: false, error: 'Too many requests from your connection. Please wait a minute and try again.' },
          429,
        ),
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<WaitlistForm />);

    await user.type(emailInput(), 'guest@example.com');
    await user.click(consentBox());
    await user.click(submitButton());

    const toast = (await screen.findByText('Something went wrong')).closest('.ant-notification-notice');
    expect(toast).not.toBeNull();
    expect(within(toast as HTMLElement).getByText('Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText(/Too many requests/)).not.toBeInTheDocument();
    expect(emailInput()).toHaveValue('guest@example.com');
    unmount();

    fakeServer({
      'POST /api/waitlist': () =>
        json(
          {
            success: false,
            error: 'Please enter a valid email address',
            fields: { email: 'Please enter a valid email address' },
          },
          400,
        ),
    });
    renderWithProviders(<WaitlistForm />);
    await user.type(emailInput(), 'guest@example.co');
    await user.click(consentBox());
    await user.click(submitButton());

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s refusal of a disposable address under the email field, the address kept to correct', async () => {
    const refusal = 'Please use a permanent email address: we do not accept addresses from disposable-mail services.';
    fakeServer({
      'POST /api/waitlist': () =>
        json({ success: false, error: refusal, code: 'DISPOSABLE_EMAIL_REFUSED', fields: { email: refusal } }, 400),
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm />);
    await user.type(emailInput(), 'someone@mailinator.com');
    await user.click(consentBox());
    await user.click(submitButton());

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveFocus();
    expect(emailInput()).toHaveValue('someone@mailinator.com');
    expect(consentBox()).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Welcome to the Inner Circle' })).not.toBeInTheDocument();
  });
});
