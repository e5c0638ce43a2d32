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

function bundledResources(): Record<string, Record<string, ResourceKey>> {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const [path, bundle] of Object.entries(bundled)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    (resources[match[1]] ??= {})[match[2]] = bundle;
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

function reflectLanguage(language: string): void {
  document.documentElement.lang = isLanguage(language) ? language : 'en';
}

i18n.on('languageChanged', reflectLanguage);

void i18n
  .use(onDemandBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
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

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** The user's explicit choice: applied now and remembered for the next visit. */
export function changeLanguage(language: Language): Promise<unknown> {
  saveLanguage(language);
  return i18n.changeLanguage(language);
}
