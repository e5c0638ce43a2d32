import { createHash, scryptSync } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  resultsLedgerCorrections,
  resultsLedgerEntries,
  resultsLedgerNodes,
  resultsLedgers,
} from '#server/db/schema.js';
import type { Db } from '#server/db/client.js';
import { SYSTEM_ACTOR } from '#server/features/audit/record-audit.js';
import { publishResults } from '#server/features/event/event-store.js';
import { revisePayment } from '#server/payments/revise-payment.js';
import { settle, settleBatch } from '#server/payments/settle.js';
import { publishLedger, saltCreditedReceipts } from './publish-ledger.js';
import type { Results } from '#shared/schemas/event.js';
import type {
  LedgerCorrection,
  LedgerDocument,
  LedgerEntry,
  LedgerEntryProof,
} from '#shared/schemas/ledger.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { currentEdition, resetEvent } from '#test/factories/event-factory.js';
import {
  createCompletedPayment,
  createPendingPayment,
  revisePaymentAs,
  settlePayment,
} from '#test/factories/payment-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { tallyMismatches } from '#test/support/payment-test-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase, describePostgres } from '#test/support/test-database.js';

/*
 * The ledger's rules written again here from the format's sentences, sharing nothing with the
 * server's code: a mistake in one is then not repeated in the check.
 */
const digest = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leafOf = (entry: LedgerEntry) =>
  digest(
    Buffer.from([0]),
    Buffer.from(
      JSON.stringify({
        receiptHash: entry.receiptHash,
        salt: entry.salt,
        votes: entry.votes.map((v) => ({ nominationId: v.nominationId, votes: v.votes })),
      }),
    ),
  );
function rootOf(entries: LedgerEntry[]): string {
  let level: Buffer[] = entries.map(leafOf);
  if (level.length === 0) return digest().toString('hex');
  while (level.length > 1) {
    const up: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      up.push(
        i + 1 < level.length ? digest(Buffer.from([1]), level[i]!, level[i + 1]!) : level[i]!,
      );
    }
    level = up;
  }
  return level[0]!.toString('hex');
}
function rootFromProof(answer: LedgerEntryProof): string {
  if (!answer.entry) throw new Error('no entry under the root');
  let running = leafOf(answer.entry);
  for (const step of answer.proof) {
    const sibling = Buffer.from(step.hash, 'hex');
    running =
      step.side === 'left'
        ? digest(Buffer.from([1]), sibling, running)
        : digest(Buffer.from([1]), running, sibling);
  }
  return running.toString('hex');
}
/** Whether `code` is the receipt behind an entry or a correction, by its own salt. */
const isReceipt = (code: string) => (item: { receiptHash: string; salt?: string }) =>
  item.salt !== undefined &&
  scryptSync(code, item.salt, 32, { N: 1024, r: 8, p: 1 }).toString('hex') === item.receiptHash;
/** The chain read again from the rules: each link names the one before, the head is the last. */
function checkChain(ledger: Pick<LedgerDocument, 'root' | 'head' | 'corrections'>) {
  let previous = ledger.root;
  for (const correction of ledger.corrections) {
    const { hash, ...link } = correction;
    expect(link.previous).toBe(previous);
    expect(link.root).toBe(ledger.root);
    const ordered: Omit<LedgerCorrection, 'hash'> = {
      previous: link.previous,
      root: link.root,
      receiptHash: link.receiptHash,
      salt: link.salt,
      changes: link.changes.map((c) => ({ nominationId: c.nominationId, votes: c.votes })),
      reason: link.reason,
      at: link.at,
    };
    expect(hash).toBe(
      digest(Buffer.from([2]), Buffer.from(JSON.stringify(ordered))).toString('hex'),
    );
    previous = hash;
  }
  expect(ledger.head).toBe(previous);
}

/** Everything stored for the ledgers, to show it did not change. */
async function storedLedgerRows(db: Db) {
  return {
    ledgers: await db.select().from(resultsLedgers).orderBy(asc(resultsLedgers.id)),
    entries: await db
      .select()
      .from(resultsLedgerEntries)
      .orderBy(asc(resultsLedgerEntries.ledgerId), asc(resultsLedgerEntries.position)),
    nodes: await db
      .select()
      .from(resultsLedgerNodes)
      .orderBy(
        asc(resultsLedgerNodes.ledgerId),
        asc(resultsLedgerNodes.level),
        asc(resultsLedgerNodes.position),
      ),
  };
}

