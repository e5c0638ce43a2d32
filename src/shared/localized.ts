import type { Language } from './limits.js';

/**
 * Bilingual content: in French, the French field when it has text; otherwise the English
 * one. Blank French text counts as missing because auto-translation can leave empty strings.
 */
export function localized(
  language: Language,
  english: string | null | undefined,
  french: string | null | undefined,
): string {
  if (language === 'fr' && french && french.trim() !== '') return french;
  return english ?? '';
}
