import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { artists, categories, editions, nominations } from '#server/db/schema.js';
import { badRequest, notFound, unprocessable } from '#server/http/http-error.js';
import { refuseIfArchived } from '#server/features/editions/writable-edition.js';
import type {
  AdminArtistDetail,
  ArtistDeleteResult,
  ArtistForm,
  FrenchField,
  NominationForm,
} from '#shared/schemas/admin.js';
import {
  asFrenchFields,
  machineFlags,
  mergeFrench,
  missingFrench,
} from '#server/features/translation/french-fields.js';
import { recordAudit, type AuditActor } from '#server/features/audit/record-audit.js';
import { artistSnapshot } from './audit-snapshots.js';
import { hideNominations, removeNominations } from './nomination-removal.js';

type NominationRow = typeof nominations.$inferSelect;

/** The categories of one edition, as a subquery for "a nomination of this edition". */
const categoriesOf = (db: Db, editionId: number) =>
  db.select({ id: categories.id }).from(categories).where(eq(categories.editionId, editionId));

/**
 * What the artist editor loads: the artist's profile (shared by every edition) and its active
 * nominations in the edition `editionId`, with French status; its votes are that edition's.
 */
export async function getAdminArtist(
  db: Db,
  editionId: number,
  id: string,
): Promise<AdminArtistDetail> {
  const [artist] = await db
    .select()
    .from(artists)
    .where(and(eq(artists.id, id), eq(artists.isActive, true)));
  if (!artist) throw notFound('Artist not found');
  const rows = await db
    .select({ nomination: nominations, categoryName: categories.name })
    .from(nominations)
    .innerJoin(
      categories,
      and(
        eq(categories.id, nominations.categoryId),
        eq(categories.editionId, editionId),
        eq(categories.isActive, true),
      ),
    )
    .where(and(eq(nominations.artistId, id), eq(nominations.isActive, true)))
    .orderBy(asc(categories.name));
  return {
    id: artist.id,
    name: artist.name,
    bio: artist.bio,
    bioFr: artist.bioFr,
    photoUrl: artist.photoUrl,
    isFeatured: artist.isFeatured,
    totalVotes: rows.reduce((sum, r) => sum + r.nomination.voteCount, 0),
    missingFrench: missingFrench([{ field: 'bioFr', english: artist.bio, french: artist.bioFr }]),
    machineTranslated: asFrenchFields(artist.machineTranslated),
    nominations: rows.map(({ nomination: n, categoryName }) => ({
      id: n.id,
      categoryId: n.categoryId,
      categoryName,
      shareableLink: n.shareableLink,
      nominationTitle: n.nominationTitle,
      nominationTitleFr: n.nominationTitleFr,
      nominationPhotoUrl: n.nominationPhotoUrl,
      nominationDescription: n.nominationDescription,
      nominationDescriptionFr: n.nominationDescriptionFr,
      voteCount: n.voteCount,
      missingFrench: missingFrench([
        { field: 'nominationTitleFr', english: n.nominationTitle, french: n.nominationTitleFr },
        {
          field: 'nominationDescriptionFr',
          english: n.nominationDescription,
          french: n.nominationDescriptionFr,
        },
      ]),
      machineTranslated: asFrenchFields(n.machineTranslated),
    })),
  };
}

function nominationValues(form: NominationForm, stored: NominationRow | undefined) {
  const machine = new Set<string>(stored?.machineTranslated ?? []);
  const title = mergeFrench(
    stored
      ? {
          english: stored.nominationTitle,
          french: stored.nominationTitleFr,
          machine: machine.has('nominationTitleFr'),
        }
      : null,
    { english: form.nominationTitle, french: form.nominationTitleFr },
  );
  const description = mergeFrench(
    stored
      ? {
          english: stored.nominationDescription,
          french: stored.nominationDescriptionFr,
          machine: machine.has('nominationDescriptionFr'),
        }
      : null,
    { english: form.nominationDescription, french: form.nominationDescriptionFr },
  );
  return {
    nominationTitle: form.nominationTitle,
    nominationTitleFr: title.french,
    nominationPhotoUrl: form.nominationPhotoUrl,
    nominationDescription: form.nominationDescription,
    nominationDescriptionFr: description.french,
    machineTranslated: machineFlags([
      ['nominationTitleFr', title.machine],
      ['nominationDescriptionFr', description.machine],
    ] satisfies Array<[FrenchField, boolean]>),
    isActive: true,
  };
}

