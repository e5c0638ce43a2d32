import type { Request as AutocannonRequest } from 'autocannon';
import pg from 'pg';

/**
 * The mixed load of an event's last hour, as shares of all requests: 85% browsing (the catalogue
 * answers, the category page's HTML and the main script), 10% status polls of payments in flight,
 * 4% mobile-money payment creations in the sandbox and 1% receipt look-ups. How browsing splits
 * between its five kinds is our estimate of a voter's visit: the lists and pages a visitor opens,
 * with the script fetched again now and then (most visits have it cached for a year).
 */
export const MIX = {
  categories: 20,
  nominees: 25,
  artist: 20,
  'category page': 10,
  'main script': 10,
  'status poll': 10,
  'payment creation': 4,
  'receipt look-up': 1,
} as const;
export type Kind = keyof typeof MIX;
export const KINDS = Object.keys(MIX) as Kind[];
export const BROWSING: readonly Kind[] = [
  'categories',
  'nominees',
  'artist',
  'category page',
  'main script',
];

/** The request types a run may be limited to (`--only`), to see each one's CPU alone. */
export const REQUEST_TYPES = {
  browse: BROWSING,
  poll: ['status poll'],
  pay: ['payment creation'],
  lookup: ['receipt look-up'],
} as const satisfies Record<string, readonly Kind[]>;
export type RequestType = keyof typeof REQUEST_TYPES;

/**
 * The request type named by `--only <type>` on the command line (`npm run bench -- mixed-load
 * --only browse`), or by BENCH_MIXED_ONLY; undefined for the whole mix.
 */
export function onlyRequestType(
  argv: readonly string[] = process.argv,
  env: string | undefined = process.env.BENCH_MIXED_ONLY,
): RequestType | undefined {
  const flag = argv.indexOf('--only');
  const named = flag >= 0 ? argv[flag + 1] : env;
  if (named === undefined || named === '') return undefined;
  if (!(named in REQUEST_TYPES)) {
    throw new Error(`--only takes one of ${Object.keys(REQUEST_TYPES).join(', ')}, not ${named}`);
  }
  return named as RequestType;
}

/** What the load picks its targets from, read from the database before it starts. */
export interface MixTargets {
  categoryIds: string[];
  nominations: { id: string; artistId: string }[];
  artistIds: string[];
  /** Settled payments of the event, polled until the bench's own payments exist. */
  seededPaymentIds: string[];
  receiptCodes: string[];
  mainScript: string;
}

export async function readMixTargets(url: string, mainScript: string): Promise<MixTargets> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = async (sql: string) =>
      (await client.query<{ id: string }>(sql)).rows.map((r) => r.id);
    return {
      categoryIds: await ids('SELECT id FROM categories'),
      nominations: (
        await client.query<{ id: string; artist_id: string }>(
          'SELECT id, artist_id FROM nominations',
        )
      ).rows.map((r) => ({ id: r.id, artistId: r.artist_id })),
      artistIds: await ids('SELECT id FROM artists'),
      seededPaymentIds: await ids(
        "SELECT id FROM payments WHERE status = 'completed' ORDER BY random() LIMIT 1000",
      ),
      receiptCodes: (
        await client.query<{ receipt_code: string }>(
          "SELECT receipt_code FROM payments WHERE status = 'completed' ORDER BY random() LIMIT 1000",
        )
      ).rows.map((r) => r.receipt_code),
      mainScript,
    };
  } finally {
    await client.end();
  }
}

export interface KindTally {
  latencies: number[];
  /** Answers outside 2xx, by status code. */
  non2xx: Map<number, number>;
  /** The first such answer's body, per status code, to say what went wrong. */
  samples: Map<number, string>;
}

/** How many of the recently created payments a status poll picks from: the ones phones still follow. */
const POLLED_PAYMENTS = 600;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * Phones that the sandbox lets succeed: any valid MTN or Orange number other than its scripted
 * test numbers (2376700000xx, 2376900000xx). One number per payment, as thousands of voters
 * would have, so the per-phone prompt limit is never the thing measured.
 */
export const voterPhone = (n: number) =>
  `237${n % 2 === 0 ? '67' : '69'}${String(1_000_000 + n).padStart(7, '0')}`;

