import { useCallback } from 'react';
import { localized } from '#shared/localized';
import { useLanguage } from './use-language';

/** `localized` bound to the current language, for rendering bilingual fields. */
export function useLocalized(): (
  english: string | null | undefined,
  french: string | null | undefined,
) => string {
  const language = useLanguage();
  return useCallback((english, french) => localized(language, english, french), [language]);
}
