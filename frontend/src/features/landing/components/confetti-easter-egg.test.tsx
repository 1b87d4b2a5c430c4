import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfettiEasterEgg } from './confetti-easter-egg';

const press = (key: string, target: Element | Window = window) => fireEvent.keyDown(target, { key });

describe('ConfettiEasterEgg', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rains 100 gold and white dots after m then f, for at most 5 seconds', () => {
    render(<ConfettiEasterEgg />);
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();

    press('m');
    press('f');

    const layer = screen.getByTestId('confetti');
    const dots = Array.from(layer.children) as HTMLElement[];
    expect(dots).toHaveLength(100);
    expect(dots.filter((dot) => dot.hasAttribute('data-gold'))).toHaveLength(50);
    for (const dot of dots) {
      const total = parseFloat(dot.style.animationDuration) + parseFloat(dot.style.animationDelay);
      expect(total).toBeGreaterThanOrEqual(3000);
      expect(total).toBeLessThanOrEqual(5000);
    }

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByTestId('confetti')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  });

  it('needs the letters in order and together', () => {
    render(<ConfettiEasterEgg />);
    press('f');
    press('m');
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
    press('x');
    press('f');
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
    press('M');
    press('F');
    expect(screen.getByTestId('confetti')).toBeInTheDocument();
  });

  it('ignores letters typed into a form field', () => {
    render(
      <>
        <input aria-label="Email" />
        <ConfettiEasterEgg />
      </>,
    );
    const input = screen.getByLabelText('Email');
    press('m', input);
    press('f', input);
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  });
});