/** One request of the mix, as any load generator sends it. */
export interface MixRequest {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * The load: `next()` draws the next request's kind at random by its share and builds it;
 * `answered()` tallies its answer by kind, with its latency. Payment ids from creations feed the
 * status polls. `request` is the same as one autocannon request, each answer timed from the moment
 * it was built (just before it is written to the socket). With `copies`, every kind is a GET of
 * the path given for it instead: the same mix sent to a server that answers each with bytes it
 * holds in memory. With `only`, the mix keeps that request type's kinds, in their shares.
 */
export function mixedTraffic(
  targets: MixTargets,
  origin: string,
  copies?: ReadonlyMap<Kind, string>,
  only?: RequestType,
) {
  const tallies = new Map<Kind, KindTally>(
    KINDS.map((k) => [k, { latencies: [], non2xx: new Map<number, number>(), samples: new Map() }]),
  );
  const kept: readonly Kind[] = only ? REQUEST_TYPES[only] : KINDS;
  const weights = KINDS.map((k): number => (kept.includes(k) ? MIX[k] : 0));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const drawKind = (): Kind => {
    let r = Math.random() * totalWeight;
    for (const [i, kind] of KINDS.entries()) {
      r -= weights[i]!;
      if (r < 0) return kind;
    }
    return KINDS[KINDS.length - 1]!;
  };
  const created: string[] = [];
  const byArtist = new Map<string, string[]>();
  for (const n of targets.nominations) {
    byArtist.set(n.artistId, [...(byArtist.get(n.artistId) ?? []), n.id]);
  }
  let phones = 0;
  const browser = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en' };

  const paymentBody = () => {
    const n = phones++;
    const first = pick(targets.nominations);
    const lines = [{ nominationId: first.id, voteCount: 1 + (n % 5) }];
    // A third of the voters also vote for their artist in another category (one payment is for
    // one artist).
    const other =
      n % 3 === 0 ? byArtist.get(first.artistId)!.find((id) => id !== first.id) : undefined;
    if (other) lines.push({ nominationId: other, voteCount: 1 + (n % 3) });
    return JSON.stringify({
      phoneNumber: voterPhone(n),
      voterEmail: n % 2 === 0 ? `voter${n}@example.com` : undefined,
      nominationVotes: lines,
      totalVotes: lines.reduce((s, l) => s + l.voteCount, 0),
    });
  };

  const requestFor = (kind: Kind): Omit<MixRequest, 'kind'> => {
    const get = (path: string) => ({ method: 'GET' as const, path, headers: browser });
    const copy = copies?.get(kind);
    if (copy) return get(copy);
    switch (kind) {
      case 'categories':
        return get('/api/categories');
      case 'nominees':
        return get(`/api/nominations/category/${pick(targets.categoryIds)}`);
      case 'artist':
        return get(`/api/artists/${pick(targets.artistIds)}`);
      case 'category page':
        return get(`/category/${pick(targets.categoryIds)}`);
      case 'main script':
        return get(targets.mainScript);
      case 'status poll': {
        const recent = Math.min(created.length, POLLED_PAYMENTS);
        const id =
          recent > 0
            ? created[created.length - 1 - Math.floor(Math.random() * recent)]!
            : pick(targets.seededPaymentIds);
        return get(`/api/payment/${id}/status`);
      }
      case 'payment creation':
        return {
          method: 'POST',
          path: '/api/campay-payment',
          body: paymentBody(),
          headers: { ...browser, 'content-type': 'application/json', origin },
        };
      case 'receipt look-up':
        return get(`/api/payment/receipt/${pick(targets.receiptCodes)}`);
    }
  };

  const next = (): MixRequest => {
    const kind = drawKind();
    return { kind, ...requestFor(kind) };
  };

  const answered = (kind: Kind, status: number, body: string, latencyMs: number) => {
    const tally = tallies.get(kind)!;
    tally.latencies.push(latencyMs);
    if (status < 200 || status > 299) {
      tally.non2xx.set(status, (tally.non2xx.get(status) ?? 0) + 1);
      if (!tally.samples.has(status)) tally.samples.set(status, body.slice(0, 300));
    } else if (kind === 'payment creation' && !copies) {
      created.push((JSON.parse(body) as { paymentId: string }).paymentId);
    }
  };

  interface Context {
    kind?: Kind;
    started?: number;
  }
  const request: AutocannonRequest = {
    method: 'GET',
    path: '/',
    setupRequest: (req, untyped) => {
      const context = untyped as Context;
      const { kind, ...built } = next();
      context.kind = kind;
      context.started = performance.now();
      return { ...req, body: undefined, ...built };
    },
    onResponse: (status, body, untyped) => {
      const context = untyped as Context;
      if (!context.kind || context.started === undefined) return;
      answered(context.kind, status, body, performance.now() - context.started);
    },
  };
  return { next, answered, request, tallies, created };
}
