import { eq, sql } from 'drizzle-orm';
import { editions } from '#server/db/schema.js';

/**
 * The current edition, the one the public addresses show, as a condition on `editions`. Read in
 * the statement that uses it, so a switch of the current edition is seen by the next statement on
 * every instance, with no copy to keep in step.
 */
export const isCurrentEdition = eq(editions.isCurrent, true);

/** The current edition's id, as a value inside a statement (null when the table is empty). */
export const currentEditionId = sql<number>`(SELECT ${editions.id} FROM ${editions} WHERE ${editions.isCurrent})`;
