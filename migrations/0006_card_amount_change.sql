ALTER TABLE "payments" ADD COLUMN "amount_change_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_change_until" timestamp with time zone;