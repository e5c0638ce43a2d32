import 'i18next';
import type common from '#shared/locales/en/common.json';
import type catalog from '#shared/locales/en/catalog.json';
import type checkout from '#shared/locales/en/checkout.json';
import type receipts from '#shared/locales/en/receipts.json';
import type admin from '#shared/locales/en/admin.json';
import type tracking from '#shared/locales/en/tracking.json';
import type results from '#shared/locales/en/results.json';
import type editions from '#shared/locales/en/editions.json';

// Typed keys: a misspelt key fails the type check instead of showing a raw key to a voter.
// English is the reference; add a line here when adding a namespace file.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      catalog: typeof catalog;
      checkout: typeof checkout;
      receipts: typeof receipts;
      admin: typeof admin;
      tracking: typeof tracking;
      results: typeof results;
      editions: typeof editions;
    };
  }
}
