import { isIP } from 'node:net';
import type { AppConfig } from '../../config/environment';

/** Who passkeys are made for: the relying party's id (a domain name), its name, and the allowed origins. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/**
 * The relying party from the settings: WEBAUTHN_RP_ID, else APP_URL's host name; WEBAUTHN_ORIGINS,
 * else APP_URL's origin; WEBAUTHN_RP_NAME, else BRAND_NAME. Null when the id would be an IP address
 * (browsers refuse passkeys there): members then sign in by email only.
 */
export function relyingParty(config: AppConfig): RelyingParty | null {
  const appUrl = new URL(config.APP_URL);
  const id = (config.WEBAUTHN_RP_ID ?? appUrl.hostname).trim().toLowerCase();
  const bare = id.replace(/^\[|\]$/g, '');
  if (!id || isIP(bare) !== 0) return null;
  const origins = (config.WEBAUTHN_ORIGINS ?? appUrl.origin)
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return { id, name: config.WEBAUTHN_RP_NAME ?? config.BRAND_NAME, origins };
}
