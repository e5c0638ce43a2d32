CREATE TABLE "artists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"name_fr" varchar(255),
	"bio" text,
	"bio_fr" text,
	"photo_url" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"machine_translated" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"name_fr" varchar(255),
	"description" text,
	"description_fr" text,
	"icon" varchar(100),
	"background_image_url" text,
	"background_color" varchar(20),
	"is_active" boolean DEFAULT true NOT NULL,
	"machine_translated" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nomination_hourly_votes" (
	"nomination_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "nomination_hourly_votes_nomination_id_hour_pk" PRIMARY KEY("nomination_id","hour")
);
--> statement-breakpoint
CREATE TABLE "nominations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"shareable_link" varchar(64) NOT NULL,
	"nomination_title" varchar(255),
	"nomination_title_fr" varchar(255),
	"nomination_photo_url" text,
	"nomination_description" text,
	"nomination_description_fr" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"machine_translated" text[] DEFAULT '{}'::text[] NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nominations_shareable_link_unique" UNIQUE("shareable_link")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"from_status" varchar(20) NOT NULL,
	"to_status" varchar(20) NOT NULL,
	"source" varchar(20) NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"nomination_id" uuid NOT NULL,
	"vote_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_ref" varchar(255),
	"amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'XAF' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"voter_email" varchar(320),
	"phone_hash" varchar(64),
	"phone_number" varchar(20),
	"device_timestamp" varchar(40),
	"user_agent" varchar(512),
	"ip_address" varchar(64),
	"receipt_code" varchar(12),
	"total_votes" integer DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone,
	"failure_reason" text,
	"provider_checked_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_receipt_code_unique" UNIQUE("receipt_code")
);
--> statement-breakpoint
CREATE TABLE "provider_hourly_totals" (
	"provider" varchar(20) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"revenue" integer DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_hourly_totals_provider_hour_pk" PRIMARY KEY("provider","hour")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_credentials" (
	"user_id" text PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" varchar(320),
	"first_name" varchar(255),
	"last_name" varchar(255),
	"profile_image_url" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "nomination_hourly_votes" ADD CONSTRAINT "nomination_hourly_votes_nomination_id_nominations_id_fk" FOREIGN KEY ("nomination_id") REFERENCES "public"."nominations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_votes" ADD CONSTRAINT "payment_votes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_votes" ADD CONSTRAINT "payment_votes_nomination_id_nominations_id_fk" FOREIGN KEY ("nomination_id") REFERENCES "public"."nominations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credentials" ADD CONSTRAINT "user_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artists_name_idx" ON "artists" USING btree ("name");--> statement-breakpoint
CREATE INDEX "artists_is_featured_idx" ON "artists" USING btree ("is_featured");--> statement-breakpoint
CREATE INDEX "nhv_hour_idx" ON "nomination_hourly_votes" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "nominations_artist_idx" ON "nominations" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "nominations_category_idx" ON "nominations" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "nominations_artist_category_idx" ON "nominations" USING btree ("artist_id","category_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_votes_payment_idx" ON "payment_votes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_votes_nomination_idx" ON "payment_votes" USING btree ("nomination_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payments_voter_email_idx" ON "payments" USING btree ("voter_email");--> statement-breakpoint
CREATE INDEX "payments_phone_hash_idx" ON "payments" USING btree ("phone_hash");--> statement-breakpoint
CREATE INDEX "payments_receipt_code_idx" ON "payments" USING btree ("receipt_code");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");