import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Results } from '#shared/schemas/event.js';
import type { LedgerDocument } from '#shared/schemas/ledger.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import {
  createCompletedPayment,
  createPendingPayment,
  revisePaymentAs,
  settlePayment,
} from '#test/factories/payment-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { runNpmScript } from '#test/support/app-role.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { verifyLedger } from './verify-results.js';

let t: TestApp;
let ledger: LedgerDocument;
let folder: string;
let changesLater: () => Promise<void>;
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
  changesLater = async () => {
    await revisePaymentAs(db, paid[2]!.id, { kind: 'refund', refundedAmount: paid[2]!.amount });
    await settlePayment(db, late.id, {
      status: 'completed',
      amount: late.amount,
      currency: late.currency,
    });
  };
  folder = await mkdtemp(join(tmpdir(), 'palmares-ledger-'));
});
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});

const copy = (): LedgerDocument => structuredClone(ledger);

describe('verify-results', () => {
  it('verifies a ledger the app built', () => {
    const verdict = verifyLedger(ledger);
    expect(verdict.lines.filter((l) => l.startsWith('✗'))).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(verdict.lines).toContain(`✓ Merkle root recomputed: ${ledger.root}`);
    expect(ledger.entries).toHaveLength(5);
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
    await writeFile(good, JSON.stringify(ledger));
    const verified = await runNpmScript('verify-results', [good], {});
    expect(verified.stdout).toMatch(/^VERIFIED/m);
    expect(verified.code).toBe(0);

    const doc = copy();
    doc.entries[0]!.votes[0]!.votes += 10;
    const bad = join(folder, 'tampered.json');
    await writeFile(bad, JSON.stringify(doc));
    const refused = await runNpmScript('verify-results', [bad], {});
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/✗ Merkle root mismatch/);
    expect(refused.stdout).toMatch(/^NOT VERIFIED/m);
  });

  it('given the address of the real app on a loopback port: compares with the published results, corrections (a refund, a late credit) included', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    await changesLater();
    const verified = await runNpmScript('verify-results', [`${address}/api/results/ledger`], {});
    expect(verified.stdout).toMatch(/✓ totals with 2 correction\(s\) equal/);
    expect(verified.stdout).toMatch(/✓ the published results' 3 counts equal the ledger's totals/);
    expect(verified.code).toBe(0);

    // A count the results show that the ledger does not account for: the site's answer doctored.
    const document: unknown = (await call(t.app, { url: '/api/results/ledger' })).body;
    const results = (await call<Results>(t.app, { url: '/api/results' })).body;
    if (!results.published) throw new Error('results not published');
    results.categories[0]!.nominees[0]!.voteCount += 1;
    const refused = verifyLedger(document, results);
    expect(refused.lines.join('\n')).toMatch(
      /✗ published results give \d+ votes to nomination \S+, the ledger \d+/,
    );
    expect(refused.ok).toBe(false);
  });
});
