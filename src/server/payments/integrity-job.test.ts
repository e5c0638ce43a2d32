import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { integrityJob } from './integrity-job.js';

describeEachDatabase('the scheduled integrity check', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('says nothing while the books balance, and logs the rows that differ once they do not', async () => {
    const { nominations } = await createNominee(t.database.db);
    const nominationId = nominations[0]!.id;
    await createCompletedPayment(t.database.db, {
      votes: [{ nominationId, voteCount: 3 }],
    });
    const job = integrityJob(t.app.ctx);
    expect(job.intervalSeconds).toBeGreaterThan(0);
    const logged = vi.spyOn(t.app.ctx.log, 'error').mockImplementation(() => {});
    try {
      await job.run();
      expect(logged).not.toHaveBeenCalled();

      await t.database.query('UPDATE nominations SET vote_count = vote_count + 1 WHERE id = $1', [
        nominationId,
      ]);
      await job.run();
      expect(logged).toHaveBeenCalledTimes(1);
      const [fields] = logged.mock.calls[0] as unknown as [{ differences: { id: string }[] }];
      expect(fields.differences.map((d) => d.id)).toContain(nominationId);

      // Another instance running the check: this one skips the tick.
      logged.mockClear();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const other = t.app.ctx.database.locks.run(ADVISORY_LOCKS.integrity, () => held);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await job.run();
      expect(logged).not.toHaveBeenCalled();
      release();
      expect((await other).held).toBe(true);
    } finally {
      logged.mockRestore();
      await t.database.query('UPDATE nominations SET vote_count = vote_count - 1 WHERE id = $1', [
        nominationId,
      ]);
    }
  });
});
