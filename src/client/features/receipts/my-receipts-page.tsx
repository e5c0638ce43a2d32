import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/layout/placeholder-page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Placeholder until the receipt lookup lands; routes.tsx lazy-loads this named export.
export function MyReceiptsPage() {
  const { t } = useTranslation('receipts');
  useDocumentTitle(t('title'));
  return <PlaceholderPage title={t('title')} />;
}
