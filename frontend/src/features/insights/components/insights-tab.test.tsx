vi.setConfig({ testTimeout: 60_000 });
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { ADMIN_AUTH_KEY, basicHeader } from '../../../api/admin-client';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import InsightsTab from './insights-tab';
import { SponsorQuality } from './sponsor-quality';

const CLAIRE = '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e01';
const AS_OF = new Date(Date.now() - 4 * 60_000).toISOString();

const steps = [
  { step: 'visits', label: 'Visits', count: 1200, conversion: null, medianSeconds: null },
  { step: 'signedUp', label: 'Signed up', count: 96, conversion: 0.08, medianSeconds: null },
  { step: 'confirmed', label: 'Confirmed', count: 80, conversion: 80 / 96, medianSeconds: 7_200 },
  { step: 'invited', label: 'Offered membership or invited', count: 30, conversion: 0.375, medianSeconds: 9 * 86_400 },
  { step: 'attending', label: 'RSVP’d attending', count: 12, conversion: 0.4, medianSeconds: 12 * 86_400 },
  { step: 'paid', label: 'Paid', count: 9, conversion: 0.75, medianSeconds: 12.5 * 86_400 },
];

const sponsor = {
  memberId: CLAIRE,
  memberName: 'Claire Fontaine',
  visits: 14,
  signedUp: 4,
  suspect: 1,
  confirmed: 4,
  invited: 3,
  attending: 2,
  came: 2,
  paid: 1,
};

function insightsServer() {
  return fakeServer({
    'GET /api/admin/insights/funnel': (request) => {
      const params = new URL(request.url, 'http://localhost').searchParams;
      return json({ data: { from: params.get('from'), to: params.get('to'), asOf: AS_OF, steps, days: [] } });
    },
    'GET /api/admin/insights/campaigns': () =>
      json({
        data: {
          from: '2026-09-01',
          to: '2026-11-27',
          asOf: AS_OF,
          rows: [
            {
              source: 'instagram',
              medium: 'social',
              campaign: 'riviera',
              visits: 800,
              signedUp: 60,
              confirmed: 50,
              invited: 20,
              attending: 8,
              came: 6,
              paid: 6,
            },
            {
              source: null,
              medium: null,
              campaign: null,
              visits: 400,
              signedUp: 36,
              confirmed: 30,
              invited: 10,
              attending: 4,
              came: 3,
              paid: 3,
            },
          ],
        },
      }),
    'GET /api/admin/insights/sponsors': () =>
      json({ data: { from: '2026-09-01', to: '2026-11-27', asOf: AS_OF, rows: [sponsor] } }),
    [`GET /api/admin/insights/sponsors/${CLAIRE}`]: () =>
      json({ data: { from: '2000-01-01', to: '2026-11-27', asOf: AS_OF, sponsor } }),
  });
}

const params = (url: string) => new URL(url, 'http://localhost').searchParams;

beforeEach(() => sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('ada', 'secret-pass')));
afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the Insights tab', () => {
  it('shows the funnel with each step’s conversion and median, and when it was figured', async () => {
    insightsServer();
    renderWithProviders(<InsightsTab />);
    const funnel = await screen.findByRole('list', { name: 'From visit to paid' });
    const items = within(funnel).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(steps.map((s) => s.label));
    expect(within(items[0]).getByText('1,200')).toBeInTheDocument();
    expect(within(items[2]).getByText('83%')).toBeInTheDocument();
    expect(within(items[2]).getByText('≈ 2 h')).toBeInTheDocument();
    expect(within(items[5]).getByText('≈ 12.5 days')).toBeInTheDocument();
    expect(screen.getByText(/Figures as of \d\d:\d\d, 4 min ago/)).toBeInTheDocument();
    // The campaign table names the direct visitors too; the sponsor table credits the member.
    expect(await screen.findByText('instagram · social · riviera')).toBeInTheDocument();
    expect(screen.getByText('Direct or unknown')).toBeInTheDocument();
    expect(screen.getByText('Claire Fontaine')).toBeInTheDocument();
  });

  it('asks for the last 90 days, then the chosen range; a backwards range is not asked for', async () => {
    const calls = insightsServer();
    renderWithProviders(<InsightsTab />);
    await screen.findByRole('list', { name: 'From visit to paid' });
    const first = params(calls.callsTo('GET /api/admin/insights/funnel')[0].url);
    expect((Date.parse(first.get('to')!) - Date.parse(first.get('from')!)) / 86_400_000).toBe(89);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await waitFor(() => {
      const last = params(calls.callsTo('GET /api/admin/insights/funnel').at(-1)!.url);
      expect([last.get('from'), last.get('to')]).toEqual(['2026-10-01', '2026-10-31']);
    });
    const asked = calls.callsTo('GET /api/admin/insights/funnel').length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-15' } });
    expect(await screen.findByText('The start of the range must not be after its end.')).toBeInTheDocument();
    expect(calls.callsTo('GET /api/admin/insights/funnel')).toHaveLength(asked);
  });
});

describe('a member’s sponsor quality', () => {
  it('shows visits and how far their nominees went, suspect ones apart', async () => {
    insightsServer();
    renderWithProviders(<SponsorQuality memberId={CLAIRE} />);
    const list = await screen.findByLabelText('Sponsor quality');
    expect(within(list).getByText('Visits').nextSibling?.textContent).toBe('14');
    expect(within(list).getByText('Paid').nextSibling?.textContent).toBe('1');
    expect(screen.getByText(/1 suspect sign-up not credited/)).toBeInTheDocument();
  });

  it('says nothing to staff whose role may not read insights', async () => {
    fakeServer({
      [`GET /api/admin/insights/sponsors/${CLAIRE}`]: () =>
        json({ success: false, error: 'Your role does not allow this.', code: 'FORBIDDEN_FOR_ROLE' }, 403),
    });
    const { container } = renderWithProviders(<SponsorQuality memberId={CLAIRE} />);
    await waitFor(() => expect(container.querySelector('.ant-spin')).toBeNull());
    expect(container.textContent).toBe('');
  });
});
