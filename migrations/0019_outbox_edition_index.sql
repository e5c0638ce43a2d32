-- An edition's messages read through their own index: the admin's outbox and the finance report
-- count and page one edition's without reading every other edition's. The outbox is large (a
-- message per payment and channel) and written by every settlement: on a live site build the index
-- by hand first (docs/operations.md, "CREATE INDEX CONCURRENTLY"), which this statement then finds
-- done; the lock timeout keeps a busy table from stalling the site while the run waits.
SET LOCAL lock_timeout = '3s';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_messages_edition_created_at_id_idx" ON "outbox_messages" USING btree ("edition_id","created_at","id");
