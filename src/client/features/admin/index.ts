/**
 * What other features may use from admin: the guarded frame of an admin screen, and the edition
 * it works on (voter tracking reads the selected edition's payments).
 */
export { AdminShell } from './admin-shell';
export { useAdminEdition, withEdition } from './edition';
