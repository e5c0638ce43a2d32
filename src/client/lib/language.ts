import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '#shared/language-cookie';
import { isLanguage, type Language } from '#shared/limits';

/** The explicit choice lives in localStorage under this key. */
const LANGUAGE_STORAGE_KEY = 'language';

function readSaved(): Language | null {
  try {
    const saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    // Storage can be blocked (private mode, embedded webviews); fall back to the browser.
    return null;
  }
}

/** Tells the server the choice, for the pages it draws before this script runs. */
function rememberForServer(language: Language): void {
  if (document.cookie.includes(`${LANGUAGE_COOKIE}=${language}`)) return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

/** Saved choice first, else French when the browser language starts with 'fr', else English. */
export function initialLanguage(): Language {
  const saved = readSaved();
  if (saved) {
    // A choice saved before the server was told of it (or with the cookie cleared).
    rememberForServer(saved);
    return saved;
  }
  return navigator.language.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function saveLanguage(language: Language): void {
  rememberForServer(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Nothing to do: the choice still applies for this visit.
  }
}
