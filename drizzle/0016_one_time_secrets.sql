CREATE TABLE "one_time_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"user_id" integer,
	"code_hash" text,
	"link_hash" text,
	"sealed" text,
	"payload" jsonb,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_secrets_link_hash_unique" UNIQUE("link_hash")
);
--> statement-breakpoint
-- The live rows of the seven old tables move here (a spent or expired one can never be used again;
-- an expired personal link's page still offers a code for 14 days). Hashes and seals move as they
-- are: a mailed code or link keeps working across the deploy.
INSERT INTO "one_time_secrets" ("kind", "target", "user_id", "code_hash", "link_hash", "sealed", "tries", "created_at", "expires_at", "used_at")
SELECT 'sign-in', "user_id"::text, "user_id", "code_hash", "link_hash", "sealed", "attempts", "created_at", "expires_at", "used_at"
FROM "sign_in_codes" WHERE "used_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
INSERT INTO "one_time_secrets" ("kind", "target", "code_hash", "sealed", "tries", "created_at", "expires_at", "used_at")
SELECT 'register', "email", "code_hash", "sealed", "attempts", "created_at", "expires_at", "used_at"
FROM "register_codes" WHERE "used_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
INSERT INTO "one_time_secrets" ("kind", "target", "user_id", "link_hash", "created_at", "expires_at", "used_at")
SELECT 'reset-password', "user_id"::text, "user_id", "token_hash", "created_at", "expires_at", "used_at"
FROM "password_resets" WHERE "used_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
INSERT INTO "one_time_secrets" ("kind", "target", "user_id", "link_hash", "payload", "created_at", "expires_at", "used_at")
SELECT 'confirm-address', "user_id"::text, "user_id", "token_hash", jsonb_build_object('email', "email"), "created_at", "expires_at", "used_at"
FROM "email_confirmations" WHERE "used_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
INSERT INTO "one_time_secrets" ("kind", "target", "user_id", "link_hash", "payload", "created_at", "expires_at", "used_at")
SELECT 'change-address', "user_id"::text, "user_id", "token_hash", jsonb_build_object('email', "email"), "created_at", "expires_at", "used_at"
FROM "email_changes" WHERE "used_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
INSERT INTO "one_time_secrets" ("kind", "target", "user_id", "link_hash", "payload", "created_at", "expires_at")
SELECT 'personal-link', "user_id"::text, "user_id", "token_hash", jsonb_build_object('to', "target"), "created_at", "expires_at"
FROM "personal_links" WHERE "expires_at" > now() - interval '14 days';--> statement-breakpoint
INSERT INTO "one_time_secrets" ("kind", "target", "user_id", "link_hash", "payload", "expires_at", "used_at")
SELECT 'kept-submission', "address", "user_id", "token_hash", "payload", "expires_at", "claimed_at"
FROM "pending_submissions" WHERE "expires_at" > now();--> statement-breakpoint
DROP TABLE "email_changes" CASCADE;--> statement-breakpoint
DROP TABLE "email_confirmations" CASCADE;--> statement-breakpoint
DROP TABLE "password_resets" CASCADE;--> statement-breakpoint
DROP TABLE "pending_submissions" CASCADE;--> statement-breakpoint
DROP TABLE "personal_links" CASCADE;--> statement-breakpoint
DROP TABLE "register_codes" CASCADE;--> statement-breakpoint
DROP TABLE "sign_in_codes" CASCADE;--> statement-breakpoint
ALTER TABLE "one_time_secrets" ADD CONSTRAINT "one_time_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_secrets_kind_target_idx" ON "one_time_secrets" USING btree ("kind","target");--> statement-breakpoint
CREATE INDEX "one_time_secrets_user_idx" ON "one_time_secrets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "one_time_secrets_expires_idx" ON "one_time_secrets" USING btree ("expires_at");