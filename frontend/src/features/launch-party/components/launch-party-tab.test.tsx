import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { setViewportWidth } from '../../../testing/browser';
import { renderWithProviders } from '../../../testing/render';
import { ADMIN_AUTH_KEY, basicHeader } from '../../../api/admin-client';
import LaunchPartyTab, { GUIDE_DISMISSED_KEY } from './launch-party-tab';

// Ant Design's tables, tabs and dialogs under jsdom are slow; these walk through whole panels.
vi.setConfig({ testTimeout: 60_000 });

const event = (changes: Record<string, unknown> = {}) => ({
  id: 1,
  name: 'The Riviera Launch',
  description: 'An evening on the terrace.',
  eventType: 'launch_party',
  date: '2026-12-12',
  startTime: '19:00',
  endTime: '23:00',
  timeZone: 'Europe/Monaco',
  venue: 'Hôtel de Paris',
  venueAddress: 'Place du Casino',
  city: 'Monte-Carlo',
  state: 'Monaco',
  country: 'Monaco',
  zipCode: '98000',
  capacity: 100,
  ticketPrice: 0,
  currency: 'EUR',
  isPrivate: true,
  dresscode: 'Black tie',
  imageUrl: null,
  organizer: 'Maison Fortuna',
  organizerContact: 'events@example.com',
  status: 'published',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  ...changes,
});

const invitation = (id: number, changes: Record<string, unknown> = {}) => ({
  id,
  eventId: 1,
  recipientName: `Guest ${id}`,
  recipientEmail: `guest${id}@example.com`,
  recipientPhone: null,
  maxGuests: 2,
  specialNotes: null,
  status: 'pending',
  sentAt: null,
  invitationCode: `code-${id}`,
  createdAt: '2026-11-20T10:00:00Z',
  event: { id: 1, name: 'The Riviera Launch', date: '2026-12-12' },
  deliveryStatus: null,
  lastError: null,
  ...changes,
});

const payment = (changes: Record<string, unknown> = {}) => ({
  id: 'pay-1',
  rsvpId: 'rsvp-1',
  amount: 500,
  amountMinor: 50000,
  currency: 'EUR',
  status: 'succeeded',
  paymentMethodType: 'card',
  transactionId: 'pi_123',
  paymentDate: '2026-11-21T18:30:00Z',
  refundedAt: null,
  receiptUrl: 'https://pay.example.com/receipts/ch_123',
  failureMessage: null,
  refundReason: null,
  refundRequestedAt: null,
  refundError: null,
  supersededAt: null,
  createdAt: '2026-11-21T18:29:00Z',
  updatedAt: '2026-11-21T18:30:00Z',
  partRefunded: 0,
  partRefundPending: 0,
  invitation: {
    id: 1,
    recipientName: 'Grace Kelly',
    recipientEmail: 'grace@example.com',
    invitationCode: 'c',
    status: 'accepted',
  },
  event: { id: 1, name: 'The Riviera Launch', date: '2026-12-12', currency: 'EUR' },
  rsvp: { id: 'rsvp-1', status: 'attending', guestCount: 2 },
  ...changes,
});

const page = (data: unknown[]) => json({ data, total: data.length });
/** GET /api/admin/me: an owner holds every right; the events team reads payments but does not refund. */
const signedIn = (role: 'owner' | 'events') => ({
  'GET /api/admin/me': () =>
    json({
      id: '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e02',
      username: role,
      displayName: role,
      role,
      rights:
        role === 'owner'
          ? ['waitlist', 'events', 'invitations', 'rsvps', 'payments:read', 'payments:refund']
          : ['waitlist', 'events', 'invitations', 'rsvps', 'payments:read'],
      doorEventIds: [],
    }),
});
/** Role queries are slow on Ant Design's large trees under jsdom: tabs are found by their text. */
const TAB = '[role=tab], [role=tab] *';

beforeEach(() => sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('admin', 'secret-pass')));
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  setViewportWidth(1440);
});

