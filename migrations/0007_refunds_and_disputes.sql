ALTER TABLE "payment_votes" ADD COLUMN "counted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_status" varchar(30);--> statement-breakpoint
-- Every vote of a completed payment is in its nomination's tally.
UPDATE "payment_votes" pv SET "counted" = pv."vote_count" FROM "payments" p
WHERE p."id" = pv."payment_id" AND p."status" = 'completed';
