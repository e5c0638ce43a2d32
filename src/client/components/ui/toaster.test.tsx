import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '#test/support/render-screen';
import { dismissToast, toast } from './toast-store';
import { ToastAction } from './toast';
import { Toaster } from './toaster';

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    act(() => dismissToast());
    vi.useRealTimers();
  });

  const after = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('shows a toast for 5 s', async () => {
    await renderScreen(<Toaster />);
    act(() => {
      toast({ title: 'Copied!' });
    });
    expect(screen.getByText('Copied!')).not.toBeNull();
    after(4900);
    expect(screen.queryByText('Copied!')).not.toBeNull();
    after(600);
    expect(screen.queryByText('Copied!')).toBeNull();
  });

  it('keeps a toast that offers an action for 10 s, long enough to reach it', async () => {
    await renderScreen(<Toaster />);
    act(() => {
      toast({
        title: 'Unauthorized',
        action: (
          <ToastAction altText="Sign in" asChild>
            <a href="/api/login">Sign in</a>
          </ToastAction>
        ),
      });
    });
    after(9000);
    expect(screen.getByRole('link', { name: 'Sign in' })).not.toBeNull();
    after(1500);
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });
});
