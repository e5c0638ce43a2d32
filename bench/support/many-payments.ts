import pg from 'pg';

/**
 * Bulk-loads `count` payments (85% completed, 7% failed, the rest pending, half of those attempted)
 * spread over 60 days, as an operator would: the stats trigger is paused for the load and the
 * hourly stats are then built in one statement, exactly as the trigger would have built them.
 */
export async function createManyPayments(url: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE payments DISABLE TRIGGER USER');
    await client.query(
      `INSERT INTO payments (edition_id, provider, provider_ref, unit_price, amount, currency, status, total_votes,
                             receipt_code, voter_email, phone_number, phone_hash, ip_address, user_agent,
                             attempted_at, failure_reason, created_at, updated_at)
       SELECT (SELECT id FROM editions WHERE is_current), x.provider, 'bulk-' || g,
              CASE WHEN x.provider = 'stripe' THEN 50 ELSE 100 END,
              CASE WHEN x.provider = 'stripe' THEN 100 ELSE 200 END,
              CASE WHEN x.provider = 'stripe' THEN 'USD' ELSE 'XAF' END,
              x.status, 2,
              CASE WHEN x.status = 'completed' THEN upper(substr(md5('r' || g), 1, 12)) END,
              CASE WHEN g % 4 <> 0 THEN 'voter' || g || '@example.com' END,
              CASE WHEN x.provider = 'campay' THEN '2376' || lpad((g % 100000000)::text, 8, '0') END,
              CASE WHEN x.provider = 'campay' THEN md5('p' || g) END,
              '10.0.' || (g % 250) || '.' || (g % 200), 'Mozilla/5.0 (Linux; Android 10)',
              CASE WHEN x.status <> 'pending' OR g % 2 = 0 THEN x.at END,
              CASE WHEN x.status = 'failed' THEN 'Payment declined by the user' END,
              x.at, x.at
       FROM generate_series(1, $1) g,
            LATERAL (SELECT CASE WHEN g % 3 = 0 THEN 'stripe' ELSE 'campay' END AS provider,
                            CASE WHEN g % 100 < 85 THEN 'completed' WHEN g % 100 < 92 THEN 'failed' ELSE 'pending' END AS status,
                            now() - make_interval(secs => (g * 5.184)::int % 5184000) AS at) x`,
      [count],
    );
    await client.query('ALTER TABLE payments ENABLE TRIGGER USER');
    await client.query(
      `INSERT INTO payment_hourly_stats (edition_id, hour, provider, status, attempted, has_failure, payments, amount)
       SELECT edition_id, date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', provider, status,
              attempted_at IS NOT NULL, failure_reason IS NOT NULL, count(*), SUM(amount)
       FROM payments GROUP BY 1, 2, 3, 4, 5, 6
       ON CONFLICT (edition_id, hour, provider, status, attempted, has_failure, slot) DO UPDATE SET
         payments = payment_hourly_stats.payments + EXCLUDED.payments,
         amount = payment_hourly_stats.amount + EXCLUDED.amount`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE payments');
    await client.query('ANALYZE payment_hourly_stats');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
