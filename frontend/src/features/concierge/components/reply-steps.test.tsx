import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import type { ReplyStep } from '../api/steps';
import { ReplySteps } from './reply-steps';

const REPLY = '7d5c3b1a-0000-4000-8000-000000000001';
const PREFERENCE = '9e8d7c6b-0000-4000-8000-000000000002';

const searched: ReplyStep = {
  id: '1',
  tool: 'search_partners',
  label: 'Searched our partners in Paris: 2 found',
  status: 'done',
  detail: 'Le Jardin, La Verrière',
};
const remembered: ReplyStep = {
  id: '2',
  tool: 'remember_preference',
  label: 'Remembered: Terraces',
  status: 'done',
  memory: { preferenceId: PREFERENCE, kind: 'seating', value: 'Terraces' },
};
const asked: ReplyStep = {
  id: '3',
  tool: 'remember_preference',
  label: 'Shall I remember: Wife: shellfish allergy?',
  status: 'ask',
  memory: { kind: 'allergies', value: 'Wife: shellfish allergy' },
};

afterEach(() => vi.unstubAllGlobals());

describe('the steps of a reply', () => {
  it('shows each step as a quiet line that opens to show what was found', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReplySteps messageId={REPLY} steps={[searched]} />);
    const list = screen.getByRole('list', { name: 'What your concierge did' });
    const line = screen.getByRole('button', { name: 'Searched our partners in Paris: 2 found' });
    expect(list).toContainElement(line);
    expect(line).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Le Jardin, La Verrière')).not.toBeInTheDocument();
    await user.click(line);
    expect(line).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Le Jardin, La Verrière')).toBeVisible();
  });

  it('undoes what was remembered by answering No to its step, which says so from then on', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`POST /api/concierge/steps/${REPLY}/2`]: () =>
        json({
          success: true,
          data: {
            ...remembered,
            status: 'declined',
            label: 'Forgotten: Terraces',
            memory: { kind: 'seating', value: 'Terraces' },
          },
        }),
    });
    renderWithProviders(<ReplySteps messageId={REPLY} steps={[remembered]} />);
    await user.click(screen.getByRole('button', { name: 'Undo: Remembered: Terraces' }));
    expect(await screen.findByText('Forgotten: Terraces')).toBeVisible();
    expect(server.callsTo(`POST /api/concierge/steps/${REPLY}/2`)[0].body).toEqual({ answer: 'no' });
    expect(screen.queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
  });

  it('undoes a memory of a reply still being written straight from What we remember', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ [`DELETE /api/members/me/preferences/${PREFERENCE}`]: () => json({ success: true }) });
    renderWithProviders(<ReplySteps messageId={null} steps={[remembered]} />);
    await user.click(screen.getByRole('button', { name: 'Undo: Remembered: Terraces' }));
    expect(await screen.findByText('Forgotten: Terraces')).toBeVisible();
    expect(server.callsTo(`DELETE /api/members/me/preferences/${PREFERENCE}`)).toHaveLength(1);
  });

  it('asks before keeping an allergy: Yes sends the answer and shows the step as it now stands', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`POST /api/concierge/steps/${REPLY}/3`]: () =>
        json({
          success: true,
          data: {
            ...asked,
            status: 'accepted',
            label: 'Remembered: Wife: shellfish allergy',
            memory: { ...asked.memory, preferenceId: PREFERENCE },
          },
        }),
    });
    renderWithProviders(<ReplySteps messageId={REPLY} steps={[asked]} />);
    expect(screen.getByText('Shall I remember: Wife: shellfish allergy?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Remembered: Wife: shellfish allergy')).toBeVisible();
    expect(server.callsTo(`POST /api/concierge/steps/${REPLY}/3`)[0].body).toEqual({ answer: 'yes' });
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo: Remembered: Wife: shellfish allergy' })).toBeVisible();
  });

  it('offers no answer while the reply is still being written, and shows nothing without steps', async () => {
    const { container, rerender } = renderWithProviders(<ReplySteps messageId={null} steps={[asked]} />);
    expect(screen.getByText('Shall I remember: Wife: shellfish allergy?')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    rerender(<ReplySteps messageId={REPLY} steps={[]} />);
    await waitFor(() => expect(container.querySelector('ul')).toBeNull());
  });
});
