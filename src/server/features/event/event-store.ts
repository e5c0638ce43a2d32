import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { editions } from '#server/db/schema.js';
import { isCurrentEdition } from '#server/features/editions/current-edition.js';
import { archivedEdition } from '#server/features/editions/writable-edition.js';
import type { EventWindow } from '#shared/event-status.js';
import type { EventSettings } from '#shared/schemas/event.js';
import { DEFAULT_PRICE_PER_VOTE, type Currency } from '#shared/money.js';
import { recordAudit, type AuditActor } from '#server/features/audit/record-audit.js';
import { conflict } from '#server/http/http-error.js';
import { publishLedger, saltCreditedReceipts } from '#server/features/ledger/publish-ledger.js';
import { refuseUnlessOpen, statusByDatabaseClock } from './voting-window.js';

/** The event row as the API speaks of it (instants as ISO strings), its zone resolved. */
export interface EventRecord extends EventWindow {
  slug: string;
  name: string;
  nameFr: string | null;
  timezone: string;
  /** Payments' messages go by SMS too (off: e-mail only). */
  smsReceipts: boolean;
  prices: Record<Currency, number>;
  archivedAt: string | null;
  isCurrent: boolean;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const columns = {
  slug: editions.slug,
  name: editions.name,
  nameFr: editions.nameFr,
  timezone: editions.timezone,
  votingOpensAt: editions.votingOpensAt,
  votingClosesAt: editions.votingClosesAt,
  resultsVisibility: editions.resultsVisibility,
  hideCountsHoursBeforeClose: editions.hideCountsHoursBeforeClose,
  resultsPublishedAt: editions.resultsPublishedAt,
  smsReceipts: editions.smsReceipts,
  priceXaf: editions.priceXaf,
  priceUsd: editions.priceUsd,
  archivedAt: editions.archivedAt,
  isCurrent: editions.isCurrent,
};
type EventRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

/** The audit trail's entry for a change of the event's settings, with both versions. */
function recordEventChange(
  db: Db,
  actor: AuditActor,
  before: EventRow & { id: number },
  after: EventRow,
  defaultTimezone: string,
): Promise<void> {
  return recordAudit(db, actor, {
    action: 'event.update',
    entityType: 'event',
    entityId: String(before.id),
    editionId: before.id,
    before: toRecord(before, defaultTimezone),
    after: toRecord(after, defaultTimezone),
  });
}

function toRecord(row: EventRow, defaultTimezone: string): EventRecord {
  return {
    slug: row.slug ?? '',
    name: row.name ?? 'Palmarès',
    nameFr: row.nameFr,
    timezone: row.timezone ?? defaultTimezone,
    votingOpensAt: iso(row.votingOpensAt),
    votingClosesAt: iso(row.votingClosesAt),
    resultsVisibility: row.resultsVisibility ?? 'live',
    hideCountsHoursBeforeClose: row.hideCountsHoursBeforeClose,
    resultsPublishedAt: iso(row.resultsPublishedAt),
    smsReceipts: row.smsReceipts ?? true,
    prices: {
      XAF: row.priceXaf ?? DEFAULT_PRICE_PER_VOTE.XAF,
      USD: row.priceUsd ?? DEFAULT_PRICE_PER_VOTE.USD,
    },
    archivedAt: iso(row.archivedAt),
    isCurrent: row.isCurrent ?? true,
  };
}

/**
 * An edition's settings (the current edition's when `editionId` is left out) and the database's
 * clock read in one statement, so the two belong together.
 */
export async function readEvent(
  db: Db,
  defaultTimezone: string,
  editionId?: number,
): Promise<{ record: EventRecord; databaseNow: number }> {
  const [row] = await db
    .select({
      ...columns,
      databaseNow: sql<number>`(extract(epoch from now()) * 1000)::float8`.mapWith(Number),
    })
    .from(editions)
    .where(editionId === undefined ? isCurrentEdition : eq(editions.id, editionId));
  // The migration creates the row; an empty table would mean a damaged database.
  if (!row) throw new Error('There is no current edition: run the migrations');
  return { record: toRecord(row, defaultTimezone), databaseNow: row.databaseNow };
}

/**
 * The edition `editionId` locked for a change of its settings, with its status by the database's
 * clock; 409 when it is archived (its settings are closed with its catalogue).
 */
async function lockEdition(tx: Db, editionId: number) {
  const [before] = await tx
    .select({ ...columns, id: editions.id, status: statusByDatabaseClock })
    .from(editions)
    .where(eq(editions.id, editionId))
    .for('update');
  // Callers resolve the id first (editionIdOf); editions are never deleted while in use.
  if (!before) throw new Error(`There is no edition ${editionId}`);
  if (before.archivedAt) throw archivedEdition();
  return before;
}

/**
 * Replaces the edition's settings and records the change with the values before and after, in one
 * transaction. Results already published stay published.
 */
export async function updateEventSettings(
  db: Db,
  actor: AuditActor,
  editionId: number,
  settings: EventSettings,
  defaultTimezone: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockEdition(tx, editionId);
    const values = {
      name: settings.name,
      nameFr: settings.nameFr,
      timezone: settings.timezone,
      votingOpensAt: settings.votingOpensAt === null ? null : new Date(settings.votingOpensAt),
      votingClosesAt: settings.votingClosesAt === null ? null : new Date(settings.votingClosesAt),
      resultsVisibility: settings.resultsVisibility,
      hideCountsHoursBeforeClose: settings.hideCountsHoursBeforeClose,
      smsReceipts: settings.smsReceipts ?? before.smsReceipts,
      priceXaf: settings.prices?.XAF ?? before.priceXaf,
      priceUsd: settings.prices?.USD ?? before.priceUsd,
    };
    const [after] = await tx
      .update(editions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(editions.id, before.id))
      .returning(columns);
    await recordEventChange(tx, actor, before, after!, defaultTimezone);
  });
}

