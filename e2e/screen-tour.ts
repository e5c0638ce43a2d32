import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Db } from '#server/db/client.js';
import { publishLedger } from '#server/features/ledger/publish-ledger.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';
import {
  currentEdition,
  inDatabaseTime,
  keepEvent,
  setEvent,
} from '#test/factories/event-factory.js';
import { REVIEW_PAYMENT_KEY } from '#client/features/checkout/pending-payment-storage.js';
import {
  createCompletedPayment,
  createNeedsReviewPayment,
} from '#test/factories/payment-factory.js';
import type { MessageOutbox } from '#server/outbox/outbox-store.js';
import { BASE_URL, EVENT_BASE_URL, FIRST_LOAD, expect, type ConsoleAllowance } from './fixtures.js';
import { codeSentTo } from './lookup-codes.js';
import { createAccount, fillSignInForm } from './sign-in.js';
import { checkUntil, checkUntilSettled, startPayment } from './status-checks.js';

/*
 * Every screen and dialog of the app, visited in one page the way people reach them, in one
 * language. At each stop the caller's `visit` inspects what is on screen (the layout sweep at four
 * widths, the accessibility audit with axe). Shared so that both look at exactly the same states.
 */

export type Language = 'en' | 'fr';
type Namespace =
  'admin' | 'catalog' | 'checkout' | 'common' | 'editions' | 'receipts' | 'results' | 'tracking';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A key's value, its path read the way i18next does: a part may hold dots ('artist.delete'). */
function lookUp(node: unknown, parts: string[]): unknown {
  if (parts.length === 0) return node;
  if (!isRecord(node)) return undefined;
  for (let length = parts.length; length > 0; length--) {
    const key = parts.slice(0, length).join('.');
    if (!(key in node)) continue;
    const found = lookUp(node[key], parts.slice(length));
    if (found !== undefined) return found;
  }
  return undefined;
}

const locales = new Map<string, unknown>();
function locale(language: Language, namespace: Namespace): unknown {
  const file = path.resolve('src/shared/locales', language, `${namespace}.json`);
  if (!locales.has(file)) locales.set(file, JSON.parse(readFileSync(file, 'utf8')));
  return locales.get(file);
}

