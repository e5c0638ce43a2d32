import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/layout/placeholder-page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Placeholder until voter tracking lands; routes.tsx lazy-loads this named export.
export function VoterTrackingPage() {
  const { t } = useTranslation('tracking');
  useDocumentTitle(t('title'));
  return <PlaceholderPage title={t('title')} />;
}
