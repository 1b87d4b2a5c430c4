import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { MembersSignIn } from './members-sign-in';

const MEMBER = { id: 'm1', name: 'Grace Kelly', email: 'grace@example.com', tier: 'patron', passkeys: [] };
const SENT = 'If grace@example.com belongs to a member, a sign-in link and a 6-digit code are on their way.';

function server(code = '123456') {
  return fakeServer({
    'GET /api/members/passkeys/available': () => json({ available: true }),
    'POST /api/members/sign-in/email': () => json({ sent: true }, 202),
    'POST /api/members/sign-in/code': (request) =>
      (request.body as { code: string }).code === code
        ? json({ member: MEMBER })
        : json({ success: false, error: 'That code is not right.', code: 'SIGN_IN_CODE_WRONG' }, 400),
  });
}

function renderSection() {
  const onSignedIn = vi.fn();
  return { onSignedIn, ...renderWithProviders(<MembersSignIn onSignedIn={onSignedIn} />) };
}

describe("the concierge's Members sign-in", () => {
  it('emails a link and a code, then signs in with the code', async () => {
    const calls = server();
    const user = userEvent.setup();
    const { onSignedIn } = renderSection();
    const email = screen.getByLabelText('Email');
    // The browser may offer the member's passkeys among the field's suggestions.
    expect(email).toHaveAttribute('autocomplete', 'username webauthn');
    await user.type(email, 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    expect(await screen.findByText((_, node) => node?.textContent?.startsWith(SENT) === true && node.tagName === 'P'));
    expect(calls.callsTo('POST /api/members/sign-in/email')[0].body).toEqual({ email: 'grace@example.com' });

    const code = screen.getByLabelText('Enter the code from the email');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12 34 56');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(MEMBER));
    expect(calls.callsTo('POST /api/members/sign-in/code')[0].body).toEqual({
      email: 'grace@example.com',
      code: '123456',
    });
    expect(await screen.findByText('Welcome back, Grace Kelly')).toBeInTheDocument();
  });

  it('says a wrong code plainly and lets the member try again', async () => {
    server('654321');
    const user = userEvent.setup();
    const { onSignedIn } = renderSection();
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    await user.type(await screen.findByLabelText('Enter the code from the email'), '111111');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('That code is not the one we sent. Kindly check the email and try again.'),
    ).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('checks the address before sending anything', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls.callsTo('POST /api/members/sign-in/email')).toHaveLength(0);
  });

  it("signs in with a passkey: the server's options go to the browser's prompt, and its answer back to the server", async () => {
    const calls = fakeServer({
      'GET /api/members/passkeys/available': () => json({ available: true }),
      'POST /api/members/sign-in/passkey/options': () =>
        json({ challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'preferred', allowCredentials: [] }),
      'POST /api/members/sign-in/passkey': () => json({ member: MEMBER }),
    });
    // The browser's side: a platform that offers passkeys, and the person's choice of one.
    const bytes = (text: string) => new TextEncoder().encode(text).buffer;
    const get = vi.fn(async () => ({
      id: 'cred-1',
      rawId: bytes('cred-1'),
      type: 'public-key',
      response: {
        authenticatorData: bytes('auth'),
        clientDataJSON: bytes('{}'),
        signature: bytes('sig'),
        userHandle: bytes('m1'),
      },
      getClientExtensionResults: () => ({}),
      authenticatorAttachment: 'platform',
    }));
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    try {
      const user = userEvent.setup();
      const { onSignedIn } = renderSection();
      await user.click(await screen.findByRole('button', { name: 'Sign In with a Passkey' }));
      await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(MEMBER));
      expect(get).toHaveBeenCalledTimes(1);
      const sent = calls.callsTo('POST /api/members/sign-in/passkey')[0].body as { response: { id: string } };
      expect(sent.response.id).toBe('cred-1');
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });

  it('offers no passkey button where the browser has no passkeys', async () => {
    server();
    renderSection();
    await screen.findByRole('button', { name: 'Email Me a Sign-In Link' });
    expect(screen.queryByRole('button', { name: 'Sign In with a Passkey' })).not.toBeInTheDocument();
  });
});