/**
 * Ends voting now by the database's clock (the close the payments' check reads), so an organiser
 * can let pending payments settle before publishing. Recorded as a change of the settings; 409
 * unless voting is open.
 */
export async function closeVotingNow(
  db: Db,
  actor: AuditActor,
  editionId: number,
  defaultTimezone: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockEdition(tx, editionId);
    refuseUnlessOpen(before.status);
    const [after] = await tx
      .update(editions)
      .set({ votingClosesAt: sql`now()`, updatedAt: new Date() })
      .where(eq(editions.id, before.id))
      .returning(columns);
    await recordEventChange(tx, actor, before, after!, defaultTimezone);
  });
}

/**
 * Sets the edition's resultsPublishedAt (the current edition's when `editionId` is left out) by
 * the database's clock and publishes the ledger of the counted votes (ADR 0058) in the same
 * transaction; 409 when its results are already published or it is archived. The receipts are
 * salted first, outside the transaction, which then holds the edition's row for seconds, not for
 * the minute a large event's salting takes.
 */
export async function publishResults(
  db: Db,
  actor: AuditActor,
  editionId?: number,
): Promise<string> {
  const edition = editionId === undefined ? isCurrentEdition : eq(editions.id, editionId);
  const publishable = sql`${edition} AND ${editions.resultsPublishedAt} IS NULL AND ${editions.archivedAt} IS NULL`;
  const [target] = await db.select({ id: editions.id }).from(editions).where(publishable);
  // Nothing to salt for a refusal, which the transaction gives at once.
  const salted = target ? await saltCreditedReceipts(db, target.id) : undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(editions)
      .set({ resultsPublishedAt: sql`now()`, updatedAt: new Date() })
      .where(publishable)
      .returning({ id: editions.id, resultsPublishedAt: editions.resultsPublishedAt });
    if (!row?.resultsPublishedAt) {
      const [archived] = await tx
        .select({ id: editions.id })
        .from(editions)
        .where(sql`${edition} AND ${editions.archivedAt} IS NOT NULL`);
      if (archived) throw archivedEdition();
      throw conflict({
        en: 'The results are already published.',
        fr: 'Les résultats sont déjà publiés.',
      });
    }
    const publishedAt = row.resultsPublishedAt.toISOString();
    // Another edition became the current one meanwhile: its receipts are salted here.
    const ledger = await publishLedger(tx, row.id, row.id === target?.id ? salted : undefined);
    await recordAudit(tx, actor, {
      action: 'event.publish-results',
      entityType: 'event',
      entityId: String(row.id),
      editionId: row.id,
      before: { resultsPublishedAt: null },
      after: {
        resultsPublishedAt: publishedAt,
        ledgerRoot: ledger.root,
        ledgerEntries: ledger.entryCount,
      },
    });
    return publishedAt;
  });
}
