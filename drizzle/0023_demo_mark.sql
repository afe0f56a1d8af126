ALTER TABLE "users" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The demo's seed made these six accounts before the mark existed. example.com is a reserved domain
-- (RFC 2606): no real member can own an address there, so every account at these addresses is the demo's.
UPDATE "users" SET "demo" = true WHERE lower("email") IN ('alex@example.com', 'sam@example.com', 'jordan@example.com', 'riley@example.com', 'casey@example.com', 'organiser@example.com');
