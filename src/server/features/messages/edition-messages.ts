import { sql, type SQL } from 'drizzle-orm';
import { outboxMessages } from '#server/db/schema.js';
import { currentEditionId } from '#server/features/editions/current-edition.js';

/**
 * The messages an edition's admin reads, as the two sets they are: those of its payments, and,
 * with the current edition only, the ones no payment owns (lookup codes), which are the site's of
 * the moment rather than any year's. Read in the statement, so a switch of the current edition
 * moves them at once. Two conditions to read apart, each through the index on edition_id: one
 * condition with OR between them is answered by reading every edition's messages.
 */
export function messagesOfEdition(editionId: number): readonly [SQL, SQL] {
  return [
    sql`${outboxMessages.editionId} = ${editionId}`,
    sql`(${outboxMessages.editionId} IS NULL AND ${editionId} = ${currentEditionId})`,
  ];
}
