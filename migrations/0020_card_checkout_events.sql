-- The card checkout's record of each client's new intents and declines, for the limits against card
-- testing, and the checkout sessions that passed the challenge asked while declines are many.
CREATE TABLE "card_checkout_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"ref" varchar(255) NOT NULL,
	"payment_id" uuid NOT NULL,
	"address_key" varchar(64) NOT NULL,
	"checkout_session" varchar(64),
	"voter_email" varchar(320),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_checkout_events_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "checkout_challenge_passes" (
	"checkout_session" varchar(64) PRIMARY KEY NOT NULL,
	"passed_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_checkout_events" ADD CONSTRAINT "card_checkout_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_checkout_events_address_idx" ON "card_checkout_events" USING btree ("address_key","kind","created_at");--> statement-breakpoint
CREATE INDEX "card_checkout_events_session_idx" ON "card_checkout_events" USING btree ("checkout_session","kind","created_at");--> statement-breakpoint
CREATE INDEX "card_checkout_events_email_idx" ON "card_checkout_events" USING btree ("voter_email","kind","created_at");--> statement-breakpoint
CREATE INDEX "card_checkout_events_kind_idx" ON "card_checkout_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "card_checkout_events_payment_idx" ON "card_checkout_events" USING btree ("payment_id");
--> statement-breakpoint
ALTER TABLE "card_checkout_events" ADD CONSTRAINT "card_checkout_events_kind" CHECK ("kind" IN ('intent', 'decline'));
