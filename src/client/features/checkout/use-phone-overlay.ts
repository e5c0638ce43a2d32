import { useCallback, useEffect, useRef, useState } from 'react';
import { OVERLAY_SECONDS } from './mobile-money-overlay';

export interface PhoneOverlay {
  /** When Pay was pressed, for the countdown; null when closed. */
  openedAt: number | null;
  ussdCode: string | null;
  open: () => void;
  /** The provider accepted the request: the overlay closes by itself 20 s from now. */
  initiated: (ussdCode: string | null) => void;
  close: () => void;
}

/**
 * The 'Check your phone' overlay's life: it opens on Pay and counts down 20 s from then,
 * showing 'Taking longer than expected...' if the request itself is still going at 0; it closes
 * 20 s after the payment was initiated, or earlier when told (an error, or the final answer).
 */
export function usePhoneOverlay(): PhoneOverlay {
  const [state, setState] = useState<{ openedAt: number; ussdCode: string | null } | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    setState(null);
  }, []);

  const open = useCallback(() => {
    window.clearTimeout(timer.current);
    setState({ openedAt: Date.now(), ussdCode: null });
  }, []);

  const initiated = useCallback(
    (ussdCode: string | null) => {
      setState((current) => (current ? { ...current, ussdCode } : current));
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(close, OVERLAY_SECONDS * 1000);
    },
    [close],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return {
    openedAt: state?.openedAt ?? null,
    ussdCode: state?.ussdCode ?? null,
    open,
    initiated,
    close,
  };
}