const nomineesOf = (results: Results) => {
  if (!results.published) throw new Error('results not published');
  return results.categories.flatMap((c) => c.nominees);
};
const votesByNomination = (results: Results) =>
  new Map(nomineesOf(results).map((n) => [n.nominationId, n.voteCount]));
/** The published count with the changes since, which the results list apart. */
const correctedByNomination = (results: Results) =>
  new Map(nomineesOf(results).map((n) => [n.nominationId, n.voteCount + n.changeSincePublication]));

describeEachDatabase('the published ledger', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000' });
    db = t.database.db;
    admin = (await signedInUser(db, { isAdmin: true })).headers;
  });
  afterAll(() => t.close());

  const publish = () =>
    call(t.app, { method: 'POST', url: '/api/admin/event/publish-results', headers: admin });
  const getLedger = () => call<LedgerDocument>(t.app, { url: '/api/results/ledger' });
  const getEntry = (code: string) =>
    call<LedgerEntryProof>(t.app, { url: `/api/results/ledger/entries/${code}` });
  const getResults = async () => (await call<Results>(t.app, { url: '/api/results' })).body;

  it('holds only credited votes, totals equal to the results, a root anyone can recompute, a proof for every entry; a refund, a dispute and a late credit afterwards are appended, the published rows unchanged', async () => {
    const category = await createCategory(db, { name: `Ledger ${kind}` });
    const other = await createCategory(db);
    const ayo = await createNominee(db, { categoryIds: [category.id, other.id] });
    const bebe = await createNominee(db, { categoryIds: [category.id] });
    const [ayoHere, ayoThere] = ayo.nominations.map((n) => n.id) as [string, string];
    const bebeHere = bebe.nominations[0]!.id;

    const split = await createCompletedPayment(db, {
      votes: [
        { nominationId: ayoHere, voteCount: 3 },
        { nominationId: ayoThere, voteCount: 2 },
      ],
    });
    const partly = await createCompletedPayment(db, {
      votes: [{ nominationId: bebeHere, voteCount: 4 }],
    });
    // A quarter of the money back: one vote of four leaves.
    await revisePaymentAs(db, partly.id, { kind: 'refund', refundedAmount: partly.amount / 4 });
    const refunded = await createCompletedPayment(db, {
      votes: [{ nominationId: bebeHere, voteCount: 5 }],
    });
    await revisePaymentAs(db, refunded.id, { kind: 'refund', refundedAmount: refunded.amount });
    const disputed = await createCompletedPayment(db, {
      votes: [{ nominationId: ayoHere, voteCount: 6 }],
    });
    await revisePaymentAs(db, disputed.id, {
      kind: 'dispute',
      disputeId: 'dp_ledger',
      status: 'needs_response',
    });
    const late = await createPendingPayment(db, {
      votes: [{ nominationId: ayoHere, voteCount: 7 }],
    });
    const failed = await createPendingPayment(db, {
      votes: [{ nominationId: bebeHere, voteCount: 8 }],
    });
    await settlePayment(db, failed.id, { status: 'failed', reason: 'declined' });
    const single = await createCompletedPayment(db, {
      votes: [{ nominationId: bebeHere, voteCount: 1 }],
    });

    expect((await getLedger()).status).toBe(404);
    expect((await getLedger()).body).toEqual({
      message: 'The results are not published yet: their ledger comes out with them.',
    });
    expect((await publish()).status).toBe(200);

    const answer = await getLedger();
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const ledger = answer.body;
    expect(ledger.format.version).toBe('palmares-ledger/2');
    expect(ledger.format.receiptHash).toEqual({
      function: 'scrypt',
      N: 1024,
      r: 8,
      p: 1,
      dkLen: 32,
    });
    expect(ledger.salt).toBeUndefined();
    expect(ledger.head).toBe(ledger.root);
    expect(ledger.entryCount).toBe(3);
    expect(ledger.entries).toHaveLength(3);
    // No phone, e-mail, amount or payment id: only the salted hash and the votes.
    const text = answer.bytes.toString('utf8');
    for (const p of [split, partly, single]) {
      expect(text).not.toContain(p.id);
      expect(text).not.toContain(p.receiptCode!);
    }
    for (const entry of ledger.entries)
      expect(Object.keys(entry)).toEqual(['receiptHash', 'salt', 'votes']);
    // One salt per receipt: a guessed code is tried against one entry at a time.
    expect(new Set(ledger.entries.map((e) => e.salt)).size).toBe(3);
    // The key the salts come from stays in the database.
    const [stored] = await db.select().from(resultsLedgers).orderBy(desc(resultsLedgers.id));
    expect(stored!.saltKey).toMatch(/^[0-9a-f]{64}$/);
    expect(text).not.toContain(stored!.saltKey);

    const entryOf = (code: string) => ledger.entries.find(isReceipt(code));
    expect(entryOf(split.receiptCode!)?.votes).toEqual(
      [
        { nominationId: ayoHere, votes: 3 },
        { nominationId: ayoThere, votes: 2 },
      ].sort((a, b) => (a.nominationId < b.nominationId ? -1 : 1)),
    );
    expect(entryOf(partly.receiptCode!)?.votes).toEqual([{ nominationId: bebeHere, votes: 3 }]);
    expect(entryOf(single.receiptCode!)?.votes).toEqual([{ nominationId: bebeHere, votes: 1 }]);
    expect(entryOf(refunded.receiptCode!)).toBeUndefined();
    expect(entryOf(disputed.receiptCode!)).toBeUndefined();

    const hashes = ledger.entries.map((e) => e.receiptHash);
    expect(hashes).toEqual([...hashes].sort());
    expect(ledger.root).toBe(rootOf(ledger.entries));
    const counts = votesByNomination(await getResults());
    expect(ledger.totals.atPublication).toEqual(
      [ayoHere, ayoThere, bebeHere]
        .sort()
        .map((id) => ({ nominationId: id, votes: counts.get(id) })),
    );
    expect(ledger.totals.withCorrections).toEqual(ledger.totals.atPublication);
    expect(ledger.corrections).toEqual([]);

    // Every entry of this odd-sized ledger proves its way to the root.
    for (const p of [split, partly, single]) {
      const proof = await getEntry(p.receiptCode!.toLowerCase());
      expect(proof.status).toBe(200);
      expect(proof.body.entry).toEqual(entryOf(p.receiptCode!));
      expect(proof.body.root).toBe(ledger.root);
      expect(ledger.entries[proof.body.leafIndex!]).toEqual(proof.body.entry);
      expect(rootFromProof(proof.body)).toBe(ledger.root);
      expect(proof.body.corrections).toEqual([]);
      expect(proof.body).toMatchObject({ head: ledger.root, correctionCount: 0 });
    }
    // Not credited, never completed, never existed: one answer.
    const notIn = {
      status: 404,
      body: {
        message: 'This receipt code is not in the published ledger. Check it and try again.',
      },
    };
    for (const code of [refunded.receiptCode!, disputed.receiptCode!, 'ZZZZZZZZZZZZ']) {
      expect(await getEntry(code)).toMatchObject(notIn);
    }
    expect((await getEntry('not-a-code!')).status).toBe(400);
    expect((await getEntry('ABCDEFGHJKMNPQ')).status).toBe(400);

    // After publication: half of the split payment's money goes back, another's dispute opens,
    // and a payment still pending at publication completes.
    const before = await storedLedgerRows(db);
    await revisePaymentAs(db, split.id, { kind: 'refund', refundedAmount: split.amount / 2 });
    await revisePaymentAs(db, partly.id, {
      kind: 'dispute',
      disputeId: 'dp_after',
      status: 'needs_response',
    });
    const settled = await settlePayment(db, late.id, {
      status: 'completed',
      amount: late.amount,
      currency: late.currency,
    });
    const lateCode = settled.receiptCode!;
    expect(await storedLedgerRows(db)).toEqual(before);
    expect(await tallyMismatches(db)).toEqual([]);

    const corrected = (await getLedger()).body;
    expect(corrected.root).toBe(ledger.root);
    expect(corrected.entries).toEqual(ledger.entries);
    expect(corrected.totals.atPublication).toEqual(ledger.totals.atPublication);
    checkChain(corrected);
    expect(corrected.head).not.toBe(ledger.root);
    const receiptOf = (c: LedgerCorrection) =>
      [split.receiptCode!, partly.receiptCode!, lateCode].find((code) => isReceipt(code)(c));
    expect(corrected.corrections.map((c) => [receiptOf(c), c.reason, c.changes])).toEqual([
      [
        split.receiptCode!,
        'refund',
        // 5 votes kept of 5 becomes 2 (rounded down from 2.5), taken where the split says.
        expect.arrayContaining([{ nominationId: ayoHere, votes: expect.any(Number) as number }]),
      ],
      [partly.receiptCode!, 'dispute', [{ nominationId: bebeHere, votes: -3 }]],
      [lateCode, 'credit', [{ nominationId: ayoHere, votes: 7 }]],
    ]);
    // A correction to an entry names it by the entry's hash and salt.
    expect(corrected.corrections[0]).toMatchObject({
      receiptHash: entryOf(split.receiptCode!)!.receiptHash,
      salt: entryOf(split.receiptCode!)!.salt,
    });
    const splitChange = corrected.corrections[0]!.changes.reduce((sum, c) => sum + c.votes, 0);
    expect(splitChange).toBe(-3);
    for (const correction of corrected.corrections) expect(Date.parse(correction.at)).not.toBeNaN();
    // The results keep the figures published and list the corrections apart.
    const results = await getResults();
    const published = votesByNomination(results);
    for (const total of corrected.totals.atPublication) {
      expect(total.votes).toBe(published.get(total.nominationId));
    }
    const now = correctedByNomination(results);
    for (const total of corrected.totals.withCorrections) {
      expect(total.votes).toBe(now.get(total.nominationId));
    }
    // Counted after publication: no entry under the root, its votes in its correction alone.
    const lateProof = await getEntry(lateCode);
    expect(lateProof.status).toBe(200);
    expect(lateProof.body).toMatchObject({ entry: null, leafIndex: null, proof: [] });
    expect(lateProof.body.corrections).toEqual([corrected.corrections[2]]);
    expect(lateProof.body).toMatchObject({ head: corrected.head, correctionCount: 3 });
    const head = await call(t.app, { url: '/api/results/ledger/head' });
    expect(head.body).toEqual({
      ledger: {
        publishedAt: ledger.publishedAt,
        root: ledger.root,
        head: corrected.head,
        correctionCount: 3,
      },
    });
    const splitProof = await getEntry(split.receiptCode!);
    expect(splitProof.body.corrections).toEqual([corrected.corrections[0]]);
    expect(rootFromProof(splitProof.body)).toBe(ledger.root);
  });

  it('appends each payment of a batch completing after publication as its own credit', async () => {
    const a = (await createNominee(db)).nominations[0]!.id;
    const b = (await createNominee(db)).nominations[0]!.id;
    const both = await createPendingPayment(db, {
      votes: [
        { nominationId: a, voteCount: 2 },
        { nominationId: b, voteCount: 1 },
      ],
    });
    const one = await createPendingPayment(db, { votes: [{ nominationId: b, voteCount: 4 }] });
    const [bothDone, oneDone] = await settleBatch(
      { db, outbox: null },
      [both, one].map((payment) => ({
        paymentId: payment.id,
        outcome: { status: 'completed', amount: payment.amount, currency: payment.currency },
        source: 'webhook',
      })),
    );
    const document = (await getLedger()).body;
    checkChain(document);
    const byNomination = (x: { nominationId: string }, y: { nominationId: string }) =>
      x.nominationId < y.nominationId ? -1 : 1;
    const creditOf = (code: string | null | undefined) =>
      document.corrections.filter(isReceipt(code!)).map((c) => [c.reason, c.changes]);
    expect(creditOf(bothDone?.receiptCode)).toEqual([
      [
        'credit',
        [
          { nominationId: a, votes: 2 },
          { nominationId: b, votes: 1 },
        ].sort(byNomination),
      ],
    ]);
    expect(creditOf(oneDone?.receiptCode)).toEqual([['credit', [{ nominationId: b, votes: 4 }]]]);
    expect(await tallyMismatches(db)).toEqual([]);
  });

  it('stored rows refuse UPDATE, DELETE and TRUNCATE, even to the owner, and a reason not known', async () => {
    const before = await storedLedgerRows(db);
    const [ledger] = await db.select().from(resultsLedgers);
    expect(ledger).toBeDefined();
    for (const statement of [
      sql`UPDATE results_ledgers SET root = repeat('0', 64)`,
      sql`DELETE FROM results_ledger_entries`,
      sql`UPDATE results_ledger_nodes SET hash = repeat('0', 64)`,
      sql`DELETE FROM results_ledger_corrections`,
      sql`TRUNCATE results_ledger_entries`,
    ]) {
      const error = await db.execute(statement).then(
        () => null,
        (refused: unknown) => refused,
      );
      // insufficient_privilege, raised by the migration's triggers.
      expect(
        (error as { cause?: { code?: string }; code?: string }).cause?.code ??
          (error as { code?: string }).code,
      ).toBe('42501');
    }
    await expect(
      db.insert(resultsLedgerCorrections).values({
        ledgerId: ledger!.id,
        receiptHash: '0'.repeat(64),
        changes: [],
        reason: 'gift' as 'refund',
        at: new Date(),
      }),
    ).rejects.toThrow();
    expect(await storedLedgerRows(db)).toEqual(before);
  });

  it('answers 404 with its own message for results published without a ledger, and a head of none', async () => {
    await resetEvent(db);
    await db.execute(
      sql`UPDATE editions SET results_published_at = now() - interval '1 day' WHERE is_current`,
    );
    t.app.ctx.events.emit('event-changed');
    expect(await getLedger()).toMatchObject({
      status: 404,
      body: { message: 'These results were published without a ledger.' },
    });
    expect((await getEntry('ABCDEFGHJKMN')).status).toBe(404);
    // The results page asks for the seals: an answer, not a missing page, so nothing is logged.
    expect(await call(t.app, { url: '/api/results/ledger/head' })).toMatchObject({
      status: 200,
      body: { ledger: null },
    });
    await resetEvent(db);
    t.app.ctx.events.emit('event-changed');
  });
});

