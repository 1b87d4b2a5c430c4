import type { AppConfig } from '../../config/environment';
import { consentInsertSql, WAITLIST_SIGN_UP_CONSENT } from './consent-sql';
import { subjectKeyOf } from './consent.service';
import { wordingHash } from './consent-vocabulary';
import { LINK_INVALID, PrivacyTokens } from './privacy-tokens';

const config = { SESSION_SECRET: 'a-test-secret-of-enough-length', APP_URL: 'https://club.example.com/' } as AppConfig;
const tokens = new PrivacyTokens(config);
const key = subjectKeyOf(config.SESSION_SECRET, 'Grace.Kelly+news@gmail.com');

describe('privacy links and subject keys', () => {
  it('keys one mailbox however its address is typed, and never shows the address', () => {
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(subjectKeyOf(config.SESSION_SECRET, ' gracekelly@GMAIL.com ')).toBe(key);
    expect(subjectKeyOf('another-secret-of-enough-length', 'gracekelly@gmail.com')).not.toBe(key);
  });

  it('reads back what it signed, and refuses any change with a clear message', () => {
    const token = tokens.sign(key, 'digests', new Date('2026-11-27T10:00:00Z'));
    expect(tokens.verify(token)).toEqual({ subjectKey: key, category: 'digests', issued: '2026-11-27' });
    const [payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ k: key, c: 'updates', d: '2026-11-27' })).toString('base64url');
    for (const bad of [
      `${other}.${signature}`,
      payload,
      `${token}.x`,
      '',
      'x'.repeat(500),
      42,
      `${payload}.${'A'.repeat(43)}`,
    ]) {
      expect(() => tokens.verify(bad)).toThrow(LINK_INVALID);
    }
  });

  it('builds the footer, one-click and preference links under APP_URL', () => {
    const links = tokens.linksFor(key, 'updates');
    expect(links.oneClickUrl).toMatch(
      /^https:\/\/club\.example\.com\/api\/privacy\/unsubscribe\?token=[\w-]+\.[\w-]+$/,
    );
    expect(links.url).toMatch(/^https:\/\/club\.example\.com\/unsubscribe\/[\w-]+\.[\w-]+$/);
    expect(links.preferencesUrl).toMatch(/^https:\/\/club\.example\.com\/email-preferences\/[\w-]+\.[\w-]+$/);
  });

  it('writes one ledger row per purpose of the sign-up, with the form’s words, from constants only', () => {
    const sql = consentInsertSql(WAITLIST_SIGN_UP_CONSENT, {
      rows: 'entry',
      subjectKey: 'entry.k',
      subjectId: 'entry.id',
    });
    expect(sql).toContain("unnest(array['updates', 'event-invitations']::text[])");
    expect(sql).toContain(`'waitlist-form-v1', '${wordingHash('waitlist-form-v1')}', 'form'`);
    expect(sql).toMatch(/select entry\.k, 'waitlist', entry\.id, consent_purpose\.purpose, 'granted'/);
  });
});
