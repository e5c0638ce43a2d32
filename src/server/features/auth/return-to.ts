const DUMMY_ORIGIN = 'http://palmares.invalid';
const SIGN_IN_ROUTE = /^\/api\/(login|logout|callback)(\/|$)/;

/**
 * Where to send the browser after sign-in: only a path on this site, anything else becomes '/',
 * so the sign-in page can never be used as an open redirect.
 *
 * The candidate is normalised first (resolved the way a browser would, dot segments removed) and
 * checked afterwards, and the normalised form is what is returned: checking the raw string let
 * `/.//evil.example` through, which resolves to the protocol-relative `//evil.example`. Backslashes
 * and control characters are refused outright, since browsers read `\` as `/` and drop tabs and
 * newlines before resolving.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  const hasControl = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (!value.startsWith('/') || value.includes('\\') || hasControl) return '/';
  let url: URL;
  try {
    url = new URL(value, DUMMY_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== DUMMY_ORIGIN) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that still begins with two slashes would name another host once a browser reads it.
  if (path.startsWith('//')) return '/';
  // Returning to the sign-in or sign-out routes would loop.
  if (SIGN_IN_ROUTE.test(url.pathname)) return '/';
  return path;
}