describe('a ledger of one entry', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('has the leaf for root and an empty proof that verifies', async () => {
    t = await createTestApp('pglite');
    const db = t.database.db;
    const { nominations } = await createNominee(db);
    const paid = await createCompletedPayment(db, {
      votes: [{ nominationId: nominations[0]!.id, voteCount: 2 }],
    });
    const admin = (await signedInUser(db, { isAdmin: true })).headers;
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/admin/event/publish-results',
      headers: admin,
    });
    expect(answer.status).toBe(200);
    const ledger = (await call<LedgerDocument>(t.app, { url: '/api/results/ledger' })).body;
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.root).toBe(leafOf(ledger.entries[0]!).toString('hex'));
    const proof = await call<LedgerEntryProof>(t.app, {
      url: `/api/results/ledger/entries/${paid.receiptCode}`,
    });
    expect(proof.body).toMatchObject({ leafIndex: 0, proof: [], entryCount: 1 });
    expect(rootFromProof(proof.body)).toBe(ledger.root);
  });
});

describeEachDatabase('receipts salted before the publication', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('are published as salted; one credited since is salted in the transaction, one refunded since left out', async () => {
    const db = t.database.db;
    await resetEvent(db);
    const nominationId = (await createNominee(db)).nominations[0]!.id;
    const votes = (voteCount: number) => ({ votes: [{ nominationId, voteCount }] });
    const early = await createCompletedPayment(db, votes(2));
    const refunded = await createCompletedPayment(db, votes(5));
    const edition = await currentEdition(db);
    const salted = await saltCreditedReceipts(db, edition);
    expect([...salted.hashes.keys()].sort()).toEqual(
      [early.receiptCode, refunded.receiptCode].sort(),
    );
    const late = await createCompletedPayment(db, votes(3));
    await revisePaymentAs(db, refunded.id, { kind: 'refund', refundedAmount: refunded.amount });
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE editions SET results_published_at = now() WHERE is_current`);
      await publishLedger(tx, edition, salted);
    });

    const [ledger] = await db
      .select()
      .from(resultsLedgers)
      .orderBy(desc(resultsLedgers.id))
      .limit(1);
    expect(ledger!.saltKey).toBe(salted.saltKey);
    const entries = await db
      .select()
      .from(resultsLedgerEntries)
      .where(eq(resultsLedgerEntries.ledgerId, ledger!.id));
    const entryOf = (code: string | null) =>
      entries.find((e) => isReceipt(code!)({ ...e, salt: e.salt ?? undefined }));
    expect(entries).toHaveLength(2);
    expect(entryOf(early.receiptCode)?.receiptHash).toBe(
      salted.hashes.get(early.receiptCode!)?.receiptHash,
    );
    expect(entryOf(early.receiptCode)?.votes).toEqual([{ nominationId, votes: 2 }]);
    expect(entryOf(late.receiptCode)?.votes).toEqual([{ nominationId, votes: 3 }]);
    expect(entryOf(refunded.receiptCode)).toBeUndefined();
    await resetEvent(db);
  });
});

describeEachDatabase('a ledger published before receipts had salts of their own', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('is still served by its own rule, its older correction linked in order, and a new one chained after it', async () => {
    const db = t.database.db;
    await resetEvent(db);
    const nominationId = (await createNominee(db)).nominations[0]!.id;
    const paid = await createCompletedPayment(db, { votes: [{ nominationId, voteCount: 4 }] });
    // As the first design stored it: one public salt, sha256(salt + code), no links.
    const salt = 'a1'.repeat(32);
    const receiptHash = createHash('sha256')
      .update(salt + paid.receiptCode!)
      .digest('hex');
    const entry = { receiptHash, votes: [{ nominationId, votes: 4 }] };
    await db.execute(sql`UPDATE editions SET results_published_at = now() WHERE is_current`);
    const [legacy] = await db
      .insert(resultsLedgers)
      .values({
        editionId: await currentEdition(db),
        publishedAt: sql`(SELECT results_published_at FROM editions WHERE is_current)`,
        salt,
        root: rootOf([entry]),
        entryCount: 1,
        totals: [{ nominationId, votes: 4 }],
      })
      .returning();
    await db
      .insert(resultsLedgerEntries)
      .values({ ledgerId: legacy!.id, position: 0, receiptHash, votes: entry.votes });
    await db.insert(resultsLedgerCorrections).values({
      ledgerId: legacy!.id,
      receiptHash: 'c'.repeat(64),
      changes: [{ nominationId, votes: 1 }],
      reason: 'credit',
      at: new Date('2026-11-26T20:00:00.000Z'),
    });
    t.app.ctx.events.emit('event-changed');

    await revisePaymentAs(db, paid.id, { kind: 'refund', refundedAmount: paid.amount / 2 });
    const answer = await call<LedgerDocument>(t.app, { url: '/api/results/ledger' });
    expect(answer.status).toBe(200);
    const ledger = answer.body;
    expect(ledger.format.receiptHash).toEqual({ function: 'sha256' });
    expect(ledger.salt).toBe(salt);
    expect(ledger.entries).toEqual([entry]);
    expect(ledger.root).toBe(legacy!.root);
    checkChain(ledger);
    expect(ledger.corrections.map((c) => [c.receiptHash, c.reason, c.salt])).toEqual([
      ['c'.repeat(64), 'credit', undefined],
      [receiptHash, 'refund', undefined],
    ]);
    // The new link was stored after the older one's computed hash.
    const stored = await db
      .select()
      .from(resultsLedgerCorrections)
      .where(eq(resultsLedgerCorrections.ledgerId, legacy!.id))
      .orderBy(asc(resultsLedgerCorrections.id));
    expect(stored.map((c) => [c.previous, c.hash])).toEqual([
      [null, null],
      [ledger.corrections[0]!.hash, ledger.head],
    ]);
    const proof = await call<LedgerEntryProof>(t.app, {
      url: `/api/results/ledger/entries/${paid.receiptCode}`,
    });
    expect(proof.body).toMatchObject({
      entry,
      leafIndex: 0,
      head: ledger.head,
      correctionCount: 2,
    });
    expect(proof.body.corrections).toEqual([ledger.corrections[1]]);
  });
});

describePostgres('revisions after publication at the same moment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());

  it('append one after the other: the chain never forks', async () => {
    const db = t.database.db;
    await resetEvent(db);
    const nominationId = (await createNominee(db)).nominations[0]!.id;
    const paid = [];
    for (let i = 0; i < 6; i++)
      paid.push(await createCompletedPayment(db, { votes: [{ nominationId, voteCount: 2 }] }));
    await publishResults(db, SYSTEM_ACTOR);
    t.app.ctx.events.emit('event-changed');
    await Promise.all(
      paid.map((p) => revisePaymentAs(db, p.id, { kind: 'refund', refundedAmount: p.amount })),
    );
    const ledger = (await call<LedgerDocument>(t.app, { url: '/api/results/ledger' })).body;
    expect(ledger.corrections).toHaveLength(6);
    checkChain(ledger);
  });
});

describe('the entry lookup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { RATE_LIMIT_LOOKUPS_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('is limited per address like the receipt lookup, and says so in the voter’s language', async () => {
    const ask = () =>
      call(t.app, {
        url: '/api/results/ledger/entries/ABCDEFGHJKMN',
        headers: { 'accept-language': 'fr' },
      });
    // Not published: refused, but counted all the same, so guessing codes costs the same.
    expect((await ask()).status).toBe(404);
    expect((await ask()).status).toBe(404);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Trop de demandes\./);
    // The whole document has a limit of its own, looser: one download is all a check needs.
    const download = () => call(t.app, { url: '/api/results/ledger' });
    for (let i = 0; i < 10; i += 1) expect((await download()).status).toBe(404);
    expect((await download()).status).toBe(429);
  });
});

describePostgres('a revision and a publication at the same moment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const settledYet = async (promise: Promise<unknown>) =>
    Promise.race([promise.then(() => true), pause(300).then(() => false)]);

  interface Paid {
    id: string;
    amount: number;
    currency: string;
    receiptCode: string | null;
  }
  type InTransaction = (() => Promise<void>) | undefined;
  /**
   * The two changes that race a publication, through their one writer each (revisePayment(),
   * settle()), which holds the event row FOR SHARE. `apply` answers the payment's receipt code.
   */
  const CHANGES = {
    refund: {
      start: (db: Db, nominationId: string): Promise<Paid> =>
        createCompletedPayment(db, { votes: [{ nominationId, voteCount: 4 }] }),
      apply: async (db: Db, paid: Paid, inTransaction: InTransaction) => {
        await revisePayment(
          { db, outbox: null },
          paid.id,
          { kind: 'refund', refundedAmount: paid.amount / 2 },
          'admin',
          { inTransaction },
        );
        return paid.receiptCode;
      },
    },
    completion: {
      start: (db: Db, nominationId: string): Promise<Paid> =>
        createPendingPayment(db, { votes: [{ nominationId, voteCount: 3 }] }),
      apply: async (db: Db, late: Paid, inTransaction: InTransaction) => {
        const { receiptCode } = await settle(
          { db, outbox: null },
          late.id,
          { status: 'completed', amount: late.amount, currency: late.currency },
          'webhook',
          { inTransaction },
        );
        return receiptCode;
      },
    },
  } as const;

  /*
   * Whichever starts first, the other waits for it, and the ledger counts the change once: in
   * the payment's entry when the change came first, as a correction when the publication did.
   * Each row: the change, which starts first, the votes of the payment's entry (null: none, it was
   * pending at publication), and the corrections appended as [reason, votes].
   */
  it.each([
    ['refund', 'publication', 4, [['refund', -2]]],
    ['refund', 'change', 2, []],
    ['completion', 'publication', null, [['credit', 3]]],
    ['completion', 'change', 3, []],
  ] as const)(
    'a %s and a publication, the %s first: the other waits, and the ledger counts it once',
    async (change, first, entry, corrections) => {
      const db = t.database.db;
      await resetEvent(db);
      const nominationId = (await createNominee(db)).nominations[0]!.id;
      const { start, apply } = CHANGES[change];
      const payment = await start(db, nominationId);
      let receiptCode: string | null;
      if (first === 'publication') {
        let applied: Promise<string | null> | undefined;
        await db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE editions SET results_published_at = now() WHERE is_current`);
          await publishLedger(tx, await currentEdition(tx));
          applied = apply(db, payment, undefined);
          expect(await settledYet(applied)).toBe(false);
        });
        receiptCode = await applied!;
      } else {
        let publication: Promise<unknown> | undefined;
        receiptCode = await apply(db, payment, async () => {
          publication = publishResults(db, SYSTEM_ACTOR);
          expect(await settledYet(publication)).toBe(false);
        });
        await publication;
      }

      const [ledger] = await db
        .select()
        .from(resultsLedgers)
        .orderBy(desc(resultsLedgers.id))
        .limit(1);
      const entries = await db
        .select()
        .from(resultsLedgerEntries)
        .where(eq(resultsLedgerEntries.ledgerId, ledger!.id));
      const mine = entries.find((e) =>
        isReceipt(receiptCode!)({ ...e, salt: e.salt ?? undefined }),
      );
      expect(mine?.votes ?? null).toEqual(entry === null ? null : [{ nominationId, votes: entry }]);
      const appended = await db
        .select()
        .from(resultsLedgerCorrections)
        .where(eq(resultsLedgerCorrections.ledgerId, ledger!.id));
      expect(appended.map((c) => [c.reason, c.changes])).toEqual(
        corrections.map(([reason, votes]) => [reason, [{ nominationId, votes }]]),
      );
    },
  );
});
