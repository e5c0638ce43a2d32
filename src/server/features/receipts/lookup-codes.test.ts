import { and, eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '#server/db/client.js';
import { outboxMessages, receiptLookupCodes } from '#server/db/schema.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { call, type Answer } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase, describePostgres } from '#test/support/test-database.js';
import type { ReceiptLookupCodeResponse, ReceiptLookupResponse } from '#shared/schemas/receipt.js';
import { lookupCodeHashes, purgeSpentLookupCodes } from './lookup-codes.js';

const FLOOR_MS = 500;
const PER_ADDRESS = 8;
let unique = 0;
const next = () => `${Date.now().toString(36)}${(unique += 1)}`;
/** A fresh client address per use, so tests do not share the per-address limit. */
let addressCount = 0;
const freshAddress = () => `10.9.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

/** The waits the answer floor asked for; `hold` keeps the next one pending until released. */
const floorWaits: number[] = [];
let hold: Promise<void> | null = null;
const lookupCodeDelay = async (ms: number) => {
  floorWaits.push(ms);
  if (hold) await hold;
};

type Contact = { email: string } | { phoneNumber: string };
type Refusal = { message: string };

function suite(t: () => TestApp) {
  const db = () => t().database.db;
  const askCode = (contact: Contact, remoteAddress = freshAddress(), language = 'en') =>
    call<ReceiptLookupCodeResponse & Refusal>(t().app, {
      method: 'POST',
      url: '/api/receipts/lookup/code',
      remoteAddress,
      headers: { 'accept-language': language },
      json: contact,
    });
  const lookup = (
    contact: Contact,
    code: string,
    remoteAddress = freshAddress(),
    language = 'en',
  ) =>
    call<ReceiptLookupResponse & Refusal>(t().app, {
      method: 'POST',
      url: '/api/receipts/lookup',
      remoteAddress,
      headers: { 'accept-language': language },
      json: { ...contact, code },
    });
  /** The codes sent to `recipient`, newest last, read from the outbox's messages. */
  const codesSentTo = async (recipient: string) => {
    const rows = await db()
      .select({ body: outboxMessages.body, createdAt: outboxMessages.createdAt })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.kind, 'lookup-code')))
      .orderBy(outboxMessages.createdAt);
    return rows.map((r) => /\b(\d{6})\b/.exec(r.body)![1]!);
  };
  const codeRows = (contact: Contact) =>
    db()
      .select()
      .from(receiptLookupCodes)
      .where(
        eq(
          receiptLookupCodes.recipientHash,
          lookupCodeHashes(t().app.ctx.hashPhone).recipient(contact),
        ),
      );

  /** A voter with one card payment (e-mail) and one mobile-money payment (phone and e-mail). */
  async function voter() {
    const { nominations } = await createNominee(db(), {});
    const email = `voter-${next()}@example.com`;
    const phoneNumber = `2376${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const card = await createCompletedPayment(db(), {
      provider: 'stripe',
      votes: [{ nominationId: nominations[0]!.id, voteCount: 2 }],
      payment: { voterEmail: email },
    });
    const mobile = await createCompletedPayment(db(), {
      provider: 'campay',
      votes: [{ nominationId: nominations[0]!.id, voteCount: 3 }],
      payment: {
        voterEmail: email,
        phoneNumber,
        phoneHash: t().app.ctx.hashPhone(phoneNumber),
      },
    });
    return { email, phoneNumber, card, mobile };
  }

  it('sends a code to an e-mail with receipts, and the code lists them once', async () => {
    const { email, card, mobile } = await voter();
    const asked = await askCode({ email });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ sent: true, expiresInSeconds: 600 });
    expect(asked.headers['cache-control']).toBe('no-store');
    const [message] = await db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'lookup-code')));
    expect(message).toMatchObject({ channel: 'email', language: 'en', state: 'pending' });
    expect(message!.subject).toMatch(/^Your Palmarès code: \d{6}$/);
    const [code] = await codesSentTo(email);
    // Only hashes are kept: the code itself is nowhere in the codes table.
    const [row] = await codeRows({ email });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(email);

    const found = await lookup({ email }, code!);
    expect(found.status).toBe(200);
    expect(found.body.receipts.map((r) => r.receiptCode)).toEqual([
      mobile.receiptCode,
      card.receiptCode,
    ]);
    const again = await lookup({ email }, code!);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This code is wrong or has expired. Ask for a new one.');
  });

  it('sends a code by SMS to the phone in E.164, in the language of the page', async () => {
    const { phoneNumber, mobile } = await voter();
    const national = phoneNumber.slice(3);
    expect((await askCode({ phoneNumber: national }, freshAddress(), 'fr')).status).toBe(202);
    const [message] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, `+${phoneNumber}`));
    expect(message).toMatchObject({ channel: 'sms', language: 'fr', kind: 'lookup-code' });
    expect(message!.body).toMatch(/^Palmares: votre code pour voir vos recus est \d{6}\./);
    expect(message!.body.length).toBeLessThanOrEqual(160);
    const [code] = await codesSentTo(`+${phoneNumber}`);
    const found = await lookup({ phoneNumber: `+237 ${national}` }, code!);
    expect(found.body.receipts.map((r) => r.receiptCode)).toEqual([mobile.receiptCode]);
  });

  it('refuses a wrong code in the voter language, and the right one still works after', async () => {
    const { email } = await voter();
    await askCode({ email });
    const [code] = await codesSentTo(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await lookup({ email }, wrong, freshAddress(), 'fr');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Ce code est erroné ou a expiré. Demandez-en un nouveau.');
    // A code for another recipient is just as wrong.
    const other = await voter();
    expect((await lookup({ email: other.email }, code!)).status).toBe(422);
    expect((await lookup({ email }, code!)).status).toBe(200);
  });

  it('kills a code after 5 wrong tries', async () => {
    const { email } = await voter();
    await askCode({ email });
    const [code] = await codesSentTo(email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await lookup({ email }, wrong)).status).toBe(422);
    expect((await lookup({ email }, code!)).status).toBe(422);
    expect((await codeRows({ email }))[0]).toMatchObject({ attempts: 5, usedAt: null });
  });

  it('takes only the newest code: asking again supersedes the ones before', async () => {
    const { email } = await voter();
    await askCode({ email });
    await askCode({ email });
    const [first, second] = await codesSentTo(email);
    if (first !== second) expect((await lookup({ email }, first!)).status).toBe(422);
    expect((await lookup({ email }, second!)).status).toBe(200);
  });

  it('refuses malformed codes as input, before any code is counted', async () => {
    const { email } = await voter();
    await askCode({ email });
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const answer = await lookup({ email }, code);
      expect(answer.status, code).toBe(400);
      expect(answer.body.message).toBe('Enter the 6-digit code we sent you.');
    }
    const missing = await call<Refusal>(t().app, {
      method: 'POST',
      url: '/api/receipts/lookup',
      remoteAddress: freshAddress(),
      json: { email },
    });
    expect(missing.status).toBe(400);
    expect((await codeRows({ email }))[0]!.attempts).toBe(0);
  });

  describe('by the clock', () => {
    afterEach(() => vi.useRealTimers());

    it('expires a code after 10 minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2031-03-01T10:00:00Z'));
      const { email } = await voter();
      await askCode({ email });
      const [early] = await codesSentTo(email);
      vi.setSystemTime(new Date('2031-03-01T10:09:59Z'));
      expect((await lookup({ email }, early!)).status).toBe(200);

      vi.setSystemTime(new Date('2031-03-01T10:20:00Z'));
      await askCode({ email });
      const late = (await codesSentTo(email)).at(-1)!;
      vi.setSystemTime(new Date('2031-03-01T10:30:00Z'));
      expect((await lookup({ email }, late)).status).toBe(422);
    });

    it('gives one recipient 3 codes per 15 minutes, whoever asks, known or not', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2031-04-01T10:00:00Z'));
      const { email } = await voter();
      const unknown = `nobody-${next()}@example.com`;
      for (const contact of [{ email }, { email: unknown }]) {
        for (let i = 0; i < 3; i++) {
          vi.setSystemTime(new Date(Date.parse('2031-04-01T10:00:00Z') + i * 60_000));
          expect((await askCode(contact)).status).toBe(202);
        }
        const refused = await askCode(contact, freshAddress(), 'fr');
        expect(refused.status).toBe(429);
        expect(refused.body.message).toBe(
          'Trop de codes ont été demandés pour cette adresse e-mail ou ce numéro. Veuillez patienter 13 minutes et réessayer.',
        );
        expect(refused.headers['retry-after']).toBe(String(13 * 60));
      }
      expect(await codesSentTo(email)).toHaveLength(3);
      // Once the first code of the window is 15 minutes old, one more may be asked.
      vi.setSystemTime(new Date('2031-04-01T10:15:01Z'));
      expect((await askCode({ email })).status).toBe(202);
      expect((await askCode({ email })).status).toBe(429);
    });

    it('purges a code once it has expired and left the day that counts it, not before', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const { email } = await voter();
      for (let i = 0; i < 3; i++) {
        vi.setSystemTime(new Date(Date.parse('2031-05-01T10:00:00Z') + i * 60_000));
        expect((await askCode({ email })).status).toBe(202);
      }
      // All three have expired, but they still count against the recipient.
      vi.setSystemTime(new Date('2031-05-01T10:14:00Z'));
      await purgeSpentLookupCodes(db(), new Date());
      expect(await codeRows({ email })).toHaveLength(3);
      expect((await askCode({ email })).status).toBe(429);

      // Out of the 15-minute window, they still count towards the recipient's day.
      vi.setSystemTime(new Date('2031-05-01T10:16:30Z'));
      await purgeSpentLookupCodes(db(), new Date());
      expect(await codeRows({ email })).toHaveLength(3);
      expect((await askCode({ email })).status).toBe(202);

      vi.setSystemTime(new Date('2031-05-02T10:01:30Z'));
      await purgeSpentLookupCodes(db(), new Date());
      expect(await codeRows({ email })).toHaveLength(2);
    });
  });

  it('limits each address on both routes, in the voter language', async () => {
    const address = freshAddress();
    const contact = { email: `nobody-${next()}@example.com` };
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) {
      statuses.push((await lookup(contact, '123456', address)).status);
    }
    expect(statuses).toEqual(Array<number>(PER_ADDRESS).fill(422));
    const over = await lookup(contact, '123456', address, 'fr');
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Trop de demandes/);

    const codeStatuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 1; i++) {
      codeStatuses.push((await askCode({ email: `n-${next()}@example.com` }, address)).status);
    }
    expect(codeStatuses).toEqual([...Array<number>(PER_ADDRESS).fill(202), 429]);
  });

  it('answers a recipient with receipts and one without alike, and sends the latter nothing', async () => {
    const { email } = await voter();
    const unknown = `nobody-${next()}@example.com`;
    const same = (answer: Answer) => ({
      status: answer.status,
      body: answer.bytes.toString(),
      headers: Object.keys(answer.headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort()
        .map(
          (name) =>
            `${name}: ${name.startsWith('x-ratelimit-reset') ? '' : String(answer.headers[name])}`,
        ),
    });
    const known = await askCode({ email });
    const other = await askCode({ email: unknown });
    expect(same(other)).toEqual(same(known));
    expect(await codesSentTo(unknown)).toEqual([]);
    // The unknown recipient has its code row all the same (same work), and the code opens nothing.
    expect(await codeRows({ email: unknown })).toHaveLength(1);
    for (const code of ['000000', '123456', '999999']) {
      const answer = await lookup({ email: unknown }, code);
      expect(answer.status).toBe(422);
    }
    expect(
      await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, unknown)),
    ).toEqual([]);
  });

  it('runs the same statements for a recipient with receipts and one without', async () => {
    const { email, phoneNumber } = await voter();
    const dialect = new PgDialect();
    const statementsOf = async (contact: Contact) => {
      const statements: string[] = [];
      const database = db();
      const transaction = database.transaction.bind(database);
      const spy = vi.spyOn(database, 'transaction').mockImplementation((work, config) =>
        transaction(
          (tx) =>
            work(
              new Proxy(tx, {
                get(target, name, receiver) {
                  if (name !== 'execute') return Reflect.get(target, name, receiver) as unknown;
                  return (query: Parameters<Db['execute']>[0]) => {
                    if (typeof query !== 'string' && 'getSQL' in query) {
                      statements.push(dialect.sqlToQuery(query.getSQL()).sql);
                    }
                    return target.execute(query);
                  };
                },
              }),
            ),
          config,
        ),
      );
      const executeSpy = vi.spyOn(database, 'execute');
      try {
        expect((await askCode(contact)).status).toBe(202);
        expect(executeSpy).not.toHaveBeenCalled();
      } finally {
        spy.mockRestore();
        executeSpy.mockRestore();
      }
      return statements;
    };
    for (const [known, unknown] of [
      [{ email }, { email: `nobody-${next()}@example.com` }],
      [{ phoneNumber }, { phoneNumber: '237699000111' }],
    ] as const) {
      const knownStatements = await statementsOf(known);
      expect(knownStatements).toHaveLength(2);
      expect(await statementsOf(unknown)).toEqual(knownStatements);
    }
  });

  it('holds the answer to the floor for a recipient with receipts and one without', async () => {
    const { email } = await voter();
    for (const contact of [{ email }, { email: `nobody-${next()}@example.com` }]) {
      floorWaits.length = 0;
      let release = () => undefined as void;
      hold = new Promise<void>((resolve) => (release = resolve));
      let answered = false;
      const answer = askCode(contact).then((a) => ((answered = true), a));
      await vi.waitUntil(() => floorWaits.length === 1);
      // The database work is done and the answer is written, but not sent before the floor.
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(false);
      expect(floorWaits[0]).toBeGreaterThan(0);
      expect(floorWaits[0]).toBeLessThanOrEqual(FLOOR_MS);
      hold = null;
      release();
      expect((await answer).status).toBe(202);
    }
  });
}

