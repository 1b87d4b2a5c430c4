import { describe, expect, it } from 'vitest';
import { askedBy, duration, elapsed, partyFact, whenFact, whereFact } from './desk-format';

describe('the response-time clock', () => {
  const start = '2026-11-25T10:00:00.000Z';
  const at = (seconds: number) => new Date(start).getTime() + seconds * 1000;

  it('reads seconds, minutes, hours and days', () => {
    expect(elapsed(start, at(42))).toBe('42 s');
    expect(elapsed(start, at(12 * 60 + 5))).toBe('12 min');
    expect(elapsed(start, at(3 * 3600 + 5 * 60))).toBe('3 h 05');
    expect(elapsed(start, at(50 * 3600))).toBe('2 d');
  });

  it('never goes below zero, and shows a dash when there is no median yet', () => {
    expect(elapsed(start, at(-30))).toBe('0 s');
    expect(duration(null)).toBe('—');
    expect(duration(240)).toBe('4 min');
  });
});

describe('who asked', () => {
  it('names a member with their tier, and anyone else as a guest session', () => {
    expect(askedBy({ name: 'Elena Marchetti', tier: 'voyager' })).toBe('Elena Marchetti · Voyager');
    expect(askedBy({ name: 'Sam Okafor', tier: 'black' })).toBe('Sam Okafor · Black');
    expect(askedBy(null)).toBe('Guest session');
  });
});

describe('what the concierge understood, on a card', () => {
  const jet = {
    location: 'Geneva, Switzerland',
    timeline: 'this Saturday',
    budget: null,
    partySize: 10,
    origin: 'Geneva, Switzerland',
    destination: 'Courchevel, France',
    occasion: null,
    dietary: [],
    dates: { from: '2026-11-28', to: '2026-11-28' },
  };

  it('shows a journey, its day and its party', () => {
    expect(whereFact(jet)).toBe('Geneva → Courchevel');
    expect(whenFact(jet)).toBe('this Saturday · 28 Nov');
    expect(partyFact(jet)).toBe('10 guests');
  });

  it('shows a place, a span of days and an occasion', () => {
    const yacht = {
      ...jet,
      location: 'Monaco',
      origin: null,
      destination: null,
      partySize: 2,
      occasion: 'anniversary',
      timeline: 'Monaco Grand Prix',
      dates: { from: '2027-06-04', to: '2027-06-06' },
    };
    expect(whereFact(yacht)).toBe('Monaco');
    expect(whenFact(yacht)).toBe('Monaco Grand Prix · 4 Jun – 6 Jun');
    expect(partyFact(yacht)).toBe('2 guests · Anniversary');
  });

  it('reads a request parsed before these fields existed', () => {
    const old = { location: 'Paris, France', timeline: 'tonight', budget: null };
    expect(whereFact(old)).toBe('Paris, France');
    expect(whenFact(old)).toBe('tonight');
    expect(partyFact(old)).toBeNull();
    expect(whereFact(null)).toBe('—');
  });
});
