CREATE TABLE "results_ledger_corrections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "results_ledger_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ledger_id" integer NOT NULL,
	"receipt_hash" varchar(64) NOT NULL,
	"changes" jsonb NOT NULL,
	"reason" varchar(10) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results_ledger_entries" (
	"ledger_id" integer NOT NULL,
	"position" integer NOT NULL,
	"receipt_hash" varchar(64) NOT NULL,
	"votes" jsonb NOT NULL,
	CONSTRAINT "results_ledger_entries_ledger_id_position_pk" PRIMARY KEY("ledger_id","position")
);
--> statement-breakpoint
CREATE TABLE "results_ledger_nodes" (
	"ledger_id" integer NOT NULL,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	CONSTRAINT "results_ledger_nodes_ledger_id_level_position_pk" PRIMARY KEY("ledger_id","level","position")
);
--> statement-breakpoint
CREATE TABLE "results_ledgers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "results_ledgers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"published_at" timestamp with time zone NOT NULL,
	"salt" varchar(64) NOT NULL,
	"root" varchar(64) NOT NULL,
	"entry_count" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_ledgers_published_at_unique" UNIQUE("published_at")
);
--> statement-breakpoint
ALTER TABLE "results_ledger_corrections" ADD CONSTRAINT "results_ledger_corrections_ledger_id_results_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."results_ledgers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_ledger_entries" ADD CONSTRAINT "results_ledger_entries_ledger_id_results_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."results_ledgers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_ledger_nodes" ADD CONSTRAINT "results_ledger_nodes_ledger_id_results_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."results_ledgers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "results_ledger_corrections_hash_idx" ON "results_ledger_corrections" USING btree ("ledger_id","receipt_hash","id");--> statement-breakpoint
CREATE UNIQUE INDEX "results_ledger_entries_hash_idx" ON "results_ledger_entries" USING btree ("ledger_id","receipt_hash");--> statement-breakpoint
ALTER TABLE "results_ledger_corrections" ADD CONSTRAINT "results_ledger_corrections_reason" CHECK ("reason" IN ('refund', 'dispute'));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION results_ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER results_ledgers_no_update_delete BEFORE UPDATE OR DELETE ON "results_ledgers"
  FOR EACH ROW EXECUTE FUNCTION results_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER results_ledgers_no_truncate BEFORE TRUNCATE ON "results_ledgers"
  FOR EACH STATEMENT EXECUTE FUNCTION results_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER results_ledger_entries_no_update_delete BEFORE UPDATE OR DELETE ON "results_ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION results_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER results_ledger_entries_no_truncate BEFORE TRUNCATE ON "results_ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION results_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER results_ledger_nodes_no_update_delete BEFORE UPDATE OR DELETE ON "results_ledger_nodes"
  FOR EACH ROW EXECUTE FUNCTION results_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER results_ledger_nodes_no_truncate BEFORE TRUNCATE ON "results_ledger_nodes"
  FOR EACH STATEMENT EXECUTE FUNCTION results_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER results_ledger_corrections_no_update_delete BEFORE UPDATE OR DELETE ON "results_ledger_corrections"
  FOR EACH ROW EXECUTE FUNCTION results_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER results_ledger_corrections_no_truncate BEFORE TRUNCATE ON "results_ledger_corrections"
  FOR EACH STATEMENT EXECUTE FUNCTION results_ledger_refuse_change();
