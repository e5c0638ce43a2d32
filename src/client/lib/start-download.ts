/**
 * Starts a download from `href` under `filename`. A plain link lets the browser write a streamed
 * answer (a CSV export) to disk as it arrives; fetching it into a Blob would hold all of it in
 * memory on the admin's machine.
 */
export function startDownload(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
