import { screen } from '@testing-library/react';
import { fakeServer } from '../../testing/fake-server';
import { renderRoute } from '../../testing/render';

describe('not-found page', () => {
  it('answers any unknown path', async () => {
    fakeServer({});
    renderRoute('/no-such-page');

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /return home/i })).toHaveAttribute('href', '/');
  });
});
