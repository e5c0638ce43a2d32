import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n } from '#client/lib/i18n';
// The same rule as the node project: an unexpected console error or warning fails the test
// (React's act() warnings, missing keys, failed prop types all land there).
import './fail-on-console';

/*
 * What jsdom lacks and the components (or Radix) call. Each shim does the least that lets the
 * code run; none pretends to lay anything out.
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class NoResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
// Radix Select scrolls the chosen option into view and captures the pointer on open.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
// The leave guard keeps the scroll position; jsdom logs "not implemented" for scrollTo.
window.scrollTo = () => {};

// Screens load their namespaces lazily (lib/i18n.ts); load them all up front, in both
// languages, so a test never waits on Suspense for text.
beforeAll(async () => {
  await i18n.loadLanguages(['en', 'fr']);
  await i18n.loadNamespaces(['common', 'catalog', 'checkout', 'receipts', 'admin', 'tracking']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  await i18n.changeLanguage('en');
});
