CREATE TABLE "trip_feed_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"token_hash" text NOT NULL,
	"fingerprint" text DEFAULT '' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_feed_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "trip_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"claimed_by" integer,
	"done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_mail_claims" (
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"user_id" integer NOT NULL,
	"moment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	CONSTRAINT "trip_mail_claims_edition_id_user_id_moment_pk" PRIMARY KEY("edition_id","user_id","moment")
);
--> statement-breakpoint
CREATE TABLE "trip_rides" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"user_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_rides_status_check" CHECK ("trip_rides"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "trip_room_people" (
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"guest" text DEFAULT 'self' NOT NULL,
	CONSTRAINT "trip_room_people_edition_id_user_id_guest_pk" PRIMARY KEY("edition_id","user_id","guest"),
	CONSTRAINT "trip_room_people_guest_check" CHECK ("trip_room_people"."guest" in ('self', 'boo', 'child'))
);
--> statement-breakpoint
CREATE TABLE "trip_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"name" text NOT NULL,
	"beds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_rooms_beds_check" CHECK ("trip_rooms"."beds" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "trip_settings" (
	"edition_id" integer PRIMARY KEY DEFAULT current_edition_id() NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"check_in" text DEFAULT '' NOT NULL,
	"key_box" text DEFAULT '' NOT NULL,
	"wifi" text DEFAULT '' NOT NULL,
	"mails_off" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_travel" (
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"user_id" integer NOT NULL,
	"arrival_day" text NOT NULL,
	"arrival_part" text NOT NULL,
	"arrival_time" text DEFAULT '' NOT NULL,
	"departure_day" text NOT NULL,
	"departure_part" text NOT NULL,
	"departure_time" text DEFAULT '' NOT NULL,
	"from_place" text DEFAULT '' NOT NULL,
	"how" text NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"airport" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_travel_edition_id_user_id_pk" PRIMARY KEY("edition_id","user_id"),
	CONSTRAINT "trip_travel_seats_check" CHECK ("trip_travel"."seats_taken" >= 0 and "trip_travel"."seats_taken" <= "trip_travel"."seats"),
	CONSTRAINT "trip_travel_how_check" CHECK ("trip_travel"."how" in ('driving', 'ride', 'flying', 'other'))
);
--> statement-breakpoint
ALTER TABLE "trip_feed_tokens" ADD CONSTRAINT "trip_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_items" ADD CONSTRAINT "trip_items_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_items" ADD CONSTRAINT "trip_items_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_mail_claims" ADD CONSTRAINT "trip_mail_claims_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_mail_claims" ADD CONSTRAINT "trip_mail_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_rides" ADD CONSTRAINT "trip_rides_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_rides" ADD CONSTRAINT "trip_rides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_rides" ADD CONSTRAINT "trip_rides_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_room_people" ADD CONSTRAINT "trip_room_people_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_room_people" ADD CONSTRAINT "trip_room_people_room_id_trip_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."trip_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_room_people" ADD CONSTRAINT "trip_room_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_rooms" ADD CONSTRAINT "trip_rooms_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_settings" ADD CONSTRAINT "trip_settings_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_travel" ADD CONSTRAINT "trip_travel_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_travel" ADD CONSTRAINT "trip_travel_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_items_edition_idx" ON "trip_items" USING btree ("edition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_rides_open_idx" ON "trip_rides" USING btree ("edition_id","user_id") WHERE "trip_rides"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "trip_rides_driver_idx" ON "trip_rides" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "trip_room_people_room_idx" ON "trip_room_people" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "trip_rooms_edition_idx" ON "trip_rooms" USING btree ("edition_id");