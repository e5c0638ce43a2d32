/** What the rest of admin may use of the messages tab, which admin-page loads lazily. */
export { MessagesTab } from './messages-tab';
