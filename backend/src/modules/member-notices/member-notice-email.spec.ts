import type { ParsedEntities } from '../../platform/ai/types';
import { plainExcerpt, renderMemberNotice, requestName } from './member-notice-email';

const monaco = { mainCategory: 'travel', location: 'Monaco' } as ParsedEntities;
const link = 'https://club.example.com/concierge?thread=11111111-1111-4111-8111-111111111111';

describe('the email telling a member their concierge answered', () => {
  it('names the request as the member knows it', () => {
    expect(requestName(monaco)).toBe('your travel request in Monaco');
    expect(requestName({ mainCategory: 'default', location: null } as ParsedEntities)).toBe('your request');
    expect(requestName(null)).toBe('your request');
  });

  it('reads a message’s Markdown as plain words, sentences as sentences, cut at a word', () => {
    expect(plainExcerpt('Would you prefer a **sailing** yacht?\n\nThe [Riva](https://x.example) is free.')).toBe(
      'Would you prefer a sailing yacht? The Riva is free.',
    );
    expect(plainExcerpt('Riva\nSunseeker')).toBe('Riva · Sunseeker');
    const long = plainExcerpt('word '.repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('holds every line in order, each option on a row of its own, and the link to the conversation', () => {
    const mail = renderMemberNotice({
      brand: 'Maison Fortuna',
      appUrl: 'https://club.example.com',
      name: 'Grace Kelly',
      about: monaco,
      link,
      lines: [
        { kind: 'status', author: 'Sophie', text: 'Your request is now in progress.' },
        { kind: 'reply', author: 'Louis', text: 'Sailing or motor?' },
        {
          kind: 'options',
          author: 'Sophie',
          text: 'Two to choose from.\n1. **Riva** · €48,000\n2. **Sunseeker** · €52,000',
        },
      ],
    });
    expect(mail.subject).toBe('Maison Fortuna: Sophie and Louis have news about your travel request in Monaco');
    expect(mail.text).toContain('Dear Grace,');
    const rows = mail.text.split('\n').filter((line) => /^(Status|Louis wrote|Sophie wrote|Option \d):/.test(line));
    expect(rows).toEqual([
      'Status: Your request is now in progress.',
      'Louis wrote: Sailing or motor?',
      'Sophie wrote: Two to choose from.',
      'Option 1: Riva · €48,000',
      'Option 2: Sunseeker · €52,000',
    ]);
    expect(mail.text).toContain(`Open the Conversation: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).not.toContain('**');
  });
});