/**
 * Creates (id undefined) or replaces an artist and its set of nominations in the edition
 * `editionId` in one transaction; its nominations in other editions are left as they are. A
 * nomination naming another edition's category is refused (422), and so is any change while the
 * edition is archived (409).
 * A category that stays keeps its nomination row, so its id, votes and share link never change;
 * a category removed again later comes back to the same row. A removed nomination that any
 * payment names is deactivated, never deleted. The audit row (the artist and its nominations before
 * and after) is written in the same transaction. Returns the artist id and its nomination ids.
 */
export async function saveArtist(
  db: Db,
  actor: AuditActor,
  editionId: number,
  form: ArtistForm,
  id: string | undefined,
): Promise<{ id: string; nominationIds: string[] }> {
  return db.transaction(async (tx) => {
    await refuseIfArchived(tx, editionId);
    const categoryIds = form.nominations.map((n) => n.categoryId);
    const known = await tx
      .select({ id: categories.id, editionId: categories.editionId })
      .from(categories)
      .where(and(inArray(categories.id, categoryIds), eq(categories.isActive, true)));
    if (known.length !== new Set(categoryIds).size) {
      throw badRequest('A chosen category no longer exists. Please reload and try again.');
    }
    if (known.some((category) => category.editionId !== editionId)) {
      throw unprocessable({
        en: 'A nomination can only name a category of the edition being edited.',
        fr: 'Une nomination ne peut viser qu’une catégorie de l’édition en cours de modification.',
      });
    }

    let artistId: string;
    let before: Awaited<ReturnType<typeof artistSnapshot>> = null;
    if (id) {
      const [stored] = await tx
        .select()
        .from(artists)
        .where(and(eq(artists.id, id), eq(artists.isActive, true)))
        .for('update');
      if (!stored) throw notFound('Artist not found');
      before = await artistSnapshot(tx, id, editionId);
      const bio = mergeFrench(
        {
          english: stored.bio,
          french: stored.bioFr,
          machine: stored.machineTranslated.includes('bioFr'),
        },
        { english: form.bio, french: form.bioFr },
      );
      await tx
        .update(artists)
        .set({
          name: form.name,
          bio: form.bio,
          bioFr: bio.french,
          photoUrl: form.photoUrl,
          isFeatured: form.isFeatured,
          machineTranslated: machineFlags([['bioFr', bio.machine]]),
          updatedAt: new Date(),
        })
        .where(eq(artists.id, id));
      artistId = id;
    } else {
      const [created] = await tx
        .insert(artists)
        .values({
          name: form.name,
          bio: form.bio,
          bioFr: form.bioFr,
          photoUrl: form.photoUrl,
          isFeatured: form.isFeatured,
        })
        .returning({ id: artists.id });
      artistId = created!.id;
    }

    const existing = await tx
      .select()
      .from(nominations)
      .where(
        and(
          eq(nominations.artistId, artistId),
          inArray(nominations.categoryId, categoriesOf(tx, editionId)),
        ),
      )
      .orderBy(asc(nominations.createdAt))
      .for('update');
    const byCategory = new Map<string, NominationRow>();
    for (const row of existing) {
      // Should two rows share a category, reuse the active one.
      const seen = byCategory.get(row.categoryId);
      if (!seen || (!seen.isActive && row.isActive)) byCategory.set(row.categoryId, row);
    }

    const kept: string[] = [];
    for (const nomination of form.nominations) {
      const stored = byCategory.get(nomination.categoryId);
      const values = nominationValues(nomination, stored);
      if (stored) {
        await tx.update(nominations).set(values).where(eq(nominations.id, stored.id));
        kept.push(stored.id);
      } else {
        const [created] = await tx
          .insert(nominations)
          .values({ ...values, artistId, categoryId: nomination.categoryId })
          .returning({ id: nominations.id });
        kept.push(created!.id);
      }
    }

    const removed = existing.filter((row) => row.isActive && !kept.includes(row.id));
    await removeNominations(
      tx,
      removed.map((r) => r.id),
    );
    await recordAudit(tx, actor, {
      action: id ? 'artist.update' : 'artist.create',
      entityType: 'artist',
      entityId: artistId,
      editionId,
      before,
      after: await artistSnapshot(tx, artistId, editionId),
    });
    return { id: artistId, nominationIds: kept };
  });
}

