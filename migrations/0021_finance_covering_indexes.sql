-- The finance report of one edition read from two indexes that hold every column it needs, so
-- neither the payments nor the messages of the other editions are read (an index-only scan, where
-- a scan of the table reads every edition's rows). Both tables are large and written by every
-- settlement: on a live site build the indexes by hand first (docs/operations.md, "CREATE INDEX
-- CONCURRENTLY"), which these statements then find done; the lock timeout keeps a busy table from
-- stalling the site while the run waits.
SET LOCAL lock_timeout = '3s';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_messages_edition_finance_idx" ON "outbox_messages" USING btree ("edition_id","created_at","channel","state","delivery_status","cost_currency","cost_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_edition_finance_idx" ON "payments" USING btree ("edition_id","status","settled_at","created_at","provider","currency","dispute_status","provider_fee","amount","refunded_amount","provider_ref") WHERE status IN ('completed', 'refunded', 'disputed', 'needs_review');
