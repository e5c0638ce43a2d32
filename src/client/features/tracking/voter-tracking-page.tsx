import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdminGuard } from '../admin/use-admin-guard';
import { TrackingScreen } from './tracking-screen';

/**
 * /admin/voter-tracking. SPEC 2: anyone but an admin sees nothing at all, not even the header, so
 * the page gives away nothing about the payments it tracks; the shared admin guard then says why
 * and sends them home (SPEC 4, 6). routes.tsx lazy-loads this export.
 */
export function VoterTrackingPage() {
  const { t } = useTranslation('tracking');
  const access = useAdminGuard();
  useDocumentTitle(t('title'));
  if (access.status !== 'allowed') return null;
  return <TrackingScreen />;
}
