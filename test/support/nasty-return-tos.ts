/**
 * Inputs that try to leave the site once a browser resolves the Location header: dot segments
 * that the URL parser removes (leaving `//host`), backslashes browsers read as slashes, control
 * characters the parser drops, and their percent-encoded forms.
 */
export const NASTY_RETURN_TOS = [
  '/.//evil.example/phish',
  '/..//evil.example',
  '/../..//evil.example',
  '/a/../..//evil.example',
  '/%2e//evil.example',
  '/%2E%2e//evil.example',
  '/./%2e/.//evil.example',
  '/.//./evil.example',
  '\\\\evil.example',
  '\\evil.example',
  '/\\evil.example',
  '/.\\/evil.example',
  '//evil.example',
  '///evil.example',
  'https://evil.example',
  'http:/evil.example',
  'HTTPS:evil.example',
  'javascript:alert(1)',
  '/\tevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/.\r//evil.example',
  '/\u0000/evil.example',
  ' //evil.example',
  '',
];

/** True when a browser on `site` following `location` stays on `site`. */
export function staysOnSite(location: string, site = 'http://site.test'): boolean {
  if (!location.startsWith('/') || location.startsWith('//') || /[\\\s]/.test(location)) {
    return false;
  }
  const resolved = new URL(location, site);
  return resolved.origin === site;
}
