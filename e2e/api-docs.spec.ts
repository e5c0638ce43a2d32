import { expect, test } from './fixtures.js';

/*
 * The API reference renders from this origin under its own policy: the fixture fails the test on
 * any console error or Content-Security-Policy violation.
 */
test('the API reference lists the operations, with nothing in the console', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Palmarès API/ })).toBeVisible();
  await expect(page.getByText('/api/payment/{id}/status').first()).toBeVisible();
});
