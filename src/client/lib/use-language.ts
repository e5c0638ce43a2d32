import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/limits';
import { isLanguage } from '#shared/limits';

/** The current interface language; re-renders the caller when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : 'en';
}
