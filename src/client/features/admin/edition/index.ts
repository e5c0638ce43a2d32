export { useAdminEdition, withEdition } from './admin-edition';
export { EditionSwitcher } from './edition-switcher';
export { editionName, useEditions, useSelectedEdition } from './editions-query';
export { EditionsTab } from './editions-tab';
