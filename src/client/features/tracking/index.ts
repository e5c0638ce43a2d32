/** What other features may use of voter tracking. */
export { MessageItem } from './message-item';
