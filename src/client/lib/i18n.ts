import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '#shared/limits';
import { initialLanguage, saveLanguage } from './language';

/*
 * Translations live in src/shared/locales/<language>/<namespace>.json (shared: the server draws a
 * category link's first paint with a few of them). Adding a namespace is adding its two files (and
 * a line in i18next.d.ts for typed keys); nothing here changes.
 *
 * The namespaces the first screens need ship in the main bundle, so a voter on a slow phone gets
 * no extra round trip before text appears. Every other namespace becomes its own small chunk,
 * fetched when a lazily loaded screen calls useTranslation('<namespace>').
 */
const BUNDLED_NAMESPACES = ['common', 'catalog'] as const;

const bundled = import.meta.glob<ResourceKey>('../../shared/locales/*/{common,catalog}.json', {
  eager: true,
  import: 'default',
});
const onDemand = import.meta.glob<ResourceKey>(
  ['../../shared/locales/*/*.json', '!../../shared/locales/*/{common,catalog}.json'],
  { import: 'default' },
);

const localePath = (language: string, namespace: string) =>
  `../../shared/locales/${language}/${namespace}.json`;

/** The language and namespace of a locale file's path. */
function localeOf(path: string): { language: string; namespace: string } | null {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return language && namespace ? { language, namespace } : null;
}

function bundledResources(): Record<string, Record<string, ResourceKey>> {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const [path, bundle] of Object.entries(bundled)) {
    const locale = localeOf(path);
    if (locale) (resources[locale.language] ??= {})[locale.namespace] = bundle;
  }
  return resources;
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
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    load: 'languageOnly',
    ns: [...BUNDLED_NAMESPACES],
    defaultNS: 'common',
    resources: bundledResources(),
    partialBundledLanguages: true,
    // Resources for the first screen are bundled, so t() works synchronously from the first render.
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
