import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { blockedPrompts, payments } from '#server/db/schema.js';
import type { BlockedPrompts } from '#shared/schemas/tracking.js';
import {
  createCompletedPayment,
  createPendingPayment,
  settlePayment,
} from '#test/factories/payment-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';
import { startTestApp } from '#test/support/test-app.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';

/*
 * A phone that declined or ignored its last three prompts gets no more for an hour: read from the
 * payments, so it holds on every instance and after a restart, and each refusal is counted for the
 * organiser. The per-phone hourly share is set high so only the rest from unanswered prompts acts.
 */
describeEachDatabase('a phone that does not answer its prompts', (kind) => {
  let database: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let admin: Record<string, string>;
  let phones = 0;
  const env = {
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    RATE_LIMIT_PROMPTS_PER_PHONE_PER_HOUR: '100',
    SANDBOX_SETTLE_DELAY_MS: '600000',
    PHONE_HASH_KEY: `unanswered-${randomUUID()}`,
  };
  const freshPhone = () => `2376780${String(++phones).padStart(5, '0')}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    [first, second] = [await startTestApp(database, env), await startTestApp(database, env)];
    admin = (await signedInUser(database.db, { isAdmin: true })).headers;
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  const prompt = async (app: FastifyInstance, phoneNumber: string, language = 'en') =>
    call<{ message: string }>(app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: { phoneNumber, nominationVotes: split(await nomineeWith(app.ctx.db, 1), [1]) },
      headers: { 'accept-language': language },
    });

  /**
   * Earlier mobile-money payments of `phone`, oldest first, settled as `outcomes` say; 'never
   * sent' failed while Campay was down, so Campay gave it no reference.
   */
  const history = async (
    phone: string,
    outcomes: Array<'failed' | 'completed' | 'pending' | 'never sent'>,
  ) => {
    const phoneHash = first.ctx.hashPhone(phone);
    const nominee = await nomineeWith(database.db, 1);
    const votes = [{ nominationId: nominee.nominations[0]!.id, voteCount: 1 }];
    for (const [index, outcome] of outcomes.entries()) {
      const createdAt = new Date(Date.now() - (40 - index) * 60_000);
      if (outcome === 'completed') {
        await createCompletedPayment(database.db, { votes, payment: { phoneHash, createdAt } });
        continue;
      }
      const providerRef = outcome === 'never sent' ? null : randomUUID();
      const payment = await createPendingPayment(database.db, {
        votes,
        payment: { phoneHash, createdAt, providerRef },
      });
      if (outcome === 'failed') {
        await settlePayment(database.db, payment.id, { status: 'failed', reason: 'declined' });
      } else if (outcome === 'never sent') {
        await settlePayment(database.db, payment.id, {
          status: 'failed',
          reason: 'Campay did not answer',
        });
      }
    }
  };
  const paymentsOf = async (phone: string) =>
    (
      await database.db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.phoneHash, first.ctx.hashPhone(phone)))
    ).length;

  it('refuses a fourth prompt after three unanswered, in the voter’s language, writing no payment', async () => {
    const phone = freshPhone();
    await history(phone, ['failed', 'failed', 'failed']);
    const before = await paymentsOf(phone);
    const refused = await prompt(first, phone, 'fr');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "Ce numéro n'a pas répondu à ses 3 dernières demandes de paiement. Pour protéger son titulaire, aucune nouvelle demande ne peut lui être envoyée pendant 22 minutes.",
    );
    // The last unanswered prompt was 38 minutes ago: the hour ends in 22.
    expect(Number(refused.headers['retry-after'])).toBe(22 * 60);
    expect(await paymentsOf(phone)).toBe(before);
    const english = await prompt(first, phone);
    expect(english.body.message).toMatch(/^This phone number did not answer its last 3 payment/);
  });

  it('holds on another instance and after a restart, since it is read from the payments', async () => {
    const phone = freshPhone();
    await history(phone, ['failed', 'failed', 'failed']);
    expect((await prompt(second, phone)).status).toBe(429);
    const restarted = await startTestApp(database, env);
    try {
      expect((await prompt(restarted, phone)).status).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('lets a phone be prompted again after a payment it completed, or after fewer unanswered', async () => {
    const answered = freshPhone();
    await history(answered, ['failed', 'failed', 'completed']);
    expect((await prompt(first, answered)).status).toBe(200);
    const twice = freshPhone();
    // A prompt still waiting neither counts nor breaks the run.
    await history(twice, ['failed', 'pending', 'failed']);
    expect((await prompt(first, twice)).status).toBe(200);
  });

  it('counts no prompt that never reached the phone: Campay was down', async () => {
    const outage = freshPhone();
    await history(outage, ['failed', 'never sent', 'failed', 'never sent']);
    expect((await prompt(first, outage)).status).toBe(200);
    // Nor does the outage break a run of prompts the phone did get and ignored.
    const ignored = freshPhone();
    await history(ignored, ['failed', 'failed', 'never sent', 'failed']);
    expect((await prompt(first, ignored)).status).toBe(429);
  });

  it("leaves the sandbox's scripted numbers to testers, who fail them on purpose", async () => {
    const scripted = '237690000002';
    await history(scripted, ['failed', 'failed', 'failed']);
    expect((await prompt(first, scripted)).status).toBe(200);
  });

  it('lets the phone rest an hour after its last unanswered prompt, no longer', async () => {
    const phone = freshPhone();
    const phoneHash = first.ctx.hashPhone(phone);
    await history(phone, ['failed', 'failed', 'failed']);
    await database.db
      .update(payments)
      .set({ createdAt: sql`${payments.createdAt} - interval '30 minutes'` })
      .where(eq(payments.phoneHash, phoneHash));
    expect((await prompt(first, phone)).status).toBe(200);
  });

  it("counts what was refused for the organiser's voter tracking, one row per phone and hour", async () => {
    const before = await call<BlockedPrompts>(first, {
      method: 'GET',
      url: '/api/voter-tracking/blocked-prompts',
      headers: admin,
    });
    const phone = freshPhone();
    await history(phone, ['failed', 'failed', 'failed']);
    for (let i = 0; i < 3; i++) expect((await prompt(first, phone)).status).toBe(429);
    const rows = await database.db
      .select()
      .from(blockedPrompts)
      .where(eq(blockedPrompts.phoneHash, first.ctx.hashPhone(phone)));
    expect(rows.map((r) => [r.reason, r.attempts])).toEqual([['unanswered', 3]]);
    const after = await call<BlockedPrompts>(first, {
      method: 'GET',
      url: '/api/voter-tracking/blocked-prompts',
      headers: admin,
    });
    expect(after.body.phones).toBe(before.body.phones + 1);
    expect(after.body.attempts.unanswered).toBe(before.body.attempts.unanswered + 3);
    // The organiser's only: a visitor is refused.
    expect(
      (await call(first, { method: 'GET', url: '/api/voter-tracking/blocked-prompts' })).status,
    ).toBe(401);
  });
});
