import type { AppContext } from '#server/app-context.js';
import { settlePayment } from '#server/payments/index.js';
import {
  amountForVotes,
  DEFAULT_PRICE_PER_VOTE,
  PROVIDER_CURRENCY,
  type Provider,
} from '#shared/money.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import {
  artists,
  categories,
  editions,
  nominations,
  paymentVotes,
  payments,
} from '#server/db/schema.js';
import { sql } from 'drizzle-orm';
import { demoArtists, demoCategories } from './demo-event.js';
import { isCurrentEdition } from '#server/features/editions/current-edition.js';

const HOUR = 3_600_000;
/** The seed lock may wait as long as another instance takes to seed. */
const LOCK_WAIT = { longRunning: true };

/** Small deterministic generator, so every fresh demo looks the same. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedResult {
  created: boolean;
  summary: { categories: number; artists: number; nominations: number; payments: number };
}

/**
 * Seeds the demo event into an empty database and does nothing otherwise, so it is safe on every
 * start. Payments go through settlePayment(), so tallies match what real voting would produce.
 */
export async function seedDemoEvent(
  ctx: Pick<AppContext, 'db' | 'database' | 'events' | 'hashPhone'>,
): Promise<SeedResult> {
  const empty: SeedResult = {
    created: false,
    summary: { categories: 0, artists: 0, nominations: 0, payments: 0 },
  };
  // Two instances starting at once on an empty PostgreSQL must not both seed.
  return ctx.database.withConnection(async (_db, query) => {
    if (ctx.database.kind === 'postgres')
      await query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.seed]);
    try {
      const [{ count }] = (await query<{ count: number }>(
        'SELECT count(*)::int AS count FROM categories',
      )) as [{ count: number }];
      if (count > 0) return empty;
      return await seed(ctx);
    } finally {
      if (ctx.database.kind === 'postgres')
        await query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.seed]);
    }
  }, LOCK_WAIT);
}

