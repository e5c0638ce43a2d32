import { startDownload } from '#client/lib/start-download';
import { EXPORT_URL } from './api/tracking-queries';
import { todayIn } from './payment-display';

/** Starts the CSV download of the filtered payments from the server's streamed export. */
export function downloadExport(params: URLSearchParams, timeZone: string): void {
  startDownload(`${EXPORT_URL}?${params.toString()}`, `voter-tracking-${todayIn(timeZone)}.csv`);
}
