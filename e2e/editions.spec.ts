import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { categories } from '#server/db/schema.js';
import { createCategory, createNominee, nominationVotes } from '#test/factories/catalog-factory.js';
import { createEdition, makeCurrentEdition } from '#test/factories/edition-factory.js';
import { currentEdition } from '#test/factories/event-factory.js';
import { EVENT_BASE_URL, FIRST_LOAD, expect, test } from './fixtures.js';
import { selectOption } from './select-option.js';
import { checkUntilSettled, startPayment } from './status-checks.js';

/*
 * Every year's awards on one Palmarès: a 2025 edition runs to its published results, 2026 is made
 * from it in the admin, voters pay in 2026, and 2025 stays as it was published and checkable at
 * its own address. On the event server (it moves the current edition), holding it throughout.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: EVENT_BASE_URL });

/**
 * Pays for the category's first nominee by mobile money, `more` votes above the checkout's
 * starting number; returns the receipt code.
 */
async function voteFor(page: Page, db: Db, path: string, more: number): Promise<string> {
  await page.goto(path);
  await page.getByTestId('artist-card').getByRole('link', { name: 'Vote Now' }).click();
  await expect(page).toHaveURL(/\/checkout\?artist=/);
  const total = page.getByTestId('total-votes');
  await expect(total).toHaveText(/^\d+ votes?$/);
  const start = Number.parseInt((await total.textContent()) ?? '', 10);
  const add = page.getByRole('button', { name: /^Add a vote in/ }).first();
  for (let n = 0; n < more; n++) await add.click();
  await expect(total).toHaveText(`${start + more} votes`);
  await page
    .getByLabel('Digit 1 of 9')
    .pressSequentially(`678${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`);
  const paymentId = await startPayment(page, page.getByRole('button', { name: /^Pay / }));
  const modal = page.getByTestId('receipt-modal');
  await checkUntilSettled(page, db, paymentId, modal);
  const code = (await modal.getByTestId('receipt-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
  return code;
}

test('2025 runs to its results, 2026 is copied from it and voted in, and 2025 stays as published and checkable', async ({
  page,
  eventDb: db,
  signIn,
}) => {
  const first = await currentEdition(db);
  const suffix = randomUUID().slice(0, 6);
  const then = await createEdition(db, {
    slug: `awards-2025-${suffix}`,
    name: `Awards 2025 ${suffix}`,
    nameFr: `Prix 2025 ${suffix}`,
  });
  const songOf2025 = await createCategory(db, {
    editionId: then.id,
    name: `Song ${suffix}`,
    nameFr: `Chanson ${suffix}`,
  });
  const nominee = await createNominee(db, { categoryIds: [songOf2025.id] });
  const link2025 = nominee.nominations[0]!.shareableLink;
  await makeCurrentEdition(db, then.id);
  const next = { slug: `awards-2026-${suffix}`, name: `Awards 2026 ${suffix}` };
  try {
    await page.clock.install();
    // 2025: a voter pays 3 votes, the organiser publishes the results.
    const code2025 = await voteFor(page, db, `/category/${songOf2025.id}`, 0);
    const votes2025 = await nominationVotes(db, nominee.nominations[0]!.id);
    const receipt = async () =>
      (await page.request.get(`/api/payment/receipt/${code2025}`)).json() as Promise<{
        edition: { slug: string };
        payment: { countedVotes: number; amount: number };
      }>;
    const receipt2025 = await receipt();
    expect(receipt2025.edition.slug).toBe(then.slug);
    await signIn('admin', { server: 'event' });
    const publish = await page.request.post(
      `/api/admin/event/publish-results?edition=${then.slug}`,
      { headers: { origin: EVENT_BASE_URL } },
    );
    expect(publish.status()).toBe(200);
    const seal = async () =>
      (await page.request.get(`/api/results/ledger/head?edition=${then.slug}`)).json();
    const seal2025 = await seal();

    // 2026, made in the Editions tab from 2025's categories and nominees, current at once.
    await page.goto('/admin?tab=editions');
    await page.getByLabel('Short name').fill(next.slug);
    await page.getByLabel('Name (English)').fill(next.name);
    await selectOption(page.getByLabel('Start from'), `The categories of ${then.name}`);
    await page.getByLabel('Copy its nominees too').check();
    await page.getByLabel('Make it the current edition now').check();
    await page.getByRole('button', { name: 'Create edition' }).click();
    await expect(page.getByText(`Edition ${next.name} created.`, { exact: true })).toBeVisible(
      FIRST_LOAD,
    );

    // The public site is 2026 now: the copied category, open, and a voter pays there.
    const copies = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.name, songOf2025.name));
    const songOf2026 = copies.find((c) => c.id !== songOf2025.id)!;
    await voteFor(page, db, `/category/${songOf2026.id}`, 1);

    // 2025 at its own address: its results as published, its seal unchanged, closed to votes.
    await page.goto(`/e/${then.slug}/results`);
    await expect(page.getByText(`${then.name} is a past edition: voting has closed.`)).toBeVisible(
      FIRST_LOAD,
    );
    const region = page.getByRole('region', { name: songOf2025.name });
    await expect(region.getByText('Winner', { exact: true })).toBeVisible();
    await expect(region.getByText(`${votes2025} votes`)).toBeVisible();
    expect(await seal()).toEqual(seal2025);
    // Its receipt still opens as 2025's, every vote and franc as it was.
    expect(await receipt()).toEqual(receipt2025);

    // The 2025 receipt is in the 2025 ledger, checked in the browser against its root.
    await page.getByLabel('Receipt code').fill(code2025);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByText(/^Verified: your entry \(1 of 1\)/)).toBeVisible();

    // A 2025 share link passed round then opens 2025's nominee, closed to votes.
    await page.goto(`/share/${link2025}`);
    await expect(page).toHaveURL(new RegExp(`/e/${then.slug}/share/${link2025}$`));
    await expect(page.getByText('Voting has closed').first()).toBeVisible(FIRST_LOAD);

    // And the way back to this year's awards.
    await page.getByRole('link', { name: 'See the current awards' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByText(`${then.name} is a past edition`)).toHaveCount(0);
  } finally {
    await makeCurrentEdition(db, first);
  }
});
