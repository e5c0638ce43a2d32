/** What the rest of admin may use of the event tab. */
export { EventTab } from './event-tab';
