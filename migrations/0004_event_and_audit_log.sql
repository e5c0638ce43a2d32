CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" varchar(320),
	"action" varchar(64) NOT NULL,
	"entity_type" varchar(32) NOT NULL,
	"entity_id" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "event" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" varchar(200) NOT NULL,
	"name_fr" varchar(200),
	"timezone" varchar(64),
	"voting_opens_at" timestamp with time zone,
	"voting_closes_at" timestamp with time zone,
	"results_visibility" varchar(10) DEFAULT 'live' NOT NULL,
	"hide_counts_hours_before_close" integer,
	"results_published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_email");--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_single_row" CHECK ("id" = 1);
--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_closes_after_opens"
  CHECK ("voting_opens_at" IS NULL OR "voting_closes_at" IS NULL OR "voting_closes_at" > "voting_opens_at");
--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_results_visibility" CHECK ("results_visibility" IN ('live', 'hidden'));
--> statement-breakpoint
INSERT INTO "event" ("id", "name") VALUES (1, 'Palmarès') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
