CREATE TABLE "house_photos" (
	"house_id" integer PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"small" "bytea",
	"large" "bytea",
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "house_photos" ADD CONSTRAINT "house_photos_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "house_photos_next_attempt_idx" ON "house_photos" USING btree ("next_attempt_at");