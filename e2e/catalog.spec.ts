import type { Page } from '@playwright/test';
import {
  createCategory,
  createNominee,
  createNomination,
} from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import {
  EMPTY_BASE_URL,
  expect,
  FIRST_LOAD,
  scrollSettled,
  setLanguage,
  test,
} from './fixtures.js';

/**
 * The "Link Copied" toast, read from the notifications region: Radix's screen-reader copy of it
 * (role=status) lives about a second, so on a busy machine it may be gone before it is looked for.
 */
const linkCopied = (page: Page) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ hasText: 'Link Copied' });

/** A fresh category with one nominee: each test owns its data, so tests can run in parallel. */
async function categoryWithNominee(
  db: Parameters<typeof createCategory>[0],
  suffix = String(Date.now()),
) {
  const category = await createCategory(db, {
    name: `Best Makossa ${suffix}`,
    nameFr: `Meilleur makossa ${suffix}`,
    description: 'The sound of Douala.',
    descriptionFr: 'Le son de Douala.',
    icon: 'fa-solid fa-music',
  });
  const nominee = await createNominee(db, {
    categoryIds: [category.id],
    artist: { name: `Ama Fotso ${suffix}`, bio: 'Soul singer from Bafoussam.', bioFr: null },
    nomination: { nominationTitle: 'Langue maternelle', nominationTitleFr: null },
  });
  return { category, artist: nominee.artist, nomination: nominee.nominations[0]! };
}

const dialog = (page: Page) => page.getByRole('dialog');

