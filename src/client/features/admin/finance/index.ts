/** What the rest of admin may use of the finance tab, which admin-page loads lazily. */
export { FinanceTab } from './finance-tab';
