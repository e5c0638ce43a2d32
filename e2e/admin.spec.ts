import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { runUsersCommand } from '#server/features/auth/users-cli.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { FIRST_LOAD, expect, setLanguage, test, type SignIn } from './fixtures.js';
import { openSelect, pickOption, selectOption } from './select-option.js';

const PASSWORD = 'admin-e2e-password';

/** The dashboard, signed in as the worker's organiser. */
async function openDashboard(page: Page, signIn: SignIn): Promise<void> {
  await signIn('admin');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible(
    FIRST_LOAD,
  );
}

/** A toast by its text, read from the notifications region (Radix's announcer lives only 1 s). */
const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ hasText: text });

/** Picks an option of a Radix select, found by the select's label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await selectOption(page.getByRole('combobox', { name: label }), option);
}

const artistCard = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('admin back office', () => {
  test('an organiser runs the event: category, artist with two nominations, edit, leave, delete', async ({
    page,
    db,
    signIn,
  }) => {
    // The whole evening of an organiser in one story: well over a minute on a shared machine.
    test.slow();
    const tag = randomUUID().slice(0, 8);
    const categoryName = `Best Makossa ${tag}`;
    const existing = await createCategory(db, { name: `Best Bikutsi ${tag}` });
    // Someone else on the list, so a search that finds nothing says 'No artists found' even when
    // this test runs alone on an empty database.
    await createNominee(db, { categoryIds: [existing.id] });
    const artistName = `Zélie ${tag}`;
    await openDashboard(page, signIn);
    await expect(page.getByRole('banner').getByText('Online')).toBeAttached();
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');

    // Manage Categories: the Add Category dialog, with its default colour and icon.
    await page.getByRole('tab', { name: 'Manage Categories' }).click();
    await expect(page).toHaveURL('/admin?tab=categories');
    await page.getByRole('button', { name: 'Add Category' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await expect(dialog.getByLabel('Icon', { exact: true })).toHaveValue('fa-solid fa-trophy');
    await expect(dialog.getByLabel('Background colour', { exact: true })).toHaveValue('#3B82F6');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    await dialog.getByLabel('Name', { exact: true }).fill(categoryName);
    await dialog.getByLabel('Description', { exact: true }).fill('The sound of Douala.');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expect(toast(page, 'Category created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const categoryCard = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: categoryName }) });
    await expect(categoryCard.getByText('0 nominees')).toBeVisible();
    await expect(categoryCard.getByText('The sound of Douala.')).toBeVisible();

    // The same dialog edits.
    await categoryCard.getByRole('button', { name: `Edit ${categoryName}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(editDialog.getByLabel('Name', { exact: true })).toHaveValue(categoryName);
    await editDialog.getByLabel('Description', { exact: true }).fill('');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Category updated successfully')).toBeVisible();
    await expect(categoryCard.getByText('No description provided')).toBeVisible();

    // Manage Artists → Add Artist.
    await page.getByRole('tab', { name: 'Manage Artists' }).click();
    await page.getByRole('link', { name: 'Add Artist' }).first().click();
    await expect(page).toHaveURL('/admin/artists/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Artist' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(artistName);
    await page.getByRole('button', { name: 'Create Artist' }).click();
    await expect(toast(page, 'Please add at least one category nomination')).toBeVisible();
    await expect(page.locator('#nominations-error')).toHaveText(
      'Please add at least one category nomination',
    );

    await page.getByLabel('Photo URL', { exact: true }).fill('/demo/artists/ama-fotso.jpg');
    await page.getByLabel('Bio', { exact: true }).fill('Afro-pop singer from Douala.');
    await choose(page, 'Nominate in a category', categoryName);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('group', { name: categoryName })).toBeVisible();
    // Already added: the picker no longer offers it.
    const picker = await openSelect(page.getByRole('combobox', { name: 'Nominate in a category' }));
    await expect(picker.getByRole('option', { name: categoryName })).toHaveCount(0);
    await pickOption(picker, existing.name);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const second = page.getByRole('group', { name: existing.name });
    await expect(second.getByLabel('Nomination title', { exact: true })).toBeFocused();
    await second.getByLabel('Nomination title', { exact: true }).fill('Reine du bikutsi');
    await second.getByLabel('Nomination photo URL').fill('not a link');
    await page.getByRole('button', { name: 'Create Artist' }).click();
    await expect(
      second.getByText('Enter a web address (https://...) or a path on this site (/...).'),
    ).toBeVisible();
    await expect(second.getByLabel('Nomination photo URL')).toBeFocused();
    await second.getByLabel('Nomination photo URL').fill('');
    await page.getByRole('button', { name: 'Create Artist' }).click();
    await expect(toast(page, 'Artist created successfully')).toBeVisible();
    await expect(page).toHaveURL('/admin');

    // The list finds it by name, with its two categories.
    await page.getByLabel('Search', { exact: true }).fill(tag);
    await expect(page.getByText('1 filter active')).toBeVisible();
    const card = artistCard(page, artistName);
    await expect(card.getByText('2 categories')).toBeVisible();
    await expect(card.getByText('Afro-pop singer from Douala.')).toBeVisible();
    await page.getByRole('button', { name: 'List view' }).click();
    expect(await page.evaluate(() => localStorage.getItem('adminArtistViewMode'))).toBe('list');

    // Edit: the editor loads the saved values, a change is saved.
    await card.getByRole('link', { name: `Edit ${artistName}` }).click();
    await expect(page).toHaveURL(/\/admin\/artists\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(artistName);
    await expect(
      page.getByRole('group', { name: existing.name }).getByLabel('Nomination title', {
        exact: true,
      }),
    ).toHaveValue('Reine du bikutsi');
    await page.getByLabel('Bio', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Artist updated successfully')).toBeVisible();
    await expect(page).toHaveURL('/admin');
    await page.getByLabel('Search', { exact: true }).fill(tag);
    await expect(artistCard(page, artistName).getByText('No bio provided')).toBeVisible();

    // Leaving with unsaved changes asks first: Back to Admin, a header link and the Back button.
    await artistCard(page, artistName)
      .getByRole('link', { name: `Edit ${artistName}` })
      .click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(artistName);
    await page.getByLabel('Name', { exact: true }).fill(`${artistName} (draft)`);
    await page.getByRole('button', { name: 'Back to Admin' }).click();
    const unsaved = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
    await expect(unsaved).toContainText(
      'You have unsaved changes. Are you sure you want to leave? Your changes will be lost.',
    );
    await unsaved.getByRole('button', { name: 'Stay on Page' }).click();
    await expect(unsaved).toBeHidden();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${artistName} (draft)`);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(unsaved).toBeVisible();
    await unsaved.getByRole('button', { name: 'Stay on Page' }).click();
    await page.goBack();
    await expect(unsaved).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/artists\//);
    await unsaved.getByRole('button', { name: 'Leave Without Saving' }).click();
    await expect(page).toHaveURL('/admin');
    // Nothing was saved.
    await page.getByLabel('Search', { exact: true }).fill(tag);
    await expect(artistCard(page, artistName)).toBeVisible();

    // Delete, without a confirmation; the toast offers Undo, which brings it all back.
    await artistCard(page, artistName)
      .getByRole('button', { name: `Delete ${artistName}` })
      .click();
    await expect(toast(page, 'Artist deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No artists found' })).toBeVisible();
    await toast(page, 'Artist deleted successfully')
      .getByRole('button', { name: `Undo: bring ${artistName} back` })
      .click();
    const restored = toast(page, 'Artist restored, with all their votes');
    await expect(restored).toBeVisible();
    await expect(artistCard(page, artistName).getByText('2 categories')).toBeVisible();
    // Focus stayed in the notifications, which holds the toast open (Radix); on a phone it covers
    // the list, so put it away as a person would.
    await restored.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(restored).toBeHidden();
    await artistCard(page, artistName)
      .getByRole('button', { name: `Delete ${artistName}` })
      .click();
    await expect(toast(page, 'Artist deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No artists found' })).toBeVisible();
    await page.getByRole('button', { name: 'Reset Filters' }).first().click();
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
    // Put the toast away as well: the pointer resting on it (on its way to a button below) holds
    // it open, and it would cover the category's Delete button for good.
    const deleted = toast(page, 'Artist deleted successfully');
    await deleted.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(deleted).toBeHidden();

    // A category delete asks first.
    await page.getByRole('tab', { name: 'Manage Categories' }).click();
    await categoryCard.getByRole('button', { name: `Delete ${categoryName}` }).click();
    await page
      .getByRole('alertdialog', { name: `Delete ${categoryName}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, 'Category deleted successfully')).toBeVisible();
    await expect(categoryCard).toHaveCount(0);
  });

  test('reads analytics: provider totals, rankings, one category ranked', async ({
    page,
    db,
    signIn,
  }) => {
    const tag = randomUUID().slice(0, 8);
    const category = await createCategory(db, { name: `Song of the Year ${tag}` });
    const leader = await createNominee(db, {
      categoryIds: [category.id],
      artist: { name: `Tchami ${tag}` },
      nomination: { nominationTitle: 'Mother Tongue' },
    });
    const runnerUp = await createNominee(db, {
      categoryIds: [category.id],
      artist: { name: `Koko ${tag}` },
    });
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: [{ nominationId: leader.nominations[0]!.id, voteCount: 7 }],
    });
    await createCompletedPayment(db, {
      provider: 'stripe',
      votes: [
        { nominationId: leader.nominations[0]!.id, voteCount: 2 },
        { nominationId: runnerUp.nominations[0]!.id, voteCount: 3 },
      ],
    });

    await openDashboard(page, signIn);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Card', exact: true })).toBeVisible(FIRST_LOAD);
    const mobileMoney = page.getByRole('group', { name: 'Mobile Money', exact: true });
    await expect(mobileMoney.getByText('Average per vote')).toBeVisible();
    await expect(mobileMoney.getByText('100 CFA', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Card', exact: true }).getByText('$0.50', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Category Rankings & Artist Votes' }),
    ).toBeVisible();

    // All categories: each with its top three and View All.
    const summary = page
      .getByRole('group')
      .filter({ has: page.getByRole('heading', { name: category.name }) });
    await expect(summary.getByText('12 votes', { exact: true })).toBeVisible();
    await expect(summary.getByRole('listitem').first()).toContainText(`Tchami ${tag}`);
    await expect(summary.getByRole('listitem').first()).toContainText('9 votes');
    await summary.getByRole('button', { name: 'View All' }).click();

    // One category: every nominee, ranked, with the nomination title.
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText(
      `${category.name} (12 votes)`,
    );
    const ranked = page.getByRole('listitem').filter({ hasText: tag });
    await expect(ranked).toHaveCount(2);
    await expect(ranked.nth(0)).toContainText('Mother Tongue');
    await expect(ranked.nth(1)).toContainText(`Koko ${tag}`);
    await expect(ranked.nth(1)).toContainText('3 votes');

    // Periods: the week still counts today's payments.
    await choose(page, 'Period', 'Last 7 Days');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText(
      `${category.name} (12 votes)`,
    );
    await choose(page, 'Category', 'All Categories');
    await expect(summary.getByRole('button', { name: 'View All' })).toBeVisible();
  });

  test('reads in French', async ({ page, signIn }) => {
    await openDashboard(page, signIn);
    await setLanguage(page, 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible(
      FIRST_LOAD,
    );
    await expect(page.getByRole('tab', { name: 'Gérer les artistes' })).toBeVisible();
    await page.getByRole('tab', { name: 'Gérer les catégories' }).click();
    await page.getByRole('button', { name: 'Ajouter une catégorie' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Ajouter une catégorie' })).toBeVisible();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('tab', { name: 'Statistiques' }).click();
    await expect(
      page.getByRole('heading', { name: 'Classements par catégorie et votes des artistes' }),
    ).toBeVisible(FIRST_LOAD);
    await page.goto('/admin/artists/new');
    await page.getByLabel('Nom', { exact: true }).fill('Brouillon');
    await page.getByRole('button', { name: "Retour à l'administration" }).click();
    await expect(
      page.getByRole('alertdialog', { name: 'Modifications non enregistrées' }),
    ).toBeVisible();
  });

  test('turns away a signed-in voter who is not an admin', async ({ page, signIn }) => {
    await signIn('voter');
    await page.goto('/admin');
    await expect(toast(page, 'Admin access required. Redirecting...')).toBeVisible();
    // Signed in already: signing in again would not help.
    await expect(
      toast(page, 'Admin access required. Redirecting...').getByRole('link', { name: 'Sign in' }),
    ).toHaveCount(0);
    await expect(toast(page, 'Unauthorized')).toBeVisible();
    await expect(page).toHaveURL('/categories');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  });

  test('turns away a signed-out visitor, from the editor too, with a way to sign in', async ({
    page,
    db,
    allowConsole,
  }) => {
    // Four redirects through sign-in and back, each loading the admin chunk: over a minute when busy.
    test.slow();
    await page.goto('/admin/artists/new');
    const denied = toast(page, 'Admin access required. Redirecting...');
    await expect(denied).toBeVisible();
    await expect(page).toHaveURL('/categories');
    // The organiser who was simply signed out signs in from the toast and lands where they were.
    const signIn = denied.getByRole('link', { name: 'Sign in' });
    await expect(signIn).toHaveAttribute('href', '/api/login?returnTo=%2Fadmin%2Fartists%2Fnew');
    await signIn.click();
    await expect(page).toHaveURL(/\/api\/login\?returnTo=/);
    allowConsole({ text: /status of 404/, url: /\/favicon\.ico$/ });
    const email = `admin-${randomUUID()}@example.com`;
    const output: string[] = [];
    const io = { out: (l: string) => output.push(l), err: (l: string) => output.push(l) };
    expect(
      await runUsersCommand(db, ['create', email, '--password', PASSWORD, '--admin'], io),
    ).toBe(0);
    await page.getByLabel(/E-mail/).fill(email);
    await page.getByLabel(/Password/).fill(PASSWORD);
    await page.getByRole('button', { name: /Sign in/ }).click();
    await expect(page).toHaveURL('/admin/artists/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Artist' })).toBeVisible(
      FIRST_LOAD,
    );
  });

  test('both admin screens share one header that links to each', async ({ page, signIn }) => {
    await openDashboard(page, signIn);
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Voter Tracking' }).click();
    await expect(page).toHaveURL('/admin/voter-tracking');
    await expect(page.getByRole('heading', { level: 1, name: 'Voter Tracking' })).toBeVisible(
      FIRST_LOAD,
    );
    await expect(nav.getByRole('link', { name: 'Voter Tracking' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('banner').getByText('Online')).toBeAttached();
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');
    await expect(nav.getByRole('link', { name: 'Back to Home' })).toBeAttached();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  test('a session that ended sends a change to sign-in', async ({
    page,
    db,
    allowConsole,
    signIn,
  }) => {
    const { artist } = await createNominee(db, { artist: { name: `Expired ${randomUUID()}` } });
    await openDashboard(page, signIn);
    await page.getByLabel('Search', { exact: true }).fill(artist.name);
    await expect(artistCard(page, artist.name)).toBeVisible();
    // The session ends (expiry, logout in another tab) while the page stays open.
    await page.context().clearCookies();
    allowConsole({ text: /status of 401/, url: /\/api\/admin\/artists\// });
    // The toast lives 0.5 s before the redirect: record what it says where the next page can
    // read it (same origin), so a slow machine cannot miss it between polls.
    await page.evaluate(() => {
      new MutationObserver(() => {
        const text = document.querySelector(
          '[role="region"][aria-label^="Notifications"] li',
        )?.textContent;
        if (text) sessionStorage.setItem('seen-toast', text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await artistCard(page, artist.name)
      .getByRole('button', { name: `Delete ${artist.name}` })
      .click();
    await expect(page).toHaveURL(/\/api\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('seen-toast'))).toContain(
      'You are logged out. Logging in again...',
    );
  });
});
