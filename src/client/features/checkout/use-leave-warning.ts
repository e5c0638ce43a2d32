import { useEffect } from 'react';

/**
 * Asks before the tab is closed or reloaded while `active` (while a payment is polled or
 * pending). Browsers show their own wording; the message is set for those that still use it.
 */
export function useLeaveWarning(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers read the message from returnValue.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active, message]);
}
