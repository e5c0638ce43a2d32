/**
 * What the rest of admin may use of the analytics tab. admin-page loads it lazily, so its charts
 * stay out of the admin page's chunk.
 */
export { AnalyticsTab } from './analytics-tab';
