import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '#web/i18n/index';
import { TOAST_DURATION_MS, Toaster, toast } from './toast';

beforeAll(() => initI18n('en'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toast', () => {
  it('announces success politely and errors assertively, then closes after 5 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Settings updated successfully.');
      toast.error('Payment failed.');
    });
    expect(within(screen.getByRole('status')).getByText('Settings updated successfully.')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Payment failed.')).toBeTruthy();

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('Payment failed.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Payment failed.')).toBeNull();
    expect(screen.queryByText('Settings updated successfully.')).toBeNull();
  });

  it('can be closed with its button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.info('Cancel request submitted.');
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Cancel request submitted.')).toBeNull();
  });
});
