import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { planOf, type PlanNode } from '#test/support/query-plan.js';
import { paymentLockSql, tallyLockSql } from './settle.js';

/** The indexes a plan reads, a bitmap scan's included (its index is on a node of its own). */
const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

/** The parts of a plan run once, before the rest (a subquery whose result the rest reads). */
const initPlansOf = (node: PlanNode): PlanNode[] => [
  ...(node['Parent Relationship'] === 'InitPlan' ? [node] : []),
  ...(node.Plans ?? []).flatMap(initPlansOf),
];

describePostgres("a settlement's locks, whatever the size of the event", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.destroy());

  it("finds the payments' editions through the payments' own index, read once", async () => {
    const plan = await planOf(database.db, paymentLockSql([randomUUID(), randomUUID()]));
    // As a semi-join, a planner without statistics walked every payment of the edition (19 ms at
    // 27,000 payments) for each settlement.
    // The editions' filter is a subquery run once, by the payments' ids, not a join.
    expect(initPlansOf(plan).map(indexesOf)).toContainEqual(['payments_pkey']);
    const paymentIndexes = indexesOf(plan).filter((name) => name.startsWith('payments'));
    expect(paymentIndexes).toEqual(['payments_pkey', 'payments_pkey']);
  });

  it("reads the settling payments' vote lines once, by payment, before any nomination", async () => {
    const plan = await planOf(database.db, tallyLockSql([randomUUID(), randomUUID()]));
    // Joined instead, a planner without statistics walked each nomination's vote lines (about
    // 200 ms at 70,000 of them) while the settling payments' row locks were held.
    expect(initPlansOf(plan).flatMap(indexesOf)).toEqual(['payment_votes_payment_idx']);
    expect(indexesOf(plan).filter((name) => name.startsWith('payment_votes'))).toEqual([
      'payment_votes_payment_idx',
    ]);
  });
});
