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
    /**
     * When the member left (deleted their account, or an organiser did): the row stays, anonymised,
     * so the trip's shared records (money, rides, rooms) keep naming someone (decision 025).
     */
    leftAt: timestamp("left_at", { withTimezone: true }),
    /**
     * A demo account, made by the demo's seed (decision 023): its password is published, so a real
     * start refuses a database holding one. The mark, not the address or password, says which.
     */
    demo: boolean("demo").notNull().default(false),
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
 * A member named by a record the group shares (money, rides, rooms, houses): a member who leaves is
 * anonymised, never deleted, and the database refuses a DELETE that would take such a record with it
 * (decision 025; platform/db/shared-records.integration.test.ts lists every one).
 */
const sharedUser = (name: string) => integer(name).references(() => users.id, { onDelete: "restrict" });

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
    /** What the archive shows, frozen when the edition closed (organiser/services/next-edition). */
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
    // The price of the whole stay, when known (null: unknown): an integer of the minor unit of
    // `currency` (ISO 4217), as every amount (app/platform/lib/amount.ts).
    priceMinor: integer("price_minor"),
    currency: text("currency").notNull().default("USD"),
    suggestedBy: sharedUser("suggested_by"),
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

/**
 * A member as every feature sees them: never the password hash, which only the password check reads,
 * nor the demo mark, which only the start-up check and `npm run remove-demo` read.
 */
export type User = Omit<typeof users.$inferSelect, "passwordHash" | "demo">;

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
    /** The name the invite list gave ("Name <address>"), "" when none: the reminder greets them by it. */
    name: text("name").notNull().default(""),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invitations_email_lower_idx").on(sql`lower(${t.email})`)],
);

// ── perf: phone-sized house photos ──
/**
 * More widths of a stored house photo (the 640 px one phones pick), for the photo `version` they
 * were made from. New photos get them with the photo; older ones from a background job.
 */
export const housePhotoRenditions = pgTable(
  "house_photo_renditions",
  {
    houseId: integer("house_id")
      .notNull()
      .references(() => houses.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    version: text("version").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.houseId, t.width] })],
);
// ── end perf ──

// ── trip ──

/** A bedroom of the chosen house as the organiser names it, per edition (a new edition starts with none). */
export const tripRooms = pgTable(
  "trip_rooms",
  {
    id: serial("id").primaryKey(),
    editionId: editionId(),
    name: text("name").notNull(),
    beds: integer("beds").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("trip_rooms_edition_idx").on(t.editionId),
    check("trip_rooms_beds_check", sql`${t.beds} between 1 and 20`),
  ],
);

/** Who sleeps in a room: a member or the boo or child they bring; one room per person and edition. */
export const tripRoomPeople = pgTable(
  "trip_room_people",
  {
    editionId: editionId(),
    roomId: integer("room_id")
      .notNull()
      .references(() => tripRooms.id, { onDelete: "cascade" }),
    userId: sharedUser("user_id").notNull(),
    guest: text("guest").$type<"self" | "boo" | "child">().notNull().default("self"),
  },
  (t) => [
    primaryKey({ columns: [t.editionId, t.userId, t.guest] }),
    index("trip_room_people_room_idx").on(t.roomId),
    check("trip_room_people_guest_check", sql`${t.guest} in ('self', 'boo', 'child')`),
  ],
);

