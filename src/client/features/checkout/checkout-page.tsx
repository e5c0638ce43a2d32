import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/layout/placeholder-page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Placeholder until the checkout screen lands; routes.tsx lazy-loads this named export.
export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  useDocumentTitle(t('title'));
  return <PlaceholderPage title={t('title')} />;
}
