import { useParams } from 'wouter';
import { CategoryView } from './category-view';

export function CategoryPage() {
  const { id = '' } = useParams<{ id: string }>();
  // Keyed by id so moving between categories starts from a clean screen (dialog closed, scroll).
  return <CategoryView key={id} categoryId={id} />;
}
