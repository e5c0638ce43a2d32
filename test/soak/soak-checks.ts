import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { FinanceReport } from '#shared/schemas/finance.js';
import type { FakeCampay } from '#test/fakes/fake-campay.js';
import type { FakeStripe } from '#test/fakes/fake-stripe.js';
import { tallyMismatches } from '#test/support/payment-test-kit.js';
// The ledger is verified by `npm run verify-results`'s own checker, which lives beside its command
// and imports nothing from the app on purpose; no subpath names the scripts folder.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { verifyLedger } from '../../scripts/verify-results.js';
import type { SoakTarget } from './soak-target.js';

export interface SoakCheck {
  name: string;
  ok: boolean;
  /** The figures compared, one line. */
  figures: string;
  /** The first problems found, each naming its payment. */
  problems: string[];
}

interface PaymentRow {
  id: string;
  provider: 'campay' | 'stripe';
  status: string;
  amount: number;
  currency: string;
  refunded_amount: number;
  receipt_code: string | null;
  failure_reason: string | null;
  dispute_status: string | null;
  /** Seconds before the checks that the payment was settled and last asked about; null: never. */
  settled_ago: number | null;
  checked_ago: number | null;
  has_ref: boolean;
}

/** Money the fakes say moved, per payment id, from their own records. */
interface ProviderMoney {
  /** Successful collections (Campay) or charges (Stripe) per payment id. */
  collections: Map<string, number[]>;
  collected: { XAF: number; USD: number };
  refunded: { XAF: number; USD: number };
  /** Money sent back per payment id. */
  refundsByPayment: Map<string, number>;
  /** Each dispute's status at Stripe, by the payment id its intent names. */
  disputesByPayment: Map<string, string>;
  disputesLost: number;
  disputesHeld: number;
  /** Collections naming no payment the database knows. */
  orphans: string[];
}

const SOLD = new Set(['completed', 'refunded', 'disputed']);
const SHOWN = 12;

function providerMoney(campay: FakeCampay, stripe: FakeStripe): ProviderMoney {
  const money: ProviderMoney = {
    collections: new Map(),
    collected: { XAF: 0, USD: 0 },
    refunded: { XAF: 0, USD: 0 },
    refundsByPayment: new Map(),
    disputesByPayment: new Map(),
    disputesLost: 0,
    disputesHeld: 0,
    orphans: [],
  };
  const add = (paymentId: string | null | undefined, amount: number, where: string) => {
    if (!paymentId) {
      money.orphans.push(where);
      return;
    }
    const list = money.collections.get(paymentId) ?? [];
    list.push(amount);
    money.collections.set(paymentId, list);
  };
  const refundOf = (paymentId: string, amount: number) =>
    money.refundsByPayment.set(paymentId, (money.refundsByPayment.get(paymentId) ?? 0) + amount);
  for (const tx of campay.transactions.values()) {
    if (tx.endpoint === 'collect' && tx.status === 'SUCCESSFUL') {
      money.collected.XAF += tx.amount;
      add(tx.external_reference, tx.amount, `campay ${tx.reference}`);
    }
    if (tx.endpoint === 'withdraw' && tx.status !== 'FAILED') {
      money.refunded.XAF += tx.amount;
      const paymentId = /^refund-(.+)-\d+$/.exec(tx.external_reference ?? '')?.[1] ?? '?';
      refundOf(paymentId, tx.amount);
    }
  }
  for (const charge of stripe.charges.values()) {
    if (charge.status !== 'succeeded') continue;
    money.collected.USD += charge.amount;
    add(charge.metadata.paymentId, charge.amount, `stripe ${charge.id}`);
  }
  for (const refund of stripe.refunds.values())
    if (refund.status === 'succeeded' || refund.status === 'pending') {
      money.refunded.USD += refund.amount;
      const intent = stripe.intents.get(refund.payment_intent ?? '');
      refundOf(intent?.metadata.paymentId ?? '?', refund.amount);
    }
  for (const dispute of stripe.disputes.values()) {
    const intent = stripe.intents.get(dispute.payment_intent);
    money.disputesByPayment.set(intent?.metadata.paymentId ?? '?', dispute.status);
    if (dispute.status === 'lost') money.disputesLost += dispute.amount;
    else if (dispute.status === 'needs_response' || dispute.status === 'under_review')
      money.disputesHeld += dispute.amount;
  }
  return money;
}

function check(name: string, figures: string, problems: string[]): SoakCheck {
  return { name, ok: problems.length === 0, figures, problems: problems.slice(0, SHOWN) };
}

/**
 * The run's verdict, read from the database and the fakes' own records (the app's reports are
 * compared with those, never trusted on their own). `db` is a direct connection.
 */