describeEachDatabase('receipt lookup codes', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        RATE_LIMIT_LOOKUPS_PER_MINUTE: String(PER_ADDRESS),
        LOOKUP_CODE_ANSWER_FLOOR_MS: String(FLOOR_MS),
      },
      { lookupCodeDelay },
    );
  });
  afterAll(() => t.close());
  suite(() => t);
});

describePostgres('receipt lookup codes under concurrency [postgres]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      'postgres',
      { RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000', LOOKUP_CODE_ANSWER_FLOOR_MS: '0' },
      {},
    );
  });
  afterAll(() => t.close());

  it('accepts one of many simultaneous uses of a code, and issues 3 of many simultaneous asks', async () => {
    const db = t.database.db;
    const { nominations } = await createNominee(db, {});
    const email = `race-${next()}@example.com`;
    await createCompletedPayment(db, {
      provider: 'stripe',
      votes: [{ nominationId: nominations[0]!.id, voteCount: 1 }],
      payment: { voterEmail: email },
    });
    const asks = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, { method: 'POST', url: '/api/receipts/lookup/code', json: { email } }),
      ),
    );
    expect(asks.map((a) => a.status).sort()).toEqual([
      ...Array<number>(3).fill(202),
      ...Array<number>(5).fill(429),
    ]);
    const sent = await db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email))
      .orderBy(outboxMessages.createdAt);
    expect(sent).toHaveLength(3);
    const hashes = lookupCodeHashes(t.app.ctx.hashPhone);
    const recipient = hashes.recipient({ email });
    const rows = await db
      .select()
      .from(receiptLookupCodes)
      .where(eq(receiptLookupCodes.recipientHash, recipient));
    const live = rows.filter((r) => r.supersededAt === null);
    expect(live).toHaveLength(1);
    // The newest code, whichever request wrote it last.
    const code = sent
      .map((m) => /\b(\d{6})\b/.exec(m.body)![1]!)
      .find((c) => hashes.code(recipient, c) === live[0]!.codeHash);
    const uses = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, { method: 'POST', url: '/api/receipts/lookup', json: { email, code } }),
      ),
    );
    expect(uses.map((u) => u.status).sort()).toEqual([200, ...Array<number>(7).fill(422)]);
  });
});
