import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { editions } from '#server/db/schema.js';

type NewEdition = typeof editions.$inferInsert;

let sequence = 0;

/** An edition beside the current one (not current unless made so), named uniquely. */
export async function createEdition(db: Db, overrides: Partial<NewEdition> = {}) {
  const n = `${process.pid}-${++sequence}`;
  const [row] = await db
    .insert(editions)
    .values({ slug: `edition-${n}`, name: `Edition ${n}`, nameFr: `Édition ${n}`, ...overrides })
    .returning();
  return row!;
}

/** Makes the edition `id` the current one, straight in the database, as a setup or an undo. */
export async function makeCurrentEdition(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(editions)
      .set({ isCurrent: false })
      .where(sql`${editions.isCurrent} AND ${editions.id} <> ${id}`);
    await tx.update(editions).set({ isCurrent: true }).where(eq(editions.id, id));
  });
}