export async function soakChecks(options: {
  db: Db;
  campay: FakeCampay;
  stripe: FakeStripe;
  target: SoakTarget;
  adminHeaders: Record<string, string>;
}): Promise<SoakCheck[]> {
  const { db, campay, stripe, target, adminHeaders } = options;
  const checks: SoakCheck[] = [];
  const payments = rowsOf<PaymentRow>(
    await db.execute(sql`
      SELECT id, provider, status, amount, currency, refunded_amount, receipt_code,
             failure_reason, dispute_status,
             round(EXTRACT(EPOCH FROM now() - settled_at))::int AS settled_ago,
             round(EXTRACT(EPOCH FROM now() - provider_checked_at))::int AS checked_ago,
             provider_ref IS NOT NULL AS has_ref
      FROM payments`),
  );
  const byId = new Map(payments.map((p) => [p.id, p]));
  const money = providerMoney(campay, stripe);

  // Every payment ends: final, or held for an admin with the reason why.
  const open = payments.filter(
    (p) => p.status === 'pending' || (p.status === 'needs_review' && !p.failure_reason),
  );
  const statusCounts = new Map<string, number>();
  for (const p of payments) {
    // Reviews by their reason's kind (the text before its details).
    const key =
      p.status === 'needs_review'
        ? `needs_review (${(p.failure_reason ?? '').split(/[:(]/)[0]!.trim().slice(0, 40)})`
        : p.status;
    statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
  }
  checks.push(
    check(
      'every payment final or needs_review with a reason',
      [...statusCounts].map(([status, n]) => `${status} ${n}`).join(', '),
      open.map((p) => `${p.id} is ${p.status} (${p.failure_reason ?? 'no reason'})`),
    ),
  );

  // No money taken without its votes: a collection's payment is sold, or held for review.
  const lost: string[] = [];
  let paidPayments = 0;
  for (const [paymentId, amounts] of money.collections) {
    paidPayments++;
    const payment = byId.get(paymentId);
    if (!payment) {
      lost.push(`${paymentId}: money collected for a payment the database does not have`);
      continue;
    }
    if (!SOLD.has(payment.status) && payment.status !== 'needs_review')
      lost.push(
        `${paymentId}: ${amounts.join('+')} collected but the payment is ${payment.status} (${payment.failure_reason ?? 'no reason'}; ` +
          `settled ${payment.settled_ago ?? '-'} s and last asked ${payment.checked_ago ?? '-'} s before the checks, ` +
          `${payment.has_ref ? 'with' : 'without'} the provider's reference)`,
      );
    else if (SOLD.has(payment.status) && amounts[0] !== payment.amount)
      lost.push(`${paymentId}: ${amounts[0]} collected, ${payment.amount} credited`);
  }
  for (const where of money.orphans) lost.push(`${where}: a collection naming no payment`);
  checks.push(check('0 votes lost', `${paidPayments} payments took money at the fakes`, lost));

  // No votes without money, and none twice: a sold payment has exactly one collection.
  const twice: string[] = [];
  let sold = 0;
  for (const payment of payments) {
    if (!SOLD.has(payment.status)) continue;
    sold++;
    const collections = money.collections.get(payment.id)?.length ?? 0;
    if (collections !== 1)
      twice.push(`${payment.id}: ${payment.status} with ${collections} collections at the fake`);
  }
  checks.push(check('0 credited twice or without money', `${sold} payments credited`, twice));

  const mismatches = await tallyMismatches(db);
  checks.push(
    check(
      'tallies = sum of credited votes (tallyMismatches)',
      `${mismatches.length} mismatches`,
      mismatches,
    ),
  );

  const integrity = await target.send({ url: '/api/admin/integrity', headers: adminHeaders });
  checks.push(
    check(
      'integrity check clean (GET /api/admin/integrity)',
      `status ${integrity.status}, ok ${String(integrity.body?.ok)}`,
      integrity.status === 200 && integrity.body?.ok === true
        ? []
        : [JSON.stringify(integrity.body).slice(0, 500)],
    ),
  );

  checks.push(await financeCheck(target, adminHeaders, payments, money));
  checks.push(await receiptsCheck(db));
  checks.push(await ledgerCheck(db, target, adminHeaders));
  return checks;
}

