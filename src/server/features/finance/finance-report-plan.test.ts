import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { messagesOfEdition } from '#server/features/messages/edition-messages.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { planOf, type PlanNode } from '#test/support/query-plan.js';
import { messageGroupsSql, paymentGroupsSql } from './finance-report.js';

const scansOf = (node: PlanNode): PlanNode[] => [
  ...(node['Relation Name'] ? [node] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
];

const FEES = {
  stripe: { basisPoints: 290, fixed: 30 },
  campay: { basisPoints: 250, fixed: 5 },
};

describePostgres("the finance report's reads of one edition", () => {
  let database: TestDatabase;
  let editionId: number;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const [current] = await database.query<{ id: number }>(
      'SELECT id FROM editions WHERE is_current',
    );
    editionId = current!.id;
  });
  afterAll(() => database.destroy());

  /** The tables it reads from, as the planner would when reading the table is dearer than any index. */
  const scans = async (query: SQL) =>
    scansOf(await planOf(database.db, query, { bitmaps: false })).map((node) => ({
      type: node['Node Type'],
      relation: node['Relation Name'],
      index: node['Index Name'],
    }));

  it("reads the edition's settled payments from their index alone, over all time or a period", async () => {
    for (const from of [null, new Date('2025-03-01T00:00:00Z')]) {
      const query = paymentGroupsSql({
        editionId,
        from,
        timeZone: 'Africa/Douala',
        feeEstimates: FEES,
      });
      expect(await scans(query)).toEqual([
        { type: 'Index Only Scan', relation: 'payments', index: 'payments_edition_finance_idx' },
      ]);
    }
  });

  it("reads each of the edition's sets of messages from their index alone", async () => {
    for (const from of [null, new Date('2025-03-01T00:00:00Z')]) {
      for (const set of messagesOfEdition(editionId)) {
        const relations = (await scans(messageGroupsSql(set, from))).filter(
          (scan) => scan.relation === 'outbox_messages',
        );
        expect(relations).toEqual([
          {
            type: 'Index Only Scan',
            relation: 'outbox_messages',
            index: 'outbox_messages_edition_finance_idx',
          },
        ]);
      }
    }
  });
});
