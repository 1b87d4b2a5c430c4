import { act, render, screen } from '@testing-library/react';
import { formatMemberCount, MemberCounter } from './member-counter';

describe('formatMemberCount', () => {
  it('separates thousands with dots', () => {
    expect(formatMemberCount(197)).toBe('197');
    expect(formatMemberCount(1000)).toBe('1.000');
    expect(formatMemberCount(1234)).toBe('1.234');
    expect(formatMemberCount(1234567)).toBe('1.234.567');
  });
});

describe('MemberCounter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at 197 with its caption', () => {
    render(<MemberCounter />);
    expect(screen.getByTestId('member-count')).toHaveTextContent('197');
    expect(screen.getByText('distinguished members await your arrival')).toBeInTheDocument();
  });

  it('rises by one on a 10-second tick only when the 30% chance comes up', () => {
    const random = vi.spyOn(Math, 'random');
    render(<MemberCounter />);

    random.mockReturnValue(0.5);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('member-count')).toHaveTextContent('197');

    random.mockReturnValue(0.29);
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.getByTestId('member-count')).toHaveTextContent('197');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('member-count')).toHaveTextContent('198');
  });
});
