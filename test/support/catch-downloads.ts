import { onTestFinished, vi } from 'vitest';

/**
 * The addresses of the downloads a screen starts during this test, in order. A download is a
 * click on a hidden link (`startDownload`): the click is caught instead of jsdom trying to
 * navigate, and let go when the test ends so no later test inherits it.
 */
export function catchDownloads(): string[] {
  const hrefs: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    hrefs.push(this.href);
  });
  onTestFinished(() => click.mockRestore());
  return hrefs;
}
