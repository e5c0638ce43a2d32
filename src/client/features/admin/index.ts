/** What other features may use from admin: the guarded frame of an admin screen. */
export { AdminShell } from './admin-shell';
