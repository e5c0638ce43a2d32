import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';

/**
 * Fills a database at the schema before editions (migration 0016) as a whole event leaves it: the
 * demo's shape of categories, artists and nominations, payments by both providers in every state
 * (pending, completed, failed, refunded in part and in full, disputed lost and won, in review,
 * a card amount change under way), their vote lines and tallies as settle() keeps them, the hourly
 * statistics, receipts sent and resent, lookup codes, the audit trail, and published results with
 * a ledger and a correction. Raw SQL: the app's code speaks the schema after editions.
 */
export async function fillEventBeforeEditions(db: Db): Promise<void> {
  const statements = [
    sql`UPDATE event SET name = 'Palmarès Music Awards', name_fr = 'Prix Palmarès',
      timezone = 'Africa/Douala', voting_opens_at = '2025-11-01T08:00:00Z',
      voting_closes_at = '2025-12-01T20:00:00Z', hide_counts_hours_before_close = 24,
      results_published_at = '2025-12-02T18:00:00.123456Z', sms_receipts = false`,
    sql`INSERT INTO users (id, email, is_admin) VALUES ('admin-1', 'admin@example.com', true)`,
    sql`INSERT INTO user_credentials (user_id, password_hash) VALUES ('admin-1', 'scrypt$x')`,
    sql`INSERT INTO sessions (sid, sess, expire) VALUES ('s1', '{"u":1}', '2026-01-01T00:00:00Z')`,
    sql`INSERT INTO login_failures (key, failures, window_ends) VALUES ('k', 2, '2026-01-01T00:00:00Z')`,
    sql`INSERT INTO job_ticks (job, last_started_at) VALUES ('reconcile', '2025-12-01T00:00:00Z')`,
    sql`INSERT INTO categories (name, name_fr, icon, is_active, created_at)
      SELECT 'Category ' || g, 'Catégorie ' || g, 'fa-solid fa-trophy', g <> 6,
        '2025-10-01T00:00:00Z'::timestamptz + g * interval '1 minute'
      FROM generate_series(1, 6) g`,
    sql`INSERT INTO artists (name, bio, is_featured)
      SELECT 'Artist ' || lpad(g::text, 2, '0'), 'Bio ' || g, g % 5 = 0 FROM generate_series(1, 24) g`,
    sql`INSERT INTO nominations (artist_id, category_id, shareable_link, nomination_title)
      SELECT a.id, c.id, substr(md5(a.id::text || c.id::text), 1, 16),
        CASE WHEN a.name LIKE '%1' THEN 'Title' END
      FROM (SELECT id, name, row_number() OVER (ORDER BY name) AS rn FROM artists) a
      JOIN (SELECT id, row_number() OVER (ORDER BY created_at) AS rn FROM categories) c
        ON c.rn = a.rn % 6 + 1 OR c.rn = (a.rn * 5) % 6 + 1`,
    // 70 payments of each state and provider mix, spread over November.
    sql`INSERT INTO payments (provider, provider_ref, amount, currency, status, total_votes,
        voter_email, phone_number, phone_hash, receipt_code, attempted_at, failure_reason,
        settled_at, refunded_amount, dispute_id, dispute_status, provider_fee, language,
        amount_change_id, amount_change_until, created_at, updated_at)
      SELECT x.provider, x.provider || '-' || g, x.votes * x.price, x.currency, x.status, x.votes,
        CASE WHEN g % 3 <> 0 OR x.provider = 'stripe' THEN 'voter' || g || '@example.com' END,
        CASE WHEN x.provider = 'campay' THEN '2376' || lpad(g::text, 8, '0') END,
        CASE WHEN x.provider = 'campay' THEN md5('phone' || g) END,
        CASE WHEN x.status IN ('completed', 'refunded', 'disputed') THEN upper(substr(md5('r' || g), 1, 12)) END,
        x.at, CASE WHEN x.status = 'failed' THEN 'declined: Payment declined' END,
        CASE WHEN x.status <> 'pending' THEN x.at + interval '2 minutes' END,
        CASE WHEN x.status = 'refunded' THEN CASE WHEN g % 2 = 0 THEN x.votes * x.price ELSE x.price END ELSE 0 END,
        CASE WHEN x.status = 'disputed' THEN 'dp_' || g END,
        CASE WHEN x.status = 'disputed' THEN CASE WHEN g % 2 = 0 THEN 'won' ELSE 'lost' END END,
        CASE WHEN x.status = 'completed' AND g % 4 = 0 THEN 3 END,
        CASE WHEN g % 2 = 0 THEN 'fr' ELSE 'en' END,
        CASE WHEN x.status = 'pending' AND g % 10 = 0 THEN gen_random_uuid() END,
        CASE WHEN x.status = 'pending' AND g % 10 = 0 THEN x.at + interval '1 minute' END,
        x.at, x.at + interval '2 minutes'
      FROM generate_series(1, 420) g,
      LATERAL (SELECT
        CASE WHEN g % 3 = 0 THEN 'stripe' ELSE 'campay' END AS provider,
        CASE WHEN g % 3 = 0 THEN 'USD' ELSE 'XAF' END AS currency,
        CASE WHEN g % 3 = 0 THEN 50 ELSE 100 END AS price,
        1 + g % 9 AS votes,
        (ARRAY['pending', 'completed', 'failed', 'refunded', 'disputed', 'needs_review'])[1 + g % 6] AS status,
        '2025-11-01T09:00:00Z'::timestamptz + g * interval '97 minutes' AS at) x`,
    // A payment of another amount than its votes' price, held for an admin's decision.
    sql`UPDATE payments SET amount = amount - 1 WHERE status = 'needs_review'`,
    // One vote line each, counted as the money still pays for (counted-votes.ts).
    sql`INSERT INTO payment_votes (payment_id, nomination_id, vote_count, counted, created_at)
      SELECT p.id, n.id, p.total_votes,
        CASE
          WHEN p.status NOT IN ('completed', 'refunded', 'disputed') THEN 0
          WHEN p.dispute_status IS NOT NULL AND p.dispute_status NOT IN ('won', 'warning_closed') THEN 0
          WHEN p.refunded_amount >= p.amount THEN 0
          ELSE ((p.amount - p.refunded_amount)::bigint * p.total_votes / p.amount)::int
        END,
        p.created_at
      FROM (SELECT *, row_number() OVER (ORDER BY provider_ref) AS rn FROM payments) p
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn, count(*) OVER () AS total
            FROM nominations) n ON n.rn = p.rn % n.total`,
    sql`UPDATE nominations n SET vote_count = v.counted, tally_seq = nextval('nomination_tally_seq')
      FROM (SELECT nomination_id, SUM(counted)::int AS counted FROM payment_votes GROUP BY 1) v
      WHERE v.nomination_id = n.id`,
    sql`INSERT INTO nomination_hourly_votes (nomination_id, hour, votes)
      SELECT v.nomination_id, date_trunc('hour', p.settled_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
        SUM(v.counted)::int
      FROM payment_votes v JOIN payments p ON p.id = v.payment_id WHERE v.counted > 0 GROUP BY 1, 2`,
    sql`INSERT INTO provider_hourly_totals (provider, hour, votes, revenue, payments)
      SELECT provider, date_trunc('hour', settled_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
        SUM(total_votes)::int, SUM(amount)::int, count(*)::int
      FROM payments WHERE receipt_code IS NOT NULL GROUP BY 1, 2`,
    sql`INSERT INTO payment_events (payment_id, from_status, to_status, source, detail, created_at)
      SELECT id, 'pending', status, 'webhook', failure_reason, settled_at
      FROM payments WHERE status <> 'pending'`,
    sql`INSERT INTO outbox_messages (channel, recipient, language, kind, payment_id, body, state,
        attempts, sent_at, gateway_message_id, cost_amount, cost_currency, delivery_status)
      SELECT 'email', voter_email, language, 'receipt', id, 'Your receipt ' || receipt_code, 'sent', 1,
        settled_at, 'gw-' || receipt_code, 0, 'XAF', 'delivered'
      FROM payments WHERE receipt_code IS NOT NULL AND voter_email IS NOT NULL`,
    sql`INSERT INTO outbox_messages (channel, recipient, language, kind, body)
      VALUES ('sms', '+237670000001', 'fr', 'lookup-code', 'Votre code : 123456')`,
    sql`INSERT INTO receipt_resends (payment_id, requested_by)
      SELECT id, 'voter' FROM payments WHERE receipt_code IS NOT NULL LIMIT 5`,
    sql`INSERT INTO receipt_lookup_codes (recipient_hash, code_hash, expires_at, attempts)
      VALUES (md5('voter3@example.com'), md5('123456'), '2025-11-20T10:00:00Z', 1)`,
    sql`INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after)
      SELECT NULL, 'admin@example.com', 'category.create', 'category', id::text, NULL,
        json_build_object('name', name) FROM categories`,
    sql`INSERT INTO audit_log (actor_email, action, entity_type, entity_id, after)
      VALUES ('admin@example.com', 'event.publish-results', 'event', '1',
        '{"resultsPublishedAt": "2025-12-02T18:00:00.123Z"}')`,
    sql`INSERT INTO results_ledgers (published_at, salt_key, root, entry_count, totals)
      SELECT results_published_at, repeat('ab', 32), repeat('cd', 32), 2,
        '[{"nominationId": "n1", "votes": 5}]' FROM event`,
    sql`INSERT INTO results_ledger_entries (ledger_id, position, receipt_hash, salt, votes)
      SELECT id, g, md5('entry' || g) || md5('x' || g), substr(md5('s' || g), 1, 32),
        '[{"nominationId": "n1", "votes": 2}]'
      FROM results_ledgers, generate_series(0, 1) g`,
    sql`INSERT INTO results_ledger_nodes (ledger_id, level, position, hash)
      SELECT id, 0, g, md5('node' || g) || md5('y' || g) FROM results_ledgers, generate_series(0, 1) g`,
    sql`INSERT INTO results_ledger_corrections (ledger_id, receipt_hash, changes, reason, at, salt, previous, hash)
      SELECT id, md5('entry0') || md5('x0'), '[{"nominationId": "n1", "votes": -1}]', 'refund',
        '2025-12-03T10:00:00Z', substr(md5('s0'), 1, 32), root, md5('c1') || md5('c2')
      FROM results_ledgers`,
  ];
  for (const statement of statements) await db.execute(statement);
}
