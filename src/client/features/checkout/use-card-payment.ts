import { useEffect, useState, useSyncExternalStore } from 'react';
import type { NominationVote } from '#shared/schemas/payment';
import { toast } from '#client/components/ui/toast-store';
import { errorStatus, serverMessage } from '#client/lib/api-error';
import { i18n } from '#client/lib/i18n';
import { CardIntentSync, type CardIntentView } from './card-intent-sync';
import { prepareCardPayment, saveVoterEmail } from './api/checkout-api';
import { deviceInfo } from './device-info';
import { selectionKey } from './vote-selection';

export interface CardPayment extends CardIntentView {
  flush: () => Promise<string | null>;
  forget: () => void;
  /** The challenge was passed: set the payment up again. */
  retry: () => void;
}

/** The server's refusal when it gave one (a limit reached, card payments paused), else ours. */
function showSetupFailed(error: unknown): void {
  const refused = errorStatus(error) !== null ? serverMessage(error) : null;
  toast({
    title: i18n.t('checkout:toasts.setupFailedTitle'),
    description: refused ?? i18n.t('checkout:toasts.setupFailedText'),
    variant: 'destructive',
  });
}

/** The page's CardIntentSync, fed the current split and e-mail on every change. */
export function useCardPayment(
  enabled: boolean,
  lines: readonly NominationVote[],
  email: string,
): CardPayment {
  const [sync] = useState(
    () =>
      new CardIntentSync({
        prepare: prepareCardPayment,
        saveEmail: saveVoterEmail,
        deviceInfo,
        onSetupFailed: showSetupFailed,
      }),
  );
  // Nothing is prepared before the first render, on the server as in the browser.
  const view = useSyncExternalStore(sync.subscribe, sync.getView, sync.getView);
  const key = selectionKey(lines);

  useEffect(() => {
    sync.update({ enabled, lines, email });
    // `key` stands for `lines`: a new array with the same split is not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sync, enabled, key, email]);

  useEffect(() => () => sync.dispose(), [sync]);

  return {
    ...view,
    flush: () => sync.flush(),
    forget: () => sync.forget(),
    retry: () => sync.retry(),
  };
}
