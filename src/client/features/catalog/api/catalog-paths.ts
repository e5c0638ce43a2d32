/**
 * The addresses of the catalogue's screen data, written once for its queries and for the head
 * start a link opened cold gets (screens.ts). Nothing is imported here, so the first script can use it
 * without the schemas the queries read their answers with.
 */

/** One path segment of an id or share link: query keys follow it (see categories-query.ts). */
export const pathPart = (value: string) => encodeURIComponent(value);

export const categoryPath = (id: string) => `/api/categories/${pathPart(id)}`;

export const categoryNominationsPath = (categoryId: string) =>
  `/api/nominations/category/${pathPart(categoryId)}`;

export const shareLookupPath = (link: string) => `/api/nominations/share/${pathPart(link)}`;

export const artistPath = (id: string) => `/api/artists/${pathPart(id)}`;

export const artistNominationsPath = (id: string) => `${artistPath(id)}/nominations`;
