/** What the rest of admin may use of the activity tab (the audit trail), loaded lazily. */
export { ActivityTab } from './activity-tab';
