import 'i18next';
import type common from './locales/en/common.json';
import type catalog from './locales/en/catalog.json';
import type checkout from './locales/en/checkout.json';
import type receipts from './locales/en/receipts.json';
import type admin from './locales/en/admin.json';
import type tracking from './locales/en/tracking.json';
import type results from './locales/en/results.json';

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
    };
  }
}
