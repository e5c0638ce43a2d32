/** The edition an admin screen works on, its switcher and the Editions tab. */
export { useAdminEdition } from './admin-edition';
export { withEdition } from '#client/lib/edition-scope';
export { EditionSwitcher } from './edition-switcher';
export { editionName, useEditions, useSelectedEdition } from './editions-query';
export { EditionsTab } from './editions-tab';
