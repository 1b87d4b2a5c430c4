import type { AppConfig } from '../../config/environment';
import { relyingParty } from './relying-party';

const config = (settings: Partial<AppConfig>) => ({ BRAND_NAME: 'Maison Fortuna', ...settings }) as AppConfig;

describe('the passkeys’ relying party', () => {
  it('comes from APP_URL: its host name and its origin, named for the brand', () => {
    expect(relyingParty(config({ APP_URL: 'https://club.example.com/' }))).toEqual({
      id: 'club.example.com',
      name: 'Maison Fortuna',
      origins: ['https://club.example.com'],
    });
    expect(relyingParty(config({ APP_URL: 'http://localhost:3000' }))?.origins).toEqual(['http://localhost:3000']);
  });

  it('is none on an IP address, where browsers refuse passkeys', () => {
    expect(relyingParty(config({ APP_URL: 'http://127.0.0.1:3000' }))).toBeNull();
    expect(relyingParty(config({ APP_URL: 'http://[::1]:3000' }))).toBeNull();
    expect(relyingParty(config({ APP_URL: 'http://10.0.0.5', WEBAUTHN_RP_ID: '192.168.1.2' }))).toBeNull();
  });

  it('can be set apart for a site reached under several names', () => {
    expect(
      relyingParty(
        config({
          APP_URL: 'http://10.0.0.5:3000',
          WEBAUTHN_RP_ID: 'Example.com',
          WEBAUTHN_ORIGINS: 'https://example.com, https://club.example.com/',
          WEBAUTHN_RP_NAME: 'The Club',
        }),
      ),
    ).toEqual({ id: 'example.com', name: 'The Club', origins: ['https://example.com', 'https://club.example.com'] });
  });
});
