/**
 * The Server-Timing metric by which the server says how long ago it drew the page it sends (a page
 * drawn earlier and kept), in milliseconds: the page's script reads it from the navigation's
 * timing, since the page's own bytes are the same for every visitor who gets that page.
 */
export const PAGE_AGE_TIMING = 'page-age';
