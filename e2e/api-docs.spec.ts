import { expect, FIRST_LOAD, test } from './fixtures.js';

/*
 * The API reference renders from this origin under its own policy: the fixture fails the test on
 * any console error or Content-Security-Policy violation.
 */
test('the API reference lists the operations, with nothing in the console', async ({ page }) => {
  await page.goto('/api/docs');
  // Swagger UI is 2 MB of script drawing the whole document: the heaviest first load of all.
  await expect(page.getByRole('heading', { name: /Palmarès API/ })).toBeVisible(FIRST_LOAD);
  await expect(page.getByText('/api/payment/{id}/status').first()).toBeVisible();
});