test.describe('public catalogue', () => {
  test('browses the categories and opens one', { tag: '@phone' }, async ({ page, db }) => {
    const { category, artist } = await categoryWithNominee(db);
    await page.goto('/');
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vote for your favourites');

    const card = page.getByRole('listitem').filter({ hasText: category.name });
    await expect(card.getByRole('heading', { name: category.name })).toBeVisible();
    await expect(card).toContainText('1 nominee');
    await expect(card).toContainText('The sound of Douala.');

    await card.getByRole('link', { name: 'Vote Now' }).click();
    await expect(page).toHaveURL(`/category/${category.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await expect(page.getByText('1 nominee')).toBeVisible();
    await expect(page).toHaveTitle(`${category.name} · Palmarès`);

    const nominee = page.getByTestId('artist-card');
    await expect(nominee).toHaveCount(1);
    // A nomination title replaces the name as the heading; the artist is still named.
    await expect(nominee.getByRole('heading', { name: 'Langue maternelle' })).toBeVisible();
    await expect(nominee).toContainText(`by ${artist.name}`);
    await expect(nominee).toContainText('Soul singer from Bafoussam.');
    await expect(nominee).toContainText('1 category');
    // No photo: the initials placeholder stands in.
    await expect(nominee.getByTestId('artist-photo-placeholder')).toBeVisible();
  });

  test('Vote Now carries the artist and its categories to checkout', async ({ page, db }) => {
    const { category, artist } = await categoryWithNominee(db);
    await page.goto(`/category/${category.id}`);
    const vote = page.getByTestId('artist-card').getByRole('link', { name: 'Vote Now' });
    const href = await vote.getAttribute('href');
    expect(href).toMatch(/^\/checkout\?artist=/);
    const carried = JSON.parse(new URL(href!, 'http://x').searchParams.get('artist')!) as {
      id: string;
      categories: Array<{ id: string }>;
    };
    expect(carried.id).toBe(artist.id);
    expect(carried.categories.map((c) => c.id)).toEqual([category.id]);
  });

  test('shows the default bio, badges capped at two plus +n, and the trending mark', async ({
    page,
    db,
  }) => {
    const categories = [
      await createCategory(db),
      await createCategory(db),
      await createCategory(db),
      await createCategory(db),
    ];
    const star = await createNominee(db, {
      categoryIds: categories.map((c) => c.id),
      artist: { name: `Tchami ${Date.now()}`, bio: null, bioFr: null },
    });
    await createCompletedPayment(db, {
      votes: [{ nominationId: star.nominations[0]!.id, voteCount: 5 }],
    });
    await page.goto(`/category/${categories[0]!.id}`);
    const card = page.getByTestId('artist-card');
    await expect(card).toContainText('Rising star making waves in the music industry');
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expect(card.getByRole('listitem').last()).toContainText('+2');
    await expect(card).toContainText('4 categories');
    await expect(card.getByRole('button', { name: 'Trending' })).toBeVisible();
  });

  test(
    'opens the artist profile and closes it with the button and with Escape',
    { tag: '@phone' },
    async ({ page, db }) => {
      const { category, artist } = await categoryWithNominee(db);
      const other = await createCategory(db, { name: `Song of the Year ${Date.now()}` });
      await createNomination(
        db,
        { artistId: artist.id, categoryId: other.id },
        { nominationTitle: 'Rentre à la maison' },
      );
      await page.goto(`/category/${category.id}`);

      const viewProfile = page.getByRole('button', { name: 'View Profile' });
      await viewProfile.click();
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByRole('heading', { name: artist.name })).toBeVisible();
      await expect(dialog(page)).toContainText('2 categories');
      await expect(dialog(page)).toContainText('Soul singer from Bafoussam.');
      await expect(dialog(page)).toContainText(other.name);
      await expect(dialog(page)).toContainText('Rentre à la maison');
      await expect(dialog(page).getByRole('link', { name: 'Vote' })).toHaveAttribute(
        'href',
        /^\/checkout\?artist=/,
      );
      await expect(dialog(page).getByRole('button', { name: 'Share' })).toBeVisible();

      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await expect(dialog(page)).toBeHidden();

      await viewProfile.click();
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
      await expect(viewProfile).toBeFocused();
    },
  );

  test(
    'a shared link shows the banner and highlights the nominee',
    { tag: '@phone' },
    async ({ page, db }) => {
      const { category } = await categoryWithNominee(db);
      // Enough neighbours that, in the usual order, the shared card would start far below the fold.
      for (let i = 0; i < 4; i++) await createNominee(db, { categoryIds: [category.id] });
      const { artist, nominations } = await createNominee(db, {
        categoryIds: [category.id],
        artist: { name: `Zara Nguema ${Date.now()}` },
      });
      const nomination = nominations[0]!;

      await page.goto(`/share/${nomination.shareableLink}`);
      const banner = page.getByTestId('shared-banner');
      await expect(banner).toContainText('Shared Nomination');
      await expect(banner).toContainText(`Someone shared ${artist.name}'s nomination with you!`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);

      const highlighted = page.locator('[data-testid="artist-card"][data-highlighted]');
      await expect(highlighted).toHaveCount(1);
      await expect(highlighted).toContainText(artist.name);
      // Listed first, right under the banner.
      await expect(page.getByTestId('artist-card').first()).toHaveAttribute('data-highlighted');
      // The page scrolls to the nominee once its code has taken it over (a drawn page arrives
      // first): then the category's name and the banner are still in sight below the sticky
      // header, and so is the nominee's name.
      const inSight = () =>
        page.evaluate((name) => {
          const headerBottom = document.querySelector('header')!.getBoundingClientRect().bottom;
          const visible = (element: Element | null | undefined) => {
            const box = element?.getBoundingClientRect();
            return box !== undefined && box.top >= headerBottom && box.bottom <= window.innerHeight;
          };
          const card = document.querySelector('[data-highlighted]');
          const cardName = [...(card?.querySelectorAll('h3') ?? [])].find((h) =>
            h.textContent?.includes(name),
          );
          return {
            title: visible(document.querySelector('h1')),
            banner: visible(document.querySelector('[data-testid="shared-banner"]')),
            nominee: visible(cardName),
          };
        }, artist.name);
      const allInSight = { title: true, banner: true, nominee: true };
      await expect.poll(inSight, FIRST_LOAD).toEqual(allInSight);
      await scrollSettled(page);
      expect(await inSight()).toEqual(allInSight);
      // The address stays the share link, so the Share button passes it on.
      await expect(page).toHaveURL(`/share/${nomination.shareableLink}`);
    },
  );

  test('an unknown share link says so', async ({ page, allowConsole }) => {
    allowConsole({ text: /status of 404/, url: /\/api\/nominations\/share\// });
    await page.goto('/share/NoSuchLink12345');
    await expect(page.getByRole('heading', { name: 'Nomination Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });

  test('?artist= opens the profile, then leaves the address', async ({ page, db }) => {
    const { category, artist } = await categoryWithNominee(db);
    await page.goto(`/category/${category.id}?artist=${artist.id}`);
    await expect(dialog(page).getByRole('heading', { name: artist.name })).toBeVisible();
    await expect(page).toHaveURL(`/category/${category.id}`);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test('?artist= with an unknown artist shows Artist Not Found', async ({
    page,
    db,
    allowConsole,
  }) => {
    allowConsole({ text: /status of 404/, url: /\/api\/artists\// });
    const { category } = await categoryWithNominee(db);
    await page.goto(`/category/${category.id}?artist=00000000-0000-4000-8000-000000000000`);
    await expect(dialog(page).getByRole('heading', { name: 'Artist Not Found' })).toBeVisible();
    await expect(dialog(page)).toContainText(
      "The artist you're looking for doesn't exist or has been removed.",
    );
  });

  test('Share copies the page link where there is no share sheet', async ({
    page,
    context,
    db,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Force the copy path on every project, including phone emulation.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined });
    });
    const { category } = await categoryWithNominee(db);
    await page.goto(`/category/${category.id}`);
    await page.getByRole('button', { name: 'Share this category' }).click();
    await expect(linkCopied(page)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test(
    'Share uses the share sheet on a phone and copies the link on a laptop',
    { tag: ['@phone', '@laptop'] },
    async ({ page, context, db }, testInfo) => {
      const onPhone = testInfo.project.name === 'phone';
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      // Both projects get a share sheet: desktop Chrome on Windows and ChromeOS has one too, and its
      // clumsy system dialog is exactly what a laptop visitor should not get.
      await page.addInitScript(() => {
        const calls: ShareData[] = [];
        Object.assign(window, { shareCalls: calls });
        Object.defineProperty(Navigator.prototype, 'share', {
          value: (data: ShareData) => {
            calls.push(data);
            return Promise.resolve();
          },
        });
      });
      const shareCalls = () =>
        page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls);
      const { category, nomination } = await categoryWithNominee(db);
      await page.goto(`/category/${category.id}`);
      await page.getByRole('button', { name: /Share the nomination of/ }).click();
      const shareUrl = new RegExp(`/share/${nomination.shareableLink}$`);
      if (onPhone) {
        await expect
          .poll(shareCalls)
          .toEqual([expect.objectContaining({ url: expect.any(String) })]);
        const [call] = await shareCalls();
        expect(call!.url).toMatch(shareUrl);
      } else {
        await expect(linkCopied(page)).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(shareUrl);
        expect(await shareCalls()).toEqual([]);
      }
    },
  );
});

test.describe('languages', () => {
  test('switches to French and back, and remembers the choice', async ({ page, db }) => {
    const { category } = await categoryWithNominee(db);
    await page.goto('/categories');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votez pour vos favoris');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: category.nameFr! })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votez pour vos favoris');
    await expect(page.getByRole('button', { name: 'Français' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vote for your favourites');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vote for your favourites');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('French falls back to English fields that have no translation', async ({ page, db }) => {
    const { category, artist } = await categoryWithNominee(db);
    await page.goto('/categories');
    await setLanguage(page, 'fr');
    await page.goto(`/category/${category.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.nameFr!);
    const card = page.getByTestId('artist-card');
    // bioFr and nominationTitleFr are empty in the factory data: the English text shows.
    await expect(card).toContainText('Soul singer from Bafoussam.');
    await expect(card.getByRole('heading', { name: 'Langue maternelle' })).toBeVisible();
    await expect(card).toContainText(`par ${artist.name}`);
    await expect(card.getByRole('link', { name: 'Voter maintenant' })).toBeVisible();
  });
});

/**
 * Holds back the page's first script until `release` is called, to see what the server alone
 * drew; every other request goes as usual.
 */
async function holdFirstScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('a link opened cold', () => {
  test('shows the page the server drew, then the page takes it over and keeps its picture', async ({
    page,
    db,
  }) => {
    const category = await createCategory(db, {
      name: `Best Bikutsi ${Date.now()}`,
      description: 'The sound of Yaoundé & the centre.',
      backgroundImageUrl: '/demo/categories/artist-of-the-year.jpg',
    });
    const nominee = await createNominee(db, { categoryIds: [category.id] });
    const release = await holdFirstScript(page);
    await page.goto(`/category/${category.id}`, { waitUntil: 'commit' });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await expect(page.getByText('The sound of Yaoundé & the centre.')).toBeVisible();
    await expect(page.getByText('1 nominee')).toBeVisible();
    const picture = page.locator('main section img');
    await expect(picture).toHaveAttribute('src', '/demo/categories/artist-of-the-year.jpg');
    await picture.evaluate((img) => Reflect.set(img, 'drawnByServer', true));
    // The nominees are drawn too, before any script has run.
    const card = page.getByTestId('artist-card');
    await expect(card).toContainText(nominee.artist.name);
    await card.evaluate((element) => Reflect.set(element, 'drawnByServer', true));

    release();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Share' })).toBeVisible();
    // The same elements, never fetched or painted a second time.
    await expect(picture).toHaveCount(1);
    expect(await picture.evaluate((img) => Reflect.get(img, 'drawnByServer'))).toBe(true);
    expect(await card.evaluate((element) => Reflect.get(element, 'drawnByServer'))).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
  });

  test('a checkout link shows its artist at once, and the page keeps what was drawn', async ({
    page,
    db,
  }) => {
    const { artist } = await categoryWithNominee(db);
    const answer = await page.request.get(`/api/artists/${artist.id}`);
    const href = `/checkout?artist=${encodeURIComponent(JSON.stringify(await answer.json()))}`;
    const release = await holdFirstScript(page);
    await page.goto(href, { waitUntil: 'commit' });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(artist.name);
    const bio = page.getByText('Soul singer from Bafoussam.');
    await expect(bio).toBeVisible();
    await bio.evaluate((element) => Reflect.set(element, 'drawnByServer', true));

    release();
    await expect(page.getByRole('textbox', { name: /^Votes in/ })).toHaveValue('2', FIRST_LOAD);
    expect(await bio.evaluate((element) => Reflect.get(element, 'drawnByServer'))).toBe(true);
    await expect(page.getByRole('link', { name: 'Back to categories' })).toBeVisible();
  });

  test('a share link shows its category at once, then the shared nominee', async ({ page, db }) => {
    const { category, artist, nomination } = await categoryWithNominee(db);
    const release = await holdFirstScript(page);
    await page.goto(`/share/${nomination.shareableLink}`, { waitUntil: 'commit' });
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(category.name);
    await title.evaluate((element) => Reflect.set(element, 'drawnByServer', true));

    release();
    await expect(page.getByTestId('shared-banner')).toContainText(artist.name, FIRST_LOAD);
    await expect(page.locator('[data-testid="artist-card"][data-highlighted]')).toBeVisible();
    expect(await title.evaluate((element) => Reflect.get(element, 'drawnByServer'))).toBe(true);
  });

  test('is drawn in the language the voter chose', async ({ page, db }) => {
    const { category } = await categoryWithNominee(db);
    await page.goto('/categories');
    await setLanguage(page, 'fr');
    const release = await holdFirstScript(page);
    await page.goto(`/category/${category.id}`, { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.nameFr!);
    await expect(page.getByText('1 nommé', { exact: true })).toBeVisible();
    release();
    await expect(page.getByTestId('artist-card')).toContainText('Voter maintenant', FIRST_LOAD);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.nameFr!);
  });
});

test.describe('empty and missing', () => {
  test('a category without nominees says so', async ({ page, db }) => {
    const category = await createCategory(db);
    await page.goto(`/category/${category.id}`);
    await expect(page.getByRole('heading', { name: 'No Nominees Yet' })).toBeVisible();
    await expect(
      page.getByText('No artists have been nominated in this category yet. Check back soon!'),
    ).toBeVisible();
  });

  test('a missing category offers the way home', async ({ page, allowConsole }) => {
    // The category and its nominees are requested together; both answer 404.
    allowConsole({ text: /status of 404/, url: /\/api\/(categories|nominations\/category)\// });
    await page.goto('/category/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Category Not Found' })).toBeVisible();
    await expect(
      page.getByText("The category you're looking for doesn't exist or has been removed."),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/categories$/);
  });

  test('no categories at all', async ({ page }) => {
    await page.goto(`${EMPTY_BASE_URL}/categories`);
    await expect(page.getByText('No categories available yet.')).toBeVisible();
  });

  test('unknown pages show the 404 page, in both languages, with the way home', async ({
    page,
  }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await setLanguage(page, 'fr');
    await expect(page.getByRole('heading', { name: '404 Page introuvable' })).toBeVisible();
    await expect(page.getByText("Avez-vous oublié d'ajouter la page au routeur ?")).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/categories$/);
  });
});
