import type { Locator, Page, Request } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { payments } from '#server/db/schema.js';
import { QUICK_DELAY_MS } from '#client/features/checkout/polling-schedule.js';
import { expect } from './fixtures.js';

/*
 * A mobile-money checkout asks the server about its payment on a schedule (at once, then after
 * 8 s, 2 s and 2.5 s gaps). Tests never wait that out: the page runs on Playwright's clock
 * (`page.clock.install()` before the page loads), which they move on. The server's side is real
 * time: the sandbox settles a payment SANDBOX_SETTLE_DELAY_MS after it is made (short in the
 * test servers), and that settlement is read from the database.
 */

export const isStatusCheck = (request: Request) =>
  /^\/api\/payment\/[^/]+\/status$/.test(new URL(request.url()).pathname);

/** Every status check the page makes from now on, in order (their count is the schedule's). */
export function recordStatusChecks(page: Page): Request[] {
  const checks: Request[] = [];
  page.on('request', (request) => {
    if (isStatusCheck(request)) checks.push(request);
  });
  return checks;
}

/** The payment the page is waiting for, as it keeps it across reloads. */
export const pendingPaymentId = (page: Page) =>
  page.evaluate(() => localStorage.getItem('pendingPaymentId'));

/**
 * Moves the page's clock on, one shortest gap at a time, until `target` shows. A step never
 * skips or doubles a check: the next check is armed only once the last one is answered, and a
 * step fires at most the one check that is due.
 */
export async function checkUntil(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(QUICK_DELAY_MS);
    await expect(target).toBeVisible({ timeout: 250 });
  }).toPass({ intervals: [0], timeout: 30_000 });
}

/** Presses Pay and returns the id of the mobile-money payment it made. */
export async function startPayment(page: Page, pay: Locator): Promise<string> {
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/campay-payment',
  );
  await pay.click();
  const { paymentId } = (await (await created).json()) as { paymentId: string };
  return paymentId;
}

/** Waits until the server has settled the payment (the sandbox's own timer, in real time). */
export async function settledByServer(db: Db, paymentId: string): Promise<void> {
  await expect
    .poll(async () => {
      const [row] = await db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, paymentId));
      return row?.status;
    })
    .not.toBe('pending');
}

/** The server settles the payment, and the page shows `outcome` at its next check. */
export async function checkUntilSettled(
  page: Page,
  db: Db,
  paymentId: string,
  outcome: Locator,
): Promise<void> {
  await settledByServer(db, paymentId);
  await checkUntil(page, outcome);
}