async function financeCheck(
  target: SoakTarget,
  adminHeaders: Record<string, string>,
  payments: PaymentRow[],
  money: ProviderMoney,
): Promise<SoakCheck> {
  const answer = await target.send({ url: '/api/admin/finance?period=all', headers: adminHeaders });
  if (answer.status !== 200)
    return check('finance report = the fakes', `status ${answer.status}`, [
      JSON.stringify(answer.body).slice(0, 300),
    ]);
  const report = answer.body as unknown as FinanceReport;
  const totals = (currency: 'XAF' | 'USD') => report.totals.find((t) => t.currency === currency)!;
  // Money held for review is counted apart by the report: take it out of the fakes' figure.
  const inReview = { XAF: 0, USD: 0 };
  let reviewCount = 0;
  for (const payment of payments) {
    if (payment.status !== 'needs_review') continue;
    reviewCount++;
    const currency = payment.currency === 'XAF' ? 'XAF' : 'USD';
    for (const amount of money.collections.get(payment.id) ?? []) inReview[currency] += amount;
  }
  const pairs: [string, number, number][] = [
    ['XAF gross', totals('XAF').gross, money.collected.XAF - inReview.XAF],
    ['USD gross', totals('USD').gross, money.collected.USD - inReview.USD],
    ['XAF refunds', totals('XAF').refunds, money.refunded.XAF],
    ['USD refunds', totals('USD').refunds, money.refunded.USD],
    ['USD disputes lost', totals('USD').disputesLost, money.disputesLost],
    ['USD disputes held', totals('USD').disputesHeld, money.disputesHeld],
    ['needs review', totals('XAF').needsReview + totals('USD').needsReview, reviewCount],
  ];
  const problems = pairs
    .filter(([, report, fake]) => report !== fake)
    .map(([label, report, fake]) => `${label}: the report says ${report}, the fakes ${fake}`);
  // Which payments the refund figures part on.
  const refunded = new Map(payments.map((p) => [p.id, p.refunded_amount]));
  for (const [paymentId, amount] of money.refundsByPayment)
    if (refunded.get(paymentId) !== amount)
      problems.push(
        `${paymentId}: ${amount} sent back by the provider, ${refunded.get(paymentId)} recorded`,
      );
  // Which payments the dispute figures part on.
  const disputeStatus = new Map(payments.map((p) => [p.id, p.dispute_status]));
  for (const [paymentId, status] of money.disputesByPayment)
    if (disputeStatus.get(paymentId) !== status)
      problems.push(
        `${paymentId}: dispute ${status} at Stripe, ${disputeStatus.get(paymentId) ?? 'none'} recorded`,
      );
  return check(
    'finance report = what the fakes collected, refunded and disputed',
    `${pairs.map(([label, report, fake]) => `${label} ${report}/${fake}`).join(', ')} (report/fakes)`,
    problems,
  );
}

/** One receipt per payment that sold, queued or sent; none for one that never did. */
async function receiptsCheck(db: Db): Promise<SoakCheck> {
  const rows = rowsOf<{ id: string; receipt_code: string | null; receipts: number }>(
    await db.execute(sql`
      SELECT p.id, p.receipt_code, COUNT(m.id)::int AS receipts
      FROM payments p LEFT JOIN outbox_messages m ON m.payment_id = p.id AND m.kind = 'receipt'
      GROUP BY p.id, p.receipt_code`),
  );
  const problems: string[] = [];
  let receipts = 0;
  for (const row of rows) {
    receipts += row.receipts;
    const expected = row.receipt_code ? 1 : 0;
    if (row.receipts !== expected)
      problems.push(
        `${row.id}: ${row.receipts} receipts, receipt code ${row.receipt_code ?? 'none'}`,
      );
  }
  return check('one receipt per paid payment (outbox_messages)', `${receipts} receipts`, problems);
}

/** Publishes the results through the admin route, then reads and verifies the ledger. */
async function ledgerCheck(
  db: Db,
  target: SoakTarget,
  adminHeaders: Record<string, string>,
): Promise<SoakCheck> {
  const published = await target.send({
    method: 'POST',
    url: '/api/admin/event/publish-results',
    headers: adminHeaders,
  });
  const ledger = await target.send({ url: '/api/results/ledger' });
  const results = await target.send({ url: '/api/results' });
  const site = await target.send({ url: '/api/results/ledger/head' });
  const verdict = verifyLedger(ledger.body, { results: results.body, site: site.body });
  const problems = verdict.ok ? [] : verdict.lines.filter((line) => line.startsWith('✗'));
  if (published.status !== 200) problems.unshift(`publish answered ${published.status}`);
  // And the ledger's totals are the database's tallies.
  const tallies = rowsOf<{ id: string; vote_count: number }>(
    await db.execute(sql`SELECT id, vote_count FROM nominations WHERE vote_count <> 0`),
  );
  const totals = (
    ledger.body as { totals?: { withCorrections?: { nominationId: string; votes: number }[] } }
  )?.totals?.withCorrections;
  const stated = new Map((totals ?? []).map((t) => [t.nominationId, t.votes]));
  for (const row of tallies)
    if (stated.get(row.id) !== row.vote_count)
      problems.push(
        `nomination ${row.id}: ${row.vote_count} votes, the ledger says ${stated.get(row.id)}`,
      );
  const entries = (ledger.body as { entries?: unknown[] })?.entries?.length ?? 0;
  return check(
    'published ledger verifies (verify-results checker)',
    `${entries} entries, verdict ${verdict.ok ? 'ok' : 'failed'}`,
    problems,
  );
}

/** The checks as printed lines; a failed one shows its first problems. */
export function formatChecks(checks: SoakCheck[]): string[] {
  const lines: string[] = [];
  for (const c of checks) {
    lines.push(`${c.ok ? 'PASS' : 'FAIL'} ${c.name}: ${c.figures}`);
    for (const problem of c.problems) lines.push(`     ${problem}`);
  }
  return lines;
}
