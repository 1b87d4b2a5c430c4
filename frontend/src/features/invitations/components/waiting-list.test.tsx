import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// Ant Design forms are slow under jsdom; these walk through whole pages.
vi.setConfig({ testTimeout: 30_000 });

import { fakeServer, json } from '../../../testing/fake-server';
import { renderRoute } from '../../../testing/render';
import { formatHeldUntil } from './waiting-list-panel';

const view = (rsvp: unknown = null, ticketPrice = 0) => ({
  data: {
    event: {
      id: 1,
      name: 'The Riviera Launch',
      description: 'An evening on the terrace.',
      eventType: 'launch_party',
      date: '2026-12-12',
      startTime: '19:00',
      endTime: '23:00',
      time: '19:00 - 23:00',
      location: 'Hôtel de Paris',
      address: 'Place du Casino, Monte-Carlo, Monaco 98000, Monaco',
      city: 'Monte-Carlo',
      state: 'Monaco',
      country: 'Monaco',
      ticketPrice,
      currency: 'EUR',
      dresscode: null,
      imageUrl: null,
      organizer: 'Maison Fortuna',
      status: 'published',
    },
    invitation: { recipientName: 'Grace Kelly', maxGuests: 3, status: 'sent', specialNotes: null },
    rsvp,
    pass: null,
    changes: {
      deadline: '2026-12-10T19:00:00.000Z',
      open: true,
      host: { name: 'Maison Fortuna', contact: 'events@maisonfortuna.local' },
    },
  },
});

const turn = (changes: Record<string, unknown>) => ({
  status: 'waiting',
  position: 2,
  guestCount: 2,
  guestNames: ['Grace Kelly'],
  joinedAt: '2026-11-25T10:00:00Z',
  offeredAt: null,
  offerExpiresAt: null,
  ...changes,
});

describe('the waiting list on the guest invitation page', () => {
  it("offers 'Join the waiting list' when the event is full, with the party of the answer, then shows the place in line", async () => {
    const server = fakeServer({
      'GET /api/invitations/abc': () => json(view()),
      'GET /api/invitations/abc/waiting-list': () => json({ data: null }),
      'POST /api/invitations/abc/rsvp': () =>
        json({ success: false, error: 'This event is at capacity', code: 'EVENT_AT_CAPACITY' }, 409),
      'POST /api/invitations/abc/waiting-list': () => json({ data: turn({}) }),
    });
    renderRoute('/invitation/abc');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByText('Joyfully Accept'));
    await user.click((await screen.findByRole('radio', { name: '2' })).closest('label')!);
    await user.click(screen.getByRole('button', { name: 'Send RSVP' }));
    expect(await screen.findByText('This event is at capacity')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the Waiting List' }));

    expect(await screen.findByText('You Are on the Waiting List')).toBeInTheDocument();
    expect(screen.getByText(/Number 2 in line, for a party of 2/)).toBeInTheDocument();
    expect(screen.queryByText('This event is at capacity')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/invitations/abc/waiting-list')[0].body).toMatchObject({
      guestCount: 2,
      guestNames: ['Grace Kelly'],
    });
  });

  it('shows the place held for the guest with its expiry, to be claimed by answering (no payment link before)', async () => {
    const expires = '2026-11-26T10:30:00Z';
    fakeServer({
      'GET /api/invitations/abc': () =>
        json(
          view(
            {
              id: '8d3f0d7e-1c1a-4c53-9a51-1c1b6d3c7a10',
              status: 'pending',
              guestCount: 2,
              guestNames: ['Grace Kelly'],
              dietaryRestrictions: null,
              specialRequests: null,
              respondedAt: '2026-11-25T10:00:00Z',
              holdExpiresAt: expires,
            },
            250,
          ),
        ),
      'GET /api/invitations/abc/waiting-list': () =>
        json({
          data: turn({ status: 'offered', position: null, offeredAt: '2026-11-25T10:30:00Z', offerExpiresAt: expires }),
        }),
    });
    renderRoute('/invitation/abc');
    expect(await screen.findByText('A Place Is Held for You')).toBeInTheDocument();
    expect(screen.getByText(formatHeldUntil(expires))).toBeInTheDocument();
    expect(screen.getByText(/confirm your RSVP below and complete the payment/)).toBeInTheDocument();
    expect(screen.queryByText('Complete payment')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeInTheDocument();
  });
});
