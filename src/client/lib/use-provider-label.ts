import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Provider } from '#shared/money';

/** Names a provider, and marks a payment the sandbox took in its place: "Card (sandbox)". */
export type ProviderLabel = (provider: Provider, sandbox?: boolean) => string;

/**
 * The one name of each way to pay, on every screen that shows one (receipts, tracking, finance,
 * analytics), so an organiser never has to match "Stripe" on one screen with "Card" on another.
 * Exports keep the stored value (`stripe`, `campay`): they are read by programs.
 */
export function useProviderLabel(): ProviderLabel {
  const { t } = useTranslation('common');
  return useCallback(
    (provider, sandbox = false) => {
      const name = t(`providers.${provider}`);
      return sandbox ? t('providers.sandbox', { provider: name }) : name;
    },
    [t],
  );
}
