import { LANGUAGES, type Language } from '#shared/limits';

/** The explicit choice lives in localStorage under this key. */
const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readSaved(): Language | null {
  try {
    const saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    // Storage can be blocked (private mode, embedded webviews); fall back to the browser.
    return null;
  }
}

/** Saved choice first, else French when the browser language starts with 'fr', else English. */
export function initialLanguage(): Language {
  const saved = readSaved();
  if (saved) return saved;
  return navigator.language.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function saveLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Nothing to do: the choice still applies for this visit.
  }
}
