import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.js';
import { categories, editions, nominations } from '#server/db/schema.js';
import { recordAudit, type AuditActor } from '#server/features/audit/record-audit.js';
import { publishedWinners } from '#server/features/event/results-query.js';
import { statusByDatabaseClock } from '#server/features/event/voting-window.js';
import { isCurrentEdition } from './current-edition.js';
import { conflict, notFound } from '#server/http/http-error.js';
import type { CreateEdition, EditionSummary, PastEdition } from '#shared/schemas/edition.js';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const NO_SUCH_EDITION = { en: 'No such edition.', fr: "Cette édition n'existe pas." };

/** What the public may know of an edition (EditionSummary), as the database gives it. */
const summaryColumns = {
  slug: editions.slug,
  name: editions.name,
  nameFr: editions.nameFr,
  votingOpensAt: editions.votingOpensAt,
  votingClosesAt: editions.votingClosesAt,
  resultsPublishedAt: editions.resultsPublishedAt,
  status: statusByDatabaseClock,
  isCurrent: editions.isCurrent,
  archivedAt: editions.archivedAt,
};

type SummaryRow = Omit<
  EditionSummary,
  'votingOpensAt' | 'votingClosesAt' | 'resultsPublishedAt' | 'archivedAt'
> & {
  votingOpensAt: Date | null;
  votingClosesAt: Date | null;
  resultsPublishedAt: Date | null;
  archivedAt: Date | null;
};

const toSummary = (row: SummaryRow): EditionSummary => ({
  slug: row.slug,
  name: row.name,
  nameFr: row.nameFr,
  votingOpensAt: iso(row.votingOpensAt),
  votingClosesAt: iso(row.votingClosesAt),
  resultsPublishedAt: iso(row.resultsPublishedAt),
  status: row.status,
  isCurrent: row.isCurrent,
  archivedAt: iso(row.archivedAt),
});

/** Every edition, newest first, with its status by the database's clock. */
export async function listEditions(db: Db): Promise<EditionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(editions)
    .orderBy(sql`${editions.createdAt} DESC, ${editions.id} DESC`);
  return rows.map(toSummary);
}

/**
 * Every edition but the current one, newest first (by when its voting closed, or when it was
 * created if it has no close), each with its time zone (its own, or `defaultTimeZone`) and, once
 * its results are published, its winners: two statements, whatever the number of editions.
 */
export async function listPastEditions(db: Db, defaultTimeZone: string): Promise<PastEdition[]> {
  const rows = await db
    .select({ ...summaryColumns, id: editions.id, timezone: editions.timezone })
    .from(editions)
    .where(not(isCurrentEdition))
    .orderBy(
      sql`COALESCE(${editions.votingClosesAt}, ${editions.createdAt}) DESC, ${editions.id} DESC`,
    );
  const published = rows.filter((row) => row.resultsPublishedAt !== null).map((row) => row.id);
  const winners = await publishedWinners(db, published);
  return rows.map((row) => ({
    ...toSummary(row),
    timezone: row.timezone ?? defaultTimeZone,
    // Published when listed: a publication between the two statements waits for the next read.
    winners: row.resultsPublishedAt === null ? [] : (winners.get(row.id) ?? []),
  }));
}

/**
 * The short name of the edition, other than the current one, that a category or a share link
 * belongs to: where a link shared while that edition was current now lives. Null when none has it.
 */
export async function otherEditionOf(
  db: Db,
  page: { categoryId: string } | { shareLink: string },
): Promise<string | null> {
  const [row] = await db
    .select({ slug: editions.slug })
    .from(categories)
    .innerJoin(editions, eq(editions.id, categories.editionId))
    .where(
      'categoryId' in page
        ? and(eq(categories.id, page.categoryId), not(isCurrentEdition))
        : and(
            not(isCurrentEdition),
            inArray(
              categories.id,
              db
                .select({ id: nominations.categoryId })
                .from(nominations)
                .where(eq(nominations.shareableLink, page.shareLink)),
            ),
          ),
    );
  return row?.slug ?? null;
}

/** The edition named by `slug`, or the current one; 404 for a slug no edition has. */
export async function editionIdOf(db: Db, slug: string | undefined): Promise<number> {
  const [row] = await db
    .select({ id: editions.id })
    .from(editions)
    .where(slug === undefined ? eq(editions.isCurrent, true) : eq(editions.slug, slug));
  if (!row) throw notFound(NO_SUCH_EDITION);
  return row.id;
}

