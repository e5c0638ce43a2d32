import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '#server/db/client.js';
import { DEFAULT_TRACKING_TIMEZONE } from '#shared/schemas/tracking.js';
import { createAuditEntries } from '#test/factories/audit-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';
import { createOutboxMessages } from '#test/factories/outbox-factory.js';
import { freePort } from '#test/support/free-port.js';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { adminCookie } from './support/admin-session.js';
import { createLargeEvent } from './support/large-event.js';
import { latencyOf, timeRequest } from './support/latency.js';
import { benchServerEnv, startProcess } from './support/server-process.js';

/** Payments per edition, each with two vote lines, a receipt and its tallies. */
const PAYMENTS = Number(process.env.BENCH_EDITIONS_PAYMENTS ?? 200_000);
/** Past editions beside the current one in the second database. */
const PAST_EDITIONS = Number(process.env.BENCH_EDITIONS_PAST ?? 2);
/**
 * Time per route, both databases together. A fast route is asked thousands of times, over as many
 * of the catalogue's reloads (every 5 s) on each side; a slow admin read, fewer.
 */
const ROUTE_SECONDS = Number(process.env.BENCH_EDITIONS_ROUTE_SECONDS ?? 5);
/** Fewest requests per route and database, whatever the time: below this a p95 means little. */
const MIN_REQUESTS = 20;
const WARM_UP = 5;
const TARGET_RATIO = 1.1;
/** Organiser changes per edition in the audit trail, and shared ones (artists' profiles). */
const AUDIT_ENTRIES = 2_000;
const SHARED_AUDIT_ENTRIES = 200;
/** Lookup codes sent by message: they belong to no edition. */
const LOOKUP_CODE_MESSAGES = 500;
const DAY_MS = 86_400_000;
const SIZE = { categories: 20, artists: 300, paymentVotes: PAYMENTS * 2 };

/** One database, loaded, and how the built app is started on it. */
interface Loaded {
  scratch: { url: string; drop: () => Promise<void> };
  env: Record<string, string>;
  base: string;
  /** The current edition's category with the most nominees. */
  categoryId: string;
  facts: string;
}

/** A loaded database served by the built app, with an admin signed in. */
interface Site extends Loaded {
  cookie: string;
}

interface Route {
  label: string;
  path: (site: Site) => string;
  admin: boolean;
  /** Why the route is shown for context, not held to the target. */
  context?: string;
}

const TZ = encodeURIComponent(DEFAULT_TRACKING_TIMEZONE);
const ROUTES: Route[] = [
  { label: 'GET /api/event', path: () => '/api/event', admin: false },
  {
    label: 'GET /api/editions',
    path: () => '/api/editions',
    admin: false,
    context: 'lists every edition',
  },
  { label: 'GET /api/categories', path: () => '/api/categories', admin: false },
  {
    label: 'GET /api/categories/{id}',
    path: (s) => `/api/categories/${s.categoryId}`,
    admin: false,
  },
  {
    label: 'GET /api/nominations/category/{id}',
    path: (s) => `/api/nominations/category/${s.categoryId}`,
    admin: false,
  },
  { label: 'GET /api/results', path: () => '/api/results', admin: false },
  { label: 'GET /categories (drawn page)', path: () => '/categories', admin: false },
  {
    label: 'GET /category/{id} (drawn page)',
    path: (s) => `/category/${s.categoryId}`,
    admin: false,
  },
  // The admin tabs' first reads, as their queries ask them with the default filters.
  { label: 'GET /api/stats', path: () => '/api/stats', admin: true },
  { label: 'GET /api/stats/period/all', path: () => '/api/stats/period/all', admin: true },
  {
    label: 'GET /api/analytics/category-rankings/all',
    path: () => '/api/analytics/category-rankings/all',
    admin: true,
  },
  {
    label: 'GET /api/analytics/timeseries/all',
    path: () => '/api/analytics/timeseries/all',
    admin: true,
  },
  {
    label: 'GET /api/admin/finance?period=all',
    path: () => '/api/admin/finance?period=all',
    admin: true,
  },
  {
    label: 'GET /api/voter-tracking (default filters)',
    path: () => `/api/voter-tracking?tz=${TZ}&page=1&pageSize=50`,
    admin: true,
  },
  {
    label: 'GET /api/voter-tracking?status=needs_review',
    path: () => '/api/voter-tracking?status=needs_review&page=1&pageSize=20',
    admin: true,
  },
  {
    label: 'GET /api/admin/audit-log',
    path: () => `/api/admin/audit-log?tz=${TZ}&page=1&pageSize=20`,
    admin: true,
  },
  { label: 'GET /api/admin/outbox', path: () => '/api/admin/outbox?page=1&limit=50', admin: true },
  { label: 'GET /api/admin/artists', path: () => '/api/admin/artists', admin: true },
  { label: 'GET /api/admin/categories', path: () => '/api/admin/categories', admin: true },
];

