-- Mobile-money requests refused to protect a phone, counted per edition, phone hash, reason and
-- hour (one row per phone-hour however many requests come), for the organiser's voter tracking.
CREATE TABLE "blocked_prompts" (
	"edition_id" integer NOT NULL,
	"phone_hash" varchar(64) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blocked_prompts_edition_id_phone_hash_reason_hour_pk" PRIMARY KEY("edition_id","phone_hash","reason","hour")
);
--> statement-breakpoint
ALTER TABLE "blocked_prompts" ADD CONSTRAINT "blocked_prompts_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_prompts" ADD CONSTRAINT "blocked_prompts_reason" CHECK ("reason" IN ('unanswered', 'hourly-limit'));--> statement-breakpoint
CREATE INDEX "blocked_prompts_edition_hour_idx" ON "blocked_prompts" USING btree ("edition_id","hour");