import { act, screen } from '@testing-library/react';
import { focusManager, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { vi } from 'vitest';
import { renderWithProviders } from '../testing/render';

function Member({ fetchMember }: { fetchMember: () => Promise<string> }) {
  const member = useQuery({ queryKey: ['member'], queryFn: fetchMember });
  if (member.isError) return <p>Failed</p>;
  return <p>{member.data ?? 'Loading'}</p>;
}

/** The member panel, closed and opened again: a remount under the same query client. */
function TogglableMember({ fetchMember }: { fetchMember: () => Promise<string> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen((value) => !value)}>
        Toggle
      </button>
      {open && <Member fetchMember={fetchMember} />}
    </>
  );
}

function Save({ save }: { save: () => Promise<string> }) {
  const mutation = useMutation({ mutationFn: save });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      {mutation.isError ? 'Save failed' : 'Save'}
    </button>
  );
}

describe('the global data policy (spec: fresh forever, no refetch on focus or interval, no retries)', () => {
  afterEach(() => {
    vi.useRealTimers();
    focusManager.setFocused(undefined);
  });

  it('keeps an answer fresh: no refetch on remount, on window focus or as time passes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMember = vi.fn(async () => 'Grace');
    renderWithProviders(<TogglableMember fetchMember={fetchMember} />);
    expect(await screen.findByText('Grace')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Toggle' }).click());
    expect(screen.queryByText('Grace')).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Toggle' }).click());
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      window.dispatchEvent(new Event('focus'));
      window.dispatchEvent(new Event('online'));
    });
    await act(() => vi.advanceTimersByTimeAsync(60 * 60 * 1000));

    expect(screen.getByText('Grace')).toBeInTheDocument();
    expect(fetchMember).toHaveBeenCalledTimes(1);
  });

  it('does not retry a failed query', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMember = vi.fn(async (): Promise<string> => {
      throw new Error('down');
    });
    renderWithProviders(<Member fetchMember={fetchMember} />);
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMember).toHaveBeenCalledTimes(1);
  });

  it('does not retry a failed mutation', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const save = vi.fn(async (): Promise<string> => {
      throw new Error('down');
    });
    renderWithProviders(<Save save={save} />);
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(await screen.findByRole('button', { name: 'Save failed' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(save).toHaveBeenCalledTimes(1);
  });
});
