import { describe, expect, it } from 'vitest';
import { formatVenueInstant } from './event-time';

describe("an instant on the venue's clock", () => {
  it("reads it in the venue's time zone, whatever the browser's", () => {
    expect(formatVenueInstant('2026-12-11T00:00:00.000Z', 'America/New_York')).toBe(
      'Thursday, December 10, 2026 at 7:00 PM',
    );
    expect(formatVenueInstant('2026-12-10T18:00:00.000Z', 'Europe/Monaco')).toBe(
      'Thursday, December 10, 2026 at 7:00 PM',
    );
    expect(formatVenueInstant('2026-12-10T19:00:00.000Z')).toBe('Thursday, December 10, 2026 at 7:00 PM');
  });

  it('reads it as UTC for a zone the browser does not know, and leaves an unreadable one as it is', () => {
    expect(formatVenueInstant('2026-12-10T19:00:00.000Z', 'Europe/Atlantis')).toBe(
      'Thursday, December 10, 2026 at 7:00 PM',
    );
    expect(formatVenueInstant('someday', 'Europe/Monaco')).toBe('someday');
  });
});
