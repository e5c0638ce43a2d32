import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  auditLog,
  categories,
  editions,
  nominations,
  payments,
  resultsLedgers,
} from '#server/db/schema.js';
import { rowsOf } from '#server/db/rows.js';
import type { EditionList, PastEditionList } from '#shared/schemas/edition.js';
import type { PublicEvent } from '#shared/schemas/event.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createEdition, makeCurrentEdition } from '#test/factories/edition-factory.js';
import { currentEdition, publishWithLedger, setEvent } from '#test/factories/event-factory.js';
import { statusByDatabaseClock } from '#server/features/event/voting-window.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { split } from '#test/support/payment-test-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase, describePostgres } from '#test/support/test-database.js';
import { lookupReceipts } from '#server/features/receipts/receipt-queries.js';
import { publishResults } from '#server/features/event/event-store.js';
import { SYSTEM_ACTOR } from '#server/features/audit/record-audit.js';
import { createEdition as createEditionStored, setCurrentEdition } from './edition-store.js';

let unique = 0;
const slug = () => `ed-${process.pid}-${++unique}`;

const mobileMoneyBody = (nominee: { nominations: { id: string }[] }, votes = 2) => ({
  phoneNumber: '677123456',
  voterEmail: 'fan@example.com',
  nominationVotes: split(nominee, [votes]),
  totalVotes: votes,
  deviceInfo: { deviceTimestamp: new Date().toISOString(), userAgent: 'vitest' },
});

