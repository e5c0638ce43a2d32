import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { AdminShell } from '#client/features/admin/index';
import { TrackingScreen } from './tracking-screen';

/**
 * /admin/voter-tracking, in the admin frame shared with the dashboard. Anyone but an admin
 * sees nothing at all, not even the header, so the page gives away nothing about the payments it
 * tracks; the shared admin guard then says why and sends them home. routes.tsx
 * lazy-loads this export.
 */
export function VoterTrackingPage() {
  const { t } = useTranslation('tracking');
  useDocumentTitle(t('title'));
  return (
    <AdminShell>
      <TrackingScreen />
    </AdminShell>
  );
}
