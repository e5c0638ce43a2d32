import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { categories, nominations } from '#server/db/schema.js';
import { notFound } from '#server/http/http-error.js';
import type { AdminCategory, CategoryForm, DeleteResult } from '#shared/schemas/admin.js';
import {
  asFrenchFields,
  machineFlags,
  mergeFrench,
  missingFrench,
} from '#server/features/translation/french-fields.js';
import {
  eraseNominations,
  hideNominations,
  nominationsWithPayments,
} from './nomination-removal.js';
import { rowsOf } from '#server/db/rows.js';
import { refuseIfArchived } from '#server/features/editions/writable-edition.js';
import { recordAudit, type AuditActor } from '#server/features/audit/record-audit.js';
import { categorySnapshot } from './audit-snapshots.js';

/** A visible category with its nominee and vote counts (raw SQL: an aggregate join). */
interface CategoryWithCountsRow {
  id: string;
  name: string;
  name_fr: string | null;
  description: string | null;
  description_fr: string | null;
  icon: string | null;
  background_image_url: string | null;
  background_color: string | null;
  machine_translated: string[];
  created_at: string | Date;
  artist_count: number;
  vote_count: number;
}

/**
 * The categories of one edition, with counts as the public catalogue shows them: active
 * nominations of active artists. Hidden (deleted) categories are not listed.
 */
export async function listAdminCategories(
  db: Db,
  editionId: number,
  id?: string,
): Promise<AdminCategory[]> {
  const result = await db.execute(sql`
    SELECT c.id, c.name, c.name_fr, c.description, c.description_fr, c.icon,
           c.background_image_url, c.background_color, c.machine_translated, c.created_at,
           coalesce(s.artist_count, 0)::int AS artist_count, coalesce(s.vote_count, 0)::int AS vote_count
    FROM categories c
    LEFT JOIN (
      -- The edition's nominations only: counting every edition's to keep a few would grow with them.
      SELECT n.category_id, count(*) AS artist_count, sum(n.vote_count) AS vote_count
      FROM nominations n JOIN artists a ON a.id = n.artist_id AND a.is_active
      JOIN categories nc ON nc.id = n.category_id AND nc.edition_id = ${editionId}
      WHERE n.is_active GROUP BY n.category_id
    ) s ON s.category_id = c.id
    WHERE c.is_active AND c.edition_id = ${editionId} ${id ? sql`AND c.id = ${id}` : sql``}
    ORDER BY c.created_at, c.name`);
  return rowsOf<CategoryWithCountsRow>(result).map((c) => ({
    id: c.id,
    name: c.name,
    nameFr: c.name_fr,
    description: c.description,
    descriptionFr: c.description_fr,
    icon: c.icon,
    backgroundImageUrl: c.background_image_url,
    backgroundColor: c.background_color,
    artistCount: c.artist_count,
    voteCount: c.vote_count,
    createdAt: new Date(c.created_at).toISOString(),
    missingFrench: missingFrench([
      { field: 'nameFr', english: c.name, french: c.name_fr },
      { field: 'descriptionFr', english: c.description, french: c.description_fr },
    ]),
    machineTranslated: asFrenchFields(c.machine_translated),
  }));
}

export async function getAdminCategory(
  db: Db,
  editionId: number,
  id: string,
): Promise<AdminCategory> {
  const [category] = await listAdminCategories(db, editionId, id);
  if (!category) throw notFound('Category not found');
  return category;
}

/** A new category of the edition `editionId`; 409 when that edition is archived. */
export async function createCategory(
  db: Db,
  actor: AuditActor,
  editionId: number,
  form: CategoryForm,
): Promise<string> {
  return db.transaction(async (tx) => {
    await refuseIfArchived(tx, editionId);
    const [row] = await tx
      .insert(categories)
      .values({ ...form, editionId, machineTranslated: [] })
      .returning({ id: categories.id });
    const id = row!.id;
    await recordAudit(tx, actor, {
      action: 'category.create',
      entityType: 'category',
      entityId: id,
      editionId,
      after: await categorySnapshot(tx, id),
    });
    return id;
  });
}

/**
 * The active category `id` of the edition `editionId`, locked for the change; 404 when that
 * edition has no such category, 409 when the edition is archived.
 */
async function lockCategory(tx: Db, editionId: number, id: string) {
  await refuseIfArchived(tx, editionId);
  const [stored] = await tx
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.id, id),
        eq(categories.editionId, editionId),
        eq(categories.isActive, true),
      ),
    )
    .for('update');
  if (!stored) throw notFound('Category not found');
  return stored;
}

export async function updateCategory(
  db: Db,
  actor: AuditActor,
  editionId: number,
  id: string,
  form: CategoryForm,
): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await lockCategory(tx, editionId, id);
    const before = await categorySnapshot(tx, id);
    const machine = new Set(stored.machineTranslated);
    const name = mergeFrench(
      { english: stored.name, french: stored.nameFr, machine: machine.has('nameFr') },
      { english: form.name, french: form.nameFr },
    );
    const description = mergeFrench(
      {
        english: stored.description,
        french: stored.descriptionFr,
        machine: machine.has('descriptionFr'),
      },
      { english: form.description, french: form.descriptionFr },
    );
    await tx
      .update(categories)
      .set({
        ...form,
        nameFr: name.french,
        descriptionFr: description.french,
        machineTranslated: machineFlags([
          ['nameFr', name.machine],
          ['descriptionFr', description.machine],
        ]),
        updatedAt: new Date(),
      })
      .where(eq(categories.id, id));
    await recordAudit(tx, actor, {
      action: 'category.update',
      entityType: 'category',
      entityId: id,
      before,
      after: await categorySnapshot(tx, id),
    });
  });
}

/**
 * Deletes a category and its nominations outright when no payment ever named them; otherwise
 * hides the category and its nominations, keeping every vote and payment in the totals.
 */
export async function deleteCategory(
  db: Db,
  actor: AuditActor,
  editionId: number,
  id: string,
): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    await lockCategory(tx, editionId, id);
    await recordAudit(tx, actor, {
      action: 'category.delete',
      entityType: 'category',
      entityId: id,
      before: await categorySnapshot(tx, id),
    });
    const own = await tx
      .select({ id: nominations.id })
      .from(nominations)
      .where(eq(nominations.categoryId, id))
      .for('update');
    const ids = own.map((n) => n.id);
    const paid = await nominationsWithPayments(tx, ids);
    if (paid.size) {
      await hideNominations(tx, eq(nominations.categoryId, id));
      await tx
        .update(categories)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(categories.id, id));
      return { id, outcome: 'hidden' as const };
    }
    await eraseNominations(tx, ids);
    await tx.delete(categories).where(eq(categories.id, id));
    return { id, outcome: 'deleted' as const };
  });
}