describe('the Launch Party tab', () => {
  it('shows the empty states of every list', async () => {
    fakeServer({
      'GET /api/admin/events': () => page([]),
      'GET /api/admin/invitations': () => page([]),
      'GET /api/admin/rsvps': () => page([]),
      'GET /api/admin/payments': () => page([]),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    expect(await screen.findByText('No Events Yet')).toBeInTheDocument();
    expect(screen.getByText('Create Your First Event')).toBeInTheDocument();
    expect(screen.getByText('Getting Started')).toBeInTheDocument();

    await user.click(screen.getByText('Invitations', { selector: TAB }));
    expect(await screen.findByText('No Invitations Yet')).toBeInTheDocument();
    expect(screen.getByText('All Invitations')).toBeInTheDocument();
    // The panel's button (the dialog, rendered ahead for its form, has one too).
    expect(screen.getAllByText('Create Invitation', { selector: 'button span' })[0].closest('button')).toBeDisabled();

    await user.click(screen.getByText('Responses', { selector: TAB }));
    expect(await screen.findByText('No RSVPs Yet')).toBeInTheDocument();
    await user.click(await screen.findByText('Payments', { selector: TAB }));
    expect(await screen.findByText('No Payments Yet')).toBeInTheDocument();
  });

  it('folds the Getting Started guide away once an event exists', async () => {
    fakeServer({ 'GET /api/admin/events': () => page([event()]) });
    renderWithProviders(<LaunchPartyTab />);
    expect(await screen.findByText('The Riviera Launch')).toBeInTheDocument();
    expect(screen.queryByText('Getting Started')).not.toBeInTheDocument();
  });

  it('hides the Getting Started guide when closed, and keeps it closed on the next visit', async () => {
    fakeServer({ 'GET /api/admin/events': () => page([]) });
    const user = userEvent.setup({ delay: null });
    const first = renderWithProviders(<LaunchPartyTab />);
    expect(await screen.findByText('Getting Started')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide the guide' }));
    expect(screen.queryByText('Getting Started')).not.toBeInTheDocument();
    expect(localStorage.getItem(GUIDE_DISMISSED_KEY)).toBe('1');
    first.unmount();

    renderWithProviders(<LaunchPartyTab />);
    expect(await screen.findByText('No Events Yet')).toBeInTheDocument();
    expect(screen.queryByText('Getting Started')).not.toBeInTheDocument();
  });

  it("shows each event's card: 'Invalid date' for an unreadable date, 'Free', and prices with their currency", async () => {
    fakeServer({
      'GET /api/admin/events': () =>
        page([
          event({ id: 1, name: 'Soirée Sans Date', date: 'someday', ticketPrice: 0 }),
          event({ id: 2, name: 'The Riviera Gala', ticketPrice: 250, currency: 'EUR', capacity: 80 }),
          event({ id: 3, name: 'Tokyo Nights', ticketPrice: 12000, currency: 'JPY', dresscode: null }),
        ]),
    });
    renderWithProviders(<LaunchPartyTab />);
    const card = async (name: string) => (await screen.findByText(name)).closest('.ant-card') as HTMLElement;

    const undated = await card('Soirée Sans Date');
    expect(undated).toHaveTextContent('Invalid date');
    expect(undated).toHaveTextContent('Free');
    expect(undated).toHaveTextContent('Launch Party');
    const gala = await card('The Riviera Gala');
    expect(gala).toHaveTextContent('Dec 12, 2026 · 19:00 – 23:00 CET');
    expect(gala).toHaveTextContent('Hôtel de Paris, Monte-Carlo, Monaco');
    expect(gala).toHaveTextContent('80 guests');
    expect(gala).toHaveTextContent('EUR 250.00');
    expect(gala).toHaveTextContent('Black tie');
    expect(within(gala).getByText('Edit')).toBeInTheDocument();
    expect(within(gala).getByText('Delete')).toBeInTheDocument();
    expect(await card('Tokyo Nights')).toHaveTextContent('JPY 12,000');
  });

  it('says, before an event is saved as cancelled, that every paid guest is refunded', async () => {
    fakeServer({ 'GET /api/admin/events': () => page([event({ ticketPrice: 250 })]) });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    const card = (await screen.findByText('The Riviera Launch')).closest('.ant-card') as HTMLElement;
    await user.click(within(card).getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    const warning = 'Saving refunds every guest who paid, and tells each of them by email.';
    expect(within(dialog).queryByText(warning)).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Status'));
    await user.click((await screen.findAllByText('Cancelled')).find((el) => el.closest('.ant-select-item'))!);
    expect(await within(dialog).findByText(warning)).toBeInTheDocument();
  });

  it("starts a new event in the server's default time zone", async () => {
    fakeServer({
      'GET /api/admin/events': () => page([]),
      'GET /api/admin/event-defaults': () => json({ data: { timeZone: 'America/New_York' } }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    await user.click(await screen.findByText('Create Your First Event'));
    const dialog = (await screen.findByText('Event Name')).closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByText('America/New York')).toBeInTheDocument();
  });

  it("changes an event's time zone from a searchable list, the common zones first", async () => {
    const saved = event({ offerWindowHours: 24, rsvpDeadline: null, reminderHours: [168, 24] });
    const server = fakeServer({
      'GET /api/admin/events': () => page([saved]),
      'GET /api/admin/event-defaults': () => json({ data: { timeZone: 'Europe/Monaco' } }),
      'PATCH /api/admin/events/1': (request) => json({ data: { ...saved, ...(request.body as object) } }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    const card = (await screen.findByText('The Riviera Launch')).closest('.ant-card') as HTMLElement;
    await user.click(within(card).getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Europe/Monaco')).toBeInTheDocument();
    const zone = within(dialog).getByLabelText('Time Zone');
    await user.click(zone);
    expect((await screen.findAllByText('Common')).length).toBeGreaterThan(0);
    await user.type(zone, 'tokyo');
    await user.click((await screen.findAllByText('Asia/Tokyo')).find((el) => el.closest('.ant-select-item'))!);
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button span' }));
    await waitFor(() => expect(server.callsTo('PATCH /api/admin/events/1')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/admin/events/1')[0].body).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it("refuses an empty event form with the spec's messages, and creates nothing", async () => {
    const server = fakeServer({ 'GET /api/admin/events': () => page([]) });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    await user.click(await screen.findByText('Create Your First Event'));
    const dialog = (await screen.findByText('Event Name')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByLabelText('Capacity')).toHaveValue('100');
    expect(within(dialog).getByLabelText('Organizer')).toHaveValue('Maison Fortuna');
    await user.clear(within(dialog).getByLabelText('Organizer'));
    await user.click(within(dialog).getByText('Create Event', { selector: 'button span' }));
    for (const message of [
      'Name is required',
      'Description is required',
      'Venue is required',
      'Venue address is required',
      'City is required',
      'State/Province is required',
      'Country is required',
      'Zip/Postal code is required',
      'Organizer is required',
      'Organizer contact is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(server.callsTo('POST /api/admin/events')).toHaveLength(0);
  });

  it("lists invitations with 'Not sent', and follows 'Send all pending' with a progress bar", async () => {
    let progress = { queued: 2, sent: 0, failed: 0, unknown: 0, done: false };
    const server = fakeServer({
      'GET /api/admin/events': () => page([event()]),
      'GET /api/admin/invitations': () =>
        page([invitation(1), invitation(2), invitation(3, { status: 'sent', sentAt: '2026-11-21T09:00:00Z' })]),
      'GET /api/admin/events/1/invitations': () => page([invitation(1), invitation(2)]),
      'POST /api/admin/events/1/invitations/send-pending': () =>
        json({ data: { id: 'batch-1', eventId: 1, total: 2, ...progress } }, 201),
      'GET /api/admin/invitation-batches/batch-1': () =>
        json({ data: { id: 'batch-1', eventId: 1, total: 2, ...progress } }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    await user.click(await screen.findByText('Invitations', { selector: TAB }));
    const pendingRow = (await screen.findByText('guest1@example.com')).closest('tr') as HTMLElement;
    expect(pendingRow).toHaveTextContent('Not sent');
    expect(within(pendingRow).getByLabelText('Send invitation to Guest 1')).toBeInTheDocument();
    const sentRow = screen.getByText('guest3@example.com').closest('tr') as HTMLElement;
    expect(sentRow).not.toHaveTextContent('Not sent');
    expect(within(sentRow).queryByLabelText('Send invitation to Guest 3')).not.toBeInTheDocument();

    // 'Send all pending' belongs to one event: choose it in the filter.
    await user.click(screen.getByLabelText('Filter by event'));
    await user.click((await screen.findAllByText('The Riviera Launch')).find((el) => el.closest('.ant-select-item'))!);
    expect(await screen.findByText('Invitations for The Riviera Launch')).toBeInTheDocument();
    await user.click(screen.getByText('Send all pending'));
    expect(
      await screen.findByText(/Real emails will be sent to the 2 pending guests of The Riviera Launch/),
    ).toBeInTheDocument();
    await user.click(screen.getByText('Send Emails'));

    expect(await screen.findByText('0 of 2 sent · 2 queued')).toBeInTheDocument();
    progress = { queued: 0, sent: 2, failed: 0, unknown: 0, done: true };
    expect(await screen.findByText('2 of 2 sent')).toBeInTheDocument();
    expect(screen.getByText('Dismiss')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/events/1/invitations/send-pending')).toHaveLength(1);
  });

  it('shows each invitation on a phone as a card, with no table to scroll sideways', async () => {
    setViewportWidth(375);
    const long = 'isadora.montague-fitzwilliam@correspondance-privee.example.com';
    fakeServer({
      'GET /api/admin/events': () => page([event()]),
      'GET /api/admin/invitations': () => page([invitation(1, { recipientEmail: long })]),
    });
    const user = userEvent.setup({ delay: null });
    const { container } = renderWithProviders(<LaunchPartyTab />);
    await user.click(await screen.findByText('Invitations', { selector: TAB }));
    const card = (await screen.findByText('Guest 1')).closest('li') as HTMLElement;
    expect(container.querySelector('table')).toBeNull();
    expect(within(card).getByText(long)).toBeInTheDocument();
    expect(card).toHaveTextContent('Not sent');
    expect(within(card).getByLabelText('Send invitation to Guest 1')).toBeInTheDocument();
  });

  it('shows an interrupted send as outcome unknown, and says so before sending it again', async () => {
    const unknown = invitation(1, {
      deliveryStatus: 'unknown',
      lastError: 'Outcome unknown: sending was interrupted (the worker stopped) before the mail server answered',
    });
    const server = fakeServer({
      'GET /api/admin/events': () => page([event()]),
      'GET /api/admin/invitations': () => page([unknown]),
      'POST /api/admin/invitations/1/send': () => json({ data: { ...unknown, deliveryStatus: 'queued' } }, 201),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    await user.click(await screen.findByText('Invitations', { selector: TAB }));
    const row = (await screen.findByText('guest1@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Outcome unknown')).toBeInTheDocument();
    await user.click(within(row).getByLabelText('Send invitation to Guest 1'));
    expect((await screen.findAllByText('Send Invitation Again')).length).toBeGreaterThan(0);
    expect(
      screen.getByText(/may have been delivered\. Sending again may give guest1@example\.com a second copy/),
    ).toBeInTheDocument();
    await user.click(screen.getByText('Send Again'));
    await waitFor(() => expect(server.callsTo('POST /api/admin/invitations/1/send')).toHaveLength(1));
  });

  it('offers Refund only to a role that may refund: the events team reads payments', async () => {
    fakeServer({
      ...signedIn('events'),
      'GET /api/admin/events': () => page([event({ ticketPrice: 250 })]),
      'GET /api/admin/rsvps': () => page([]),
      'GET /api/admin/payments': () => page([payment()]),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    await user.click(await screen.findByText('Responses', { selector: TAB }));
    await user.click(await screen.findByText('Payments', { selector: TAB }));
    const row = (await screen.findByText('grace@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Details')).toBeInTheDocument();
    expect(within(row).queryByText('Refund')).not.toBeInTheDocument();
  });

  it("shows a payment's details and receipt, and brings Refund back with the reason when the refund fails", async () => {
    let state: 'paid' | 'refunding' | 'refused' = 'paid';
    const server = fakeServer({
      ...signedIn('owner'),
      'GET /api/admin/events': () => page([event({ ticketPrice: 250 })]),
      'GET /api/admin/rsvps': () => page([]),
      'GET /api/admin/payments': () =>
        page([
          payment(
            state === 'refunding'
              ? { refundReason: 'admin', refundRequestedAt: new Date().toISOString() }
              : state === 'refused'
                ? {
                    refundReason: 'admin',
                    refundError: 'This PaymentIntent does not have a successful charge to refund.',
                  }
                : {},
          ),
        ]),
      'POST /api/admin/payments/pay-1/refund': () => {
        state = 'refunding';
        return json({ data: payment({ refundRequestedAt: new Date().toISOString() }) }, 202);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    await user.click(await screen.findByText('Responses', { selector: TAB }));
    await user.click(await screen.findByText('Payments', { selector: TAB }));
    const row = (await screen.findByText('grace@example.com')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('500.00');
    expect(row).toHaveTextContent('succeeded');
    expect(within(row).getByRole('link', { name: /Receipt/ })).toHaveAttribute(
      'href',
      'https://pay.example.com/receipts/ch_123',
    );

    await user.click(within(row).getByText('Details'));
    const dialog = (await screen.findByText('Payment Details')).closest('.ant-modal') as HTMLElement;
    expect(dialog).toHaveTextContent('EUR 500.00');
    expect(dialog).toHaveTextContent('pi_123');
    expect(dialog).toHaveTextContent('Grace Kelly (grace@example.com)');
    await user.click(within(dialog).getAllByLabelText('Close')[0]);

    await user.click(within(row).getByText('Refund'));
    await user.click(await screen.findByText('Refund', { selector: '.ant-popconfirm button span' }));
    expect(await screen.findByText('Refund requested')).toBeInTheDocument();
    const refreshed = async () => (await screen.findByText('grace@example.com')).closest('tr') as HTMLElement;
    await waitFor(async () => expect(await refreshed()).toHaveTextContent('refund pending'));
    expect(within(await refreshed()).queryByText('Refund')).not.toBeInTheDocument();

    // The provider refuses: the table stops waiting, says why, and offers Refund again.
    state = 'refused';
    await waitFor(async () => expect(await refreshed()).toHaveTextContent('refund failed'), { timeout: 6000 });
    expect(
      await screen.findByText('This PaymentIntent does not have a successful charge to refund.'),
    ).toBeInTheDocument();
    expect(within(await refreshed()).getByText('Refund')).toBeInTheDocument();
    const calls = server.callsTo('GET /api/admin/payments').length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(server.callsTo('GET /api/admin/payments').length).toBeLessThanOrEqual(calls + 1);
    expect(server.callsTo('POST /api/admin/payments/pay-1/refund')).toHaveLength(1);
  });

  it('shows what a guest who brought fewer guests was given back, and refunds only the rest', async () => {
    const server = fakeServer({
      ...signedIn('owner'),
      'GET /api/admin/events': () => page([event({ ticketPrice: 250 })]),
      'GET /api/admin/rsvps': () => page([]),
      'GET /api/admin/payments': () =>
        page([payment({ amount: 750, amountMinor: 75000, partRefunded: 250, partRefundPending: 250 })]),
      'POST /api/admin/payments/pay-1/refund': () =>
        json({ data: payment({ refundRequestedAt: new Date().toISOString() }) }, 202),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    await user.click(await screen.findByText('Responses', { selector: TAB }));
    await user.click(await screen.findByText('Payments', { selector: TAB }));
    const row = (await screen.findByText('grace@example.com')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('750.00');
    expect(row).toHaveTextContent('EUR 250.00 refunded');
    expect(row).toHaveTextContent('EUR 250.00 refund pending');

    await user.click(within(row).getByText('Details'));
    const dialog = (await screen.findByText('Payment Details')).closest('.ant-modal') as HTMLElement;
    expect(dialog).toHaveTextContent('Refunded in PartEUR 250.00 (and EUR 250.00 on its way)');
    await user.click(within(dialog).getAllByLabelText('Close')[0]);

    await user.click(within(row).getByText('Refund'));
    expect(await screen.findByText(/^EUR 250\.00 goes back to Grace Kelly/)).toBeInTheDocument();
    await user.click(await screen.findByText('Refund', { selector: '.ant-popconfirm button span' }));
    expect(await screen.findByText('EUR 250.00 will be returned to Grace Kelly.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/payments/pay-1/refund')).toHaveLength(1);
  });

  it('says the payment was refunded even when the refund lands before the list is read again', async () => {
    let refunded = false;
    fakeServer({
      ...signedIn('owner'),
      'GET /api/admin/events': () => page([event({ ticketPrice: 250 })]),
      'GET /api/admin/rsvps': () => page([]),
      'GET /api/admin/payments': () =>
        page([
          payment(refunded ? { status: 'refunded', refundReason: 'admin', refundedAt: new Date().toISOString() } : {}),
        ]),
      'POST /api/admin/payments/pay-1/refund': () => {
        // The provider answers at once: the next read of the list already shows it refunded.
        refunded = true;
        return json({ data: payment({ refundRequestedAt: new Date().toISOString() }) }, 202);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LaunchPartyTab />);
    await user.click(await screen.findByText('Responses', { selector: TAB }));
    await user.click(await screen.findByText('Payments', { selector: TAB }));
    const row = (await screen.findByText('grace@example.com')).closest('tr') as HTMLElement;
    await user.click(within(row).getByText('Refund'));
    await user.click(await screen.findByText('Refund', { selector: '.ant-popconfirm button span' }));
    expect(await screen.findByText('Payment refunded')).toBeInTheDocument();
    expect(await screen.findByText('EUR 500.00 returned to Grace Kelly.')).toBeInTheDocument();
  });
});
