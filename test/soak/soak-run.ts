import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { FakeCampay } from '#test/fakes/fake-campay.js';
import type { FakeStripe } from '#test/fakes/fake-stripe.js';
import { formatChecks, soakChecks, type SoakCheck } from './soak-checks.js';
import { SoakEngine, sleep, type SoakCounts, type SoakFaultHooks } from './soak-engine.js';
import { planSoak, type SoakPlan } from './soak-schedule.js';
import type { SoakTarget } from './soak-target.js';
import { CARD_LIMITS_OUT_OF_THE_WAY } from '#test/support/card-limits.js';

/** What a soak runs against: the app (however it is deployed), the fakes, and the faults. */
export interface SoakSetup {
  target: SoakTarget;
  campay: FakeCampay;
  stripe: FakeStripe;
  /** A direct connection to the app's database, past every fault. */
  db: Db;
  nominationIds: string[];
  adminHeaders: Record<string, string>;
  faults: SoakFaultHooks;
}

export interface SoakSize {
  seed: number;
  payments: number;
  hours: number;
  hourMs: number;
  expiryHours: number;
  concurrency: number;
  campayTimeoutMs: number;
  processFaults: boolean;
  instances: number;
  /** How long the app gets, once the event is over, to settle what is still open. */
  drainMs: number;
  log: (line: string) => void;
}

export interface SoakResult {
  plan: SoakPlan;
  counts: SoakCounts;
  checks: SoakCheck[];
  ok: boolean;
  wallMs: number;
  /** The report, as printed: seed, payments, faults, wall time, checks. */
  lines: string[];
}

/**
 * How many event hours the reconciler keeps asking about a payment it expired, in multiples of the
 * longest a late success takes (expiry, then up to 4 hours). Production's defaults give 6 (7 days
 * after a 24-hour expiry). Here the app's clocks run on real time but an hour lasts as long as its
 * slowest voter: a loaded month ran its hours at up to 5 times `hourMs`, which left a margin of 6
 * about one late success long. 30 keeps production's margin through that.
 */
const LOOKBACK_MARGIN = 30;

/** App settings that compress time: an event hour lasts `hourMs`. */
export function compressedSettings(
  size: Pick<SoakSize, 'hourMs' | 'expiryHours' | 'campayTimeoutMs'>,
) {
  const eventHoursAsDays = (hours: number) => (hours * size.hourMs) / 86_400_000;
  return {
    PAYMENT_EXPIRY_HOURS: (eventHoursAsDays(size.expiryHours) * 24).toFixed(6),
    // Every second; and over a stretch of event hours, not the whole run: looking back over a
    // month of expired payments would ask the fakes about tens of thousands of them, each every
    // quarter of its age, and leave the open ones waiting behind them.
    RECONCILE_INTERVAL_SECONDS: '1',
    // The velocity flags look back over the shortest the setting allows (a minute, about 12 event
    // hours): their default two hours would be the whole run, read again every minute.
    VELOCITY_LOOKBACK_MINUTES: '1',
    // Stripe's events read back once an event hour, over the hour before (the interval).
    STRIPE_EVENTS_INTERVAL_SECONDS: String(Math.max(1, Math.round(size.hourMs / 1000))),
    RECONCILE_LOOKBACK_DAYS: eventHoursAsDays(LOOKBACK_MARGIN * (size.expiryHours + 4)).toFixed(8),
    PAYMENT_POLL_INTERVAL_MS: String(Math.max(100, Math.round(size.hourMs / 4))),
    CAMPAY_TIMEOUT_MS: String(size.campayTimeoutMs),
    // Each voter's address comes in X-Forwarded-For from loopback (HAProxy's, or this process's
    // requests), so each client's recent declines are its own. The limits still stand aside: a
    // soak voter retries through faults as no real one would, and the limits have tests of their
    // own (rate-limits, blocked-prompts and card-testing tests, with their attack scripts).
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000000',
    RATE_LIMIT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
    ...CARD_LIMITS_OUT_OF_THE_WAY,
  };
}

