import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editions } from '#server/db/schema.js';
import type { Results } from '#shared/schemas/event.js';
import type { LedgerDocument } from '#shared/schemas/ledger.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import {
  createCompletedPayment,
  createPendingPayment,
  revisePaymentAs,
  settlePayment,
} from '#test/factories/payment-factory.js';
import { createEdition, makeCurrentEdition } from '#test/factories/edition-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { runNpmScript } from '#test/support/app-role.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { verifyLedger } from './verify-results.js';

let t: TestApp;
/** As published, and once a refund and a late credit have been appended. */
let ledger: LedgerDocument;
let corrected: LedgerDocument;
let folder: string;
beforeAll(async () => {
  t = await createTestApp('pglite');
  const db = t.database.db;
  const category = await createCategory(db, { name: 'Verified' });
  const nominees = [];
  for (let i = 0; i < 3; i++)
    nominees.push(await createNominee(db, { categoryIds: [category.id] }));
  // Five entries: an odd count, so a node is carried up.
  const paid: { id: string; amount: number }[] = [];
  for (const [i, votes] of [3, 1, 4, 1, 5].entries()) {
    paid.push(
      await createCompletedPayment(db, {
        votes: [{ nominationId: nominees[i % 3]!.nominations[0]!.id, voteCount: votes }],
      }),
    );
  }
  // Still pending at publication: its votes arrive later, as a credit correction.
  const late = await createPendingPayment(db, {
    votes: [{ nominationId: nominees[0]!.nominations[0]!.id, voteCount: 2 }],
  });
  const admin = (await signedInUser(db, { isAdmin: true })).headers;
  await call(t.app, { method: 'POST', url: '/api/admin/event/publish-results', headers: admin });
  ledger = (await call<LedgerDocument>(t.app, { url: '/api/results/ledger' })).body;
  await revisePaymentAs(db, paid[2]!.id, { kind: 'refund', refundedAmount: paid[2]!.amount });
  await settlePayment(db, late.id, {
    status: 'completed',
    amount: late.amount,
    currency: late.currency,
  });
  corrected = (await call<LedgerDocument>(t.app, { url: '/api/results/ledger' })).body;
  folder = await mkdtemp(join(tmpdir(), 'palmares-ledger-'));
});
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});

const copy = (): LedgerDocument => structuredClone(ledger);

/** Adds `change` to the corrected total of its nomination, as a forger would to stay consistent. */
function adjustTotal(doc: LedgerDocument, nominationId: string, change: number) {
  const total = doc.totals.withCorrections.find((v) => v.nominationId === nominationId);
  if (total) total.votes += change;
  else {
    doc.totals.withCorrections.push({ nominationId, votes: change });
    doc.totals.withCorrections.sort((a, b) => (a.nominationId < b.nominationId ? -1 : 1));
  }
}

/** Relinks every correction and the head, as a forger who read the rules would. */
function rechain(doc: LedgerDocument) {
  let previous = doc.root;
  for (const c of doc.corrections) {
    c.previous = previous;
    const canonical = JSON.stringify({
      previous: c.previous,
      root: c.root,
      receiptHash: c.receiptHash,
      salt: c.salt,
      changes: c.changes.map((v) => ({ nominationId: v.nominationId, votes: v.votes })),
      reason: c.reason,
      at: c.at,
    });
    c.hash = createHash('sha256')
      .update(Buffer.concat([Buffer.from([2]), Buffer.from(canonical)]))
      .digest('hex');
    previous = c.hash;
  }
  doc.head = previous;
}

/** The three forgeries of the issue, each with the corrected totals made to agree. */
const FORGERIES: [string, (doc: LedgerDocument) => void][] = [
  [
    "a correction's votes changed (the refund takes one vote, not all)",
    (doc) => {
      const change = doc.corrections[0]!.changes[0]!;
      adjustTotal(doc, change.nominationId, -1 - change.votes);
      change.votes = -1;
    },
  ],
  [
    'a correction deleted',
    (doc) => {
      const [removed] = doc.corrections.splice(0, 1);
      for (const change of removed!.changes) adjustTotal(doc, change.nominationId, -change.votes);
    },
  ],
  [
    'a correction forged: 500 votes credited to an invented receipt',
    (doc) => {
      const nominationId = doc.totals.atPublication[0]!.nominationId;
      doc.corrections.push({
        ...doc.corrections.at(-1)!,
        receiptHash: 'e'.repeat(64),
        salt: 'e'.repeat(32),
        changes: [{ nominationId, votes: 500 }],
        reason: 'credit',
      });
      adjustTotal(doc, nominationId, 500);
    },
  ],
];