/** A member's arrival, departure and way of coming; a driver's taken seats never exceed their seats. */
export const tripTravel = pgTable(
  "trip_travel",
  {
    editionId: editionId(),
    userId: sharedUser("user_id").notNull(),
    arrivalDay: text("arrival_day").notNull(),
    arrivalPart: text("arrival_part").notNull(),
    arrivalTime: text("arrival_time").notNull().default(""),
    departureDay: text("departure_day").notNull(),
    departurePart: text("departure_part").notNull(),
    departureTime: text("departure_time").notNull().default(""),
    fromPlace: text("from_place").notNull().default(""),
    how: text("how").$type<"driving" | "ride" | "flying" | "other">().notNull(),
    seats: integer("seats").notNull().default(0),
    seatsTaken: integer("seats_taken").notNull().default(0),
    airport: text("airport").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.editionId, t.userId] }),
    check("trip_travel_seats_check", sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.seats}`),
    check("trip_travel_how_check", sql`${t.how} in ('driving', 'ride', 'flying', 'other')`),
  ],
);

/** A rider asking a driver for a seat; one open request (pending or accepted) per rider and edition. */
export const tripRides = pgTable(
  "trip_rides",
  {
    id: serial("id").primaryKey(),
    editionId: editionId(),
    riderId: sharedUser("user_id").notNull(),
    driverId: sharedUser("driver_id").notNull(),
    status: text("status").$type<"pending" | "accepted" | "declined">().notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("trip_rides_open_idx")
      .on(t.editionId, t.riderId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index("trip_rides_driver_idx").on(t.driverId),
    check("trip_rides_status_check", sql`${t.status} in ('pending', 'accepted', 'declined')`),
  ],
);

/** Who brings what. */
export const tripItems = pgTable(
  "trip_items",
  {
    id: serial("id").primaryKey(),
    editionId: editionId(),
    title: text("title").notNull(),
    notes: text("notes").notNull().default(""),
    claimedBy: sharedUser("claimed_by"),
    done: boolean("done").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("trip_items_edition_idx").on(t.editionId)],
);

/** The practical notes for the house (members on the trip only) and the timeline mails' switch. */
export const tripSettings = pgTable("trip_settings", {
  editionId: editionId().primaryKey(),
  address: text("address").notNull().default(""),
  checkIn: text("check_in").notNull().default(""),
  keyBox: text("key_box").notNull().default(""),
  wifi: text("wifi").notNull().default(""),
  mailsOff: boolean("mails_off").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * A member's private calendar address: a random token, looked up by its SHA-256 (the only part a
 * backup holds, so a restored planner answers the same address and nothing in the file leads to
 * it). `sealed` keeps the token under the app's secret so the page can show it again; a restore
 * cannot bring that back, and the first fetch of the address seals it anew (decision 028).
 * Renewing draws a new token.
 */
export const tripFeedTokens = pgTable("trip_feed_tokens", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Addresses made before 2026-11-29: the token was an HMAC of the app's secret and this salt. */
  salt: text("salt"),
  sealed: text("sealed"),
  tokenHash: text("token_hash").notNull().unique(),
  /** What the served events depended on last, and their SEQUENCE (lib/feed). */
  fingerprint: text("fingerprint").notNull().default(""),
  sequence: integer("sequence").notNull().default(0),
  createdAt: createdAt(),
});

/** A timeline mail claimed before it is sent: the key makes it once per member, edition and moment. */
export const tripMailClaims = pgTable(
  "trip_mail_claims",
  {
    editionId: editionId(),
    userId: userId(),
    moment: text("moment").notNull(),
    claimedAt: createdAt(),
    state: text("state").$type<"sending" | "sent" | "failed">().notNull().default("sending"),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.userId, t.moment] })],
);

// ── money ──

/**
 * An edition's money settings (docs/decisions/017-money.md): the receiver who fronted the house, the
 * child weight, the deposit and its due dates, the payment instructions. Weights and amounts are
 * integers (hundredths of a weight, minor units of the house's currency).
 */
export const moneySettings = pgTable(
  "money_settings",
  {
    editionId: integer("edition_id")
      .primaryKey()
      .default(sql`current_edition_id()`)
      .references(() => editions.id),
    receiverId: sharedUser("receiver_id"),
    childWeight: integer("child_weight").notNull().default(50),
    depositKind: text("deposit_kind").$type<"none" | "fixed" | "percent">().notNull().default("none"),
    /** Minor units for "fixed", a whole percentage for "percent". */
    depositValue: integer("deposit_value").notNull().default(0),
    depositDue: text("deposit_due").notNull().default(""),
    balanceDue: text("balance_due").notNull().default(""),
    instructions: text("instructions").notNull().default(""),
    lastReminderAt: timestamp("last_reminder_at", { withTimezone: true }),
    /** Addresses the latest reminder round could not reach: a failed round may be sent again at once. */
    reminderFailed: integer("reminder_failed").notNull().default(0),
    /**
     * Above this share (minor units of the house's currency) an expense's share that another member
     * entered waits for its sharer's consent (lib/consent.ts); null: the house share per person.
     */
    consentLimit: integer("consent_limit"),
    /**
     * The organiser's fixed exchange rates for settle-up in one currency (decision 034): exact
     * decimals as text, "CAD=0.73 MXN=0.054", each what one unit is worth in `rates_base`, the
     * house's currency when they were typed; they count only while the house is still in it.
     */
    rates: text("rates").notNull().default(""),
    ratesBase: text("rates_base").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("money_settings_child_weight_check", sql`${t.childWeight} in (0, 50, 100)`),
    check("money_settings_deposit_kind_check", sql`${t.depositKind} in ('none', 'fixed', 'percent')`),
    check("money_settings_consent_limit_check", sql`${t.consentLimit} is null or ${t.consentLimit} >= 0`),
  ],
);

/**
 * How a member wants to be paid (issue 57): a bank account (IBAN and its holder), PayPal.me, Venmo,
 * Revolut, Wise, and a free text. One row per member, theirs alone: it goes with the account, is in
 * "download my data" and in backups, and is shown only to a member of the same trip who owes them
 * (features/money/lib/pay-links.ts). An empty text is "not given".
 */
export const payDetails = pgTable("pay_details", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  iban: text("iban").notNull().default(""),
  ibanHolder: text("iban_holder").notNull().default(""),
  paypal: text("paypal").notNull().default(""),
  venmo: text("venmo").notNull().default(""),
  revolut: text("revolut").notNull().default(""),
  wise: text("wise").notNull().default(""),
  note: text("note").notNull().default(""),
  updatedAt: updatedAt(),
});

/** The organiser's changes to who pays for the house: a member added or removed, a weight set. */
export const moneyPayers = pgTable(
  "money_payers",
  {
    editionId: editionId(),
    userId: sharedUser("user_id").notNull(),
    /** true: pays although not attending "yes"; false: removed although attending. */
    included: boolean("included"),
    /** Hundredths (0–1000), or null for the default weight. */
    weight: integer("weight"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.editionId, t.userId] }),
    check("money_payers_weight_check", sql`${t.weight} is null or ${t.weight} between 0 and 1000`),
  ],
);

/**
 * Money that went from one member to another: a share paid to the receiver (reported, then
 * confirmed or rejected) or a settle-up transfer recorded as paid. `idempotency_key` comes from the
 * form, so a double submit adds one row.
 */
export const moneyPayments = pgTable(
  "money_payments",
  {
    id: serial("id").primaryKey(),
    editionId: editionId(),
    fromUserId: sharedUser("from_user_id").notNull(),
    toUserId: sharedUser("to_user_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    kind: text("kind").$type<"share" | "settle">().notNull().default("share"),
    status: text("status").$type<"reported" | "confirmed" | "rejected">().notNull(),
    paidOn: text("paid_on").notNull().default(""),
    note: text("note").notNull().default(""),
    reason: text("reason").notNull().default(""),
    recordedBy: sharedUser("recorded_by"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index("money_payments_edition_idx").on(t.editionId),
    check("money_payments_amount_check", sql`${t.amount} > 0`),
    check("money_payments_status_check", sql`${t.status} in ('reported', 'confirmed', 'rejected')`),
    check("money_payments_kind_check", sql`${t.kind} in ('share', 'settle')`),
  ],
);

/**
 * An expense in the trip ledger. Edits bump `version`: an edit names the version it started from,
 * so of two edits the second is refused instead of silently overwriting the first. A deletion only
 * sets `deleted_at`; the history keeps every old value.
 */
export const moneyExpenses = pgTable(
  "money_expenses",
  {
    id: serial("id").primaryKey(),
    editionId: editionId(),
    description: text("description").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    paidBy: sharedUser("paid_by").notNull(),
    split: text("split").$type<"equal" | "weights" | "exact">().notNull(),
    authorId: sharedUser("author_id"),
    version: integer("version").notNull().default(1),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("money_expenses_edition_idx").on(t.editionId),
    check("money_expenses_amount_check", sql`${t.amount} > 0`),
    // An edit names the version it started from: one below 1 is none the app wrote (issue 53).
    check("money_expenses_version_check", sql`${t.version} >= 1`),
    check("money_expenses_split_check", sql`${t.split} in ('equal', 'weights', 'exact')`),
  ],
);

/**
 * A receipt kept with an expense (issue 57 item 3), or, with no expense, the house's booking
 * confirmation of its edition: a photo re-encoded as WebP without its metadata, or a PDF as sent
 * (docs/decisions/035-receipts.md). Goes with its expense: a deleted expense's receipt is removed.
 */
export const moneyReceipts = pgTable(
  "money_receipts",
  {
    id: serial("id").primaryKey(),
    editionId: editionId(),
    expenseId: integer("expense_id")
      .unique()
      .references(() => moneyExpenses.id, { onDelete: "cascade" }),
    uploadedBy: sharedUser("uploaded_by").notNull(),
    contentType: text("content_type").$type<"image/webp" | "application/pdf">().notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("money_receipts_house_idx")
      .on(t.editionId)
      .where(sql`${t.expenseId} is null`),
    check("money_receipts_type_check", sql`${t.contentType} in ('image/webp', 'application/pdf')`),
  ],
);

/**
 * Each sharer's part of an expense, in minor units: they always add up to the expense. `status` is the
 * sharer's consent (lib/consent.ts): only "counts" and "open" shares, and the payer's credit for them,
 * are in the balances.
 */
export const moneyExpenseShares = pgTable(
  "money_expense_shares",
  {
    expenseId: integer("expense_id")
      .notNull()
      .references(() => moneyExpenses.id, { onDelete: "cascade" }),
    userId: sharedUser("user_id").notNull(),
    amount: integer("amount").notNull(),
    status: text("status")
      .$type<"counts" | "open" | "waiting" | "refused" | "removed">()
      .notNull()
      .default("counts"),
  },
  (t) => [
    primaryKey({ columns: [t.expenseId, t.userId] }),
    check(
      "money_expense_shares_status_check",
      sql`${t.status} in ('counts', 'open', 'waiting', 'refused', 'removed')`,
    ),
  ],
);

/** Every change to money, never rewritten: who, when, what, the old and the new values. */
export const moneyHistory = pgTable(
  "money_history",
  {
    id: serial("id").primaryKey(),
    editionId: editionId(),
    actorId: sharedUser("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    action: text("action").notNull(),
    subject: text("subject").notNull().default(""),
    oldValue: text("old_value").notNull().default(""),
    newValue: text("new_value").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("money_history_edition_idx").on(t.editionId, t.at)],
);
// ── end money ──

// ── accounts: one-time secrets, sessions ──

/** What a one-time secret is for; each kind has its handler in features/accounts/services/kinds. */
export const ONE_TIME_KINDS = [
  "sign-in",
  "register",
  "reset-password",
  "confirm-address",
  "change-address",
  "personal-link",
  "kept-submission",
  "setup",
] as const;
export type OneTimeKind = (typeof ONE_TIME_KINDS)[number];

/**
 * Every secret the app mails or hands out once (docs/decisions/022-one-time-secrets.md), keyed by
 * (kind, target): the member's id, the invited address (no member yet) or, for a kept submission, the
 * sending client address its cap counts. A typed code is kept as an HMAC (`code_hash`) and sealed
 * (AES-GCM, the app's secret) so a resend within its life mails the same code; a link only as its
 * SHA-256 (`link_hash`). `tries` are counted before a code is compared; `used_at` spends it.
 */
export const oneTimeSecrets = pgTable(
  "one_time_secrets",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<OneTimeKind>().notNull(),
    target: text("target").notNull(),
    // The member it belongs to, when there is one: their secrets go when they do.
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash"),
    linkHash: text("link_hash").unique(),
    sealed: text("sealed"),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    tries: integer("tries").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("one_time_secrets_kind_target_idx").on(t.kind, t.target),
    index("one_time_secrets_user_idx").on(t.userId),
    index("one_time_secrets_expires_idx").on(t.expiresAt),
  ],
);

/**
 * What /account shows of a session, and how long it lasts: "long" (Keep me signed in ticked),
 * "browser" (unticked) or "standard" (a login that offered no choice: /api, older forms).
 */
export const sessionDetails = pgTable("session_details", {
  sessionId: integer("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  lifetime: text("lifetime").notNull().default("standard"),
  userAgent: text("user_agent").notNull().default(""),
});

// ── end accounts ──

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
    sentBy: sharedUser("sent_by"),
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
    addedBy: sharedUser("added_by"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("organisers_email_lower_idx").on(sql`lower(${t.email})`)],
);
/** What an organiser chose on /account to hear by mail: when everyone expected has answered, a daily digest. */
export const organiserNotices = pgTable("organiser_notices", {
  userId: userId().primaryKey(),
  everyoneAnswered: boolean("everyone_answered").notNull().default(false),
  dailyDigest: boolean("daily_digest").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * An organiser's notice claimed before it is sent: the key makes it once per organiser, edition and
 * notice ("everyone-answered", or "digest:" and the day it covers), however many instances run.
 */
export const organiserNoticeClaims = pgTable(
  "organiser_notice_claims",
  {
    editionId: editionId(),
    userId: userId(),
    notice: text("notice").notNull(),
    claimedAt: createdAt(),
    /** "empty": a digest day with nothing new, so nothing was sent. */
    state: text("state").$type<"sending" | "sent" | "failed" | "empty">().notNull().default("sending"),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.userId, t.notice] })],
);
// ── end organiser ──

// ── backups ──
/**
 * Every backup file the app wrote itself (nightly, before a migration, `npm run backup`). A
 * nightly one is claimed here first: `claim` ("nightly:2026-11-28") is unique, so however many
 * instances run, one takes the night's backup.
 */
export const backups = pgTable("backups", {
  id: serial("id").primaryKey(),
  kind: text("kind").$type<"nightly" | "before-migration" | "manual">().notNull(),
  claim: text("claim").unique(),
  /** Where the file went, as the machine that wrote it names it; empty until it is written. */
  file: text("file").notNull().default(""),
  bytes: integer("bytes"),
  takenAt: createdAt(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});
