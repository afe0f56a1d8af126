CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"claim" text,
	"file" text DEFAULT '' NOT NULL,
	"bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backups_claim_unique" UNIQUE("claim")
);
