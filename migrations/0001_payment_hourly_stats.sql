CREATE TABLE "payment_hourly_stats" (
	"hour" timestamp with time zone NOT NULL,
	"provider" varchar(20) NOT NULL,
	"status" varchar(20) NOT NULL,
	"attempted" boolean NOT NULL,
	"has_failure" boolean NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_hourly_stats_hour_provider_status_attempted_has_failure_pk" PRIMARY KEY("hour","provider","status","attempted","has_failure")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_hourly_stats_add(
  p_created timestamptz, p_provider text, p_status text, p_attempted boolean, p_failed boolean,
  p_amount bigint, p_sign integer
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_hourly_stats AS s (hour, provider, status, attempted, has_failure, payments, amount)
  VALUES (date_trunc('hour', p_created AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', p_provider, p_status,
          p_attempted, p_failed, p_sign, p_sign * p_amount)
  ON CONFLICT (hour, provider, status, attempted, has_failure)
  DO UPDATE SET payments = s.payments + EXCLUDED.payments, amount = s.amount + EXCLUDED.amount;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_track_hourly_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM payment_hourly_stats_add(OLD.created_at, OLD.provider, OLD.status,
      OLD.attempted_at IS NOT NULL, OLD.failure_reason IS NOT NULL, OLD.amount, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM payment_hourly_stats_add(NEW.created_at, NEW.provider, NEW.status,
      NEW.attempted_at IS NOT NULL, NEW.failure_reason IS NOT NULL, NEW.amount, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_hourly_stats_insert_delete AFTER INSERT OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_track_hourly_stats();
--> statement-breakpoint
CREATE TRIGGER payments_hourly_stats_update AFTER UPDATE ON payments
  FOR EACH ROW WHEN (
    OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.provider IS DISTINCT FROM NEW.provider OR
    OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount OR
    (OLD.attempted_at IS NULL) <> (NEW.attempted_at IS NULL) OR
    (OLD.failure_reason IS NULL) <> (NEW.failure_reason IS NULL)
  ) EXECUTE FUNCTION payments_track_hourly_stats();
