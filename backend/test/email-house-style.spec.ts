import type { AppConfig } from '../src/config/environment';
import type { EventView } from '../src/modules/events';
import type { Invitation } from '../src/modules/invitations/invitation.entity';
import { InvitationsMailer } from '../src/modules/invitations/invitations.mailer';
import type { Rsvp } from '../src/modules/invitations/rsvp.entity';
import type { WaitingListEntry } from '../src/modules/invitations/waiting-list-entry.entity';
import { WaitingListMailer } from '../src/modules/invitations/waiting-list.mailer';
import { MembersMailer } from '../src/modules/members/members.mailer';
import { EMAIL_PALETTE, EMAIL_SERIF, renderBrandEmail } from '../src/platform/mail/email-layout';

/** WCAG's contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The words a reader sees: the body without its markup, hidden preheader or styles. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<span style="display:none[^>]*>[\s\S]*?<\/span>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

const config = { APP_URL: 'https://club.example.com', BRAND_NAME: 'Maison Fortuna' } as AppConfig;

const event = {
  id: 7,
  name: 'The Riviera Launch',
  description: 'An evening on the terrace above the harbour.',
  eventType: 'launch_party',
  date: '2037-12-12',
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
  ticketPrice: 250,
  currency: 'EUR',
  isPrivate: true,
  dresscode: 'Black tie',
  imageUrl: null,
  organizer: 'Maison Fortuna',
  organizerContact: 'events@maisonfortuna.example',
  status: 'published',
  offerWindowHours: 24,
  rsvpDeadline: null,
  reminderHours: [168, 24],
  createdAt: new Date(),
  updatedAt: new Date(),
} as EventView;

const invitation = {
  id: 3,
  eventId: 7,
  recipientName: 'Grace Kelly',
  recipientEmail: 'grace@example.com',
  maxGuests: 4,
  specialNotes: 'Valet at the north entrance',
  invitationCode: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
} as Invitation;

const rsvp = { id: 'r-1', guestCount: 2, guestNames: ['Rainier'], passId: 'p' } as Rsvp;

const mailer = new InvitationsMailer(undefined as never, undefined as never, undefined as never, config);
const waitingList = new WaitingListMailer(undefined as never, undefined as never, config);
const offer = { guestCount: 2, offerExpiresAt: new Date('2037-12-10T10:30:00Z') } as WaitingListEntry;
const members = new MembersMailer(undefined as never, undefined as never, config);
const memberToken = 'Q'.repeat(43);

const emails = {
  invitation: mailer.renderInvitation(invitation, event),
  confirmation: mailer.renderConfirmation(rsvp, invitation, event, false, Buffer.from('png')),
  reminder: mailer.renderReminder(rsvp, invitation, event, 24),
  change: mailer.renderEventChange(invitation, event, [['Time', '19:00 – 23:00 CET', '20:00 – 23:00 CET']]),
  declined: mailer.renderDeclined(invitation, event),
  'waiting-list offer': waitingList.renderOffer(offer, invitation, event),
  'membership offer': members.renderOffer({
    name: 'Grace Kelly',
    email: 'grace@example.com',
    tier: 'voyager',
    expiresAt: new Date('2037-12-10T10:30:00Z'),
    token: memberToken,
  }),
  'member sign-in': members.renderSignIn({
    name: 'Grace Kelly',
    email: 'grace@example.com',
    token: memberToken,
    code: '042917',
  }),
  'a detail that links': {
    ...renderBrandEmail({
      brand: 'Maison Fortuna',
      appUrl: 'https://club.example.com',
      preheader: 'A partner applied.',
      heading: 'New Vendor Application',
      paragraphs: ['Maison Lumière has applied.'],
      details: [['Website', { text: "Visit Maison Lumière's website", url: 'https://lumiere.example' }]],
    }),
  },
};

describe('emails in the house style', () => {
  it.each(Object.entries(emails))('%s: prints no raw address, only links with words', (_, email) => {
    const text = visibleText(email.html as string);
    expect(text).not.toMatch(/https?:\/\/|www\.|club\.example\.com/);
    // Every link is words the reader can follow.
    for (const [, words] of (email.html as string).matchAll(/<a [^>]*>([^<]*)<\/a>/g)) {
      expect(words.trim()).not.toBe('');
      expect(words).not.toMatch(/https?:|\.com\b|\.example\b/);
    }
  });

  it.each(Object.entries(emails))(
    '%s: sets its words in the serif stack that resembles the display face, never Times',
    (_, email) => {
      const html = email.html as string;
      expect(html).toContain(EMAIL_SERIF);
      expect(EMAIL_SERIF.startsWith("'Cormorant Garamond'")).toBe(true);
      expect(EMAIL_SERIF).toMatch(/Georgia, serif$/);
      expect(html).not.toMatch(/Times/);
    },
  );

  it('keeps its footer, labels and sign-off at 4.5:1 or more against their background', () => {
    const { html } = emails.invitation;
    const footer = /class="mf-footer" style="color:(#[0-9a-f]{6})/.exec(html)?.[1];
    const page = /<body style="margin:0;padding:0;background:(#[0-9a-f]{6})/.exec(html)?.[1];
    expect(footer).toBe(EMAIL_PALETTE.footer);
    expect(page).toBe(EMAIL_PALETTE.ink);
    expect(contrast(footer!, page!)).toBeGreaterThanOrEqual(4.5);
    // The card's quieter words: labels, captions, the sign-off, the paragraphs.
    for (const colour of [EMAIL_PALETTE.ivoryFaint, EMAIL_PALETTE.ivorySoft, EMAIL_PALETTE.ivory, EMAIL_PALETTE.gold]) {
      expect(contrast(colour, EMAIL_PALETTE.inkRaised)).toBeGreaterThanOrEqual(4.5);
    }
    // The button's ink on gold.
    expect(contrast(EMAIL_PALETTE.ink, EMAIL_PALETTE.gold)).toBeGreaterThanOrEqual(4.5);
  });

  it('fits a 375 px phone: nothing wider than the screen, long words wrap', () => {
    const { html } = emails.confirmation;
    // Fixed widths (the pass's picture); the card itself only has a max-width.
    const widths = [...html.matchAll(/(?<![-\w])width[=:]"?(\d+)(px)?/g)].map((m) => Number(m[1]));
    expect(Math.max(...widths)).toBeLessThanOrEqual(343);
    expect(html).toContain('max-width:600px');
    expect(html).toContain('@media (max-width: 480px)');
    expect(html).toMatch(/overflow-wrap:break-word/);
  });

  it('reads times on the clock the site uses, with the venue’s zone named', () => {
    const text = visibleText(emails.invitation.html);
    expect(text).toContain('19:00 – 23:00 CET');
    expect(text).toContain('EUR 250.00');
    expect(visibleText(emails.confirmation.html)).toContain('2 Guests');
    expect(visibleText(emails['waiting-list offer'].html)).toContain('Thursday, December 10, 2037 at 11:30 CET');
  });

  it('keeps the addresses in the plain-text twin, which cannot link', () => {
    expect(emails.invitation.text).toContain(
      'Respond to Invitation: https://club.example.com/invitation/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    );
    expect(emails['membership offer'].text).toContain(
      `Accept Membership: https://club.example.com/membership/${memberToken}`,
    );
    expect(emails['member sign-in'].text).toContain(`Sign In: https://club.example.com/members/sign-in/${memberToken}`);
    expect(visibleText(emails['member sign-in'].html)).toContain('042 917');
    expect(visibleText(emails['membership offer'].html)).toContain('Thursday, December 10, 2037 at 10:30 UTC');
    expect(emails['a detail that links'].text).toContain(
      "Website: Visit Maison Lumière's website (https://lumiere.example)",
    );
  });
});
