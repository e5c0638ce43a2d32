import type { Locator } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * Opens a Radix select and waits until it can take a click. Radix ignores a pointer release that
 * has not moved away from the opening press (so press, drag and release on the trigger picks
 * nothing), and it only starts watching the pointer in an effect after the list appears. On a busy
 * machine a test can move to an option before that effect runs: the release then looks motionless
 * and the choice is silently dropped. Radix focuses the list after that effect, so wait for focus.
 */
export async function openSelect(trigger: Locator): Promise<Locator> {
  await trigger.click();
  const listbox = trigger.page().getByRole('listbox');
  await expect(listbox).toBeVisible();
  await expect
    .poll(() => listbox.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  return listbox;
}

/** Picks an option of a Radix select and waits for the list to close. */
export async function selectOption(
  trigger: Locator,
  option: string | RegExp,
  { exact = false }: { exact?: boolean } = {},
): Promise<void> {
  const listbox = await openSelect(trigger);
  await pickOption(listbox, option, { exact });
}

/**
 * Clicks an option of an open Radix list until the list closes. Even after the focus wait above, a
 * loaded machine now and then drops the release as motionless; the list then stays open and hides
 * the rest of the page from the accessibility tree. Clicking again is what a person would do.
 */
export async function pickOption(
  listbox: Locator,
  option: string | RegExp,
  { exact = false }: { exact?: boolean } = {},
): Promise<void> {
  await expect(async () => {
    if (await listbox.isVisible()) {
      await listbox.getByRole('option', { name: option, exact }).click({ timeout: 5_000 });
    }
    await expect(listbox).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
