import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '#server/db/client.js';
import type { AppEvents } from '#server/events/app-events.js';
import { FRENCH_COLUMNS, type TranslatedTable } from './french-fields.js';
import type { Translator } from './translator.js';
import { rowsOf } from '#server/db/rows.js';

export interface TranslationTarget {
  table: TranslatedTable;
  ids: string[];
}

interface Job {
  table: TranslatedTable;
  id: string;
  field: string;
  en: string;
  fr: string;
  max: number | null;
  source: string;
}

/**
 * Fills empty French fields by machine translation after an admin save. It runs after the save
 * has committed and never fails it: errors are logged, a slow provider is abandoned at
 * TRANSLATE_TIMEOUT_MS. Each write is conditional on the English being what was translated and
 * the French still being empty, so an admin edit made meanwhile always wins.
 */
export class FrenchTranslation {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      db: Db;
      events: AppEvents;
      log: FastifyBaseLogger;
      /** From createTranslator; null when no provider is configured. */
      translator: Translator | null;
      timeoutMs: number;
    },
  ) {}

  get enabled(): boolean {
    return this.deps.translator !== null;
  }

  /** Starts filling; resolves when done or after `waitMs`, whichever is first. Never rejects. */
  async fill(targets: TranslationTarget[], waitMs: number): Promise<void> {
    const { translator, log } = this.deps;
    if (!translator) return;
    const run = this.run(translator, targets).catch((err: unknown) => {
      log.warn({ err, provider: translator.name }, 'machine translation failed');
    });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    await Promise.race([run, sleep(waitMs, undefined, { ref: false })]);
  }

  /** Resolves when every translation started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private async run(translator: Translator, targets: TranslationTarget[]): Promise<void> {
    const jobs: Job[] = [];
    for (const target of targets) jobs.push(...(await this.pendingJobs(target)));
    if (!jobs.length) return;

    const sources = [...new Set(jobs.map((job) => job.source))];
    const translated = await translator.translate(
      sources,
      AbortSignal.timeout(this.deps.timeoutMs),
    );
    const bySource = new Map(sources.map((source, i) => [source, translated[i]]));

    let written = 0;
    for (const job of jobs) {
      const french = bySource.get(job.source)?.trim();
      if (!french) continue;
      const value = job.max ? french.slice(0, job.max) : french;
      const result = await this.deps.db.execute(sql`
        UPDATE ${sql.identifier(job.table)}
        SET ${sql.identifier(job.fr)} = ${value},
            machine_translated = array_append(array_remove(machine_translated, ${job.field}::text), ${job.field}::text)
        WHERE id = ${job.id}
          AND ${sql.identifier(job.en)} = ${job.source}
          AND coalesce(trim(${sql.identifier(job.fr)}), '') = ''
        RETURNING id`);
      written += rowsOf(result).length;
    }
    if (written) this.deps.events.emit('catalog-changed');
  }

  /** Fields of the target rows whose English is set and whose French is empty. */
  private async pendingJobs(target: TranslationTarget): Promise<Job[]> {
    if (!target.ids.length) return [];
    const columns = FRENCH_COLUMNS[target.table];
    const selected = sql.join(
      columns.flatMap((c) => [sql.identifier(c.en), sql.identifier(c.fr)]),
      sql`, `,
    );
    const ids = sql.join(
      target.ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = rowsOf<Record<string, string | null>>(
      await this.deps.db.execute(
        sql`SELECT id, ${selected} FROM ${sql.identifier(target.table)} WHERE id IN (${ids})`,
      ),
    );
    const jobs: Job[] = [];
    for (const row of rows) {
      for (const column of columns) {
        const english = row[column.en]?.trim();
        const french = row[column.fr]?.trim();
        if (!english || french) continue;
        jobs.push({
          table: target.table,
          id: String(row.id),
          field: column.field,
          en: column.en,
          fr: column.fr,
          max: column.max,
          source: row[column.en]!,
        });
      }
    }
    return jobs;
  }
}
