import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { artists, categories, nominations } from '#server/db/schema.js';
import { currentEditionId } from '#server/features/editions/current-edition.js';
import type { CheckoutArtist } from '#shared/checkout-artist-param.js';

type NewCategory = typeof categories.$inferInsert;
type NewArtist = typeof artists.$inferInsert;
type NewNomination = typeof nominations.$inferInsert;

let sequence = 0;
const next = () => ++sequence;

export async function createCategory(db: Db, overrides: Partial<NewCategory> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({
      editionId: currentEditionId,
      name: `Category ${n}`,
      nameFr: `Catégorie ${n}`,
      description: `Description of category ${n}`,
      descriptionFr: `Description de la catégorie ${n}`,
      icon: 'fa-solid fa-trophy',
      backgroundColor: '#3B82F6',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createArtist(db: Db, overrides: Partial<NewArtist> = {}) {
  const n = next();
  const [row] = await db
    .insert(artists)
    .values({
      name: `Artist ${n}`,
      bio: `Bio of artist ${n}`,
      bioFr: `Biographie ${n}`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createNomination(
  db: Db,
  refs: { artistId: string; categoryId: string },
  overrides: Partial<NewNomination> = {},
) {
  const [row] = await db
    .insert(nominations)
    .values({ ...refs, ...overrides })
    .returning();
  return row!;
}

/** An artist nominated in each given category (a new category when none is given). */
export async function createNominee(
  db: Db,
  options: {
    categoryIds?: string[];
    artist?: Partial<NewArtist>;
    nomination?: Partial<NewNomination>;
  } = {},
) {
  const artist = await createArtist(db, options.artist);
  const categoryIds = options.categoryIds ?? [(await createCategory(db)).id];
  const created = [];
  for (const categoryId of categoryIds) {
    created.push(
      await createNomination(db, { artistId: artist.id, categoryId }, options.nomination),
    );
  }
  return { artist, nominations: created };
}

/** The checkout's `artist` parameter for a nominee in one category, as a category page writes it. */
export function checkoutArtistOf(
  nominee: Awaited<ReturnType<typeof createNominee>>,
  category: typeof categories.$inferSelect,
): CheckoutArtist {
  const nomination = nominee.nominations.find((n) => n.categoryId === category.id);
  if (!nomination) throw new Error('checkoutArtistOf: the nominee is not in that category');
  return {
    id: nominee.artist.id,
    name: nominee.artist.name,
    categories: [
      {
        id: category.id,
        name: category.name,
        nameFr: category.nameFr,
        nominationId: nomination.id,
        nominationTitle: null,
        nominationTitleFr: null,
      },
    ],
  };
}

/** A nomination's maintained tally, for tests that watch it move. */
export async function nominationVotes(db: Db, nominationId: string): Promise<number> {
  const [row] = await db
    .select({ votes: nominations.voteCount })
    .from(nominations)
    .where(eq(nominations.id, nominationId));
  if (!row) throw new Error(`no nomination ${nominationId}`);
  return row.votes;
}
