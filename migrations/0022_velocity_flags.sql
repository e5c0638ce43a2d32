-- Velocity flags of voter tracking: one per payment and kind, with what was measured, cleared by an organiser.
CREATE TABLE "payment_flags" (
	"payment_id" uuid NOT NULL,
	"edition_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"measured" integer NOT NULL,
	"threshold" integer NOT NULL,
	"window_seconds" integer NOT NULL,
	"category_id" uuid,
	"usual" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" varchar(320),
	CONSTRAINT "payment_flags_payment_id_kind_pk" PRIMARY KEY("payment_id","kind")
);
--> statement-breakpoint
ALTER TABLE "payment_flags" ADD CONSTRAINT "payment_flags_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_flags" ADD CONSTRAINT "payment_flags_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_flags" ADD CONSTRAINT "payment_flags_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_flags_edition_idx" ON "payment_flags" USING btree ("edition_id","created_at");--> statement-breakpoint
ALTER TABLE "payment_flags" ADD CONSTRAINT "payment_flags_kind" CHECK ("kind" IN ('device-phones', 'address-phones', 'phone-nominees', 'category-burst'));--> statement-breakpoint
-- A payment the organiser holds back for review takes its votes out of published results too.
ALTER TABLE "results_ledger_corrections" DROP CONSTRAINT "results_ledger_corrections_reason";--> statement-breakpoint
ALTER TABLE "results_ledger_corrections" ADD CONSTRAINT "results_ledger_corrections_reason" CHECK ("reason" IN ('refund', 'dispute', 'credit', 'hold'));
