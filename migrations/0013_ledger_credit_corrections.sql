-- A payment completed or credited after review once results are out is appended as a correction too.
ALTER TABLE "results_ledger_corrections" DROP CONSTRAINT "results_ledger_corrections_reason";--> statement-breakpoint
ALTER TABLE "results_ledger_corrections" ADD CONSTRAINT "results_ledger_corrections_reason" CHECK ("reason" IN ('refund', 'dispute', 'credit'));
