DROP INDEX "payments_created_at_idx";--> statement-breakpoint
CREATE INDEX "payments_created_at_id_idx" ON "payments" USING btree ("created_at","id");