/**
 * Payments still open, and money the fakes took for payments the app has as failed: what the
 * reconciler has yet to settle once the event is over.
 */
async function unsettled(setup: SoakSetup): Promise<number> {
  const pending = rowsOf<{ n: number }>(
    await setup.db.execute(sql`SELECT COUNT(*)::int AS n FROM payments WHERE status = 'pending'`),
  )[0]!.n;
  const failed = new Set(
    rowsOf<{ id: string }>(
      await setup.db.execute(sql`SELECT id FROM payments WHERE status = 'failed'`),
    ).map((r) => r.id),
  );
  let late = 0;
  for (const tx of setup.campay.transactions.values())
    if (tx.status === 'SUCCESSFUL' && tx.external_reference && failed.has(tx.external_reference))
      late++;
  for (const charge of setup.stripe.charges.values())
    if (charge.status === 'succeeded' && failed.has(charge.metadata.paymentId ?? '')) late++;
  return pending + late;
}

export async function runSoak(setup: SoakSetup, size: SoakSize): Promise<SoakResult> {
  const started = Date.now();
  const plan = planSoak({
    seed: size.seed,
    payments: size.payments,
    hours: size.hours,
    nominations: setup.nominationIds.length,
    processFaults: size.processFaults,
    instances: size.instances,
  });
  size.log(
    `soak: seed ${plan.seed} (SOAK_SEED=${plan.seed} replays it), ${plan.voters.length} voters, ` +
      `${plan.hours} event hours, ${plan.faults.length} faults planned`,
  );
  const engine = new SoakEngine({
    plan,
    target: setup.target,
    campay: setup.campay,
    stripe: setup.stripe,
    db: setup.db,
    nominationIds: setup.nominationIds,
    adminHeaders: setup.adminHeaders,
    faults: setup.faults,
    hourMs: size.hourMs,
    expiryHours: size.expiryHours,
    concurrency: size.concurrency,
    campayTimeoutMs: size.campayTimeoutMs,
    log: size.log,
  });
  await engine.run();
  const eventMs = Date.now() - started;

  // The event is over and every fault undone: the app settles the rest on its own.
  const drainStarted = Date.now();
  let left = await unsettled(setup);
  while (left > 0 && Date.now() - drainStarted < size.drainMs) {
    await sleep(250);
    left = await unsettled(setup);
  }
  const drainMs = Date.now() - drainStarted;

  const checks = await soakChecks({
    db: setup.db,
    campay: setup.campay,
    stripe: setup.stripe,
    target: setup.target,
    adminHeaders: setup.adminHeaders,
  });
  const wallMs = Date.now() - started;
  const ok = checks.every((c) => c.ok);
  const payments = rowsOf<{ provider: string; n: number }>(
    await setup.db.execute(
      sql`SELECT provider, COUNT(*)::int AS n FROM payments GROUP BY provider ORDER BY provider`,
    ),
  );
  const lines = [
    `soak: seed ${plan.seed}`,
    `payments made: ${payments.map((p) => `${p.provider} ${p.n}`).join(', ')} ` +
      `(total ${payments.reduce((sum, p) => sum + p.n, 0)})`,
    'voters by behaviour and provider:',
    ...table(engine.counts.payments),
    'faults injected:',
    ...table(engine.counts.faults),
    `provider calls: ${[...engine.counts.calls].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    `answers: ${[...engine.counts.answers].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    `wall time: ${(wallMs / 1000).toFixed(1)} s (event ${(eventMs / 1000).toFixed(1)} s, ` +
      `settling after it ${(drainMs / 1000).toFixed(1)} s, ${left} still unsettled)`,
    ...formatChecks(checks),
    ok ? 'soak: all checks passed' : `soak: FAILED, replay with SOAK_SEED=${plan.seed}`,
  ];
  return { plan, counts: engine.counts, checks, ok, wallMs, lines };
}

function table(counts: Map<string, number>): string[] {
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `  ${key.padEnd(34)} ${n}`);
}
