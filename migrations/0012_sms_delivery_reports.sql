ALTER TABLE "outbox_messages" ADD COLUMN "delivery_status" varchar(15);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_detail" varchar(255);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_reported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_messages_gateway_message_id_idx" ON "outbox_messages" USING btree ("gateway_message_id") WHERE gateway_message_id IS NOT NULL;