describeEachDatabase('editions', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let first: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { SANDBOX_SETTLE_DELAY_MS: '600000' });
    admin = (await signedInUser(t.database.db, { isAdmin: true })).headers;
    first = await currentEdition(t.database.db);
  });
  afterEach(async () => {
    await makeCurrentEdition(t.database.db, first);
    await t.database.db
      .update(editions)
      .set({ priceXaf: 100, priceUsd: 50, resultsPublishedAt: null })
      .where(eq(editions.id, first));
    t.app.ctx.events.emit('event-changed');
    t.app.ctx.events.emit('catalog-changed');
  });
  afterAll(() => t.close());

  const list = async () =>
    (await call<EditionList>(t.app, { method: 'GET', url: '/api/editions' })).body.editions;
  const create = (body: Record<string, unknown>, headers = admin) =>
    call<EditionList>(t.app, { method: 'POST', url: '/api/admin/editions', headers, body });

  it('lists every edition for anyone, the current one marked', async () => {
    const past = await createEdition(t.database.db, { resultsPublishedAt: new Date() });
    const editionsListed = await list();
    expect(editionsListed.find((e) => e.slug === past.slug)).toMatchObject({
      isCurrent: false,
      status: 'closed',
      archivedAt: null,
    });
    expect(editionsListed.filter((e) => e.isCurrent)).toHaveLength(1);
  });

  it('lists the past editions, newest first, with their winners once published and no counts before', async () => {
    const { db } = t.database;
    const day = 86_400_000;
    const closedAgo = (days: number) => new Date(Date.now() - days * day);
    /** A category of `editionId` whose nominees got these votes, as completed payments. */
    const category = async (editionId: number, name: string, votes: Record<string, number>) => {
      const created = await createCategory(db, { editionId, name, nameFr: `${name} (fr)` });
      const nominations: Record<string, string> = {};
      for (const [artist, count] of Object.entries(votes)) {
        const nominee = await createNominee(db, {
          categoryIds: [created.id],
          artist: { name: `${artist} ${slug()}`, photoUrl: `/photos/${artist}.jpg` },
        });
        nominations[artist] = nominee.nominations[0]!.id;
        await createCompletedPayment(db, {
          votes: [{ nominationId: nominations[artist], voteCount: count }],
          payment: { editionId },
        });
      }
      return nominations;
    };
    // Published with its ledger: a tie in one category, one winner in the other.
    const published = await createEdition(db, { votingClosesAt: closedAgo(30), timezone: 'UTC' });
    const song = await category(published.id, 'Best Song', { Ama: 5, Bebe: 5, Coco: 2 });
    await category(published.id, 'Best Group', { Duo: 3, Trio: 1 });
    await publishResults(db, SYSTEM_ACTOR, published.id);
    // A payment counted after publication changes the tallies, not the published winners.
    await createCompletedPayment(db, {
      votes: [{ nominationId: song.Coco!, voteCount: 10 }],
      payment: { editionId: published.id },
    });
    // Votes, never published.
    const unpublished = await createEdition(db, { votingClosesAt: closedAgo(10) });
    await category(unpublished.id, 'Best Dance', { Eve: 7 });
    // Archived, published before ledgers existed: its tallies are its published counts.
    const archived = await createEdition(db, {
      votingClosesAt: closedAgo(400),
      resultsPublishedAt: closedAgo(399),
      archivedAt: closedAgo(300),
    });
    await category(archived.id, 'Best Video', { Fafa: 4 });
    // The current edition, published, is not a past one.
    await setEvent(db, { resultsPublishedAt: new Date() });

    const answer = await call<PastEditionList>(t.app, { method: 'GET', url: '/api/editions/past' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const listed = answer.body.editions;
    expect(listed.some((e) => e.isCurrent)).toBe(false);
    const mine = listed.filter((e) =>
      [published.slug, unpublished.slug, archived.slug].includes(e.slug),
    );
    expect(mine.map((e) => e.slug)).toEqual([unpublished.slug, published.slug, archived.slug]);
    const [none, done, old] = mine;
    expect(none).toMatchObject({ resultsPublishedAt: null, status: 'closed', winners: [] });
    expect(JSON.stringify(none)).not.toContain('voteCount');
    expect(done!.timezone).toBe('UTC');
    expect(
      done!.winners.map((w) => [
        w.categoryName,
        w.categoryNameFr,
        w.artistName.split(' ')[0],
        w.voteCount,
      ]),
    ).toEqual([
      ['Best Song', 'Best Song (fr)', 'Ama', 5],
      ['Best Song', 'Best Song (fr)', 'Bebe', 5],
      ['Best Group', 'Best Group (fr)', 'Duo', 3],
    ]);
    expect(done!.winners[0]).toMatchObject({
      nominationId: song.Ama,
      photoUrl: '/photos/Ama.jpg',
    });
    expect(old).toMatchObject({ archivedAt: expect.any(String), status: 'closed' });
    expect(old!.winners.map((w) => [w.categoryName, w.voteCount])).toEqual([['Best Video', 4]]);
  });

  it('creates an empty edition, refuses a taken or malformed short name, and only for admins', async () => {
    const name = slug();
    const created = await create({ slug: name, name: 'Awards 2027' });
    expect(created.status).toBe(201);
    expect(created.body.editions.find((e) => e.slug === name)).toMatchObject({
      name: 'Awards 2027',
      nameFr: null,
      isCurrent: false,
      votingOpensAt: null,
    });
    expect((await create({ slug: name, name: 'Again' })).status).toBe(409);
    for (const bad of ['', 'Has Caps', '-dash', 'a'.repeat(41), 'é2025']) {
      expect((await create({ slug: bad, name: 'Bad' })).status).toBe(400);
    }
    expect((await create({ slug: slug(), name: 'X', copyFrom: 'no-such-one' })).status).toBe(404);
    expect((await create({ slug: slug(), name: 'X', copyNominees: true })).status).toBe(400);
    expect((await create({ slug: slug(), name: 'X' }, {})).status).toBe(401);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'edition.create'))
      .orderBy(sql`${auditLog.id} DESC`)
      .limit(1);
    expect(entry).toMatchObject({ entityType: 'edition', after: { slug: name } });
  });

  it('copies an edition’s categories and, when asked, its nominees, with no votes and new links', async () => {
    const { db } = t.database;
    const source = await createEdition(db, { priceXaf: 150 });
    await makeCurrentEdition(db, source.id);
    const category = await createCategory(db, { name: 'Best Song' });
    const hidden = await createCategory(db, { name: 'Gone', isActive: false });
    const nominee = await createNominee(db, { categoryIds: [category.id, hidden.id] });
    await createCompletedPayment(db, { votes: split(nominee, [3]) });
    await makeCurrentEdition(db, first);

    const copy = slug();
    const created = await create({
      slug: copy,
      name: 'Copy',
      copyFrom: source.slug,
      copyNominees: true,
      makeCurrent: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.editions.find((e) => e.slug === copy)?.isCurrent).toBe(true);
    const [edition] = await db.select().from(editions).where(eq(editions.slug, copy));
    expect(edition).toMatchObject({ priceXaf: 150, votingOpensAt: null, resultsPublishedAt: null });
    const copied = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.editionId, edition!.id));
    expect(copied.map((c) => c.name)).toEqual(['Best Song']);
    const copiedNominations = await db
      .select()
      .from(nominations)
      .where(eq(nominations.categoryId, copied[0]!.id));
    expect(copiedNominations).toHaveLength(1);
    expect(copiedNominations[0]).toMatchObject({ artistId: nominee.artist.id, voteCount: 0 });
    expect(copiedNominations[0]!.shareableLink).not.toBe(nominee.nominations[0]!.shareableLink);
    // The source keeps its own, votes included.
    const [kept] = await db
      .select({ voteCount: nominations.voteCount })
      .from(nominations)
      .where(eq(nominations.id, nominee.nominations[0]!.id));
    expect(kept!.voteCount).toBe(3);
    // The public pages now show the copy.
    const event = await call<PublicEvent>(t.app, { method: 'GET', url: '/api/event' });
    expect(event.body).toMatchObject({ slug: copy, name: 'Copy', prices: { XAF: 150, USD: 50 } });
  });

  it('shows the public the current edition’s catalogue only', async () => {
    const { db } = t.database;
    const mine = await createCategory(db, { name: `Shown ${slug()}` });
    const other = await createEdition(db);
    await makeCurrentEdition(db, other.id);
    const theirs = await createCategory(db, { name: `Next year ${slug()}` });
    await makeCurrentEdition(db, first);
    t.app.ctx.events.emit('catalog-changed');
    const names = async () =>
      (await call<{ name: string }[]>(t.app, { method: 'GET', url: '/api/categories' })).body.map(
        (c) => c.name,
      );
    expect(await names()).toContain(mine.name);
    expect(await names()).not.toContain(theirs.name);
    const switched = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/editions/current',
      headers: admin,
      body: { slug: other.slug },
    });
    expect(switched.status).toBe(200);
    expect(await names()).toEqual([theirs.name]);
  });

  it('switches the current edition; an archived or unknown one is refused', async () => {
    const next = await createEdition(t.database.db);
    const switched = await call<EditionList>(t.app, {
      method: 'PUT',
      url: '/api/admin/editions/current',
      headers: admin,
      body: { slug: next.slug },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.editions.filter((e) => e.isCurrent).map((e) => e.slug)).toEqual([
      next.slug,
    ]);
    const archived = await createEdition(t.database.db, { archivedAt: new Date() });
    for (const [target, status] of [
      [archived.slug, 409],
      ['no-such-one', 404],
      ['Not A Slug', 400],
    ] as const) {
      const refused = await call(t.app, {
        method: 'PUT',
        url: '/api/admin/editions/current',
        headers: admin,
        body: { slug: target },
      });
      expect(refused.status).toBe(status);
    }
    expect((await list()).filter((e) => e.isCurrent).map((e) => e.slug)).toEqual([next.slug]);
  });

  it('archives only a finished edition that is not current; it then takes no votes', async () => {
    const { db } = t.database;
    const archive = (name: string) =>
      call(t.app, { method: 'POST', url: `/api/admin/editions/${name}/archive`, headers: admin });
    const current = (await list()).find((e) => e.isCurrent)!;
    expect((await archive(current.slug)).status).toBe(409);
    const open = await createEdition(db);
    expect((await archive(open.slug)).status).toBe(409);
    const finished = await createEdition(db, { votingClosesAt: new Date(Date.now() - 60_000) });
    expect((await archive(finished.slug)).status).toBe(200);
    expect((await archive(finished.slug)).status).toBe(200);
    expect((await archive('no-such-one')).status).toBe(404);
    const [row] = await db.select().from(editions).where(eq(editions.id, finished.id));
    expect(row!.archivedAt).not.toBeNull();
  });

  it('takes a payment at its edition’s price, which a later change leaves alone', async () => {
    const { db } = t.database;
    await setEvent(db, { priceXaf: 150 });
    t.app.ctx.events.emit('event-changed');
    const nominee = await createNominee(db, { categoryIds: [(await createCategory(db)).id] });
    const paid = await call<{ paymentId: string }>(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: mobileMoneyBody(nominee, 3),
    });
    expect(paid.status).toBe(200);
    await setEvent(db, { priceXaf: 200 });
    const [row] = await db.select().from(payments).where(eq(payments.id, paid.body.paymentId));
    expect(row).toMatchObject({ editionId: first, unitPrice: 150, amount: 450, totalVotes: 3 });
  });

  it('refuses votes for a nomination of another edition than the current one, writing nothing', async () => {
    const { db } = t.database;
    const other = await createEdition(db);
    await makeCurrentEdition(db, other.id);
    const nominee = await createNominee(db, { categoryIds: [(await createCategory(db)).id] });
    await makeCurrentEdition(db, first);
    const [before] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM payments`),
    );
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: mobileMoneyBody(nominee),
    });
    expect(refused.status).toBe(422);
    const [after] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM payments`),
    );
    expect(after!.n).toBe(before!.n);
  });

  it('lists a voter’s receipts from every edition, each with its edition, and opens each', async () => {
    const { db } = t.database;
    const email = `${slug()}@example.com`;
    const past = await createEdition(db, { name: 'Awards 2024', nameFr: 'Prix 2024' });
    await makeCurrentEdition(db, past.id);
    const old = await createNominee(db, { categoryIds: [(await createCategory(db)).id] });
    const oldPaid = await createCompletedPayment(db, {
      votes: split(old, [1]),
      payment: { voterEmail: email },
    });
    await makeCurrentEdition(db, first);
    const now = await createNominee(db, { categoryIds: [(await createCategory(db)).id] });
    const newPaid = await createCompletedPayment(db, {
      votes: split(now, [2]),
      payment: { voterEmail: email },
    });
    const found = await lookupReceipts(db, { email });
    expect(found.map((r) => [r.receiptCode, r.edition.slug])).toEqual(
      expect.arrayContaining([
        [oldPaid.receiptCode, past.slug],
        [newPaid.receiptCode, expect.any(String)],
      ]),
    );
    const receipt = await call<{ edition: { name: string; nameFr: string } }>(t.app, {
      method: 'GET',
      url: `/api/payment/receipt/${oldPaid.receiptCode}`,
    });
    expect(receipt.body.edition).toMatchObject({ name: 'Awards 2024', nameFr: 'Prix 2024' });
  });

  it('serves each edition’s published ledger under ?edition=, the current one without', async () => {
    const { db } = t.database;
    const past = await createEdition(db);
    await makeCurrentEdition(db, past.id);
    const nominee = await createNominee(db, { categoryIds: [(await createCategory(db)).id] });
    const paid = await createCompletedPayment(db, { votes: split(nominee, [4]) });
    await publishWithLedger(db);
    await makeCurrentEdition(db, first);
    t.app.ctx.events.emit('event-changed');
    const head = (query: string) =>
      call<{ ledger: { root: string; correctionCount: number } | null }>(t.app, {
        method: 'GET',
        url: `/api/results/ledger/head${query}`,
      });
    const [stored] = await db
      .select({ root: resultsLedgers.root })
      .from(resultsLedgers)
      .where(eq(resultsLedgers.editionId, past.id));
    const pastHead = await head(`?edition=${past.slug}`);
    expect(pastHead.status).toBe(200);
    expect(pastHead.body.ledger).toMatchObject({ root: stored!.root, correctionCount: 0 });
    const entry = await call(t.app, {
      method: 'GET',
      url: `/api/results/ledger/entries/${paid.receiptCode}?edition=${past.slug}`,
    });
    expect(entry.status).toBe(200);
    // The current edition has published nothing: its ledger is not out.
    expect((await head('')).status).toBe(404);
    expect((await head('?edition=no-such-one')).status).toBe(404);
    expect((await head('?edition=Bad Slug')).status).toBe(400);
  });

  it('refuses in the database itself to delete an edition, category or nomination with votes', async () => {
    const { db } = t.database;
    const nominee = await createNominee(db, { categoryIds: [(await createCategory(db)).id] });
    await createCompletedPayment(db, { votes: split(nominee, [1]) });
    const refusals = [
      sql`DELETE FROM editions WHERE id = ${first}`,
      sql`DELETE FROM categories WHERE id = ${nominee.nominations[0]!.categoryId}`,
      sql`DELETE FROM nominations WHERE id = ${nominee.nominations[0]!.id}`,
    ];
    for (const statement of refusals) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
  });

  it('counts an archived edition closed, whatever its window says', async () => {
    const { db } = t.database;
    const archived = await createEdition(db, {
      votingOpensAt: new Date(Date.now() - 86_400_000),
      archivedAt: new Date(),
    });
    const [row] = rowsOf<{ status: string }>(
      await db.execute(sql`SELECT status FROM (SELECT ${statusByDatabaseClock} AS status
        FROM ${editions} WHERE ${editions.id} = ${archived.id}) s`),
    );
    expect(row!.status).toBe('closed');
  });
});

