import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { artists, categories, nominations } from '#server/db/schema.js';

/**
 * What the audit trail keeps of a record before and after a change: the fields an organiser
 * edits, nothing that moves on its own (vote counts, timestamps, machine-translation flags).
 * Read inside the change's transaction, so before and after are exactly what it saw and left.
 */

/** The artist's profile and its nominations (in the edition `editionId` when given). */
export async function artistSnapshot(db: Db, id: string, editionId?: number) {
  const [artist] = await db
    .select({
      name: artists.name,
      bio: artists.bio,
      bioFr: artists.bioFr,
      photoUrl: artists.photoUrl,
      isFeatured: artists.isFeatured,
    })
    .from(artists)
    .where(eq(artists.id, id));
  if (!artist) return null;
  const rows = await db
    .select({
      id: nominations.id,
      categoryId: nominations.categoryId,
      categoryName: categories.name,
      nominationTitle: nominations.nominationTitle,
      nominationTitleFr: nominations.nominationTitleFr,
      nominationPhotoUrl: nominations.nominationPhotoUrl,
      nominationDescription: nominations.nominationDescription,
      nominationDescriptionFr: nominations.nominationDescriptionFr,
    })
    .from(nominations)
    .innerJoin(categories, eq(categories.id, nominations.categoryId))
    .where(
      and(
        eq(nominations.artistId, id),
        eq(nominations.isActive, true),
        editionId === undefined ? undefined : eq(categories.editionId, editionId),
      ),
    )
    .orderBy(asc(categories.name), asc(nominations.id));
  return { ...artist, nominations: rows };
}

export async function categorySnapshot(db: Db, id: string) {
  const [category] = await db
    .select({
      name: categories.name,
      nameFr: categories.nameFr,
      description: categories.description,
      descriptionFr: categories.descriptionFr,
      icon: categories.icon,
      backgroundImageUrl: categories.backgroundImageUrl,
      backgroundColor: categories.backgroundColor,
    })
    .from(categories)
    .where(eq(categories.id, id));
  return category ?? null;
}