/**
 * Past editions, a year apart before the current one, each archived after its results: created
 * first so their rows lie before the current edition's, as years of use leave them.
 */
async function addPastEditions(url: string, count: number): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  const editions: { id: number; daysAgo: number }[] = [];
  try {
    const [current] = await database.query<{ name: string; slug: string }>(
      'SELECT name, slug FROM editions WHERE is_current',
    );
    const thisYear = /^\d{4}$/.test(current!.slug)
      ? Number(current!.slug)
      : new Date().getUTCFullYear();
    for (let k = count; k >= 1; k--) {
      const daysAgo = 365 * k;
      const closed = new Date(Date.now() - daysAgo * DAY_MS);
      const edition = await createEdition(database.db, {
        slug: String(thisYear - k),
        name: `${current!.name} ${thisYear - k}`,
        nameFr: `${current!.name} ${thisYear - k}`,
        votingOpensAt: new Date(closed.getTime() - 30 * DAY_MS),
        votingClosesAt: closed,
        resultsPublishedAt: closed,
        archivedAt: new Date(closed.getTime() + 30 * DAY_MS),
      });
      editions.push({ id: edition.id, daysAgo });
    }
  } finally {
    await database.close();
  }
  for (const { id, daysAgo } of editions) {
    await createLargeEvent(url, SIZE, { editionId: id, daysAgo, receipts: true });
  }
}

/** An organiser's trail: changes of each edition's categories, and of the shared artists. */
async function addHistory(url: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const editions = await database.query<{ id: number; closes: Date | null }>(
      'SELECT id, voting_closes_at AS closes FROM editions ORDER BY id',
    );
    for (const edition of editions) {
      const end = edition.closes?.getTime() ?? Date.now();
      const rows = Array.from({ length: AUDIT_ENTRIES }, (_, i) => ({
        at: new Date(end - ((i * 37) % (30 * 24 * 60)) * 60_000),
        editionId: edition.id,
        actorEmail: `organiser${i % 3}@example.com`,
        action: i % 10 === 0 ? 'payment.refund' : 'category.update',
        entityType: i % 10 === 0 ? 'payment' : 'category',
        entityId: String(i),
        before: { name: `Category ${i}` },
        after: { name: `Category ${i}, renamed` },
      }));
      // In slices: one statement's parameters are limited.
      for (let i = 0; i < rows.length; i += 500) {
        await createAuditEntries(database.db, rows.slice(i, i + 500));
      }
    }
    await createAuditEntries(
      database.db,
      Array.from({ length: SHARED_AUDIT_ENTRIES }, (_, i) => ({
        at: new Date(Date.now() - i * 3 * 3_600_000),
        editionId: null,
        actorEmail: 'organiser0@example.com',
        action: 'artist.update',
        entityType: 'artist',
        entityId: String(i),
      })),
    );
    await createOutboxMessages(
      database.db,
      Array.from({ length: LOOKUP_CODE_MESSAGES }, (_, i) => ({
        channel: 'email' as const,
        recipient: `voter${i}@example.com`,
        kind: 'lookup-code',
        body: 'Your code',
        state: 'sent' as const,
        createdAt: new Date(Date.now() - i * 3_600_000),
      })),
    );
  } finally {
    await database.close();
  }
}

/**
 * A database with the current edition's large event (and `past` editions before it), loaded with
 * the app stopped. The current edition's results are out, so /api/results reads them.
 */