/** A string of the app's own locale files, e.g. text('fr', 'admin:unsaved.stay'). */
export function text(
  language: Language,
  key: `${Namespace}:${string}`,
  values: Record<string, string> = {},
): string {
  const [namespace, keyPath] = key.split(':') as [Namespace, string];
  const node = lookUp(locale(language, namespace), keyPath.split('.'));
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${language}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** One state of the app worth inspecting. */
export interface Stop {
  name: string;
  /** Exists only on small screens (the phone menu). */
  phoneOnly?: boolean;
  /** A dialog over a screen already visited. */
  dialog?: boolean;
}

/** Holds the event server (EVENT_BASE_URL) while `fn` runs: the fixture `eventServerTurn`. */
export type EventServerTurn = <T>(fn: (eventDb: Db) => Promise<T>) => Promise<T>;

/** The viewport the tour acts in; a visit may resize, the tour puts this back after it. */
export const TOUR_VIEWPORT = { width: 390, height: 844 };

/** Everything the tour needs, created fresh so parallel tests never share it. */
export interface TourData {
  /** In every name the tour creates, in both languages. */
  tag: string;
  categoryId: string;
  shareLink: string;
  receiptCode: string;
  receiptEmail: string;
  /** An artist the tour deletes, to see the toast with Undo. */
  throwawayArtist: string;
  /** A payment held for review (more money received than ordered). */
  reviewPaymentId: string;
  /** Messages voter tracking lists for the receipt's payment; the receipts part adds its resend. */
  messagesSent: number;
  /** An earlier edition, over, with a category of the same long names: its own pages' banner. */
  pastEdition: string;
}

export async function createTourData(db: Db): Promise<TourData> {
  const tag = randomUUID().slice(0, 8);
  // Long, real-looking French: the texts that overflowed were French.
  const category = await createCategory(db, {
    name: `Best Urban Collaboration ${tag}`,
    nameFr: `Meilleure collaboration urbaine de l'année ${tag}`,
    description: 'Two voices, one anthem: the duets that ruled the streets this year.',
    descriptionFr: 'Deux voix, un hymne : les duos qui ont fait vibrer les rues cette année.',
  });
  const star = await createNominee(db, {
    categoryIds: [category.id],
    artist: {
      name: `Sandrine Bella ${tag}`,
      bio: 'R&B singer and songwriter, one half of the year’s biggest duet.',
      bioFr: 'Chanteuse et autrice R&B, moitié du plus grand duo de l’année.',
    },
    nomination: {
      nominationTitle: 'Douala by Night',
      nominationTitleFr: 'Douala la nuit',
    },
  });
  // No bio: admin cards then show their placeholder text, which must be as legible as the rest.
  const other = await createNominee(db, {
    categoryIds: [category.id],
    artist: { bio: null, bioFr: null },
  });
  const receiptEmail = `sweep-${tag}@example.com`;
  const payment = await createCompletedPayment(db, {
    provider: 'campay',
    votes: [
      { nominationId: star.nominations[0]!.id, voteCount: 3 },
      { nominationId: other.nominations[0]!.id, voteCount: 1 },
    ],
    payment: { voterEmail: receiptEmail, phoneNumber: '237677445566' },
    // Its receipt by SMS and e-mail in the server's outbox, which voter tracking's Messages lists.
    outbox: { publicUrl: BASE_URL, written: () => undefined } satisfies MessageOutbox,
  });
  const review = await createNeedsReviewPayment(db, {
    votes: [{ nominationId: star.nominations[0]!.id, voteCount: 2 }],
  });
  const throwaway = await createNominee(db, {
    categoryIds: [category.id],
    artist: { name: `Sweep Undo ${tag}` },
  });
  const past = await createEdition(db, {
    name: `Palmarès Music Awards of the year before ${tag}`,
    nameFr: `Prix de la musique Palmarès de l'année précédente ${tag}`,
    votingOpensAt: new Date('2025-10-01T08:00:00Z'),
    votingClosesAt: new Date('2025-11-15T20:00:00Z'),
  });
  await createNominee(db, {
    categoryIds: [
      (
        await createCategory(db, {
          editionId: past.id,
          name: category.name,
          nameFr: category.nameFr,
        })
      ).id,
    ],
  });
  return {
    tag,
    categoryId: category.id,
    shareLink: star.nominations[0]!.shareableLink,
    receiptCode: payment.receiptCode!,
    receiptEmail,
    throwawayArtist: throwaway.artist.name,
    reviewPaymentId: review.id,
    // Its receipt, by SMS and by e-mail.
    messagesSent: 2,
    pastEdition: past.slug,
  };
}

/**
 * A category of the event server with three nominees and their votes, for its published results;
 * returns the category's name in the tour's language and the receipt code of its winner's votes.
 */
async function createResultsData(
  eventDb: Db,
  tag: string,
  language: Language,
): Promise<{ categoryName: string; receiptCode: string }> {
  const category = await createCategory(eventDb, {
    name: `Best Urban Collaboration ${tag}`,
    nameFr: `Meilleure collaboration urbaine de l'année ${tag}`,
  });
  const lines: Array<[string, string, number]> = [
    ['Aristide Nkoulou', '/demo/artists/aristide-nkoulou.jpg', 1_250],
    ['Ama Fotso', '/demo/artists/ama-fotso.jpg', 42],
    ['Awa Sidibé', '/demo/artists/awa-sidibe.jpg', 7],
  ];
  const receiptCodes: string[] = [];
  for (const [name, photoUrl, votes] of lines) {
    const { nominations } = await createNominee(eventDb, {
      categoryIds: [category.id],
      artist: { name: `${name} ${tag}`, photoUrl },
    });
    const paid = await createCompletedPayment(eventDb, {
      votes: [{ nominationId: nominations[0]!.id, voteCount: votes }],
    });
    receiptCodes.push(paid.receiptCode!);
  }
  return {
    categoryName: language === 'en' ? category.name : category.nameFr!,
    receiptCode: receiptCodes[0]!,
  };
}

/** What a part of the tour acts with. */
export interface Tour {
  page: Page;
  db: Db;
  allowConsole: (allowance: ConsoleAllowance) => void;
  language: Language;
  data: TourData;
  eventServerTurn: EventServerTurn;
  /** A string of the tour's language. */
  t: (key: `${Namespace}:${string}`, values?: Record<string, string>) => string;
  /** Lets `visit` inspect what is on screen, then puts the tour's viewport back. */
  stop: (next: Stop) => Promise<void>;
}

export function startTour(
  page: Page,
  db: Db,
  allowConsole: (allowance: ConsoleAllowance) => void,
  language: Language,
  data: TourData,
  eventServerTurn: EventServerTurn,
  visit: (stop: Stop) => Promise<void>,
): Tour {
  return {
    page,
    db,
    allowConsole,
    language,
    data,
    eventServerTurn,
    t: (key, values) => text(language, key, values),
    stop: async (next) => {
      await visit(next);
      await page.setViewportSize(TOUR_VIEWPORT);
    },
  };
}

/** The page as every part of the tour starts it: phone-sized, in the tour's language. */
export async function preparePage(page: Page, language: Language): Promise<void> {
  await page.setViewportSize(TOUR_VIEWPORT);
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  // The checkout's status checks are driven, not waited for (status-checks.ts).
  await page.clock.install();
}

/** The public site as a visitor sees it, results included. */
async function tourPublicSite({
  page,
  language,
  data,
  eventServerTurn,
  t,
  stop,
}: Tour): Promise<void> {
  // The public site, as a visitor.
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('link', { name: t('catalog:voteNow') }).first()).toBeVisible();
  await stop({ name: 'categories' });

  await page.getByRole('button', { name: t('common:nav.openMenu') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await stop({ name: 'phone menu', phoneOnly: true, dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto(`/category/${data.categoryId}`);
  await expect(page.getByTestId('artist-card').first()).toBeVisible(FIRST_LOAD);
  await stop({ name: 'category' });
  await page
    .getByRole('button', { name: t('catalog:artist.viewProfile'), exact: true })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toBeVisible();
  await stop({ name: 'artist dialog', dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto(`/share/${data.shareLink}`);
  await expect(page.getByTestId('shared-banner')).toBeVisible(FIRST_LOAD);
  await stop({ name: 'shared nomination' });

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: t('common:notFound.title') })).toBeVisible();
  await stop({ name: '404' });

  // The archive of past editions: empty or not, as the other specs on this server left it.
  await page.goto('/editions');
  await expect(page.getByRole('heading', { level: 1, name: t('editions:title') })).toBeVisible(
    FIRST_LOAD,
  );
  await expect(page.getByRole('status', { name: t('editions:loading') })).toHaveCount(0);
  await stop({ name: 'past editions' });

  await page.goto(`/e/${data.pastEdition}/categories`);
  await expect(page.getByText(t('common:edition.toCurrent'))).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('link', { name: t('catalog:voteNow') }).first()).toBeVisible();
  await stop({ name: 'an earlier edition' });

  // Results: not out on the main server, where other specs run and nothing is published; out on
  // the event server, published only for as long as the tour looks at them, then put back.
  await page.goto('/results');
  await expect(page.getByRole('heading', { name: t('results:pendingTitle') })).toBeVisible(
    FIRST_LOAD,
  );
  await stop({ name: 'results, not yet published' });
  await eventServerTurn(async (eventDb) => {
    const { categoryName, receiptCode } = await createResultsData(eventDb, data.tag, language);
    const restore = await keepEvent(eventDb);
    try {
      // Published as the admin's route does it, ledger included, in one transaction.
      await eventDb.transaction(async (tx) => {
        await setEvent(tx, { resultsPublishedAt: inDatabaseTime('0 seconds') });
        await publishLedger(tx, await currentEdition(tx));
      });
      await page.goto(`${EVENT_BASE_URL}/results`);
      const results = page.getByRole('region', { name: categoryName });
      await expect(results.getByText(t('results:winner'), { exact: true })).toBeVisible(FIRST_LOAD);
      await results.scrollIntoViewIfNeeded();
      await stop({ name: 'results, published' });

      const ledger = page.getByRole('region', { name: t('results:ledger.title') });
      await ledger.getByLabel(t('results:ledger.codeLabel')).fill(receiptCode);
      await ledger.getByRole('button', { name: t('results:ledger.check'), exact: true }).click();
      await expect(
        ledger.getByText(t('results:ledger.verified', { index: '1' }).split('(')[0]!.trim()),
      ).toBeVisible();
      await ledger.scrollIntoViewIfNeeded();
      await stop({ name: 'results, vote checked in the ledger' });
    } finally {
      await restore();
    }
  });
}

/** A vote paid by mobile money: pending, failed, paid, then a payment held for review. */
async function tourCheckout({ page, db, data, t, stop }: Tour): Promise<void> {
  await page.goto(`/category/${data.categoryId}`);
  await page
    .getByTestId('artist-card')
    .first()
    .getByRole('link', { name: t('catalog:voteNow') })
    .click();
  await expect(page.getByTestId('total-votes')).toBeVisible(FIRST_LOAD);
  const checkoutUrl = page.url();
  await stop({ name: 'checkout, mobile money' });
  await page.getByText(t('checkout:method.card'), { exact: true }).click();
  await expect(page.getByRole('textbox', { name: t('checkout:card.emailLabel') })).toBeVisible();
  await stop({ name: 'checkout, card' });

  // Mobile money in the sandbox, through its scripted test numbers: a payment that stays pending,
  // one that fails, then one that goes through. The page's clock is moved on to each status
  // check (status-checks.ts); the sandbox settles on the server in real time.
  await page.getByText(t('checkout:method.mobileMoney'), { exact: true }).click();
  const pay = page.getByRole('button', {
    name: new RegExp(`^${t('checkout:mobileMoney.pay', { amount: '' })}`),
  });
  const useTestPhone = (number: string) =>
    page.getByRole('button', { name: t('checkout:sandbox.usePhone', { number }) }).click();
  const overlay = page.getByTestId('mobile-money-overlay');
  await useTestPhone('237 670 000 003');
  await startPayment(page, pay);
  await expect(overlay.getByRole('heading', { name: t('checkout:overlay.title') })).toBeVisible();
  await stop({ name: 'check your phone', dialog: true });
  // The overlay closes by itself after 20 s and the page keeps checking, its status in view; after
  // 11 checks (about 30 s) it asks the voter.
  const check = page.getByTestId('transaction-check-panel');
  await checkUntil(page, check.getByRole('heading', { name: t('checkout:panel.title') }));
  await stop({ name: 'did you complete the transaction?' });
  await check.getByRole('button', { name: t('checkout:panel.tryAgain') }).click();
  await expect(pay).toBeVisible();

  await useTestPhone('237 670 000 001');
  const failing = await startPayment(page, pay);
  const failed = page
    .getByRole('region', { name: /^Notifications/ })
    .getByText(t('checkout:toasts.paymentFailedTitle'));
  await checkUntilSettled(page, db, failing, failed);
  // Focus in the notifications holds the toast on screen while the stop looks at it (F8, as a
  // keyboard user reaches it).
  await page.keyboard.press('F8');
  await expect(pay).toBeVisible();
  await stop({ name: 'checkout, payment failed' });

  // Any other valid number succeeds once the sandbox has waited its delay.
  await page.getByLabel(t('checkout:mobileMoney.digitLabel', { index: '1' })).click();
  await page.keyboard.type(`678${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`);
  const paying = await startPayment(page, pay);
  const paid = page.getByTestId('receipt-modal');
  await checkUntilSettled(page, db, paying, paid.getByTestId('receipt-code'));
  await stop({ name: 'checkout, paid', dialog: true });
  await page.keyboard.press('Escape');
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('receipts:modal.saved') })
    .click();
  await expect(paid).toBeHidden();

  // A payment whose money did not match its order waits for the organisers: the checkout remembers
  // it and says so on every visit until they decide.
  await page.evaluate(([key, id]) => localStorage.setItem(key, id), [
    REVIEW_PAYMENT_KEY,
    data.reviewPaymentId,
  ] as const);
  await page.goto(checkoutUrl);
  await expect(page.getByTestId('review-notice')).toBeVisible(FIRST_LOAD);
  await stop({ name: 'checkout, payment in review' });
  await page.evaluate((key) => localStorage.removeItem(key), REVIEW_PAYMENT_KEY);
}

