-- Editions: what existed before becomes the 2025 edition (id 1), the current one.
CREATE TABLE "editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"windows" jsonb NOT NULL,
	"status" text DEFAULT 'current' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"frozen" jsonb,
	CONSTRAINT "editions_year_unique" UNIQUE("year"),
	CONSTRAINT "editions_status_check" CHECK ("editions"."status" in ('current', 'archived'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "editions_one_current_idx" ON "editions" USING btree ("status") WHERE "editions"."status" = 'current';--> statement-breakpoint
INSERT INTO "editions" ("id", "year", "windows", "status") VALUES (1, 2025, '["Apr 3 - Apr 7","Apr 10 - Apr 14","Apr 17 - Apr 21","Apr 24 - Apr 28","May 1 - May 5","May 8 - May 12","May 15 - May 19","May 22 - May 26","May 29 - Jun 2","Jun 5 - Jun 9","Jun 12 - Jun 16","Jun 19 - Jun 23","Jun 26 - Jun 30","Jul 3 - Jul 7","Jul 10 - Jul 14","Jul 17 - Jul 21","Jul 24 - Jul 28","Jul 31 - Aug 4","Aug 7 - Aug 11","Aug 14 - Aug 18","Aug 21 - Aug 25","Aug 28 - Sep 1","Sep 4 - Sep 8","Sep 11 - Sep 15","Sep 18 - Sep 22","Sep 25 - Sep 29","Oct 2 - Oct 6","Oct 9 - Oct 13","Oct 16 - Oct 20","Oct 23 - Oct 27","Oct 30 - Nov 3","Nov 6 - Nov 10","Nov 13 - Nov 17","Nov 20 - Nov 24","Nov 27 - Dec 1","Dec 4 - Dec 8","Dec 11 - Dec 15","Dec 18 - Dec 22","Dec 25 - Dec 29"]'::jsonb, 'current');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('editions', 'id'), 1);--> statement-breakpoint
-- The default of every edition_id column: rows written without one belong to the current edition.
CREATE FUNCTION current_edition_id() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT id FROM editions WHERE status = 'current' $$;--> statement-breakpoint
CREATE TABLE "edition_settings" (
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_settings_edition_id_key_pk" PRIMARY KEY("edition_id","key")
);
--> statement-breakpoint
ALTER TABLE "edition_settings" ADD CONSTRAINT "edition_settings_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "edition_settings" ("edition_id", "key", "value", "updated_at") SELECT 1, "key", "value", "updated_at" FROM "settings" WHERE "key" IN ('survey_deadline', 'last_reminder_at', 'chosen_house_id', 'event_settings', 'announcement_round');--> statement-breakpoint
DELETE FROM "settings" WHERE "key" IN ('survey_deadline', 'last_reminder_at', 'chosen_house_id', 'event_settings', 'announcement_round');--> statement-breakpoint
ALTER TABLE "survey_drafts" ADD COLUMN "edition_id" integer DEFAULT current_edition_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "edition_id" integer DEFAULT current_edition_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "edition_id" integer DEFAULT current_edition_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_drafts" DROP CONSTRAINT "survey_drafts_pkey";--> statement-breakpoint
ALTER TABLE "survey_drafts" ADD CONSTRAINT "survey_drafts_user_id_edition_id_pk" PRIMARY KEY("user_id","edition_id");--> statement-breakpoint
ALTER TABLE "surveys" DROP CONSTRAINT "surveys_user_id_unique";--> statement-breakpoint
ALTER TABLE "votes" DROP CONSTRAINT "votes_house_user_unique";--> statement-breakpoint
DROP INDEX "surveys_attending_idx";--> statement-breakpoint
ALTER TABLE "survey_drafts" ADD CONSTRAINT "survey_drafts_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "surveys_edition_attending_idx" ON "surveys" USING btree ("edition_id","attending");--> statement-breakpoint
CREATE INDEX "votes_edition_idx" ON "votes" USING btree ("edition_id");--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_user_edition_unique" UNIQUE("user_id","edition_id");--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_house_user_edition_unique" UNIQUE("house_id","user_id","edition_id");
