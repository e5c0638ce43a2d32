import { useCallback, useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import type { Language } from '#shared/limits';
import { isLanguage } from '#shared/limits';

/**
 * The current interface language; re-renders the caller when it changes. It reads the texts'
 * instance the page is drawn with (the server's per-page copy, or the browser's) and listens to its
 * language, and no more: useTranslation() copies the whole instance for each component on every
 * server render, which made it most of the CPU a drawn category page cost.
 */
export function useLanguage(): Language {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    [i18n],
  );
  const read = () => i18n.resolvedLanguage ?? i18n.language;
  const language = useSyncExternalStore(subscribe, read, read);
  return isLanguage(language) ? language : 'en';
}
