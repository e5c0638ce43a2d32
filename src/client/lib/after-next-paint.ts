/** How long a page that is not being drawn (a tab in the background) is waited for. */
const HIDDEN_PAGE_WAIT_MS = 100;

/**
 * Resolves once the browser has painted what is on the page now (two animation frames), or after a
 * moment when it is not drawing frames at all (a background tab), so nothing waits for ever.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, HIDDEN_PAGE_WAIT_MS);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.clearTimeout(timer);
        resolve();
      }),
    );
  });
}
