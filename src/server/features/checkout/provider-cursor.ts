import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { providerCursors } from '#server/db/schema.js';

/** How far a reader of a provider's record of events got, or null before its first event. */
export async function readProviderCursor(db: Db, name: string): Promise<number | null> {
  const [row] = await db
    .select({ position: providerCursors.position })
    .from(providerCursors)
    .where(eq(providerCursors.name, name));
  return row?.position ?? null;
}

/**
 * Moves a cursor forward to `position`, never back: a run only moves it past events it handled
 * itself, so the furthest any run got (two may overlap after a lost lock) is where the next starts.
 */
export async function advanceProviderCursor(db: Db, name: string, position: number): Promise<void> {
  await db
    .insert(providerCursors)
    .values({ name, position })
    .onConflictDoUpdate({
      target: providerCursors.name,
      set: {
        position: sql`GREATEST(${providerCursors.position}, excluded.position)`,
        updatedAt: sql`now()`,
      },
    });
}
