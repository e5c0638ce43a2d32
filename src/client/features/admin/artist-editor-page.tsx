import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/layout/placeholder-page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Placeholder until the artist editor lands; routes.tsx lazy-loads this named export.
export function ArtistEditorPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('artistEditorTitle'));
  return <PlaceholderPage title={t('artistEditorTitle')} />;
}