describe('verify-results', () => {
  let address: string | undefined;
  /** The app on a loopback port, started by the first test that needs it. */
  const listening = async () => (address ??= await t.app.listen({ host: '127.0.0.1', port: 0 }));

  it('verifies a ledger the app built', () => {
    const verdict = verifyLedger(ledger);
    expect(verdict.lines.filter((l) => l.startsWith('✗'))).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(verdict.lines).toContain(`✓ Merkle root recomputed: ${ledger.root}`);
    expect(ledger.entries).toHaveLength(5);
    expect(ledger.head).toBe(ledger.root);
  });

  it('verifies the chain of corrections the app appended, and the root and head given', () => {
    expect(corrected.corrections.map((c) => c.reason)).toEqual(['refund', 'credit']);
    const verdict = verifyLedger(corrected, { root: ledger.root, head: corrected.head });
    expect(verdict.lines.filter((l) => l.startsWith('✗'))).toEqual([]);
    expect(verdict.lines).toContain(
      `✓ corrections chain of 2 link(s) recomputed, head ${corrected.head}`,
    );
    expect(verdict.lines).toContain('✓ the chain head is the one given (--head)');
    expect(verdict.ok).toBe(true);
  });

  for (const [what, forge] of FORGERIES) {
    it(`refuses ${what}: the chain breaks, and relinked it no longer ends at the head given`, () => {
      const doc = structuredClone(corrected);
      forge(doc);
      const broken = verifyLedger(doc);
      expect(broken.ok).toBe(false);
      expect(broken.lines.filter((l) => l.startsWith('✗')).join('\n')).toMatch(
        /chain broken at correction|was changed: its hash says|chain head mismatch/,
      );
      // The totals were made to agree: only the chain tells.
      expect(broken.lines.join('\n')).toMatch(/✓ totals with \d+ correction\(s\) equal/);

      rechain(doc);
      expect(verifyLedger(doc).ok).toBe(true);
      const refused = verifyLedger(doc, { root: ledger.root, head: corrected.head });
      expect(refused.ok).toBe(false);
      expect(refused.lines.filter((l) => l.startsWith('✗')).join('\n')).toMatch(
        /the chain head is not the one given \(--head/,
      );
    });
  }

  it('says a head given from before the last corrections is an earlier link, and refuses it', () => {
    const verdict = verifyLedger(corrected, { head: ledger.root });
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.join('\n')).toMatch(
      /that head is an earlier link, and 2 correction\(s\) were appended after it/,
    );
    expect(verifyLedger(corrected, { root: 'a'.repeat(64) }).lines.join('\n')).toMatch(
      /✗ the root is not the one given/,
    );
  });

  const tampered: [string, (doc: LedgerDocument) => void, RegExp][] = [
    [
      "an entry's votes changed",
      (doc) => {
        doc.entries[1]!.votes[0]!.votes += 1;
      },
      /Merkle root mismatch/,
    ],
    [
      'an entry removed',
      (doc) => {
        doc.entries.splice(2, 1);
      },
      /entryCount says 5, the document holds 4 entries/,
    ],
    [
      'the root changed',
      (doc) => {
        doc.root = 'f'.repeat(64);
      },
      /Merkle root mismatch: the document says f{64}/,
    ],
    [
      'a total changed',
      (doc) => {
        doc.totals.atPublication[0]!.votes += 1;
        doc.totals.withCorrections[0]!.votes += 1;
      },
      /totals at publication: nomination \S+ is stated \d+, the entries add up to \d+/,
    ],
    [
      'entries reordered',
      (doc) => {
        doc.entries.reverse();
      },
      /out of order/,
    ],
  ];
  for (const [what, tamper, reason] of tampered) {
    it(`refuses a ledger with ${what}, saying why`, () => {
      const doc = copy();
      tamper(doc);
      const verdict = verifyLedger(doc);
      expect(verdict.ok).toBe(false);
      expect(verdict.lines.filter((l) => l.startsWith('✗')).join('\n')).toMatch(reason);
    });
  }

  it('as a command: exit 0 and VERIFIED for the file, exit 1 and the reason for a tampered one', async () => {
    const good = join(folder, 'ledger.json');
    await writeFile(good, JSON.stringify(corrected));
    const sealed = ['--root', corrected.root, '--head', corrected.head];
    const verified = await runNpmScript('verify-results', [good, ...sealed], {});
    expect(verified.stdout).toMatch(/^VERIFIED/m);
    expect(verified.code).toBe(0);

    const forged = structuredClone(corrected);
    FORGERIES[2]![1](forged);
    rechain(forged);
    const forgedFile = join(folder, 'forged.json');
    await writeFile(forgedFile, JSON.stringify(forged));
    const caught = await runNpmScript('verify-results', [forgedFile, ...sealed], {});
    expect(caught.stdout).toMatch(/✗ the chain head is not the one given/);
    expect(caught.code).toBe(1);
    expect((await runNpmScript('verify-results', [good, '--head', 'nope'], {})).code).toBe(2);

    const doc = copy();
    doc.entries[0]!.votes[0]!.votes += 10;
    const bad = join(folder, 'tampered.json');
    await writeFile(bad, JSON.stringify(doc));
    const refused = await runNpmScript('verify-results', [bad], {});
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/✗ Merkle root mismatch/);
    expect(refused.stdout).toMatch(/^NOT VERIFIED/m);
  });

  it('given the address of the real app on a loopback port: compares with the published results, corrections (a refund, a late credit) included, and with the root and head the site shows', async () => {
    const address = await listening();
    const verified = await runNpmScript('verify-results', [`${address}/api/results/ledger`], {});
    expect(verified.stdout).toMatch(/✓ totals with 2 correction\(s\) equal/);
    expect(verified.stdout).toMatch(/✓ the published results' 3 counts equal the ledger's totals/);
    expect(verified.stdout).toMatch(/✓ the root and head equal the ones the site shows/);
    expect(verified.code).toBe(0);

    // A ledger the site no longer vouches for: its head is not the one the site shows.
    const forged = structuredClone(corrected);
    FORGERIES[1]![1](forged);
    rechain(forged);
    const site = (await call(t.app, { url: '/api/results/ledger/head' })).body;
    expect(verifyLedger(forged, { site }).lines.join('\n')).toMatch(
      /✗ the site shows root \S+ and head \S+, the document/,
    );

    // A site that shows no ledger vouches for none.
    expect(verifyLedger(corrected, { site: { ledger: null } }).lines.join('\n')).toMatch(
      /✗ the site shows no ledger for its published results/,
    );

    // A count the results show that the ledger does not account for: the site's answer doctored.
    const document: unknown = (await call(t.app, { url: '/api/results/ledger' })).body;
    const results = (await call<Results>(t.app, { url: '/api/results' })).body;
    if (!results.published) throw new Error('results not published');
    results.categories[0]!.nominees[0]!.voteCount += 1;
    const refused = verifyLedger(document, { results });
    expect(refused.lines.join('\n')).toMatch(
      /✗ published results give \d+ votes to nomination \S+, the ledger \d+/,
    );
    expect(refused.ok).toBe(false);
  });

  it('checks an earlier edition’s ledger by its address once another edition is current', async () => {
    const { db } = t.app.ctx;
    const [published] = await db.select().from(editions).where(eq(editions.isCurrent, true));
    const next = await createEdition(db);
    await makeCurrentEdition(db, next.id);
    t.app.ctx.events.emit('event-changed');
    try {
      const address = await listening();
      const url = `${address}/api/results/ledger?edition=${published!.slug}`;
      const verified = await runNpmScript('verify-results', [url], {});
      expect(verified.stdout).toMatch(
        /✓ the published results' 3 counts equal the ledger's totals/,
      );
      expect(verified.stdout).toMatch(/✓ the root and head equal the ones the site shows/);
      expect(verified.code).toBe(0);
      // The current edition has published nothing yet: there is no ledger at the bare address.
      const current = await runNpmScript('verify-results', [`${address}/api/results/ledger`], {});
      expect(current.code).toBe(2);
    } finally {
      await makeCurrentEdition(db, published!.id);
      t.app.ctx.events.emit('event-changed');
    }
  });
});