/** A voter finding their receipts, and having one sent again. */
/**
 * Keeps the toast on screen while a stop is looked at, as a keyboard user does to read one: F8
 * moves the focus to the notifications, which holds their timers. Otherwise a 5-second toast may
 * start fading out during the widths' checks, and axe would measure its text half transparent.
 */
async function holdToast(page: Page): Promise<void> {
  const region = page.getByRole('region', { name: /^Notifications/ });
  await expect(region.locator('li')).toBeVisible();
  await page.keyboard.press('F8');
  await expect(region.locator(':focus')).toHaveCount(1);
}

async function tourReceipts({ page, db, allowConsole, data, t, stop }: Tour): Promise<void> {
  await page.goto('/my-receipts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(FIRST_LOAD);
  await stop({ name: 'receipt lookup' });
  await page.getByLabel(t('receipts:form.emailLabel')).fill(data.receiptEmail);
  await page.getByRole('button', { name: t('receipts:form.search'), exact: true }).click();
  // The code step: the code went to the e-mail; the tour reads it where the server keeps it.
  const codeField = page.getByLabel(t('receipts:code.label'));
  await expect(codeField).toBeFocused();
  await stop({ name: 'receipt lookup, code sent' });
  const sent = await codeSentTo(db, data.receiptEmail);
  allowConsole({ text: /status of 422/, url: /\/api\/receipts\/lookup$/ });
  await codeField.fill(sent === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: t('receipts:code.confirm'), exact: true }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await holdToast(page);
  await stop({ name: 'receipt lookup, wrong code' });
  await codeField.fill(sent);
  await page.getByRole('button', { name: t('receipts:code.confirm'), exact: true }).click();
  await expect(page.getByRole('button', { name: t('receipts:results.view') })).toBeVisible();
  await stop({ name: 'receipts found' });

  await page.goto(`/my-receipts?code=${data.receiptCode}`);
  await expect(page.getByTestId('receipt-modal')).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('receipt-code')).toBeVisible();
  await stop({ name: 'receipt', dialog: true });
  await page.getByRole('button', { name: t('receipts:modal.resend') }).click();
  // Found by text: the modal hides the rest of the page, toasts included, from the roles.
  const sentAgain = page
    .locator('li')
    .filter({ hasText: t('receipts:modal.resentBoth') })
    .filter({ visible: true });
  await expect(sentAgain).toBeVisible();
  data.messagesSent += 2;
  await stop({ name: 'receipt sent again', dialog: true });
  // Closed by its button, not Escape: while the toast is up, Escape closes the toast instead.
  await page
    .getByTestId('receipt-modal')
    .getByRole('button', { name: t('receipts:modal.close'), exact: true })
    .first()
    .click();
  const saved = page.getByRole('alertdialog');
  await expect(saved).toBeVisible();
  await stop({ name: 'have you saved your screenshot?', dialog: true });
  await saved.getByRole('button', { name: t('receipts:modal.saved') }).click();
  await expect(page.getByTestId('receipt-modal')).toBeHidden();
}

