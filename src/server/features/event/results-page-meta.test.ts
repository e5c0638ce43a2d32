import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogPageMeta } from '#server/features/catalog/page-meta.js';
import { renderMetaTags } from '#server/http/spa.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { setEvent } from '#test/factories/event-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';

const ORIGIN = 'http://127.0.0.1:5000';

describe('/results link preview', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const { db } = t.database;
    await setEvent(db, { name: 'Palmarès 2026' });
    const male = await createCategory(db, { name: 'Best Male Artist' });
    const female = await createCategory(db, { name: 'Best Female Artist' });
    const lines: Array<[string, string, string | null, number]> = [
      [male.id, 'Salatiel', '/demo/salatiel.jpg', 9],
      [male.id, 'Locko', null, 4],
      [female.id, 'Charlotte Dipanda', null, 7],
      [female.id, 'Daphné', null, 7],
    ];
    for (const [categoryId, name, photoUrl, votes] of lines) {
      const { nominations } = await createNominee(db, {
        categoryIds: [categoryId],
        artist: { name, photoUrl },
      });
      await createCompletedPayment(db, {
        votes: [{ nominationId: nominations[0]!.id, voteCount: votes }],
      });
    }
  });
  afterAll(() => t.close());

  const metaFor = async () => {
    t.app.ctx.events.emit('event-changed');
    const meta = await catalogPageMeta(t.app.ctx)('/results', ORIGIN);
    if (!meta) throw new Error('no preview for /results');
    return meta;
  };

  it('before publication: when the results will be announced, on the event clock', async () => {
    await setEvent(t.database.db, {
      timezone: 'Africa/Douala',
      votingClosesAt: new Date('2026-12-19T19:00:00Z'),
      resultsPublishedAt: null,
    });
    const meta = await metaFor();
    expect(meta.title).toBe('Results · Palmarès 2026');
    expect(meta.description).toMatch(
      /^Results will be announced on Saturday,? 19 December 2026 at 20:00 GMT\+1\.$/,
    );
    expect(meta.url).toBe(`${ORIGIN}/results`);
    expect(meta.image).toBeUndefined();

    await setEvent(t.database.db, { votingClosesAt: null });
    expect((await metaFor()).description).toBe('Results will be announced soon.');
  });

  it('after publication: the winners by category, ties together, the first photo', async () => {
    await setEvent(t.database.db, { resultsPublishedAt: new Date('2026-12-19T21:00:00Z') });
    const meta = await metaFor();
    expect(meta.title).toBe('Winners · Palmarès 2026');
    expect(meta.description).toContain('Best Male Artist: Salatiel');
    expect(meta.description).toMatch(
      /Best Female Artist: (Charlotte Dipanda & Daphné|Daphné & Charlotte Dipanda)/,
    );
    expect(meta.description).not.toContain('Locko');
    const html = renderMetaTags(meta);
    expect(html).toContain('<meta property="og:title" content="Winners · Palmarès 2026">');
    expect(html).toContain('Best Male Artist: Salatiel');
    if (meta.description.startsWith('Best Male Artist')) {
      expect(meta.image).toBe(`${ORIGIN}/demo/salatiel.jpg`);
    }
  });
});
