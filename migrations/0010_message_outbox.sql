CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" varchar(10) NOT NULL,
	"recipient" varchar(320) NOT NULL,
	"language" varchar(2) NOT NULL,
	"kind" varchar(30) NOT NULL,
	"payment_id" uuid,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"lease_id" uuid,
	"last_error" text,
	"gateway_message_id" varchar(255),
	"cost_amount" integer,
	"cost_currency" varchar(3),
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_messages_payment_idx" ON "outbox_messages" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_id_idx" ON "outbox_messages" USING btree ("created_at","id");