import { screen, within } from '@testing-library/react';
import { basicHeader, ADMIN_AUTH_KEY } from '../../../api/admin-client';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { MemberNominationsDrawer } from './member-nominations-drawer';

const AT = '2026-11-27T10:00:00.000Z';
const MEMBER = { id: '6f1c1b7e-1d7e-4c55-9d0b-2f1f7a1b0c11', name: 'Grace Kelly' };

function nominee(email: string, extra: Record<string, unknown> = {}) {
  return {
    entryId: email,
    name: email.split('@')[0],
    email,
    signedUpAt: AT,
    confirmed: true,
    byEmail: false,
    reasons: [],
    ...extra,
  };
}

beforeEach(() => sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('admin', 'secret-pass')));
afterEach(() => sessionStorage.clear());

describe('a member’s nominations (Members tab)', () => {
  it('shows credited and suspect apart, with the reasons, beside the sponsor quality', async () => {
    fakeServer({
      [`GET /api/admin/members/${MEMBER.id}/nominations`]: () =>
        json({
          data: {
            credited: [
              nominee('audrey@example.org', { byEmail: true }),
              nominee('cary@example.org', { confirmed: false }),
            ],
            suspect: [
              nominee('grace+1@gmail.com', { reasons: ['The nominee’s address is the nominating member’s own'] }),
            ],
            emailed: 1,
            activeLinks: 2,
          },
        }),
      [`GET /api/admin/insights/sponsors/${MEMBER.id}`]: () =>
        json({
          data: {
            sponsor: {
              memberId: MEMBER.id,
              memberName: 'Grace Kelly',
              signedUp: 2,
              confirmed: 1,
              invited: 1,
              came: 1,
              paid: 0,
              suspect: 1,
            },
          },
        }),
    });
    renderWithProviders(<MemberNominationsDrawer member={MEMBER} onClose={() => undefined} />);

    const credited = await screen.findByRole('list', { name: 'Credited (2)' });
    expect(within(credited).getByText(/Nominated by email/)).toBeInTheDocument();
    expect(within(credited).getByText('Unconfirmed')).toBeInTheDocument();
    const suspect = screen.getByRole('list', { name: 'Suspect, Not Credited (1)' });
    expect(within(suspect).getByRole('list', { name: 'Why it is suspect' })).toHaveTextContent(
      'The nominee’s address is the nominating member’s own',
    );
    expect(screen.getByText('2 live links')).toBeInTheDocument();
    expect(screen.getByText('1 person written to')).toBeInTheDocument();
    expect(await screen.findByLabelText('Sponsor quality')).toBeInTheDocument();
  });

  it('says so when the member has nominated no one', async () => {
    fakeServer({
      [`GET /api/admin/members/${MEMBER.id}/nominations`]: () =>
        json({ data: { credited: [], suspect: [], emailed: 0, activeLinks: 1 } }),
    });
    renderWithProviders(<MemberNominationsDrawer member={MEMBER} onClose={() => undefined} />);
    expect(await screen.findByText('No one has signed up through this member yet.')).toBeInTheDocument();
    expect(screen.getByText('None.')).toBeInTheDocument();
  });
});
