/**
 * Where to send the browser after sign-in: only a path on this site. Absolute URLs,
 * protocol-relative `//host`, backslash tricks and control characters all fall back to '/', so
 * the sign-in page can never be used as an open redirect.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  const hasControl = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControl) {
    return '/';
  }
  const base = 'http://palmares.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  // Returning to the sign-in or sign-out routes would loop.
  if (/^\/api\/(login|logout|callback)(\/|$)/.test(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
