import pg from 'pg';

export interface LargeEventSize {
  categories: number;
  artists: number;
  /** Completed payment_votes rows; each payment carries two. */
  paymentVotes: number;
}

/**
 * Fills a migrated PostgreSQL database with a large event in bulk SQL (seconds, not minutes), and
 * derives the tallies exactly as settle() would have maintained them.
 */
export async function createLargeEvent(url: string, size: LargeEventSize): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const payments = Math.ceil(size.paymentVotes / 2);
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO categories (edition_id, name, name_fr, description, icon, background_color, created_at)
       SELECT (SELECT id FROM editions WHERE is_current), 'Category ' || g, 'Catégorie ' || g, 'Description of category ' || g, 'fa-solid fa-trophy',
              '#1E3A8A', now() - make_interval(secs => 100 - g)
       FROM generate_series(1, $1) g`,
      [size.categories],
    );
    await client.query(
      `INSERT INTO artists (name, bio, bio_fr, photo_url)
       SELECT 'Artist ' || lpad(g::text, 4, '0'), 'Bio of artist ' || g, 'Biographie ' || g,
              '/demo/artists/nkem-abena.jpg'
       FROM generate_series(1, $1) g`,
      [size.artists],
    );
    await client.query(
      `WITH a AS (SELECT id, row_number() OVER (ORDER BY name) rn FROM artists),
            c AS (SELECT id, row_number() OVER (ORDER BY created_at) rn FROM categories)
       INSERT INTO nominations (artist_id, category_id, shareable_link)
       SELECT a.id, c.id, substr(md5(a.id::text || c.id::text), 1, 16)
       FROM a JOIN c ON c.rn = (a.rn % $1) + 1 OR c.rn = ((a.rn * 7 + 3) % $1) + 1`,
      [size.categories],
    );
    await client.query(
      `INSERT INTO payments (edition_id, provider, provider_ref, unit_price, amount, currency, status, total_votes,
                             receipt_code, voter_email, attempted_at, created_at, updated_at, settled_at)
       SELECT (SELECT id FROM editions WHERE is_current), p.provider, 'bench-' || g,
              CASE WHEN p.provider = 'stripe' THEN 50 ELSE 100 END,
              CASE WHEN p.provider = 'stripe' THEN 200 ELSE 400 END,
              CASE WHEN p.provider = 'stripe' THEN 'USD' ELSE 'XAF' END, 'completed', 4,
              upper(substr(md5(g::text), 1, 12)), 'voter' || (g % 5000) || '@example.com', p.at, p.at, p.at, p.at
       FROM generate_series(1, $1) g,
            LATERAL (SELECT CASE WHEN g % 3 = 0 THEN 'stripe' ELSE 'campay' END AS provider,
                            now() - make_interval(mins => (g % 43200)) AS at) p`,
      [payments],
    );
    await client.query(
      `WITH n AS (SELECT id, row_number() OVER (ORDER BY id) rn, count(*) OVER () total FROM nominations),
            p AS (SELECT id, row_number() OVER (ORDER BY id) rn, created_at FROM payments)
       INSERT INTO payment_votes (payment_id, nomination_id, vote_count, created_at)
       SELECT p.id, n.id, 2, p.created_at FROM p JOIN n
         ON n.rn = ((p.rn * 31) % n.total) + 1 OR n.rn = ((p.rn * 17 + 5) % n.total) + 1`,
    );
    // Lines that landed on the same nomination twice: keep the votes equal to total_votes.
    await client.query(
      `UPDATE payments p SET total_votes = v.votes, amount = v.votes * CASE WHEN p.provider = 'stripe' THEN 50 ELSE 100 END
       FROM (SELECT payment_id, SUM(vote_count)::int votes FROM payment_votes GROUP BY payment_id) v
       WHERE v.payment_id = p.id AND v.votes <> p.total_votes`,
    );
    await client.query(
      `UPDATE nominations n SET vote_count = v.votes
       FROM (SELECT nomination_id, SUM(vote_count)::int votes FROM payment_votes GROUP BY nomination_id) v
       WHERE v.nomination_id = n.id`,
    );
    await client.query(
      `INSERT INTO nomination_hourly_votes (nomination_id, hour, votes)
       SELECT pv.nomination_id, date_trunc('hour', p.settled_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', SUM(pv.vote_count)::int
       FROM payment_votes pv JOIN payments p ON p.id = pv.payment_id GROUP BY 1, 2`,
    );
    await client.query(
      `INSERT INTO provider_hourly_totals (edition_id, provider, hour, votes, revenue, payments)
       SELECT edition_id, provider, date_trunc('hour', settled_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
              SUM(total_votes)::int, SUM(amount)::int, count(*)::int
       FROM payments WHERE status = 'completed' GROUP BY 1, 2, 3`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