async function seed(ctx: Pick<AppContext, 'db' | 'events' | 'hashPhone'>): Promise<SeedResult> {
  const { db, hashPhone } = ctx;
  const now = Date.now();
  const base = new Date(now - 30 * 24 * HOUR);

  const { editionId, categoryIds, nominationsByArtist } = await db.transaction(async (tx) => {
    // The demo's voting is open from now for 30 days, by the database's clock.
    const [edition] = await tx
      .update(editions)
      .set({
        name: 'Palmarès Music Awards',
        nameFr: 'Palmarès Music Awards',
        votingOpensAt: sql`now()`,
        votingClosesAt: sql`now() + interval '30 days'`,
        updatedAt: new Date(),
      })
      .where(isCurrentEdition)
      .returning({ id: editions.id });
    const insertedCategories = await tx
      .insert(categories)
      .values(
        demoCategories.map((c, i) => ({
          editionId: edition!.id,
          name: c.name,
          nameFr: c.nameFr,
          description: c.description,
          descriptionFr: c.descriptionFr,
          icon: c.icon,
          backgroundColor: c.backgroundColor,
          backgroundImageUrl: c.hasImage ? `/demo/categories/${c.slug}.jpg` : null,
          createdAt: new Date(base.getTime() + i * 1000),
        })),
      )
      .returning({ id: categories.id });
    const categoryIds = new Map(demoCategories.map((c, i) => [c.slug, insertedCategories[i]!.id]));

    const insertedArtists = await tx
      .insert(artists)
      .values(
        demoArtists.map((a) => ({
          name: a.name,
          bio: a.bio,
          bioFr: a.bioFr,
          photoUrl: `/demo/artists/${a.slug}.jpg`,
          isFeatured: a.featured ?? false,
        })),
      )
      .returning({ id: artists.id });

    const nominationsByArtist = new Map<number, string[]>();
    for (const [index, artist] of demoArtists.entries()) {
      const rows = await tx
        .insert(nominations)
        .values(
          artist.nominations.map((n) => {
            const [slug, title, titleFr] = typeof n === 'string' ? [n, null, null] : n;
            const categoryId = categoryIds.get(slug);
            if (!categoryId)
              throw new Error(`demo artist ${artist.slug} names unknown category ${slug}`);
            return {
              artistId: insertedArtists[index]!.id,
              categoryId,
              nominationTitle: title,
              nominationTitleFr: titleFr,
            };
          }),
        )
        .returning({ id: nominations.id });
      nominationsByArtist.set(
        index,
        rows.map((r) => r.id),
      );
    }
    return { editionId: edition!.id, categoryIds, nominationsByArtist };
  });

  // Votes over the last 14 days, a little busier in the last day so "trending" shows.
  const rand = random(2025);
  const weights = demoArtists.map((a) => a.popularity ** 2);
  const totalWeight = weights.reduce((s, w) => s + w, 0);
  const pickArtist = () => {
    let r = rand() * totalWeight;
    for (const [i, w] of weights.entries()) if ((r -= w) <= 0) return i;
    return weights.length - 1;
  };

  let paymentCount = 0;
  for (let i = 0; i < 240; i++) {
    const artistIndex = pickArtist();
    const own = nominationsByArtist.get(artistIndex)!;
    const chosen = own.filter((_, k) => k === 0 || rand() < 0.4);
    const votes = chosen.map((nominationId) => ({
      nominationId,
      voteCount: 1 + Math.floor(rand() * 10),
    }));
    const totalVotes = votes.reduce((s, v) => s + v.voteCount, 0);
    const provider: Provider = rand() < 0.7 ? 'campay' : 'stripe';
    const currency = PROVIDER_CURRENCY[provider];
    const recent = i >= 190;
    const at = new Date(now - (recent ? rand() * 20 * HOUR : (1 + rand() * 13) * 24 * HOUR));
    const fate = rand();
    const phone = provider === 'campay' ? `2376${String(70000000 + i * 7919).slice(0, 8)}` : null;
    const [payment] = await db
      .insert(payments)
      .values({
        editionId,
        provider,
        currency,
        unitPrice: DEFAULT_PRICE_PER_VOTE[currency],
        amount: amountForVotes(totalVotes, currency),
        totalVotes,
        voterEmail: rand() < 0.6 || provider === 'stripe' ? `fan${i + 1}@example.com` : null,
        phoneNumber: phone,
        phoneHash: phone ? hashPhone(phone) : null,
        providerRef: `demo-${provider}-${i + 1}`,
        attemptedAt: fate < 0.97 ? at : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: payments.id, amount: payments.amount, currency: payments.currency });
    await db
      .insert(paymentVotes)
      .values(votes.map((v) => ({ ...v, paymentId: payment!.id, createdAt: at })));
    paymentCount++;
    // The demo's voters are made up: no receipt goes to them (outbox: null).
    if (fate < 0.88) {
      await settlePayment(
        { db, outbox: null },
        {
          paymentId: payment!.id,
          outcome: { status: 'completed', amount: payment!.amount, currency: payment!.currency },
          source: 'seed',
        },
        { at },
      );
    } else if (fate < 0.95) {
      const reason =
        provider === 'campay'
          ? 'The payment was declined on the phone.'
          : 'Your card was declined.';
      await settlePayment(
        { db, outbox: null },
        { paymentId: payment!.id, outcome: { status: 'failed', reason }, source: 'seed' },
        { at },
      );
    }
    // The rest stay pending: attempted or abandoned, as real traffic leaves them.
  }
  ctx.events.emit('catalog-changed');
  ctx.events.emit('event-changed');
  return {
    created: true,
    summary: {
      categories: categoryIds.size,
      artists: demoArtists.length,
      nominations: [...nominationsByArtist.values()].reduce((s, l) => s + l.length, 0),
      payments: paymentCount,
    },
  };
}