/** Nominations of editions still open to changes: an archived edition's stay as they were. */
const inUnarchivedEdition = (db: Db) =>
  inArray(
    nominations.categoryId,
    db
      .select({ id: categories.id })
      .from(categories)
      .innerJoin(editions, eq(editions.id, categories.editionId))
      .where(isNull(editions.archivedAt)),
  );

/**
 * Takes an artist and its nominations off the site and out of the admin lists (asked from the
 * edition `editionId`, 409 when it is archived; an archived edition's nominations are not hidden:
 * its catalogue is closed). Nothing is erased,
 * whether or not any payment names them: receipts, payment history and every total keep their
 * votes, and Undo (restoreArtist) can bring everything back as it was. Returns the nominations it
 * hid; one an earlier edit had already hidden is not among them.
 */
export async function deleteArtist(
  db: Db,
  actor: AuditActor,
  editionId: number,
  id: string,
): Promise<ArtistDeleteResult> {
  return db.transaction(async (tx) => {
    await refuseIfArchived(tx, editionId);
    const [stored] = await tx
      .select({ id: artists.id })
      .from(artists)
      .where(and(eq(artists.id, id), eq(artists.isActive, true)))
      .for('update');
    if (!stored) throw notFound('Artist not found');
    await recordAudit(tx, actor, {
      action: 'artist.delete',
      entityType: 'artist',
      entityId: id,
      before: await artistSnapshot(tx, id),
    });
    const hidden = await hideNominations(
      tx,
      and(eq(nominations.artistId, id), inUnarchivedEdition(tx)),
    );
    await tx
      .update(artists)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(artists.id, id));
    return { id, outcome: 'hidden' as const, nominationIds: hidden };
  });
}

/**
 * Undo of deleteArtist: the artist and the given nominations (those the delete hid) are active
 * again, with the ids, share links and vote counts they always kept, so every total is exactly what
 * it was. A nomination whose category was deleted meanwhile stays hidden. Restoring an artist that
 * is already active changes nothing, so a repeated Undo is harmless. The audit row has no before
 * when the artist was hidden (it was off the site), and the same value on both sides otherwise.
 */
export async function restoreArtist(
  db: Db,
  actor: AuditActor,
  id: string,
  nominationIds: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ id: artists.id, isActive: artists.isActive })
      .from(artists)
      .where(eq(artists.id, id))
      .for('update');
    if (!stored) throw notFound('Artist not found');
    const before = stored.isActive ? await artistSnapshot(tx, id) : null;
    if (!stored.isActive) await reactivate(tx, id, nominationIds);
    await recordAudit(tx, actor, {
      action: 'artist.restore',
      entityType: 'artist',
      entityId: id,
      before,
      after: await artistSnapshot(tx, id),
    });
  });
}

async function reactivate(tx: Db, id: string, nominationIds: string[]): Promise<void> {
  await tx.update(artists).set({ isActive: true, updatedAt: new Date() }).where(eq(artists.id, id));
  if (!nominationIds.length) return;
  const liveCategories = tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.isActive, true));
  await tx
    .update(nominations)
    .set({ isActive: true })
    .where(
      and(
        eq(nominations.artistId, id),
        inArray(nominations.id, nominationIds),
        inArray(nominations.categoryId, liveCategories),
      ),
    );
}
