/** What the rest of admin may use of the categories tab. */
export { CategoriesTab } from './categories-tab';
