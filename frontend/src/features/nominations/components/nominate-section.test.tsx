import { vi } from 'vitest';

// Typing into a form on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { NominateSection } from './nominate-section';

const AT = '2026-11-27T10:00:00.000Z';
const URL_1 = 'https://club.example/?ref=AbCdEfGhIjKlMnOpQrStUv&utm_source=nomination&utm_medium=member';

function server(options: { refuse?: { status: number; body: object } } = {}) {
  let sent = [
    { id: 's1', name: 'Audrey Hepburn', email: 'audrey@example.org', sentAt: AT, signedUp: true },
    { id: 's2', name: 'Cary Grant', email: 'cary@example.org', sentAt: AT, signedUp: false },
  ];
  return fakeServer({
    'GET /api/members/me/nominations': () =>
      json({
        data: {
          links: [{ code: 'AbCdEfGhIjKlMnOpQrStUv', url: URL_1, createdAt: AT }],
          sent,
          throughLinks: 2,
        },
      }),
    'POST /api/members/me/nominations': (request) => {
      if (options.refuse) return json(options.refuse.body, options.refuse.status);
      const body = request.body as { name: string; email: string };
      const letter = { id: 's3', ...body, sentAt: AT, signedUp: false };
      sent = [letter, ...sent];
      return json({ data: letter }, 201);
    },
    'POST /api/members/me/nominations/links': () =>
      json({ data: { code: 'Another0000000000000000', url: URL_1, createdAt: AT } }, 201),
  });
}

describe('Nominate (the member’s account)', () => {
  it('shows the personal link, copies it, and lists the member’s own nominations with whether they asked', async () => {
    server();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<NominateSection />);

    expect(await screen.findByText(URL_1)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Copy/ }));
    expect(writeText).toHaveBeenCalledWith(URL_1);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();

    const people = screen.getByRole('list', { name: 'Your Nominations' });
    const audrey = within(people).getByText('Audrey Hepburn').closest('li')!;
    expect(within(audrey).getByText('Requested a Place')).toBeInTheDocument();
    const cary = within(people).getByText('Cary Grant').closest('li')!;
    expect(within(cary).queryByText('Requested a Place')).toBeNull();
    expect(within(cary).getByText(/Not yet/)).toBeInTheDocument();
    expect(screen.getByText('2 people have requested a place through your links.')).toBeInTheDocument();
  });

  it('sends a letter and lists it; checks the form before asking the server', async () => {
    const fake = server();
    renderWithProviders(<NominateSection />);
    await screen.findByText(URL_1);

    await userEvent.click(screen.getByRole('button', { name: 'Send Our Letter' }));
    expect(await screen.findByText('Please give the name of the person you nominate')).toBeInTheDocument();
    expect(fake.callsTo('POST /api/members/me/nominations')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Their Name'), 'Grace Kelly');
    await userEvent.type(screen.getByLabelText('Their Email'), 'grace@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send Our Letter' }));
    expect(await screen.findByText('We will write to Grace Kelly in your name')).toBeInTheDocument();
    expect(fake.callsTo('POST /api/members/me/nominations')[0].body).toEqual({
      name: 'Grace Kelly',
      email: 'grace@example.org',
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your Nominations' })).getByText('Grace Kelly'),
      ).toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Their Name')).toHaveValue('');
  });

  it('puts the server’s refusal beside the field it concerns, or above the form', async () => {
    server({
      refuse: {
        status: 400,
        body: {
          success: false,
          code: 'DISPOSABLE_EMAIL_REFUSED',
          error: 'Please use a permanent email address',
          fields: { email: 'Please use a permanent email address' },
        },
      },
    });
    renderWithProviders(<NominateSection />);
    await screen.findByText(URL_1);
    await userEvent.type(screen.getByLabelText('Their Name'), 'Someone');
    await userEvent.type(screen.getByLabelText('Their Email'), 'someone@mailinator.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Our Letter' }));
    expect(await screen.findByText('Please use a permanent email address')).toBeInTheDocument();
  });

  it('says so when the member nominated the person already', async () => {
    server({
      refuse: {
        status: 409,
        body: {
          success: false,
          code: 'ALREADY_NOMINATED',
          error: 'You have nominated this person already: we wrote to them once, and will not write again.',
        },
      },
    });
    renderWithProviders(<NominateSection />);
    await screen.findByText(URL_1);
    await userEvent.type(screen.getByLabelText('Their Name'), 'Audrey');
    await userEvent.type(screen.getByLabelText('Their Email'), 'audrey@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send Our Letter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/You have nominated this person already/);
  });
});
