import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { GuestStepper } from './guest-stepper';

function Door({ start, max }: { start: number; max: number }) {
  const [value, setValue] = useState(start);
  return <GuestStepper label="Arriving now" value={value} max={max} onChange={setValue} />;
}

describe('the door’s guest stepper', () => {
  it('counts guests one at a time with large buttons, between one and the party’s size', async () => {
    const user = userEvent.setup();
    render(<Door start={4} max={5} />);
    const group = screen.getByRole('group', { name: 'Arriving now' });
    const fewer = screen.getByRole('button', { name: 'One guest fewer' });
    const more = screen.getByRole('button', { name: 'One guest more' });
    expect(group).toContainElement(fewer);
    expect(screen.getByRole('status')).toHaveAccessibleName('4 of 5 guests');

    await user.click(more);
    expect(screen.getByRole('status')).toHaveAccessibleName('5 of 5 guests');
    expect(more).toBeDisabled();

    for (let i = 0; i < 4; i++) await user.click(fewer);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 5');
    expect(fewer).toBeDisabled();
    expect(more).toBeEnabled();
  });

  it('is worked from the keyboard as well', async () => {
    const user = userEvent.setup();
    render(<Door start={2} max={3} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'One guest fewer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveAccessibleName('1 of 3 guests');
    // At one the − is disabled, so the next stop is the +.
    await user.tab();
    expect(screen.getByRole('button', { name: 'One guest more' })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard(' ');
    expect(screen.getByRole('status')).toHaveAccessibleName('3 of 3 guests');
  });
});
