/*
 * The public pages whose address carries what they show: read from the path here once, for the
 * server (link previews, the pages it draws) and the browser (what a link opened cold asks for
 * first), so both agree on which paths those are.
 */

const CATEGORY = /^\/category\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SHARE = /^\/share\/([A-Za-z0-9_-]{8,64})$/;

/** The category id of a `/category/{id}` path, or undefined. */
export const categoryIdInPath = (pathname: string) => CATEGORY.exec(pathname)?.[1];

/** The share link of a `/share/{link}` path, or undefined. */
export const shareLinkInPath = (pathname: string) => SHARE.exec(pathname)?.[1];
