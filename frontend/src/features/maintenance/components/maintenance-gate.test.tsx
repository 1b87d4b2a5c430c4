vi.setConfig({ testTimeout: 60_000 });
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderRoute } from '../../../testing/render';

describe('maintenance mode', () => {
  it('shows the Maintenance screen on public pages while the server says it is on', async () => {
    fakeServer({ 'GET /api/status': () => json({ maintenance: true }) });
    renderRoute('/somewhere');
    expect(await screen.findByRole('heading', { name: 'Maintenance Mode' })).toBeInTheDocument();
    expect(
      screen.getByText("We're currently making some improvements to our site. Please check back soon."),
    ).toBeInTheDocument();
  });

  it('never hides a page opened with ?admin=true', async () => {
    fakeServer({ 'GET /api/status': () => json({ maintenance: true }) });
    renderRoute('/somewhere?admin=true');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Maintenance Mode' })).not.toBeInTheDocument();
  });

  it('Return to Site asks for admin credentials; the server checks them, then the site comes back', async () => {
    let on = true;
    const server = fakeServer({
      'GET /api/status': () => json({ maintenance: on }),
      'PUT /api/admin/maintenance': (request) => {
        on = (request.body as { enabled: boolean }).enabled;
        return json({ success: true, maintenance: on });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute('/somewhere');
    expect(await screen.findByText('Maison Fortuna')).toHaveClass('mf-eyebrow');
    await user.click(await screen.findByRole('button', { name: 'Return to Site' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing is prefilled: the visitor types both.
    expect(screen.getByLabelText('Username')).toHaveValue('');
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getAllByRole('button', { name: 'Return to Site' }).at(-1)!);
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/maintenance')[0].body).toEqual({ enabled: false });
    expect(dialog).toBeDefined();
  });
});
