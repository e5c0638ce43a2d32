import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '#shared/limits';
import { FIRST_SCREEN_NAMESPACES } from './first-screen-namespaces';
import { initialLanguage, saveLanguage } from './language';

/*
 * Translations live in src/shared/locales/<language>/<namespace>.json (shared: the server reads a
 * few of them for a page's title). Adding a namespace is adding its two files (and a line in
 * i18next.d.ts for typed keys); nothing here changes.
 *
 * Every language and namespace is its own small chunk, fetched when needed: a voter downloads the
 * texts of the language they read, never both. The first screen's (FIRST_SCREEN_NAMESPACES) are
 * fetched beside its code before the page is taken over (screens.ts), and a lazily loaded screen's
 * when it calls useTranslation('<namespace>'). There is no fallback language to fetch as well:
 * each language has every text (locales.test.ts).
 */

const onDemand = import.meta.glob<ResourceKey>('../../shared/locales/*/*.json', {
  import: 'default',
});

const localePath = (language: string, namespace: string) =>
  `../../shared/locales/${language}/${namespace}.json`;

/** The language and namespace of a locale file's path. */
function localeOf(path: string): { language: string; namespace: string } | null {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return language && namespace ? { language, namespace } : null;
}

const onDemandBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = onDemand[localePath(language, namespace)];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (bundle) => callback(null, bundle),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Drawing a page on the server (entry-server.tsx): no document, and no visitor of its own. */
const onServer = typeof document === 'undefined';

function reflectLanguage(language: string): void {
  if (onServer) return;
  document.documentElement.lang = isLanguage(language) ? language : 'en';
}

i18n.on('languageChanged', reflectLanguage);

void i18n
  .use(onDemandBackend)
  .use(initReactI18next)
  .init({
    lng: onServer ? 'en' : initialLanguage(),
    fallbackLng: false,
    supportedLngs: ['en', 'fr'],
    load: 'languageOnly',
    ns: [...FIRST_SCREEN_NAMESPACES],
    defaultNS: 'common',
    // The language is chosen at once, so main.tsx can compare it with the drawn page's; its texts
    // arrive later, and useTranslation suspends until they have.
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

reflectLanguage(i18n.language);

/**
 * Every text in both languages, for the server, which draws any page in either; each page takes
 * its own copy of the instance in its language (entry-server.tsx).
 */
export async function loadEveryNamespace(): Promise<void> {
  await Promise.all(
    Object.entries(onDemand).map(async ([path, load]) => {
      const locale = localeOf(path);
      if (locale) i18n.addResourceBundle(locale.language, locale.namespace, await load());
    }),
  );
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** The user's explicit choice: applied now and remembered for the next visit. */
export function changeLanguage(language: Language): Promise<unknown> {
  saveLanguage(language);
  return i18n.changeLanguage(language);
}
