import { EXPORT_URL } from './api/tracking-queries';
import { todayIn } from './payment-display';

/**
 * Starts the CSV download from the server's streamed export. A plain link lets the browser write
 * the stream to disk as it arrives; fetching it into a Blob would hold a large export in memory
 * on the admin's machine.
 */
export function downloadExport(params: URLSearchParams, timeZone: string): void {
  const link = document.createElement('a');
  link.href = `${EXPORT_URL}?${params.toString()}`;
  link.download = `voter-tracking-${todayIn(timeZone)}.csv`;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
