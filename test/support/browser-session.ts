import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint';
import type { FetchToApp } from './fetch-to-app';

/**
 * A component test's browser signed in: the app's requests carry the session cookie (from
 * `signedInUser`), and the page sees the server's signed-in hint, without which it never asks who
 * is signed in. Call `signOutBrowser` after each test.
 */
export function signInBrowser(network: FetchToApp, sessionCookie: string): void {
  network.cookie = sessionCookie;
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
}

export function signOutBrowser(): void {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