/** The organiser's sign-in and artists, then the activity their deletion left. */
async function tourSignInAndArtists({
  page,
  db,
  allowConsole,
  data,
  t,
  stop,
}: Tour): Promise<void> {
  // The back office, as an organiser. Sign-in is a page of the server's own, in both languages at
  // once: its words are in sign-in-page.ts, not in the locale files.
  await page.goto(`/api/login?returnTo=${encodeURIComponent('/admin')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible(FIRST_LOAD);
  await stop({ name: 'sign-in' });
  // The server-rendered sign-in page names no icon, so Chromium asks for /favicon.ico (a 404).
  allowConsole({ text: /status of 404/, url: /\/favicon\.ico$/ });
  const admin = await createAccount(db, 'admin');
  await fillSignInForm(page, admin);
  await page.waitForURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: t('admin:title') })).toBeVisible(
    FIRST_LOAD,
  );
  await expect(page.getByRole('article').first()).toBeVisible(FIRST_LOAD);
  await stop({ name: 'admin, artists' });
  await page.getByRole('button', { name: t('admin:artists.viewList') }).click();
  await stop({ name: 'admin, artists as a list' });

  await page.getByRole('searchbox', { name: t('admin:artists.searchLabel') }).fill(data.tag);
  await page
    .getByRole('button', { name: t('admin:artists.deleteLabel', { name: data.throwawayArtist }) })
    .click();
  const undo = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('button', { name: t('admin:toasts.undoLabel', { name: data.throwawayArtist }) });
  await expect(undo).toBeVisible();
  await holdToast(page);
  await stop({ name: 'deleted, with Undo' });

  // The tour's own changes (the artist it deleted), found by who made them.
  await page.goto('/admin?tab=activity');
  await page.getByLabel(t('admin:audit.filters.actor'), { exact: true }).fill(admin);
  const changes = page.getByRole('list', { name: t('admin:audit.listLabel') });
  const deleted = changes.getByRole('listitem').filter({
    hasText: t('admin:audit.actions.artist.delete'),
  });
  await expect(deleted).toHaveCount(1, FIRST_LOAD);
  await stop({ name: 'admin, activity' });
  await deleted.getByRole('button', { name: t('admin:audit.details.show') }).click();
  await expect(deleted.getByText(t('admin:audit.details.before')).first()).toBeVisible();
  await stop({ name: 'admin, activity details' });
}

/** The categories tab, its dialog and its delete confirmation, as a signed-in organiser. */
async function tourCategories({ page, data, t, stop }: Tour): Promise<void> {
  await page.goto('/admin?tab=categories');
  const category = page.getByRole('article').filter({ hasText: data.tag });
  await expect(category).toBeVisible(FIRST_LOAD);
  await stop({ name: 'admin, categories' });
  await page
    .getByRole('button', { name: t('admin:categories.add') })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await stop({ name: 'category dialog', dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await category
    .getByRole('button', { name: t('admin:categories.deleteLabel', { name: '' }).trim() })
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await stop({ name: 'delete category?', dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
}

/** The admin tabs that only show: analytics, finance, messages and the event. */
async function tourAdminTabs({ page, data, t, stop }: Tour): Promise<void> {
  await page.goto('/admin?tab=analytics');
  await expect(
    page.getByRole('heading', { name: t('admin:analytics.rankingsHeading') }),
  ).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('heading', { name: data.tag })).toBeVisible(FIRST_LOAD);
  await stop({ name: 'admin, analytics' });

  await page.goto('/admin?tab=finance');
  await expect(page.getByRole('group', { name: t('admin:finance.currencies.USD') })).toBeVisible(
    FIRST_LOAD,
  );
  await expect(page.getByRole('heading', { name: t('admin:finance.daysHeading') })).toBeVisible();
  await stop({ name: 'admin, finance' });
  await page
    .getByRole('group', { name: t('admin:finance.messages.heading') })
    .scrollIntoViewIfNeeded();
  await stop({ name: 'admin, finance, messages to voters' });

  // The tour's own mobile-money payment left its receipt in the sandbox.
  await page.goto('/admin?tab=messages');
  await expect(page.getByRole('list', { name: t('admin:messages.listLabel') })).toBeVisible(
    FIRST_LOAD,
  );
  await stop({ name: 'admin, messages' });

  // Looked at, never saved nor published: other specs share this server's event.
  await page.goto('/admin?tab=event');
  const settings = page.getByRole('form', { name: t('admin:event.settingsHeading') });
  await expect(settings.getByLabel(t('admin:event.form.name'), { exact: true })).toBeVisible(
    FIRST_LOAD,
  );
  await stop({ name: 'admin, event' });
  const sms = settings.getByRole('group', { name: t('admin:event.form.smsReceipts') });
  await sms.scrollIntoViewIfNeeded();
  await expect(sms).toBeInViewport();
  await stop({ name: 'admin, event, SMS receipts' });
  await page.getByRole('button', { name: t('admin:event.publish.action') }).click();
  // The demo event's voting is open: the dialog first says so, and offers to close it.
  await expect(
    page.getByRole('alertdialog', { name: t('admin:event.publish.openTitle') }),
  ).toBeVisible();
  await stop({ name: 'publish the results?', dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
}

/** The artist editor, voter tracking with a payment's messages, and the sign-out page. */
async function tourEditorAndTracking({ page, allowConsole, data, t, stop }: Tour): Promise<void> {
  await page.goto('/admin/artists/new');
  const name = page.getByLabel(t('admin:editor.name'), { exact: true });
  await expect(name).toBeVisible(FIRST_LOAD);
  await stop({ name: 'artist editor' });
  await name.fill('Brouillon');
  await page.getByRole('button', { name: t('admin:editor.backToAdmin') }).click();
  const unsaved = page.getByRole('alertdialog');
  await expect(unsaved).toBeVisible();
  await stop({ name: 'unsaved changes', dialog: true });
  await unsaved.getByRole('button', { name: t('admin:unsaved.stay') }).click();
  await expect(unsaved).toBeHidden();

  await page.goto('/admin/voter-tracking');
  await expect(page.getByRole('heading', { level: 1, name: t('tracking:title') })).toBeVisible(
    FIRST_LOAD,
  );
  const copyId = t('tracking:table.copyId', { id: '' }).trim();
  await expect(page.getByRole('button', { name: copyId }).first()).toBeVisible(FIRST_LOAD);
  await stop({ name: 'voter tracking' });
  await page.getByRole('button', { name: t('tracking:filters.show') }).click();
  await stop({ name: 'voter tracking, filters shown', phoneOnly: true });
  await page.getByLabel(t('tracking:search.label')).fill(data.receiptEmail);
  await expect(page.getByRole('button', { name: copyId })).toHaveCount(1);
  await page
    .getByRole('button', { name: new RegExp(`^${t('tracking:messages.action')} `) })
    .filter({ visible: true })
    .click();
  const messages = page.getByRole('dialog');
  // The receipt by SMS and e-mail, and its copies if the receipts part asked for them.
  await expect(messages.getByRole('listitem')).toHaveCount(data.messagesSent);
  await stop({ name: 'payment messages', dialog: true });
  await page.keyboard.press('Escape');
  await expect(messages).toBeHidden();

  // The sign-out link opened from outside the site (a typed address here) asks first. The page is
  // the server's own, in both languages at once.
  // Like the sign-in page, the server's sign-out page names no icon: Chromium asks for a 404.
  allowConsole({ text: /status of 404/, url: /\/favicon\.ico$/ });
  await page.goto('/api/logout');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign out?' })).toBeVisible(FIRST_LOAD);
  await stop({ name: 'sign out?' });
}

export interface TourPart {
  name: string;
  /** Starts with an organiser signed in: the part before it in the whole tour signs in. */
  signedIn: boolean;
  run: (tour: Tour) => Promise<void>;
}

/**
 * The tour in parts, each short enough to be a test of its own and to start from fresh data and a
 * fresh page; in this order they are the whole tour.
 */
export const TOUR_PARTS: readonly TourPart[] = [
  { name: 'public site', signedIn: false, run: tourPublicSite },
  { name: 'checkout', signedIn: false, run: tourCheckout },
  { name: 'receipts', signedIn: false, run: tourReceipts },
  { name: 'sign-in, artists and activity', signedIn: false, run: tourSignInAndArtists },
  { name: 'categories', signedIn: true, run: tourCategories },
  { name: 'admin tabs', signedIn: true, run: tourAdminTabs },
  { name: 'artist editor and voter tracking', signedIn: true, run: tourEditorAndTracking },
];

/** Visits every screen and dialog in one page, calling `visit` at each. */
export async function tourEveryScreen(
  page: Page,
  db: Db,
  allowConsole: (allowance: ConsoleAllowance) => void,
  language: Language,
  data: TourData,
  eventServerTurn: EventServerTurn,
  visit: (stop: Stop) => Promise<void>,
): Promise<void> {
  await preparePage(page, language);
  const tour = startTour(page, db, allowConsole, language, data, eventServerTurn, visit);
  for (const part of TOUR_PARTS) await part.run(tour);
}

/**
 * Resizes the page to each of `widths` the stop exists at (phone widths only for what exists only
 * on phones), lets it settle, then calls `look`: what is judged or pictured is what stays on
 * screen, not a frame mid-transition after the resize.
 */
export async function atWidths(
  page: Page,
  stop: Stop,
  widths: readonly number[],
  look: (width: number) => Promise<void>,
): Promise<void> {
  for (const width of widths.filter((w) => !stop.phoneOnly || w < 768)) {
    await page.setViewportSize({ width, height: width < 1024 ? 844 : 800 });
    await settle(page);
    await look(width);
  }
}

/**
 * Running animations finished, then two frames: the layout measured is the one a person looks at
 * once things stop moving. Infinite ones (spinners) are left running.
 */
export const settle = (page: Page) =>
  page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // A paused animation never finishes: wait for the rest, but never more than two seconds.
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise<void>((resolve) => setTimeout(resolve, 2000)),
    ]);
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
    );
  });
