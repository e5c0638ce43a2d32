/**
 * The site language the voter chose, kept by the browser in its storage and copied into this
 * cookie, so the server can draw a page's first paint in the same language the page will then
 * speak. It decides nothing else: every answer's language still follows Accept-Language.
 */
export const LANGUAGE_COOKIE = 'palmares.language';

/** A year: the choice outlives the visit, as the stored one does. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
