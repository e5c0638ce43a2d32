/** The edition an admin screen works on, its switcher and the Editions tab. */
export { useAdminEdition, withEdition } from './admin-edition';
export { EditionSwitcher } from './edition-switcher';
export { editionName, useEditions, useSelectedEdition } from './editions-query';
export { EditionsTab } from './editions-tab';
