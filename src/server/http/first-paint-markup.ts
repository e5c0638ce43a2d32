import enCatalog from '#shared/locales/en/catalog.json' with { type: 'json' };
import enCheckout from '#shared/locales/en/checkout.json' with { type: 'json' };
import enCommon from '#shared/locales/en/common.json' with { type: 'json' };
import frCatalog from '#shared/locales/fr/catalog.json' with { type: 'json' };
import frCheckout from '#shared/locales/fr/checkout.json' with { type: 'json' };
import frCommon from '#shared/locales/fr/common.json' with { type: 'json' };
import type { Language } from '#shared/limits.js';

/*
 * What the screens the server draws before their script has run (ADR 0063) are made of: the
 * screens' own strings, and the page frame and icons as the client draws them. The client then
 * hydrates these elements, so each must be what the client's first render would make; the
 * component tests of each screen's first paint compare the two.
 */

/** The client's strings for the screens drawn here, by language. */
export const SITE_TEXTS = {
  en: { catalog: enCatalog, checkout: enCheckout, common: enCommon },
  fr: { catalog: frCatalog, checkout: frCheckout, common: frCommon },
} as const;

const plurals = { en: new Intl.PluralRules('en'), fr: new Intl.PluralRules('fr') };

/** A counted string as i18next picks it (`key_one`, `key_other`...), with its count in place. */
export function countedText(texts: object, key: string, count: number, language: Language) {
  const forms = texts as Record<string, unknown>;
  const text = [`${key}_${plurals[language].select(count)}`, `${key}_other`]
    .map((name) => forms[name])
    .find((form) => typeof form === 'string');
  return String(text ?? '').replace('{{count}}', String(count));
}

/** A lucide icon's frame: its size comes from the class, its strokes from the client. */
export const emptyIcon = (className: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"${extra} class="${className}"></svg>`;

/**
 * PageLayout's frame with an empty header bar (`headerRow`: the class of the header's row, which
 * sets its height) and `main` holding `content`. The header's buttons, the rest of the screen and
 * the footer are the client's to add.
 */
export const pageFrame = (headerRow: string, content: string) =>
  [
    '<div class="flex min-h-dvh flex-col">',
    `<header class="sticky top-0 z-40 border-b border-white/10 bg-ink-950 text-white"><div class="${headerRow}"></div></header>`,
    `<main id="main-content" tabindex="-1" class="flex-1 outline-none">${content}</main>`,
    '</div>',
  ].join('');