/**
 * The edition named by `slug` (the current one when left out) as its readers need it: its id, the
 * time zone its days are read in (its own, or `defaultTimeZone` when the organiser left it unset),
 * and when its results were published (null: not yet). 404 for an unknown slug.
 */
export async function findEdition(
  db: Db,
  slug: string | undefined,
  defaultTimeZone: string,
): Promise<{ id: number; timeZone: string; resultsPublishedAt: Date | null }> {
  const [row] = await db
    .select({
      id: editions.id,
      timezone: editions.timezone,
      resultsPublishedAt: editions.resultsPublishedAt,
    })
    .from(editions)
    .where(slug === undefined ? eq(editions.isCurrent, true) : eq(editions.slug, slug));
  if (!row) throw notFound(NO_SUCH_EDITION);
  return {
    id: row.id,
    timeZone: row.timezone ?? defaultTimeZone,
    resultsPublishedAt: row.resultsPublishedAt,
  };
}

/**
 * Every edition row locked, in id order: creating an edition and changing the current one take
 * this first, so two organisers doing either at once take turns and the partial unique index on
 * `is_current` is never the one to refuse.
 */
async function lockEditions(tx: Db) {
  return tx
    .select({ id: editions.id, slug: editions.slug, archivedAt: editions.archivedAt })
    .from(editions)
    .orderBy(asc(editions.id))
    .for('update');
}

/**
 * Makes `editionId` the only current edition, in the transaction that locked every edition. Two
 * statements: the unique index on `is_current` is checked row by row, so one statement could set
 * the new edition before it cleared the old one.
 */
async function makeCurrent(tx: Db, editionId: number): Promise<void> {
  const now = new Date();
  await tx
    .update(editions)
    .set({ isCurrent: false, updatedAt: now })
    .where(sql`${editions.isCurrent} AND ${editions.id} <> ${editionId}`);
  await tx
    .update(editions)
    .set({ isCurrent: true, updatedAt: now })
    .where(eq(editions.id, editionId));
}

/**
 * A new edition: empty, or with the active categories of `copyFrom` (and, if asked, their active
 * nominations, counts at zero and new share links), its settings and prices, no window yet. 409
 * for a slug already taken.
 */
export async function createEdition(
  db: Db,
  actor: AuditActor,
  input: CreateEdition,
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockEditions(tx);
      const source = input.copyFrom === null ? null : locked.find((e) => e.slug === input.copyFrom);
      if (input.copyFrom !== null && !source) throw notFound(NO_SUCH_EDITION);
      const settings = source ? await copiedSettings(tx, source.id) : {};
      const [created] = await tx
        .insert(editions)
        .values({ ...settings, slug: input.slug, name: input.name, nameFr: input.nameFr })
        .returning({ id: editions.id });
      const editionId = created!.id;
      const copied = source ? await copyCatalogue(tx, source.id, editionId, input.copyNominees) : 0;
      if (input.makeCurrent) await makeCurrent(tx, editionId);
      await recordAudit(tx, actor, {
        action: 'edition.create',
        entityType: 'edition',
        entityId: String(editionId),
        editionId,
        after: {
          slug: input.slug,
          name: input.name,
          nameFr: input.nameFr,
          copyFrom: input.copyFrom,
          copyNominees: input.copyNominees,
          categoriesCopied: copied,
          current: input.makeCurrent,
        },
      });
      return input.slug;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw conflict({
        en: `An edition already has the short name ${input.slug}.`,
        fr: `Une édition porte déjà le nom court ${input.slug}.`,
      });
    }
    throw error;
  }
}

/** What a copied edition takes from its source: everything but names, window and results. */
async function copiedSettings(tx: Db, sourceId: number) {
  const [source] = await tx
    .select({
      timezone: editions.timezone,
      resultsVisibility: editions.resultsVisibility,
      hideCountsHoursBeforeClose: editions.hideCountsHoursBeforeClose,
      smsReceipts: editions.smsReceipts,
      priceXaf: editions.priceXaf,
      priceUsd: editions.priceUsd,
    })
    .from(editions)
    .where(eq(editions.id, sourceId));
  // Hiding counts before a close needs a close, which a new edition does not have yet.
  return { ...source!, hideCountsHoursBeforeClose: null };
}

