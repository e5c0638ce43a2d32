import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/layout/placeholder-page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Placeholder until the admin dashboard lands; routes.tsx lazy-loads this named export.
export function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('title'));
  return <PlaceholderPage title={t('title')} />;
}
