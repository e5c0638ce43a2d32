export { CategoryPage } from './category-page';
