ALTER TABLE "payment_hourly_stats" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_hourly_totals" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_hourly_stats" DROP CONSTRAINT "payment_hourly_stats_edition_id_hour_provider_status_attempted_has_failure_pk";--> statement-breakpoint
ALTER TABLE "provider_hourly_totals" DROP CONSTRAINT "provider_hourly_totals_edition_id_provider_hour_pk";--> statement-breakpoint
ALTER TABLE "payment_hourly_stats" ADD CONSTRAINT "payment_hourly_stats_edition_id_hour_provider_status_attempted_has_failure_slot_pk" PRIMARY KEY("edition_id","hour","provider","status","attempted","has_failure","slot");--> statement-breakpoint
ALTER TABLE "provider_hourly_totals" ADD CONSTRAINT "provider_hourly_totals_edition_id_provider_hour_slot_pk" PRIMARY KEY("edition_id","provider","hour","slot");--> statement-breakpoint
-- Every payment created in an hour added to the same statistics row, whose lock each creation then
-- held until its commit: concurrent creations waited for one another. The hour is now split over
-- 16 rows, one per connection (its backend's pid); readers sum them. settle.ts picks its slot of
-- provider_hourly_totals the same way.
CREATE OR REPLACE FUNCTION payment_hourly_stats_add(
  p_edition integer, p_created timestamptz, p_provider text, p_status text, p_attempted boolean,
  p_failed boolean, p_amount bigint, p_sign integer
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_hourly_stats AS s (edition_id, hour, provider, status, attempted, has_failure, slot, payments, amount)
  VALUES (p_edition, date_trunc('hour', p_created AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', p_provider,
          p_status, p_attempted, p_failed, pg_backend_pid() % 16, p_sign, p_sign * p_amount)
  ON CONFLICT (edition_id, hour, provider, status, attempted, has_failure, slot)
  DO UPDATE SET payments = s.payments + EXCLUDED.payments, amount = s.amount + EXCLUDED.amount;
$$;
