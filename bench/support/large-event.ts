import pg from 'pg';

export interface LargeEventSize {
  categories: number;
  artists: number;
  /** Completed payment_votes rows; each payment carries two. */
  paymentVotes: number;
}

export interface LargeEventEdition {
  /** The edition filled; the current one when left out. */
  editionId?: number;
  /** How many days before now its 30 days of votes end: a past edition's are a year or more old. */
  daysAgo?: number;
  /** One e-mail receipt per payment in the outbox, sent, as settlement writes them. */
  receipts?: boolean;
}

/**
 * Fills a migrated PostgreSQL database with a large event in bulk SQL (seconds, not minutes), and
 * derives the tallies, the hourly statistics and the counted shares exactly as settle() and the
 * payments' trigger would have maintained them. Called once per edition, it fills that edition
 * alone: its own categories, nominations, payments and tallies; artists are shared, as their
 * profiles are, so only those missing up to `size.artists` are added.
 */
export async function createLargeEvent(
  url: string,
  size: LargeEventSize,
  edition: LargeEventEdition = {},
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const payments = Math.ceil(size.paymentVotes / 2);
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: number }>(
      'SELECT id FROM editions WHERE id = $1 OR ($1 IS NULL AND is_current)',
      [edition.editionId ?? null],
    );
    const editionId = rows[0]?.id;
    if (editionId === undefined) throw new Error(`no edition ${edition.editionId ?? '(current)'}`);
    const daysAgo = edition.daysAgo ?? 0;
    await client.query(
      `INSERT INTO categories (edition_id, name, name_fr, description, icon, background_color, created_at)
       SELECT $1, 'Category ' || g, 'Catégorie ' || g, 'Description of category ' || g, 'fa-solid fa-trophy',
              '#1E3A8A', now() - make_interval(days => $3, secs => 100 - g)
       FROM generate_series(1, $2) g`,
      [editionId, size.categories, daysAgo],
    );
    await client.query(
      `INSERT INTO artists (name, bio, bio_fr, photo_url)
       SELECT 'Artist ' || lpad(g::text, 4, '0'), 'Bio of artist ' || g, 'Biographie ' || g,
              '/demo/artists/nkem-abena.jpg'
       FROM generate_series((SELECT count(*) FROM artists)::int + 1, $1) g`,
      [size.artists],
    );
    await client.query(
      `WITH a AS (SELECT id, row_number() OVER (ORDER BY name) rn FROM artists),
            c AS (SELECT id, row_number() OVER (ORDER BY created_at) rn FROM categories WHERE edition_id = $2)
       INSERT INTO nominations (artist_id, category_id, shareable_link)
       SELECT a.id, c.id, substr(md5(a.id::text || c.id::text), 1, 16)
       FROM a JOIN c ON c.rn = (a.rn % $1) + 1 OR c.rn = ((a.rn * 7 + 3) % $1) + 1`,
      [size.categories, editionId],
    );
    // The trigger would add each row to the hourly statistics twice over (insert, then the votes'
    // correction below): they are built once, in one statement, when the payments are final.
    await client.query('ALTER TABLE payments DISABLE TRIGGER USER');
    await client.query(
      `INSERT INTO payments (edition_id, provider, provider_ref, unit_price, amount, currency, status, total_votes,
                             receipt_code, voter_email, attempted_at, created_at, updated_at, settled_at)
       SELECT $1::int, p.provider, 'bench-' || $1::int || '-' || g,
              CASE WHEN p.provider = 'stripe' THEN 50 ELSE 100 END,
              CASE WHEN p.provider = 'stripe' THEN 200 ELSE 400 END,
              CASE WHEN p.provider = 'stripe' THEN 'USD' ELSE 'XAF' END, 'completed', 4,
              upper(substr(md5($1::int || '-' || g), 1, 12)), 'voter' || (g % 5000) || '@example.com', p.at, p.at, p.at, p.at
       FROM generate_series(1, $2) g,
            LATERAL (SELECT CASE WHEN g % 3 = 0 THEN 'stripe' ELSE 'campay' END AS provider,
                            now() - make_interval(days => $3, mins => (g % 43200)) AS at) p`,
      [editionId, payments, daysAgo],
    );
    // Two nominees per payment, or one when both picks land on it. Every vote of a completed
    // payment counts in its nominee's tally. Two equality joins: one join on either pick would
    // compare every payment with every nominee.
    await client.query(
      `WITH n AS (SELECT n.id, row_number() OVER (ORDER BY n.id) rn
                  FROM nominations n JOIN categories c ON c.id = n.category_id WHERE c.edition_id = $1),
            total AS (SELECT count(*) total FROM n),
            p AS (SELECT p.id, p.created_at, ((p.rn * 31) % total) + 1 AS first,
                         ((p.rn * 17 + 5) % total) + 1 AS second
                  FROM (SELECT id, created_at, row_number() OVER (ORDER BY id) rn
                        FROM payments WHERE edition_id = $1) p, total)
       INSERT INTO payment_votes (payment_id, nomination_id, vote_count, counted, created_at)
       SELECT p.id, n.id, 2, 2, p.created_at FROM p JOIN n ON n.rn = p.first
       UNION ALL
       SELECT p.id, n.id, 2, 2, p.created_at FROM p JOIN n ON n.rn = p.second WHERE p.second <> p.first`,
      [editionId],
    );
    // Lines that landed on the same nomination twice: keep the votes equal to total_votes.
    await client.query(
      `UPDATE payments p SET total_votes = v.votes, amount = v.votes * CASE WHEN p.provider = 'stripe' THEN 50 ELSE 100 END
       FROM (SELECT pv.payment_id, SUM(pv.vote_count)::int votes FROM payment_votes pv
             JOIN payments q ON q.id = pv.payment_id WHERE q.edition_id = $1 GROUP BY pv.payment_id) v
       WHERE v.payment_id = p.id AND v.votes <> p.total_votes`,
      [editionId],
    );
    await client.query('ALTER TABLE payments ENABLE TRIGGER USER');
    await client.query(
      `INSERT INTO payment_hourly_stats (edition_id, hour, provider, status, attempted, has_failure, payments, amount)
       SELECT edition_id, date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', provider, status,
              attempted_at IS NOT NULL, failure_reason IS NOT NULL, count(*), SUM(amount)
       FROM payments WHERE edition_id = $1 GROUP BY 1, 2, 3, 4, 5, 6`,
      [editionId],
    );
    await client.query(
      `UPDATE nominations n SET vote_count = v.votes
       FROM (SELECT pv.nomination_id, SUM(pv.vote_count)::int votes FROM payment_votes pv
             JOIN payments p ON p.id = pv.payment_id WHERE p.edition_id = $1 GROUP BY pv.nomination_id) v
       WHERE v.nomination_id = n.id`,
      [editionId],
    );
    await client.query(
      `INSERT INTO nomination_hourly_votes (nomination_id, hour, votes)
       SELECT pv.nomination_id, date_trunc('hour', p.settled_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', SUM(pv.vote_count)::int
       FROM payment_votes pv JOIN payments p ON p.id = pv.payment_id WHERE p.edition_id = $1 GROUP BY 1, 2`,
      [editionId],
    );
    await client.query(
      `INSERT INTO provider_hourly_totals (edition_id, provider, hour, votes, revenue, payments)
       SELECT edition_id, provider, date_trunc('hour', settled_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
              SUM(total_votes)::int, SUM(amount)::int, count(*)::int
       FROM payments WHERE status = 'completed' AND edition_id = $1 GROUP BY 1, 2, 3`,
      [editionId],
    );
    if (edition.receipts) {
      await client.query(
        `INSERT INTO outbox_messages (edition_id, channel, recipient, language, kind, payment_id, subject,
                                      body, state, attempts, next_attempt_at, sent_at, created_at, updated_at)
         SELECT edition_id, 'email', voter_email, 'en', 'receipt', id, 'Your Palmarès receipt',
                'Thank you for your ' || total_votes || ' votes. Receipt ' || receipt_code, 'sent', 1,
                settled_at, settled_at, settled_at, settled_at
         FROM payments WHERE edition_id = $1`,
        [editionId],
      );
    }
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
