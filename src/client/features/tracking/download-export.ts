import { startDownload } from '#client/lib/start-download';
import { withEdition } from '#client/features/admin/index';
import { EXPORT_URL } from './api/tracking-queries';
import { todayIn } from './payment-display';

/** Starts the CSV download of the edition's filtered payments from the server's streamed export. */
export function downloadExport(
  params: URLSearchParams,
  timeZone: string,
  edition: string | undefined,
): void {
  startDownload(
    withEdition(`${EXPORT_URL}?${params.toString()}`, edition),
    `voter-tracking-${todayIn(timeZone)}.csv`,
  );
}
