import { describe, expect, it } from 'vitest';
import { askedBy, duration, elapsed } from './desk-format';

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
