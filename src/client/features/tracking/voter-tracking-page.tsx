import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/use-auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TrackingScreen } from './tracking-screen';

/**
 * /admin/voter-tracking. SPEC 2: anyone but an admin sees nothing at all, not even the header, so
 * the page gives away nothing about the payments it tracks. routes.tsx lazy-loads this export.
 */
export function VoterTrackingPage() {
  const { t } = useTranslation('tracking');
  const { isAdmin } = useAuth();
  useDocumentTitle(t('title'));
  if (!isAdmin) return null;
  return <TrackingScreen />;
}
