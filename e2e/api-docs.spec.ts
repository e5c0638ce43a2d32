import { expect, test } from './fixtures.js';

/*
 * The API reference renders from this origin under its own policy: the fixture fails the test on
 * any console error or Content-Security-Policy violation.
 */
test('the API reference lists the operations, with nothing in the console', async ({ page }) => {
  await page.goto('/api/docs');
  // The reference is drawn in the browser from the whole document: slow on a loaded machine.
  await expect(page.getByRole('heading', { name: /Palmarès API/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('/api/payment/{id}/status').first()).toBeVisible();
});
