CREATE TABLE "provider_cursors" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"refunded_total" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" uuid,
	"actor_email" varchar(320),
	"state" varchar(10) DEFAULT 'open' NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refund_orders" ADD CONSTRAINT "refund_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_orders_open_idx" ON "refund_orders" USING btree ("payment_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "refund_orders_state_idx" ON "refund_orders" USING btree ("attempted_at") WHERE state = 'open';