/** Copies the source's active categories (and their active nominations); returns how many. */
async function copyCatalogue(
  tx: Db,
  sourceId: number,
  editionId: number,
  withNominees: boolean,
): Promise<number> {
  const sources = await tx
    .select()
    .from(categories)
    .where(and(eq(categories.editionId, sourceId), eq(categories.isActive, true)))
    .orderBy(asc(categories.createdAt), asc(categories.id));
  if (sources.length === 0) return 0;
  // Created a millisecond apart, so the new edition lists them in the source's order.
  const start = Date.now();
  const copies = await tx
    .insert(categories)
    .values(
      sources.map(
        ({ id: _id, editionId: _edition, createdAt: _at, updatedAt: _up, ...rest }, i) => ({
          ...rest,
          editionId,
          createdAt: new Date(start + i),
        }),
      ),
    )
    .returning({ id: categories.id });
  if (!withNominees) return copies.length;
  const newIdOf = new Map(sources.map((source, i) => [source.id, copies[i]!.id]));
  const nominees = await tx
    .select()
    .from(nominations)
    .where(
      and(inArray(nominations.categoryId, [...newIdOf.keys()]), eq(nominations.isActive, true)),
    );
  if (nominees.length) {
    await tx.insert(nominations).values(
      nominees.map((n) => ({
        artistId: n.artistId,
        categoryId: newIdOf.get(n.categoryId)!,
        nominationTitle: n.nominationTitle,
        nominationTitleFr: n.nominationTitleFr,
        nominationPhotoUrl: n.nominationPhotoUrl,
        nominationDescription: n.nominationDescription,
        nominationDescriptionFr: n.nominationDescriptionFr,
        machineTranslated: n.machineTranslated,
      })),
    );
  }
  return copies.length;
}

/**
 * Makes the edition named by `slug` the one the public addresses show. 404 for an unknown slug,
 * 409 for an archived edition (it takes no votes any more).
 */
export async function setCurrentEdition(db: Db, actor: AuditActor, slug: string): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockEditions(tx);
    const target = locked.find((e) => e.slug === slug);
    if (!target) throw notFound(NO_SUCH_EDITION);
    if (target.archivedAt) {
      throw conflict({
        en: 'An archived edition cannot be made current.',
        fr: 'Une édition archivée ne peut pas devenir l’édition en cours.',
      });
    }
    const [before] = await tx
      .select({ slug: editions.slug })
      .from(editions)
      .where(eq(editions.isCurrent, true));
    await makeCurrent(tx, target.id);
    await recordAudit(tx, actor, {
      action: 'edition.make-current',
      entityType: 'edition',
      entityId: String(target.id),
      editionId: target.id,
      before: { current: before?.slug ?? null },
      after: { current: slug },
    });
  });
}

/**
 * Archives a finished edition: no vote or nomination changes from then on (its window reads as
 * closed everywhere); its results, ledger, receipts and books stay public, and refunds and disputes
 * still land as dated corrections. 409 for the current edition or one whose voting is not closed.
 */
export async function archiveEdition(db: Db, actor: AuditActor, slug: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [edition] = await tx
      .select({
        id: editions.id,
        isCurrent: editions.isCurrent,
        archivedAt: editions.archivedAt,
        status: statusByDatabaseClock,
      })
      .from(editions)
      .where(eq(editions.slug, slug))
      .for('update');
    if (!edition) throw notFound(NO_SUCH_EDITION);
    if (edition.archivedAt) return;
    if (edition.isCurrent) {
      throw conflict({
        en: 'Make another edition current before archiving this one.',
        fr: 'Choisissez une autre édition en cours avant d’archiver celle-ci.',
      });
    }
    if (edition.status !== 'closed') {
      throw conflict({
        en: 'Only an edition whose voting has closed can be archived.',
        fr: 'Seule une édition dont le vote est clos peut être archivée.',
      });
    }
    await tx
      .update(editions)
      .set({ archivedAt: sql`now()`, updatedAt: new Date() })
      .where(eq(editions.id, edition.id));
    await recordAudit(tx, actor, {
      action: 'edition.archive',
      entityType: 'edition',
      entityId: String(edition.id),
      editionId: edition.id,
      after: { slug, archived: true },
    });
  });
}
