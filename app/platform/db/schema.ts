import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name"),
    createdAt: createdAt(),
    // When the member proved they read this address (a mailed link): organiser rights need it.
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
  },
  // E-mails are compared case-insensitively, so uniqueness must be too.
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

/** The member a row belongs to: their rows go when they do. */
const userId = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * A secret handed to one member (a session, a mailed link). Only a SHA-256 of the token is stored:
 * a leaked table cannot be replayed.
 */
const memberToken = () => ({
  id: serial("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  userId: userId(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const sessions = pgTable(
  "sessions",
  {
    ...memberToken(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    ...memberToken(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Links that confirm a member reads their address (organiser rights need one); like reset links. */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    ...memberToken(),
    email: text("email").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_confirmations_user_idx").on(t.userId)],
);

/**
 * Addresses a member has logged in from with the right password: the per-e-mail ceiling on failed
 * logins never refuses them (docs/decisions/011-login-limits.md), so guessing from elsewhere cannot lock the owner out.
 */
export const trustedLogins = pgTable(
  "trusted_logins",
  {
    userId: userId(),
    address: text("address").notNull(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

export type Availability = Record<string, boolean>;
export type Countries = { usa: boolean; canada: boolean; mexico: boolean };
export type ExtraGuests = { boo: boolean; child: boolean };
export type ShirtSizes = { self: string; boo: string; child: string };

/**
 * One yearly get-together. Exactly one edition is current (a partial unique index); the others are
 * archived, read-only, with their results frozen as they were when the next one started.
 */
export const editions = pgTable(
  "editions",
  {
    id: serial("id").primaryKey(),
    year: integer("year").notNull().unique(),
    /** The survey's availability windows for this year (lib/weekends), in order. */
    windows: jsonb("windows").$type<string[]>().notNull(),
    status: text("status").$type<"current" | "archived">().notNull().default("current"),
    createdAt: createdAt(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** What the archive shows, taken when the edition closed (see models/edition-archive). */
    frozen: jsonb("frozen").$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex("editions_one_current_idx")
      .on(t.status)
      .where(sql`${t.status} = 'current'`),
    check("editions_status_check", sql`${t.status} in ('current', 'archived')`),
  ],
);

/**
 * Rows written without an edition belong to the current one: the default reads it in the same
 * statement, so a write racing a roll-over never needs the app's idea of "current".
 */
const editionId = () =>
  integer("edition_id")
    .notNull()
    .default(sql`current_edition_id()`)
    .references(() => editions.id);

/** One submitted survey per member and edition; field names are the spec's Survey entity. */
export const surveys = pgTable(
  "surveys",
  {
    id: serial("id").primaryKey(),
    userId: userId(),
    editionId: editionId(),
    name: text("name").notNull().default(""),
    attending: text("attending").notNull().default(""),
    availability: jsonb("availability").$type<Availability>().notNull().default({}),
    sgw_extension: text("sgw_extension").notNull().default(""),
    countries: jsonb("countries")
      .$type<Countries>()
      .notNull()
      .default({ usa: false, canada: false, mexico: false }),
    previous_locale: text("previous_locale").notNull().default(""),
    sober: text("sober").notNull().default(""),
    extra_guests: jsonb("extra_guests").$type<ExtraGuests>().notNull().default({ boo: false, child: false }),
    share_room: text("share_room").notNull().default(""),
    shirt_size: jsonb("shirt_size").$type<ShirtSizes>().notNull().default({ self: "", boo: "", child: "" }),
    fate_change: text("fate_change").notNull().default(""),
    sgw24_attendee: text("sgw24_attendee").notNull().default(""),
    sgw24_concerns: text("sgw24_concerns").notNull().default(""),
    sgw25_suggestions: text("sgw25_suggestions").notNull().default(""),
    sgw25_dont_wanna_see: text("sgw25_dont_wanna_see").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("surveys_user_edition_unique").on(t.userId, t.editionId),
    index("surveys_edition_attending_idx").on(t.editionId, t.attending),
  ],
);

/**
 * A member's answers in progress, section by section. Kept apart from `surveys` so a half-edited
 * draft never changes the results until the member submits it again.
 */
export const surveyDrafts = pgTable(
  "survey_drafts",
  {
    userId: userId(),
    editionId: editionId(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.editionId] })],
);

export const houses = pgTable(
  "houses",
  {
    id: serial("id").primaryKey(),
    url: text("url").notNull(),
    title: text("title").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull().default(""),
    country: text("country").notNull(),
    num_bedrooms: integer("num_bedrooms").notNull(),
    num_beds: integer("num_beds").notNull(),
    num_baths: doublePrecision("num_baths").notNull(),
    listing_img: text("listing_img").notNull().default(""),
    in_play: boolean("in_play").notNull().default(true),
    previous_house: boolean("previous_house").notNull().default(false),
    previous_house_year: integer("previous_house_year"),
    who_suggested: text("who_suggested").notNull().default(""),
    // The price of the whole stay, when known (null: unknown), in `currency` (ISO 4217).
    price: doublePrecision("price"),
    currency: text("currency").notNull().default("USD"),
    suggestedBy: integer("suggested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("houses_in_play_idx").on(t.in_play, t.previous_house)],
);

export const votes = pgTable(
  "votes",
  {
    id: serial("id").primaryKey(),
    houseId: integer("house_id")
      .notNull()
      .references(() => houses.id, { onDelete: "cascade" }),
    userId: userId(),
    editionId: editionId(),
    // The houses feature's VOTE_CHOICES; vote.server.ts checks the two agree.
    vote: text("vote").$type<"love" | "like" | "dislike">().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One vote per member and house: the database, not the app, is what keeps concurrent votes honest.
    unique("votes_house_user_edition_unique").on(t.houseId, t.userId, t.editionId),
    index("votes_user_idx").on(t.userId),
    index("votes_edition_idx").on(t.editionId),
    check("votes_vote_check", sql`${t.vote} in ('love', 'like', 'dislike')`),
  ],
);

/** Fixed-window counters for rate limits, in the database so several app instances agree. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

export type User = typeof users.$inferSelect;

/**
 * Small app-wide values that must outlive a restart and be shared by every instance on one database
 * (e.g. a generated session secret, the survey deadline, when the last reminder went out).
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/** The settings that belong to one edition (its deadline, reminder round, chosen house). */
export const editionSettings = pgTable(
  "edition_settings",
  {
    editionId: editionId(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.key] })],
);

/**
 * A form a member posted after their session had ended, kept until they log in again so it can be
 * applied then (docs/decisions/007-pending-submissions.md). The browser holds only a random token; the answers stay here (they can be
 * longer than a cookie), for half an hour at most.
 */
export const pendingSubmissions = pgTable(
  "pending_submissions",
  {
    tokenHash: text("token_hash").primaryKey(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // The member whose session had ended: only their next login may apply it.
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    // Who sent it, for the per-address cap.
    address: text("address").notNull().default(""),
    // Set by the login that applies it; a claim older than a minute is a login that failed half-way.
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [
    index("pending_submissions_address_idx").on(t.address),
    index("pending_submissions_expires_idx").on(t.expiresAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // postgres.js answers a Buffer, PGlite a Uint8Array: one type for the app.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A house's listing photo, fetched once in the background and kept small (two WebP widths), so
 * pages never hotlink the listing site and a previous house keeps its photo after the listing is
 * gone. `version` (a hash of the stored bytes) goes into the photo's URL; it is empty until a
 * fetch of `source_url` succeeded. A failed fetch is retried at `next_attempt_at`.
 */
export const housePhotos = pgTable(
  "house_photos",
  {
    houseId: integer("house_id")
      .primaryKey()
      .references(() => houses.id, { onDelete: "cascade" }),
    sourceUrl: text("source_url").notNull(),
    version: text("version").notNull().default(""),
    small: bytea("small"),
    large: bytea("large"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [index("house_photos_next_attempt_idx").on(t.nextAttemptAt)],
);

/** Addresses the organiser invited to register; one row per address (compared case-insensitively). */
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invitations_email_lower_idx").on(sql`lower(${t.email})`)],
);

// ── organiser ──
/** Every mail round an organiser sent (announcement, reminder, invitations): what it said, whom it reached. */
export const mailRounds = pgTable(
  "mail_rounds",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    said: text("said").notNull(),
    reached: jsonb("reached").$type<string[]>().notNull().default([]),
    failed: jsonb("failed").$type<string[]>().notNull().default([]),
    sentBy: integer("sent_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_rounds_sent_at_idx").on(t.sentAt)],
);

/**
 * Organisers added in the app by a confirmed organiser, beside ADMIN_EMAILS; an address is compared
 * case-insensitively and, like a listed one, gives rights only once its owner has confirmed it.
 */
export const organisers = pgTable(
  "organisers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    addedBy: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("organisers_email_lower_idx").on(sql`lower(${t.email})`)],
);
// ── end organiser ──
