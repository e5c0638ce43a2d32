-- Corrections form a chain from the root; a new ledger salts each receipt on its own (ADR 0058). Existing ledgers keep their one public salt.
ALTER TABLE "results_ledgers" ALTER COLUMN "salt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "results_ledger_corrections" ADD COLUMN "salt" varchar(32);--> statement-breakpoint
ALTER TABLE "results_ledger_corrections" ADD COLUMN "previous" varchar(64);--> statement-breakpoint
ALTER TABLE "results_ledger_corrections" ADD COLUMN "hash" varchar(64);--> statement-breakpoint
ALTER TABLE "results_ledger_entries" ADD COLUMN "salt" varchar(32);--> statement-breakpoint
ALTER TABLE "results_ledgers" ADD COLUMN "salt_key" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "results_ledger_corrections_previous_idx" ON "results_ledger_corrections" USING btree ("ledger_id","previous");--> statement-breakpoint
ALTER TABLE "results_ledgers" ADD CONSTRAINT "results_ledgers_one_salt_kind" CHECK (("salt" IS NULL) <> ("salt_key" IS NULL));
