CREATE TABLE "organiser_notice_claims" (
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"user_id" integer NOT NULL,
	"notice" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	CONSTRAINT "organiser_notice_claims_edition_id_user_id_notice_pk" PRIMARY KEY("edition_id","user_id","notice")
);
--> statement-breakpoint
CREATE TABLE "organiser_notices" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"everyone_answered" boolean DEFAULT false NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organiser_notice_claims" ADD CONSTRAINT "organiser_notice_claims_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_notice_claims" ADD CONSTRAINT "organiser_notice_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_notices" ADD CONSTRAINT "organiser_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;