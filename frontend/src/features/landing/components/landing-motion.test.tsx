import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { fakeServer } from '../../../testing/fake-server';
import { renderRoute, renderWithProviders } from '../../../testing/render';
import { Hero } from './hero';
import { LandingPage } from './landing-page';
import { Reveal } from './reveal';

function renderLanding() {
  const router = createMemoryRouter([{ path: '/', element: <LandingPage accessForm={<p>Waitlist form</p>} /> }]);
  return renderWithProviders(<RouterProvider router={router} />);
}

/** jsdom lays nothing out: set what a browser would measure, then scroll. */
function scrollTo(scrollY: number, { innerHeight = 800, scrollHeight = 4000 } = {}) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: innerHeight });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const scrollEvents = (server: ReturnType<typeof fakeServer>) =>
  server
    .callsTo('POST /api/analytics/events')
    .filter((call) => (call.body as { events: Array<{ name: string }> }).events[0]?.name === 'scroll_75');

afterEach(() => {
  sessionStorage.clear();
  scrollTo(0);
  vi.useRealTimers();
});

describe('landing page motion', () => {
  it('rotates the hero through its 3 images, one every 5 seconds', () => {
    vi.useFakeTimers();
    const { container } = render(<Hero />);
    const images = Array.from(container.querySelectorAll('img'));
    const active = () => images.findIndex((image) => image.hasAttribute('data-active'));
    expect(images).toHaveLength(3);
    expect(active()).toBe(0);

    act(() => vi.advanceTimersByTime(4999));
    expect(active()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(active()).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(active()).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(active()).toBe(0);
  });

  it('turns the header dark and blurred only once the page is scrolled more than 50 px', async () => {
    fakeServer({});
    renderLanding();
    const header = await screen.findByRole('banner');

    scrollTo(50);
    expect(header).not.toHaveAttribute('data-scrolled');
    scrollTo(51);
    expect(header).toHaveAttribute('data-scrolled');
    scrollTo(0);
    expect(header).not.toHaveAttribute('data-scrolled');
  });

  it('scrolls to a section leaving 100 px for the fixed header', async () => {
    fakeServer({});
    const scroll = vi.spyOn(window, 'scrollTo');
    const user = userEvent.setup();
    renderLanding();
    scrollTo(200);
    const access = document.getElementById('access') as HTMLElement;
    vi.spyOn(access, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 1500, 1000, 600));

    await user.click(screen.getAllByRole('button', { name: 'Request Access' })[0]);

    expect(scroll).toHaveBeenLastCalledWith({ top: 1500 + 200 - 100, behavior: 'smooth' });
    expect(access).toHaveFocus();
  });

  it('fades a section in once it comes within 85% of the viewport height', () => {
    let report: IntersectionObserverCallback = () => undefined;
    let options: IntersectionObserverInit | undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
          report = callback;
          options = init;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    render(<Reveal>Privileges</Reveal>);
    const section = screen.getByText('Privileges');
    expect(section).not.toHaveAttribute('data-shown');
    expect(options?.rootMargin).toBe('0px 0px -15% 0px');

    act(() => report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));

    expect(section).toHaveAttribute('data-shown');
    expect(disconnect).toHaveBeenCalled();
  });

  it('sends scroll_75 once per visit, however often the page is scrolled or shown again', async () => {
    const server = fakeServer({});
    const first = renderLanding();
    await screen.findByRole('banner');

    scrollTo(2000); // (2000 + 800) / 4000 = 70%
    expect(scrollEvents(server)).toHaveLength(0);
    scrollTo(2200); // 75%
    scrollTo(3200);
    scrollTo(2200);
    await waitFor(() => expect(scrollEvents(server)).toHaveLength(1));

    // Back on the landing page in the same visit (a new mount): nothing more.
    first.unmount();
    scrollTo(0);
    renderLanding();
    await screen.findByRole('banner');
    scrollTo(3200);
    expect(scrollEvents(server)).toHaveLength(1);
  });

  it('scrolls to the top on every route change', async () => {
    fakeServer({});
    const scroll = vi.spyOn(window, 'scrollTo');
    const { router } = renderRoute('/');
    await screen.findByRole('banner');
    scroll.mockClear();

    await act(() => router.navigate('/no-such-page'));

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(scroll).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });
});
