import { describe, expect, it, vi } from 'vitest';
import { eventDefaults } from './event-form-modal';

describe('a new event', () => {
  it("starts with the spec's defaults: launch party, USD, private, draft, 100 guests, 19:00 to 23:00, today, our name", () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 12, 9, 30) });
    expect(eventDefaults('Maison Fortuna')).toMatchObject({
      eventType: 'launch_party',
      currency: 'USD',
      isPrivate: true,
      status: 'draft',
      capacity: 100,
      startTime: '19:00',
      endTime: '23:00',
      date: '2026-12-12',
      ticketPrice: 0,
      organizer: 'Maison Fortuna',
      imageUrl: '',
    });
    vi.useRealTimers();
  });
});
