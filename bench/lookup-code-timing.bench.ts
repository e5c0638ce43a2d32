import { createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { startTestApp } from '#test/support/test-app.js';
import { createTestDatabase } from '#test/support/test-database.js';
import { percentile } from './support/percentile.js';

const PER_GROUP = Number(process.env.BENCH_LOOKUP_TIMING_PER_GROUP ?? 200);
/** Requests in flight at once: each waits out the 500 ms floor, so one at a time takes minutes. */
const CONCURRENCY = Number(process.env.BENCH_LOOKUP_TIMING_CONCURRENCY ?? 4);

/** The two-sample Kolmogorov–Smirnov statistic: the largest gap between the two ECDFs. */
export function ksStatistic(a: readonly number[], b: readonly number[]): number {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const v = Math.min(x[i]!, y[j]!);
    while (i < x.length && x[i]! <= v) i++;
    while (j < y.length && y[j]! <= v) j++;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  return d;
}

const randomPhone = () => `2376${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * How long a phone lookup-code request takes for a number that paid against one that did not
 * (ADR 0061), over HTTP on loopback against PostgreSQL, with the real 500 ms answer floor:
 * `PER_GROUP` of each, interleaved at random, then the two-sample KS statistic. Below its 5 %
 * critical value (1.36·√(2/n)), the two are not told apart.
 */
export async function run() {
  const database = await createTestDatabase('postgres');
  const app = await startTestApp(database, {
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000',
    SMS_PER_RECIPIENT_PER_DAY: '100000',
    SMS_BUDGET_PER_HOUR: '100000',
  });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const { nominations } = await createNominee(database.db, {});
    const known: string[] = [];
    for (let i = 0; i < PER_GROUP; i++) {
      const phoneNumber = randomPhone();
      await createCompletedPayment(database.db, {
        provider: 'campay',
        votes: [{ nominationId: nominations[0]!.id, voteCount: 1 }],
        payment: { phoneNumber, phoneHash: app.ctx.hashPhone(phoneNumber) },
      });
      known.push(phoneNumber);
    }
    const asks = [
      ...known.map((phoneNumber) => ({ group: 'known' as const, phoneNumber })),
      ...Array.from({ length: PER_GROUP }, () => ({
        group: 'unknown' as const,
        phoneNumber: randomPhone(),
      })),
    ].sort(() => Math.random() - 0.5);
    const times = { known: [] as number[], unknown: [] as number[] };
    let next = 0;
    const worker = async () => {
      while (next < asks.length) {
        const ask = asks[next++]!;
        const started = performance.now();
        const answer = await fetch(`${base}/api/receipts/lookup/code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phoneNumber: ask.phoneNumber }),
        });
        await answer.arrayBuffer();
        times[ask.group].push(performance.now() - started);
        if (answer.status !== 202) throw new Error(`lookup code answered ${answer.status}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const d = ksStatistic(times.known, times.unknown);
    const critical = 1.36 * Math.sqrt(2 / PER_GROUP);
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
    return {
      name: 'lookup code answer: known vs unknown phone',
      lines: [
        `${PER_GROUP} of each, ${CONCURRENCY} at a time, floor 500 ms`,
        `median known ${median(times.known).toFixed(2)} ms, unknown ${median(times.unknown).toFixed(2)} ms`,
        `KS D = ${d.toFixed(3)} (5 % critical value ${critical.toFixed(3)}): ${d < critical ? 'not told apart' : 'told apart'}`,
      ],
    };
  } finally {
    await app.close();
    await database.destroy();
  }
}