describePostgres('editions raced on PostgreSQL', () => {
  let t: TestApp;
  let first: number;
  beforeAll(async () => {
    t = await createTestApp('postgres', { DATABASE_POOL_SIZE: '12' });
    first = await currentEdition(t.database.db);
  });
  afterAll(() => t.close());

  it('leaves exactly one current edition when admins create and switch at the same moment', async () => {
    const { db } = t.database;
    const actor = { id: null, email: 'race@example.com' };
    const existing = await Promise.all([1, 2, 3].map(() => createEdition(db)));
    for (let round = 0; round < 5; round++) {
      const created = Array.from({ length: 4 }, () => slug());
      await Promise.all([
        ...created.map((name) =>
          createEditionStored(db, actor, {
            slug: name,
            name,
            nameFr: null,
            copyFrom: null,
            copyNominees: false,
            makeCurrent: true,
          }),
        ),
        ...existing.map((edition) => setCurrentEdition(db, actor, edition.slug)),
      ]);
      const [{ current } = { current: -1 }] = rowsOf<{ current: number }>(
        await db.execute(sql`SELECT count(*)::int AS current FROM editions WHERE is_current`),
      );
      expect(current, `round ${round}`).toBe(1);
    }
    await makeCurrentEdition(db, first);
  });
});
