/** The edition an admin screen works on, for the tabs that read one edition's data. */
export { useAdminEdition, withEdition } from './admin-edition';
