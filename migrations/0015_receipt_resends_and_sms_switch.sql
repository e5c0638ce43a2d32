CREATE TABLE "receipt_resends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipt_resends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" uuid NOT NULL,
	"requested_by" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "sms_receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_resends" ADD CONSTRAINT "receipt_resends_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_resends_payment_idx" ON "receipt_resends" USING btree ("payment_id","requested_by","created_at");