/**
 * The passkey ceremonies: the server gives the options and checks the answer; the browser's
 * prompt (through @simplewebauthn/browser) stands between them.
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { apiRequest } from '../../../api/client';
import type { MemberSelf, Passkey } from './members';

export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill };

/** Registers a passkey for the signed-in member: the browser's prompt, then the server keeps it. */
export async function registerPasskey(name?: string): Promise<Passkey> {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    '/api/members/me/passkeys/options',
  );
  const response = await startRegistration({ optionsJSON });
  return apiRequest<Passkey>('POST', '/api/members/me/passkeys', { response, ...(name ? { name } : {}) });
}

/**
 * Signs in with a passkey. With `autofill`, the request waits quietly for the person to pick a
 * passkey from the email field's suggestions (conditional mediation) instead of opening a prompt.
 */
export async function signInWithPasskey({ autofill = false } = {}): Promise<{ member: MemberSelf }> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/api/members/sign-in/passkey/options',
  );
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return apiRequest<{ member: MemberSelf }>('POST', '/api/members/sign-in/passkey', { response });
}

/** Ends a waiting autofill request (leaving the page). */
export function cancelPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** The person closed the browser's prompt, or a newer request replaced this one: nothing to report. */
export function isDismissed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return error.name === 'NotAllowedError' || error.name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}