async function loadDatabase(name: string, past: number): Promise<Loaded> {
  const scratch = await createScratchDatabase(`palmares_bench_editions_${name}`);
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The production default of CATALOG_CACHE_MS (config.ts), whatever the shell says: the public
    // reads are answered from the catalogue snapshot as on the live site. Admin reads query.
    const env = benchServerEnv(scratch.url, port, {
      CATALOG_CACHE_MS: '5000',
      SESSION_PURGE_INTERVAL_SECONDS: '0',
    });
    // The app migrates on its first start; the editions are loaded in bulk with it stopped.
    const migrate = await startProcess(['dist/server/main.js'], env, `${base}/readyz`);
    await migrate.stop();
    const started = Date.now();
    await addPastEditions(scratch.url, past);
    await createLargeEvent(scratch.url, SIZE, { receipts: true });
    await addHistory(scratch.url);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    let categoryId: string;
    let facts: string;
    try {
      await client.query('UPDATE editions SET results_published_at = now() WHERE is_current');
      // As a database in use for a while is: autovacuum has been by, so no run of it lands
      // inside the measurements and the plans are those of a settled table.
      await client.query('VACUUM (ANALYZE)');
      const { rows } = await client.query<{ id: string }>(
        `SELECT c.id FROM categories c JOIN editions e ON e.id = c.edition_id AND e.is_current
         JOIN nominations n ON n.category_id = c.id GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1`,
      );
      categoryId = rows[0]!.id;
      const [counts] = (
        await client.query<{ editions: number; payments: number; votes: number; messages: number }>(
          `SELECT (SELECT count(*)::int FROM editions) editions,
                  (SELECT count(*)::int FROM payments) payments,
                  (SELECT count(*)::int FROM payment_votes) votes,
                  (SELECT count(*)::int FROM outbox_messages) messages`,
        )
      ).rows;
      facts =
        `${counts!.editions} edition(s): ${counts!.payments.toLocaleString('en')} payments, ` +
        `${counts!.votes.toLocaleString('en')} vote lines, ${counts!.messages.toLocaleString('en')} messages; ` +
        `loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`;
    } finally {
      await client.end();
    }
    return { scratch, env, base, categoryId, facts };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/**
 * One route on both sites, request by request in turn (which of the two goes first alternates
 * too), so both see the same moments of this machine's noise.
 */
async function measure(route: Route, sites: readonly [Site, Site]) {
  const init = (site: Site): RequestInit =>
    route.admin ? { headers: { cookie: site.cookie } } : {};
  const times: [number[], number[]] = [[], []];
  const once = (index: 0 | 1) => {
    const site = sites[index];
    return timeRequest(`${site.base}${route.path(site)}`, init(site));
  };
  for (let i = 0; i < WARM_UP; i++) {
    await once(0);
    await once(1);
  }
  const started = performance.now();
  for (let i = 0; ; i++) {
    for (const index of i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
      times[index].push(await once(index));
    }
    if (i + 1 >= MIN_REQUESTS && performance.now() - started > ROUTE_SECONDS * 1000) break;
  }
  return { one: latencyOf(times[0]), three: latencyOf(times[1]), requests: times[0].length };
}

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

/**
 * The current edition's public pages and admin tabs with one edition of PAYMENTS payments, and
 * with the same edition beside two past ones of as many (each with its categories, nominees,
 * tallies, receipts and trail): each route's p95 on the second database against the first's,
 * target within 10%, measured in the same run, requests interleaved. Printed, never enforced.
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  if (!existsSync('dist/server/main.js')) throw new Error('build first: npm run build');
  const lines: string[] = [];
  // Loaded side by side: PostgreSQL takes the other core while one load waits on the first.
  const loads = await Promise.allSettled([
    loadDatabase('one', 0),
    loadDatabase('three', PAST_EDITIONS),
  ]);
  const loaded = loads.flatMap((l) => (l.status === 'fulfilled' ? [l.value] : []));
  const servers: { stop: () => Promise<void> }[] = [];
  try {
    const failed = loads.find((l) => l.status === 'rejected');
    if (failed) throw failed.reason;
    // Both started once both are loaded: no connection to one sits idle through the other's
    // load, to be closed by the server just as it is used again.
    const sites: Site[] = [];
    for (const database of loaded) {
      const { base, env } = database;
      servers.push(await startProcess(['dist/server/main.js'], env, `${base}/readyz`));
      sites.push({ ...database, cookie: await adminCookie(database.scratch.url, base) });
    }
    const [one, three] = sites as [Site, Site];
    lines.push(`one edition:    ${one.facts}`);
    lines.push(`${PAST_EDITIONS + 1} editions:     ${three.facts}`);
    lines.push(
      `sequential requests, the two databases in turn, for ${ROUTE_SECONDS} s per route (at least ` +
        `${MIN_REQUESTS} each); CATALOG_CACHE_MS=5000, so the ` +
        `public API reads come from the catalogue snapshot while every admin read queries PostgreSQL`,
    );
    lines.push(
      `target: three-edition p95 within ${Math.round((TARGET_RATIO - 1) * 100)}% of one-edition ` +
        `(printed, never enforced)`,
    );
    lines.push(
      `${'route'.padEnd(46)} ${'one edition p50 / p95'.padStart(21)}   ${'three editions p50 / p95'.padStart(24)}   ratio      n`,
    );
    const health: Route = {
      label: 'baseline GET /healthz',
      path: () => '/healthz',
      admin: false,
      context: 'machine noise',
    };
    for (const route of [health, ...ROUTES]) {
      const m = await measure(route, [one, three]);
      const ratio = m.three.p95 / m.one.p95;
      const verdict = route.context
        ? `(${route.context})`
        : ratio <= TARGET_RATIO
          ? 'PASS'
          : 'FAIL';
      lines.push(
        `${route.label.padEnd(46)} ${ms(m.one.p50)} / ${ms(m.one.p95)}   ${ms(m.three.p50)} / ${ms(m.three.p95)}   ` +
          `${ratio.toFixed(2).padStart(5)}  ${String(m.requests).padStart(5)}  ${verdict}`,
      );
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(loaded.map((database) => database.scratch.drop()));
  }
  return {
    name: `The current edition with one edition and with ${PAST_EDITIONS + 1} of ${PAYMENTS.toLocaleString('en')} payments each (PostgreSQL)`,
    lines,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await run();
  console.log(`== ${result.name}`);
  for (const line of result.lines) console.log(`   ${line}`);
}
