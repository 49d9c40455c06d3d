import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  blob,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  sqliteView,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { deviceValues } from '../src/shared/analytics';
import { auditActionValues, auditSubjectKindValues, auditViaValues } from '../src/shared/audit';
import { contactSubjectValues } from '../src/shared/contact';
import { entryKindValues, entryStatusValues } from '../src/shared/entry-values';
import { newsletterStatusValues, subscriberStatusValues } from '../src/shared/newsletter';
import { recipientStatusValues } from '../src/shared/newsletter-admin';
import { deliveryValues, leadStatusValues, timelineKindValues } from '../src/shared/lead-pipeline';
import { triageLabelValues } from '../src/shared/triage';
import { proposalStatusValues } from '../src/shared/address-values';
import { depositKindValues, paymentProviderValues } from '../src/shared/proposals';
import { unmatchedReasonValues } from '../src/shared/proposal-payments';
import {
  invoiceKindValues,
  invoiceRoleValues,
  invoiceStatusValues,
} from '../src/shared/invoices/records';
import { bookingStatusValues, reminderStatusValues } from '../src/shared/booking-values';
import {
  deliveryKindValues,
  deliverySourceValues,
  outboxKindValues,
  outboxStatusValues,
  sequenceExitValues,
  suppressionReasonValues,
} from '../src/shared/outbox';
import {
  engagementStatusValues,
  fileSideValues,
  linkEndValues,
  testimonialRequestStatusValues,
} from '../src/shared/engagements/values';

// Timestamps are stored as epoch milliseconds; the app writes them from its injected clock
// so tests can move time, and the SQL default only covers rows written by hand.
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  /** scrypt hash in PHC-like form, never the password itself. */
  password: text('password').notNull(),
  /** When set, sign-in needs the e-mailed 6-digit code. */
  email: text('email'),
  createdAt: createdAt(),
  lastSignInAt: integer('last_sign_in_at', { mode: 'timestamp_ms' }),
  /**
   * The WebAuthn user handle (random, base64url) that all of this user's passkeys carry, set
   * with the first passkey; never the numeric id, which would tell a stranger who is who.
   */
  webauthnUserId: text('webauthn_user_id').unique(),
});

export const sessions = sqliteTable(
  'sessions',
  {
    /**
     * The hash of the secret id the session's cookie names (identity/sessions/session.ts
     * `sessionRowId`), like every token: a copied row is no session. The rows that held the
     * secret itself were ended by the migration `sessions-hashed`.
     */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * Carries the idle limit; written at most once a minute, not on every request. Rows from
     * before migration 0007 start at their creation time.
     */
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`0`),
    /** Browser and OS family, for the Account screen's list ("Firefox on Windows"). */
    device: text('device').notNull().default(''),
    /** The masked address it signed in from (`203.0.113.x`, an IPv6 /64), never the full one. */
    address: text('address').notNull().default(''),
    /**
     * When this session last proved itself after its sign-in (the password, or a second
     * factor's code): with `createdAt`, what the recent-proof rule reads
     * (server/identity/account/recent-proof.ts). Null until it does.
     */
    provenAt: integer('proven_at', { mode: 'timestamp_ms' }),
    /**
     * When this session last confirmed a passkey: its passkey sign-in, or the passkey proof
     * (docs/passkeys.md). Turning a factor off needs it within 10 minutes when the account has
     * a passkey and not the app.
     */
    factorProvenAt: integer('factor_proven_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A pending change of a user's sign-in e-mail: the code went to the new address and only
 * the session that asked may confirm it (5 wrong tries, 10 minutes, like a sign-in code).
 */
export const emailChanges = sqliteTable(
  'email_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('email_changes_session_idx').on(t.sessionId)],
);

/**
 * An invitation to become an administrator: the user row exists from the invitation on (so
 * the name is taken) with no usable password until the link is used. Only the token's
 * SHA-256 is stored; the row is deleted when used, so a link works once.
 */
export const invitations = sqliteTable(
  'invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by'),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('invitations_user_idx').on(t.userId)],
);

/**
 * "Forgot your password?" links (docs/accounts.md): the mailed link carries a random token,
 * the table only its SHA-256. A row is claimed once, when its new password is chosen: the
 * new password's hash waits here, bound to the sign-in challenge of the second factor that
 * must succeed before it is stored (`challenge_id`: that challenge's row id, the hash of the
 * id its cookie carries).
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    /** The scrypt hash of the chosen password, stored only once the second factor succeeds. */
    newPassword: text('new_password'),
    challengeId: text('challenge_id'),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_challenge_idx').on(t.challengeId),
  ],
);

/**
 * Who did what, when, from where (docs/accounts.md). The actor's name is copied, with no
 * foreign key, so an entry outlives a removed user; the address is masked like the
 * sessions'. Never a password, code or token. Newest first is by id.
 */
export const auditEvents = sqliteTable(
  'audit_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    actorId: integer('actor_id'),
    actor: text('actor'),
    action: text('action', { enum: auditActionValues }).notNull(),
    target: text('target'),
    address: text('address'),
    via: text('via', { enum: auditViaValues }),
    // What the entry concerns in words, written with it so that it outlives the thing (a
    // fact's first words, a newsletter's subject, a username, a lead's name), and the thing's
    // kind and id, for the link to it while it exists. Null on entries written before.
    subject: text('subject'),
    subjectKind: text('subject_kind', { enum: auditSubjectKindValues }),
    subjectId: integer('subject_id'),
  },
  (t) => [
    index('audit_at_idx').on(t.at),
    index('audit_action_idx').on(t.action, t.id),
    index('audit_actor_idx').on(t.actor, t.id),
  ],
);

export const twoFactorChallenges = sqliteTable(
  'two_factor_challenges',
  {
    /** The hash of the id the cookie carries (challengeRowId), never the id itself. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `email`: the code was e-mailed and its keyed hash is here; `totp`: the app's code, no hash. */
    method: text('method', { enum: ['email', 'totp'] })
      .notNull()
      .default('email'),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('two_factor_user_idx').on(t.userId)],
);

/**
 * A user's authenticator app (docs/second-factor.md). The row exists from set-up on;
 * `enabledAt` is set once the first code is confirmed, and only then does sign-in ask for it.
 */
export const totpCredentials = sqliteTable('totp_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, sealed with a key derived from SESSION_SECRET (a copy of the database alone yields no codes). */
  secret: text('secret').notNull(),
  enabledAt: integer('enabled_at', { mode: 'timestamp_ms' }),
  /** The 30-second step of the last code accepted: that step and earlier ones are refused, so each code works once. */
  lastStep: integer('last_step').notNull().default(0),
  createdAt: createdAt(),
});

/** Ten one-time codes for a user whose authenticator is lost; only keyed hashes are kept. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A WebAuthn credential (docs/second-factor.md). `id` is what the API shows, never the credential id. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator sends it back. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen; a later assertion must carry a larger one (or 0 for authenticators without one). */
    counter: integer('counter').notNull().default(0),
    /** JSON array of the authenticator's transports (`internal`, `hybrid`, ...), passed back as hints. */
    transports: text('transports').notNull().default('[]'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * Access tokens for the owner's MCP endpoint (src/server/mcp/access-tokens/, docs/mcp.md): made on
 * the Account screen or by an OAuth grant (`client_id` set, one row per grant, its secret
 * rotated on refresh). Only the secret's SHA-256 is kept; a removed administrator's tokens go
 * with the row.
 */
export const accessTokens = sqliteTable(
  'access_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** JSON array of scopes (shared/access-tokens.ts). */
    scopes: text('scopes').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Written at most once a minute per token. */
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    /** The OAuth client the token was granted to; null for one made on the Account screen. */
    clientId: text('client_id'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId, t.id)],
);

export type AccessTokenRow = typeof accessTokens.$inferSelect;

/**
 * WebAuthn challenges already answered: the challenge itself lives in a sealed cookie bound to
 * the browser (5 minutes); a row here (its SHA-256) makes each one single-use across instances.
 */
export const usedWebauthnChallenges = sqliteTable('used_webauthn_challenges', {
  challengeHash: text('challenge_hash').primaryKey(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
});

/** One row per counted event; a throttle counts rows of a bucket inside its window. */
export const throttleEvents = sqliteTable(
  'throttle_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bucket: text('bucket').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('throttle_bucket_at_idx').on(t.bucket, t.at)],
);

/**
 * Leads (docs/leads.md): one per person who wrote to the site, keyed by e-mail address
 * ignoring case. Every contact message from that address links to it (`contacts.leadId`).
 */
export const leads = sqliteTable(
  'leads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    /** The name and company of the latest message. */
    name: text('name').notNull(),
    company: text('company'),
    status: text('status', { enum: leadStatusValues }).notNull().default('new'),
    /** Whole units of the site's currency. */
    value: integer('value'),
    lostReason: text('lost_reason'),
    /**
     * The source its first conversion was credited to, set in the same write as that message
     * or booking (leads/join-lead.ts); null reads as Direct (the visit was not counted).
     */
    source: text('source'),
    createdAt: createdAt(),
    lastActivityAt: integer('last_activity_at', { mode: 'timestamp_ms' }).notNull(),
    firstReplyAt: integer('first_reply_at', { mode: 'timestamp_ms' }),
    followUpAt: integer('follow_up_at', { mode: 'timestamp_ms' }),
    /**
     * The AI triage (docs/ai.md): all five null until the model's answer was read, or the
     * label alone when an administrator set it by hand before any answer.
     */
    triageLabel: text('triage_label', { enum: triageLabelValues }),
    triageReason: text('triage_reason'),
    triageSummary: text('triage_summary'),
    triageAt: integer('triage_at', { mode: 'timestamp_ms' }),
    /** The model that wrote it; `manual` once an administrator changed the label. */
    triageModel: text('triage_model'),
    /** Whom invoices name (docs/invoices.md, "The buyer"), as JSON; null until given. */
    buyer: text('buyer'),
  },
  (t) => [
    uniqueIndex('leads_email_nocase_idx').on(sql`lower(${t.email})`),
    // The list: latest activity first, with or without a status filter.
    index('leads_activity_idx').on(t.lastActivityAt, t.id),
    // The Overview's figures: the leads created in a range.
    index('leads_created_idx').on(t.createdAt),
    index('leads_status_activity_idx').on(t.status, t.lastActivityAt, t.id),
    index('leads_follow_up_idx')
      .on(t.followUpAt)
      .where(sql`${t.followUpAt} is not null`),
  ],
);

/**
 * Contact messages. Ids grow with arrival, so the admin lists them newest first by id (the
 * primary key), which no clock adjustment can reorder. Text search goes through
 * `contactsSearch` below.
 */
export const contacts = sqliteTable(
  'contacts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    subject: text('subject', { enum: contactSubjectValues }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    privacy: integer('privacy', { mode: 'boolean' }).notNull(),
    /** When an administrator opened or marked it read; null while unread. */
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    /** Its lead; erasing a lead erases its messages (docs/leads.md). */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('contacts_subject_idx').on(t.subject, t.id),
    index('contacts_lead_idx').on(t.leadId, t.id),
    // A search's matches to their leads without reading the messages' rows (lead_id is the
    // last column, past a long message's overflow pages): named by lead-query.ts.
    index('contacts_id_lead_idx').on(t.id, t.leadId),
    // Only unread rows are indexed, so the header's unread count stays cheap.
    index('contacts_unread_idx')
      .on(t.id)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * A lead's timeline (docs/leads.md): its messages (a row pointing at `contacts`), notes,
 * replies sent and received, status changes and bookings. A reply is stored here before it
 * is mailed and carries its delivery (claimed like a newsletter recipient, retried after a
 * temporary failure). `mailId` is the Message-ID of a reply sent or received: unique, so an
 * answer read by several instances, or again after a restart, is kept once.
 */
export const leadEvents = sqliteTable(
  'lead_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    kind: text('kind', { enum: timelineKindValues }).notNull(),
    /** The administrator's username; for an answer, the address it came from; else null. */
    actor: text('actor'),
    text: text('text'),
    /** The message of a `message` entry. */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    /** A status change's new and previous status. */
    status: text('status', { enum: leadStatusValues }),
    fromStatus: text('from_status', { enum: leadStatusValues }),
    /** A reply's subject line and the address it went to. */
    subject: text('subject'),
    toEmail: text('to_email'),
    /** The Message-ID (without angle brackets) of a reply sent or an answer received. */
    mailId: text('mail_id'),
    /** A sent reply's In-Reply-To and References (space-separated, without brackets). */
    inReplyTo: text('in_reply_to'),
    references: text('references'),
    /**
     * A reply stored before replies went through the outbox: its delivery and last error. A
     * newer reply's are its outbox row's (leads/reply-fate.ts). The queue columns (attempts to
     * claimed_by) are no longer written; a later migration may drop them.
     */
    delivery: text('delivery', { enum: deliveryValues }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    /** An answer received: when an administrator opened its lead; null while unread. */
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    /** A booking's start (the booking issue). */
    start: integer('start', { mode: 'timestamp_ms' }),
    /** The proposal a `proposal_*` or `payment_*` entry is about. */
    proposalId: integer('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    /**
     * The engagement whose thread shows it (docs/engagements.md, "The thread"): a client's
     * message from their page (a `reply_received` whose source is the page), or the owner's
     * reply while the lead's engagement is active.
     */
    engagementId: integer('engagement_id').references((): AnySQLiteColumn => engagements.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('lead_events_engagement_idx')
      .on(t.engagementId, t.id)
      .where(sql`${t.engagementId} is not null`),
    index('lead_events_lead_idx').on(t.leadId, t.at, t.id),
    uniqueIndex('lead_events_mail_idx')
      .on(t.mailId)
      .where(sql`${t.mailId} is not null`),
    // The old reply queue's claim (no longer read; see `delivery`).
    index('lead_events_delivery_idx')
      .on(t.delivery, t.nextAttemptAt)
      .where(sql`${t.delivery} is not null`),
    index('lead_events_unread_idx')
      .on(t.leadId)
      .where(sql`${t.kind} = 'reply_received' and ${t.readAt} is null`),
  ],
);

/**
 * Reply drafts kept on a lead (docs/leads.md, "Drafts"): written by the owner's agent over MCP
 * (`lead_reply_draft`), never sent by themselves; an administrator opens one in the reply
 * editor and sends it as an ordinary reply, or dismisses it. At most LEAD_DRAFT_LIMITS.perLead
 * a lead (leads/drafts/drafts.ts holds the rule).
 */
export const leadDrafts = sqliteTable(
  'lead_drafts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Who wrote it, as shown: "Ana Admin via Claude", or the model's name. */
    by: text('by').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('lead_drafts_lead_idx').on(t.leadId, t.at, t.id)],
);

/**
 * Where the reading of the owner's mailbox has got to (docs/leads.md, "Answers"): the
 * mailbox's UIDVALIDITY and the highest UID looked at, shared by every instance, so a restart
 * fetches only what is new. Which mails were taken is the Message-ID on `leadEvents`.
 */
export const mailboxCursors = sqliteTable('mailbox_cursors', {
  mailbox: text('mailbox').primaryKey(),
  uidValidity: text('uid_validity').notNull(),
  lastUid: integer('last_uid').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * The owner's booking settings (docs/booking.md): one row (id 1) holding the settings as JSON,
 * checked by `bookingSettingsInput` (shared/booking.ts) on every write. No row: the defaults.
 */
export const bookingSettings = sqliteTable('booking_settings', {
  id: integer('id').primaryKey(),
  settings: text('settings').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * The owner's calendar feed as last read, shared by every instance (docs/booking.md): read at
 * most every 5 minutes (`attemptedAt`, claimed by the instance that reads); a failed read keeps
 * the last good copy (`busy`, `fetchedAt`) and records its `error`. Keyed by the feed's address,
 * so a new address is never mistaken for the old one's copy.
 */
export const bookingFeeds = sqliteTable('booking_feeds', {
  url: text('url').primaryKey(),
  /** The busy times of the last good read, as JSON `[[startMs, endMs], ...]`; null: never read. */
  busy: text('busy'),
  fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }),
  attemptedAt: integer('attempted_at', { mode: 'timestamp_ms' }),
  error: text('error'),
});

/**
 * Calls booked by visitors (docs/booking.md). A booking belongs to a lead (made or joined with
 * it) and carries its manage link's token, hashed. `sequence` is the invitation's SEQUENCE, one
 * higher at each reschedule or cancellation. A partial unique index keeps one confirmed
 * booking per start, beneath the slot check made in the write transaction.
 */
export const bookings = sqliteTable(
  'bookings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    message: text('message'),
    start: integer('start', { mode: 'timestamp_ms' }).notNull(),
    end: integer('end', { mode: 'timestamp_ms' }).notNull(),
    location: text('location').notNull(),
    /** The zone the visitor's picker showed (IANA); null: none given, the owner's is used. */
    visitorTimezone: text('visitor_timezone'),
    status: text('status', { enum: bookingStatusValues }).notNull().default('confirmed'),
    sequence: integer('sequence').notNull().default(0),
    tokenHash: text('token_hash').notNull(),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('bookings_token_idx').on(t.tokenHash),
    uniqueIndex('bookings_confirmed_start_idx')
      .on(t.start)
      .where(sql`${t.status} = 'confirmed'`),
    index('bookings_start_idx').on(t.start, t.id),
    index('bookings_lead_idx').on(t.leadId),
  ],
);

/**
 * The reminders of a booking (docs/booking.md), one row per `reminderMinutes` value: the plan.
 * At its moment a row is handed over to the outbox (`handed`, the outbox row's `ref` is
 * `reminder:<id>`) in one write, so each is handed over once whatever restarts or however many
 * instances run. A reschedule deletes the unsent ones and plans them anew. `claimedAt`,
 * `claimedBy` and `sentAt` belong to reminders sent before the outbox: new rows leave them empty.
 */
export const bookingReminders = sqliteTable(
  'booking_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    minutesBefore: integer('minutes_before').notNull(),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: reminderStatusValues }).notNull().default('queued'),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    claimedBy: text('claimed_by'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('booking_reminders_once_idx').on(t.bookingId, t.minutesBefore, t.dueAt),
    index('booking_reminders_due_idx').on(t.status, t.dueAt),
  ],
);

/**
 * The trigram full-text index of contact messages (name, e-mail, company, text), an FTS5
 * virtual table kept in step with `contacts` by triggers (migrations/0002_contacts_search.sql).
 * drizzle-kit cannot create virtual tables, so it is declared as an existing view: queries
 * can name it, and generated migrations leave it alone.
 */
export const contactsSearch = sqliteView('contacts_search', {
  rowid: integer('rowid').notNull(),
  /** The column named like the table: matching it searches every indexed column. */
  anyColumn: text('contacts_search'),
}).existing();

/**
 * Newsletter addresses (docs/newsletter.md). `pending` until the address's owner follows the
 * confirmation link; only `confirmed` ones receive newsletters.
 */
export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    status: text('status', { enum: subscriberStatusValues }).notNull().default('pending'),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
    /**
     * The hash of the address's unsubscribe token, which is derived from the address with a
     * key from SESSION_SECRET, so every mail can carry it without it being stored
     * (newsletter/tokens.ts). Null on rows from before double opt-in until first needed.
     */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    /**
     * No longer written: the owner's confirmation mails are written into the outbox
     * (newsletter/confirmation-mail.ts). A mark left from before is moved there once by the
     * newsletters' job (`queueLeftConfirmations`). Kept so that no migration is needed.
     */
    confirmationQueuedAt: integer('confirmation_queued_at', { mode: 'timestamp_ms' }),
    /** When the owner last had the confirmation resent: at most one resend in 24 hours. */
    confirmationResentAt: integer('confirmation_resent_at', { mode: 'timestamp_ms' }),
    /**
     * How many steps of the welcome sequence this address was given (docs/newsletter.md,
     * "Welcome sequence"): the next step's mail is queued in the same write that moves it on,
     * so each step goes once.
     */
    sequenceStep: integer('sequence_step').notNull().default(0),
    /**
     * Why the sequence stopped for good (an enquiry, a booking, an unsubscribe, a suppression);
     * null while it runs or once its last step went. Never cleared.
     */
    sequenceExited: text('sequence_exited', { enum: sequenceExitValues }),
  },
  (t) => [
    uniqueIndex('subscribers_email_nocase_idx').on(sql`lower(${t.email})`),
    uniqueIndex('subscribers_unsubscribe_token_idx').on(t.unsubscribeTokenHash),
    index('subscribers_status_idx').on(t.status, t.id),
    index('subscribers_confirmation_queue_idx').on(t.confirmationQueuedAt),
    // The welcome sequence's job: who is at a step, by confirmation time (newsletter/sequence/sequence-job.ts).
    index('subscribers_sequence_due_idx')
      .on(t.sequenceStep, t.confirmedAt)
      .where(sql`${t.status} = 'confirmed' and ${t.sequenceExited} is null`),
  ],
);

/**
 * One row per confirmation e-mail sent: its token's hash (the token itself only travels in
 * the mail), so each mail's link works for 7 days, and the rows of the last 24 hours cap how
 * many an address gets.
 */
export const subscriberConfirmations = sqliteTable(
  'subscriber_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('subscriber_confirmations_subscriber_idx').on(t.subscriberId, t.createdAt)],
);

/**
 * Newsletters the administrators write: a draft until sent, then `sending` while its
 * recipients are worked through in the background, `sent` once none is left to try.
 */
export const newsletters = sqliteTable('newsletters', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  subject: text('subject').notNull(),
  /** Markdown, rendered into each mail's text and HTML parts when it is sent. */
  body: text('body').notNull(),
  status: text('status', { enum: newsletterStatusValues }).notNull().default('draft'),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
});

/**
 * One row per address a newsletter goes to, written when the send starts (docs/newsletter.md,
 * "Sending"). A row is claimed (`sending`, with who and when) in a write transaction before
 * its mail goes to SMTP, which is what keeps anyone from getting two copies after a crash or
 * with several instances. `subscriberId` is no foreign key: removing a subscriber must not
 * erase the record of what was sent to them (a row not yet sent is then skipped).
 */
export const newsletterRecipients = sqliteTable(
  'newsletter_recipients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    newsletterId: integer('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').notNull(),
    /** The address as it was when the send started. */
    email: text('email').notNull(),
    status: text('status', { enum: recipientStatusValues }).notNull().default('queued'),
    /** Mails tried so far (temporary failures are tried again with a backoff). */
    attempts: integer('attempts').notNull().default(0),
    /** A queued row is not claimed before this time (the backoff after a temporary failure). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    /** The sender (one per running instance) that claimed the row. */
    claimedBy: text('claimed_by'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('newsletter_recipients_once_idx').on(t.newsletterId, t.subscriberId),
    // The senders' claim: the oldest due row of a status.
    index('newsletter_recipients_due_idx').on(t.status, t.nextAttemptAt),
    // The live counts per newsletter, and "is anything left to send" (covering both).
    index('newsletter_recipients_progress_idx').on(t.newsletterId, t.status),
  ],
);

/**
 * Analytics without cookies (docs/analytics.md): one row per recorded pageview, custom event
 * or conversion. No address, user agent or full referrer is ever stored: the visitor is a
 * hash that only means something within its day, since that day's salt is deleted when the
 * day ends. Rows older than ANALYTICS_RETENTION_DAYS are rolled up into `analyticsDaily`,
 * then deleted.
 */
export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The day of `at` in SITE_TIMEZONE (YYYY-MM-DD): what every report groups by. */
    day: text('day').notNull(),
    /** `pageview`, a custom event, or a conversion (`contact`, `subscription`). */
    name: text('name').notNull(),
    /** The page's path without its query; null for a conversion, which the server records. */
    path: text('path'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** The referring page's host only, never its path; null for none or the site itself. */
    referrerHost: text('referrer_host'),
    device: text('device', { enum: deviceValues }).notNull(),
    browser: text('browser').notNull(),
    /** sha256 of the day's salt, the site's host, the address (an IPv6 /64) and user agent. */
    visitor: text('visitor').notNull(),
  },
  (t) => [
    // Daily counts, pages and events by day and name; retention deletes by day.
    index('analytics_events_day_name_idx').on(t.day, t.name),
    // A visitor's first pageview of a day (the source a conversion is credited to).
    index('analytics_events_visitor_idx').on(t.day, t.visitor, t.at),
  ],
);

/**
 * The random salt of each day of SITE_TIMEZONE, shared by every instance through the
 * database; a day's row is deleted once the day is over.
 */
export const analyticsSalts = sqliteTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** Each day's totals, rolled up from its raw events before they are deleted; kept for good. */
export const analyticsDaily = sqliteTable('analytics_daily', {
  day: text('day').primaryKey(),
  visitors: integer('visitors').notNull().default(0),
  pageviews: integer('pageviews').notNull().default(0),
  contacts: integer('contacts').notNull().default(0),
  subscriptions: integer('subscriptions').notNull().default(0),
  bookings: integer('bookings').notNull().default(0),
});

/**
 * "Content that brings enquiries" (docs/analytics.md): per day and entry page, how many
 * messages and bookings were sent by visitors who had read that page earlier the same day.
 * Counted when the form is sent, from the visitor's pageviews of the day; it keeps neither
 * the visitor hash nor a time, so no enquiry can be matched to the pages its writer read.
 * Deleted with the raw events of its day (analytics/retention.ts).
 */
export const analyticsEntryEnquiries = sqliteTable(
  'analytics_entry_enquiries',
  {
    day: text('day').notNull(),
    path: text('path').notNull(),
    enquiries: integer('enquiries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/**
 * Each call to the AI provider (docs/ai.md, "Limits"): a row is written before the call with
 * its estimate `reserved` in one conditional insert (ai/usage.ts), so instances sharing the
 * database never pass the month's cap together, then settled to the real tokens (0 on failure).
 */
export const aiUsage = sqliteTable(
  'ai_usage',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    feature: text('feature').notNull(),
    model: text('model').notNull(),
    /** The calendar month in the site's time zone (`2026-11`) the call counts in. */
    month: text('month').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    /** Tokens held for the call while it runs; 0 once it is settled. */
    reserved: integer('reserved').notNull().default(0),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('ai_usage_month_idx').on(t.month)],
);

export const aiFacts = sqliteTable(
  'ai_facts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    factText: text('fact_text').notNull(),
    source: text('source').notNull(),
    order: integer('display_order').notNull().default(0),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    factDate: integer('fact_date', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('ai_facts_order_idx').on(t.order, t.id)],
);

export const tags = sqliteTable(
  'tags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_name_nocase_idx').on(sql`lower(${t.name})`)],
);

export const aiFactTags = sqliteTable(
  'ai_fact_tags',
  {
    factId: integer('fact_id')
      .notNull()
      .references(() => aiFacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.factId, t.tagId] }), index('ai_fact_tags_tag_idx').on(t.tagId)],
);

export type UserRow = typeof users.$inferSelect;
export type AuditRow = typeof auditEvents.$inferSelect;
export type FactRow = typeof aiFacts.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type SubscriberRow = typeof subscribers.$inferSelect;
export type NewsletterRow = typeof newsletters.$inferSelect;
export type RecipientRow = typeof newsletterRecipients.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

/**
 * One counter per watched table, bumped by triggers (migration 0003) on every insert, update
 * and delete, whoever writes: the in-memory caches of every instance compare it before use.
 */
export const changeCounters = sqliteTable('change_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * Every saved version of the site's content (docs/content.md): the whole SiteContent as JSON,
 * never changed after it is written. The newest row is what the public pages show; none yet:
 * the defaults from the code (version 0). A trigger (migration 0008) bumps the
 * `site_content` change counter on each insert, which is how every instance's prerendered
 * pages learn of a save.
 */
export const siteContentVersions = sqliteTable('site_content_versions', {
  version: integer('version').primaryKey(),
  content: text('content').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  /** The administrator's id and name at the time; the name stays when the user is removed. */
  updatedById: integer('updated_by_id'),
  updatedBy: text('updated_by'),
});

/**
 * The code's starting words (`defaultSiteContent`) as JSON, one row: what the pages show before
 * the first save, so the assistant's index (`site_search`, whose view reads the newest version
 * or else this row) holds them on a fresh site. Written when the assistant first looks
 * something up in a process (assistant/retrieval.ts), only when they differ; a trigger fills
 * the index from it (migrations/…_site_content_defaults.sql).
 */
export const siteContentDefaults = sqliteTable('site_content_defaults', {
  id: integer('id').primaryKey(),
  content: text('content').notNull(),
});

/**
 * The uploaded images' served files (src/server/media/, docs/content.md "Images"): each
 * variant of each slot's current image, under its hashed name. An upload replaces the slot's
 * rows, a removal deletes them; the `site_content` change counter moves with either
 * (migration 0017's triggers), so every instance's pages show the change.
 */
export const mediaFiles = sqliteTable(
  'media_files',
  {
    /** The served name under /uploads/: slot, variant and a hash of the bytes. */
    name: text('name').primaryKey(),
    slot: text('slot').notNull(),
    variant: text('variant').notNull(),
    type: text('type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('media_files_slot_idx').on(table.slot)],
);

/**
 * The site's public address and time zone as saved on the admin's Content screen
 * (src/server/site-settings/, docs/content.md "Address and time zone"): one row, each value null
 * until saved. SITE_URL and SITE_TIMEZONE, when set, win over them. A change moves the
 * `site_content` change counter (migration 0018's triggers), so every instance's pages and
 * mail use it at once.
 */
export const siteSettings = sqliteTable('site_settings', {
  id: integer('id').primaryKey(),
  address: text('address'),
  timeZone: text('time_zone'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  updatedBy: text('updated_by'),
});

/**
 * Every mail the product sends, one row each (docs/mail.md): written in the same transaction
 * as what it is about, then sent by the one sender in mail/outbox/, which knows no
 * feature. A row is claimed (`sending`, with who and when) before it goes to SMTP, so no mail
 * goes twice across instances and restarts; a temporary failure puts it back with a later
 * `nextAttemptAt`. `id` is AUTOINCREMENT, never reused: a bounce's VERP token names it.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: outboxKindValues }).notNull(),
    /** Lower goes first (shared/outbox.ts, OUTBOX_PRIORITY). */
    priority: integer('priority').notNull(),
    /** Held to the sending rate and given a VERP Return-Path. */
    bulk: integer('bulk', { mode: 'boolean' }).notNull().default(false),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    /** The rest of the message (platform/mail.ts MailMessage) as JSON: text, html, headers, calendar. */
    message: text('message').notNull(),
    status: text('status', { enum: outboxStatusValues }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure, addresses removed (platform/mail.ts withoutAddresses). */
    lastError: text('last_error'),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    claimedBy: text('claimed_by'),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    /** What the mail is about, for the feature that follows it ("lead-event:12"). */
    ref: text('ref'),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /**
     * The Message-ID the mail went with (no `<>`), set when sent: a delivery report quoting it
     * is about this mail (docs/mail.md, "Whom it is about").
     */
    messageId: text('message_id'),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.priority, t.nextAttemptAt, t.id),
    index('outbox_created_idx').on(t.createdAt, t.id),
    index('outbox_ref_idx').on(t.ref),
    index('outbox_message_id_idx').on(t.messageId),
  ],
);

/**
 * Addresses no bulk mail goes to (docs/mail.md, "Suppression"): a hard bounce, three soft ones
 * in 30 days, a complaint, or the owner's own choice. Stored in lower case, one row each.
 */
export const suppressions = sqliteTable('suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason', { enum: suppressionReasonValues }).notNull(),
  /** The report's status and diagnostic, or who added it by hand; no other address. */
  detail: text('detail').notNull().default(''),
  at: integer('at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * The welcome sequence (docs/newsletter.md, "Welcome sequence"): one row, off until saved on.
 * `steps` is JSON: up to 4 `{ subject, body, days }`, body in the newsletter's Markdown.
 */
export const newsletterSequence = sqliteTable('newsletter_sequence', {
  id: integer('id').primaryKey(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  steps: text('steps').notNull().default('[]'),
  /**
   * When it was first saved on, never moved: subscribers confirmed before it are not enrolled,
   * so turning it on does not send a "welcome" to the whole list at once.
   */
  startedAt: integer('started_at', { mode: 'timestamp_ms' }),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Every bounce, complaint and unreadable report taken (docs/mail.md, "Bounces and
 * complaints"), one row per report and address. `key` names the report (its Message-ID, the
 * provider's event id, Mailgun's token, the outbox row refused at send time): the unique
 * (key, email) is what takes each report once across instances and restarts. Soft bounces
 * are counted here (three in 30 days suppress).
 */
export const deliveryReports = sqliteTable(
  'delivery_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    source: text('source', { enum: deliverySourceValues }).notNull(),
    kind: text('kind', { enum: deliveryKindValues }).notNull(),
    /** Lower case; '' when the report names no address (an unreadable one). */
    email: text('email').notNull().default(''),
    /** The status and diagnostic, one line, addresses removed. */
    detail: text('detail').notNull().default(''),
    /** An unreadable or unverified report's own text (at most 64 KB), for the admin to read. */
    raw: text('raw'),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The outbox mail a verified report is about (its VERP token or Message-ID), if known. */
    mailId: integer('mail_id'),
  },
  (t) => [
    uniqueIndex('delivery_reports_key_email_idx').on(t.key, t.email),
    index('delivery_reports_mail_idx').on(t.mailId),
    index('delivery_reports_email_idx').on(t.email, t.kind, t.at),
    index('delivery_reports_kind_idx').on(t.kind, t.at),
  ],
);

/**
 * Mailgun webhook tokens already taken (docs/mail.md, "Provider events"): a signed request is
 * taken once, so a captured one sent again is refused. Kept a day; a token's signature is
 * refused after 5 minutes anyway.
 */
export const webhookTokens = sqliteTable('webhook_tokens', {
  token: text('token').primaryKey(),
  at: integer('at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Case studies and insights (src/server/entries/, docs/content.md "Case studies and
 * insights"). `results` and `tags` are JSON arrays; `cover_image` a SiteImage as JSON
 * (`{ url, width, height, alt }`, an upload of the media store) or null. `version` counts
 * the saves of the text (1 at creation); `published_at` is the first publication, kept when
 * unpublished, so a page published again keeps its date. The slug is unique per kind.
 */
export const entries = sqliteTable(
  'entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: entryKindValues }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    client: text('client'),
    industry: text('industry'),
    results: text('results').notNull().default('[]'),
    tags: text('tags').notNull().default('[]'),
    coverImage: text('cover_image'),
    status: text('status', { enum: entryStatusValues }).notNull().default('draft'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('entries_kind_slug_idx').on(t.kind, t.slug),
    index('entries_updated_idx').on(t.updatedAt, t.id),
    index('entries_published_idx').on(t.kind, t.status, t.publishedAt, t.id),
  ],
);

/**
 * Every saved text of an entry (as the site content's versions): version 1 at creation, one
 * more per save, so a save never loses what was there. `text` is JSON of the entry's text
 * fields (slug, title, summary, body, client, industry, results, tags). Deleted with the entry.
 */
export const entryVersions = sqliteTable(
  'entry_versions',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The administrator's id and name at the time; the name stays when the user is removed. */
    byId: integer('by_id'),
    by: text('by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.version] })],
);

/**
 * The addresses entries of a kind no longer have: a slug a published entry left (its page
 * answers 301 to the entry's address while it is published) or a deleted published entry's
 * (410). `entry_id` null means gone: deleting an entry turns its old slugs into gone ones.
 */
export const entryOldSlugs = sqliteTable(
  'entry_old_slugs',
  {
    kind: text('kind', { enum: entryKindValues }).notNull(),
    slug: text('slug').notNull(),
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'set null' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.slug] }),
    index('entry_old_slugs_entry_idx').on(t.entryId),
  ],
);

export type EntryRow = typeof entries.$inferSelect;

/**
 * The full-text index of the published entries (title, summary, body; docs/content.md,
 * "Search"): an FTS5 table over the view `published_entries`, kept in step with `entries` by
 * triggers (migrations/0026_entries_search.sql), so drafts are never in it. Declared as an
 * existing view, as `contactsSearch`: queries can name it, generated migrations leave it alone.
 */
export const entriesSearch = sqliteView('entries_search', {
  rowid: integer('rowid').notNull(),
  /** The column named like the table: matching it searches every indexed column. */
  anyColumn: text('entries_search'),
  /** FTS5's rank (bm25 by default; the query names its column weights), best first ascending. */
  rank: real('rank').notNull(),
}).existing();

/**
 * The published entries' pages as the server sends them (src/server/entries/entry-pages.ts,
 * docs/content.md "The entry pages"): the whole HTML of `/case-studies/<slug>` or
 * `/insights/<slug>`, written when the entry is published or saved while published, deleted
 * in the transaction that unpublishes, deletes or moves it. Kept here, not in one process's
 * memory, so every instance sends the same bytes at once. `frame` names what besides the
 * entry shaped the page (the build's template, the site's content version, its address): a
 * page of another frame is written again at its next request.
 */
export const entryPages = sqliteTable('entry_pages', {
  path: text('path').primaryKey(),
  frame: text('frame').notNull(),
  html: text('html').notNull(),
  etag: text('etag').notNull(),
  renderedAt: integer('rendered_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * The entries' drawn share images (src/server/entries/share-images.ts, docs/content.md "Share
 * images"): the PNG at `/og/<kind>/<slug>-<hash>.png`, drawn once at its first request and
 * kept here, so every instance serves the same bytes without drawing again. The hash follows
 * what the picture shows (title, company name, logo, colour), so a row is never rewritten: a
 * new title is a new address, and the entry's older pictures are deleted when it is drawn.
 */
export const shareImages = sqliteTable(
  'share_images',
  {
    path: text('path').primaryKey(),
    kind: text('kind', { enum: entryKindValues }).notNull(),
    slug: text('slug').notNull(),
    png: blob('png', { mode: 'buffer' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('share_images_entry_idx').on(table.kind, table.slug)],
);

/**
 * Testimonials (src/server/proof/, docs/content.md "Testimonials and client logos"): a
 * client's words, published only with a recorded consent (`consent_at` a day, `consent_how`
 * how it was given; both set or both null). `photo` a SiteImage as JSON (an upload of the
 * media store) or null. Erased with the lead they came from (leads/person-data.ts deletes
 * them explicitly, with their photo's files; the cascade is the embedded driver's backstop).
 */
export const testimonials = sqliteTable(
  'testimonials',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quote: text('quote').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    company: text('company').notNull().default(''),
    photo: text('photo'),
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'set null' }),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    consentAt: text('consent_at'),
    consentHow: text('consent_how'),
    /**
     * The client's own approval through a testimonial request, as JSON: the consent text shown,
     * when, the address (/24), the browser, the suggested and the approved words, what may be
     * shown. Null for a testimonial entered by the owner.
     */
    consentRecord: text('consent_record'),
    /** When the client withdrew it: unpublished everywhere, and never published again. */
    withdrawnAt: integer('withdrawn_at', { mode: 'timestamp_ms' }),
    status: text('status', { enum: entryStatusValues }).notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('testimonials_status_idx').on(t.status, t.id),
    index('testimonials_updated_idx').on(t.updatedAt, t.id),
    index('testimonials_lead_idx').on(t.leadId),
    index('testimonials_entry_idx').on(t.entryId),
  ],
);

export type TestimonialRow = typeof testimonials.$inferSelect;

/**
 * Client logos (src/server/proof/): a client's name and logo, published only with a
 * recorded consent and an image. `image` a SiteImage as JSON or null; `url` the client's site.
 */
export const clientLogos = sqliteTable(
  'client_logos',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    image: text('image'),
    url: text('url'),
    consentAt: text('consent_at'),
    consentHow: text('consent_how'),
    status: text('status', { enum: entryStatusValues }).notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('client_logos_status_idx').on(t.status, t.id),
    index('client_logos_updated_idx').on(t.updatedAt, t.id),
  ],
);

export type ClientLogoRow = typeof clientLogos.$inferSelect;

/**
 * MCP clients registered through OAuth dynamic client registration (RFC 7591;
 * server/mcp/oauth/, docs/mcp.md): public clients only, so no secret is kept. `redirectUris`
 * is a JSON array of the exact addresses a code may be sent to.
 */
export const oauthClients = sqliteTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: text('redirect_uris').notNull(),
  createdAt: createdAt(),
});

/**
 * One authorization request of an OAuth client (server/mcp/oauth/, docs/mcp.md), from
 * /oauth/authorize to the code's one use: pending while the consent screen shows it (`userId`
 * null), then allowed with a one-time code (only its hash kept), then used (`usedAt`, and the
 * access token it issued, revoked if the code is presented again). Short-lived: a request
 * lives 10 minutes, a code 5; housekeeping drops the rows past `expiresAt`.
 */
export const oauthAuthorizations = sqliteTable(
  'oauth_authorizations',
  {
    /** Random, in the consent screen's address; not a secret that grants anything alone. */
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    /** The PKCE S256 challenge (base64url of SHA-256 of the verifier). */
    codeChallenge: text('code_challenge').notNull(),
    /** Space-separated, as OAuth writes scopes; narrowed to what was granted at Allow. */
    scope: text('scope').notNull(),
    state: text('state'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').unique(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    /** The access token the code was exchanged for: revoked if the code comes again. */
    accessTokenId: integer('access_token_id').references(() => accessTokens.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('oauth_authorizations_expires_idx').on(t.expiresAt)],
);

/**
 * OAuth refresh tokens (server/mcp/oauth/token.ts, docs/mcp.md): each bound to the access
 * token it renews, only its SHA-256 kept. Rotated on use: the used one keeps its row
 * (`usedAt`) until it expires, so that presenting it again is seen, and revokes the grant.
 */
export const oauthRefreshTokens = sqliteTable(
  'oauth_refresh_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    accessTokenId: integer('access_token_id')
      .notNull()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('oauth_refresh_tokens_access_idx').on(t.accessTokenId),
    index('oauth_refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The site assistant's switch (src/server/assistant/, docs/assistant.md): one row, absent
 * until the owner first saves it (off). It only takes effect while AI_PROVIDER is set.
 */
export const assistantSettings = sqliteTable('assistant_settings', {
  id: integer('id').primaryKey(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  updatedBy: text('updated_by'),
});

/**
 * The site assistant's counts per day in the site's time zone (docs/assistant.md, "Counts"):
 * never a visitor's words. `asked` is the questions sent to the model, what the site's daily
 * cap counts; `questions` every question asked while on, `answered` the model's finished
 * answers, `handedOff` the conversations sent to a person.
 */
export const assistantDays = sqliteTable('assistant_days', {
  day: text('day').primaryKey(),
  questions: integer('questions').notNull().default(0),
  asked: integer('asked').notNull().default(0),
  answered: integer('answered').notNull().default(0),
  handedOff: integer('handed_off').notNull().default(0),
});

/**
 * The full-text index of the site content's published words (home sections, services, legal
 * pages; docs/assistant.md, "Grounding"): an FTS5 table filled from the newest content version
 * by a trigger (migrations/…_assistant.sql), one row per passage with the page it is on.
 * Declared as an existing view, as `entriesSearch`: generated migrations leave it alone.
 */
export const siteSearch = sqliteView('site_search', {
  rowid: integer('rowid').notNull(),
  url: text('url').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  anyColumn: text('site_search'),
  rank: real('rank').notNull(),
}).existing();

/**
 * Who is taking a backup of the embedded file now (src/server/backups/, docs/operations.md,
 * "Backups"): one row, taken by the instance whose `expiresAt` lease is free, so one instance
 * at a time copies, uploads and checks.
 */
export const backupLease = sqliteTable('backup_lease', {
  id: integer('id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Every backup run, good or failed: when, where it was put (`places`, one a line), its key
 * (the file name in each place), its compressed size. `ok` only once it was read back from
 * every place and checked. `mailed`: this failure was mailed to the owner (at most once a day).
 */
export const backupRuns = sqliteTable(
  'backup_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }).notNull(),
    ok: integer('ok', { mode: 'boolean' }).notNull(),
    key: text('key'),
    places: text('places').notNull().default(''),
    size: integer('size'),
    error: text('error'),
    mailed: integer('mailed', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [index('backup_runs_finished_idx').on(table.finishedAt)],
);

/**
 * Proposals (docs/proposals.md): what the owner sends a lead, one row a version. A revision
 * is a new row with the same `number`, the next `version` and `previous_id`; `number`
 * (`P-<year>-<n>`) comes from `proposal_numbers`, never reused. Amounts are integers in minor
 * units, computed by the server (shared/proposals.ts `proposalAmounts`). The client's link
 * token is kept only as its hash (platform/tokens.ts), like every token.
 */
export const proposals = sqliteTable(
  'proposals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Null once the person was erased and a signed proposal kept (leads/person-data.ts). */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    version: integer('version').notNull().default(1),
    /** The version this one revises. */
    previousId: integer('previous_id'),
    title: text('title').notNull(),
    /** Markdown. */
    summary: text('summary').notNull().default(''),
    /** JSON: [{ description, quantity, unitAmount }]. */
    items: text('items').notNull().default('[]'),
    currency: text('currency').notNull(),
    depositKind: text('deposit_kind', { enum: depositKindValues }),
    depositValue: integer('deposit_value'),
    total: integer('total').notNull().default(0),
    depositAmount: integer('deposit_amount').notNull().default(0),
    /** A day (YYYY-MM-DD), in the site's zone; set at sending when the owner left it blank. */
    validUntil: text('valid_until'),
    /** Markdown; starts as the site's Terms of Service. */
    terms: text('terms').notNull().default(''),
    status: text('status', { enum: proposalStatusValues }).notNull().default('draft'),
    tokenHash: text('token_hash'),
    createdAt: createdAt(),
    createdBy: text('created_by'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    declineReason: text('decline_reason'),
    /** The signature: { name, email, at, ip (/24), userAgent } as JSON, and what it signed. */
    acceptance: text('acceptance'),
    documentHash: text('document_hash'),
  },
  (t) => [
    uniqueIndex('proposals_token_idx')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
    uniqueIndex('proposals_version_idx').on(t.number, t.version),
    index('proposals_lead_idx').on(t.leadId, t.id),
    index('proposals_status_idx').on(t.status, t.id),
  ],
);

/** The last number given to a proposal in each year: numbers are never reused. */
export const proposalNumbers = sqliteTable('proposal_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Payments on a proposal: a Stripe Checkout paid (its payment intent in `provider_ref`, unique,
 * so an event read twice records once) or one the owner recorded by hand.
 */
export const proposalPayments = sqliteTable(
  'proposal_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: paymentProviderValues }).notNull(),
    providerRef: text('provider_ref'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }).notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    note: text('note'),
    recordedBy: text('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('proposal_payments_proposal_idx').on(t.proposalId, t.id),
    uniqueIndex('proposal_payments_ref_idx')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
  ],
);

/** Stripe events taken, by their id: each is acted on once across instances and restarts. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * The Checkout Sessions this site made (docs/payments.md): a Stripe event counts only for one
 * of these, in its currency and for its amount. `payment_id` is set when its payment is in.
 */
export const stripeCheckouts = sqliteTable(
  'stripe_checkouts',
  {
    sessionId: text('session_id').primaryKey(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    /** Minor units: what the site asked. */
    amount: integer('amount').notNull(),
    /** ISO 4217, upper case: the proposal's. */
    currency: text('currency').notNull(),
    paymentId: integer('payment_id').references(() => proposalPayments.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('stripe_checkouts_proposal_idx').on(t.proposalId)],
);

/**
 * Signed Stripe events of money the site did not ask for (docs/payments.md): changed nothing,
 * listed to the owner. One row per event, written with the event's id in `stripe_events`.
 */
export const stripeUnmatched = sqliteTable(
  'stripe_unmatched',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    reason: text('reason', { enum: unmatchedReasonValues }).notNull(),
    /** The Checkout Session's or the charge's id, to find it in Stripe's dashboard. */
    objectId: text('object_id'),
    /** The payment intent. */
    paymentRef: text('payment_ref'),
    /** Minor units of `currency`, as the event gave them. */
    amount: integer('amount'),
    currency: text('currency'),
    /** The proposal a session of this site's was for, when it was one. */
    proposalId: integer('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('stripe_unmatched_event_idx').on(t.eventId),
    index('stripe_unmatched_received_idx').on(t.receivedAt, t.id),
  ],
);

/**
 * A 6-digit code mailed before a client accepts with an address other than the lead's: kept
 * hashed, 10 minutes, 5 tries (docs/proposals.md).
 */
export const proposalCodes = sqliteTable(
  'proposal_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('proposal_codes_proposal_idx').on(t.proposalId, t.email)],
);

/** The owner's proposal settings: one row (id 1); no row reads as the defaults. */
export const proposalSettings = sqliteTable('proposal_settings', {
  id: integer('id').primaryKey(),
  currency: text('currency').notNull(),
  bankTransferText: text('bank_transfer_text').notNull().default(''),
  priceList: text('price_list').notNull().default(''),
  /** The terms a new proposal starts with; null: the starting text (docs/proposals.md, "Settings"). */
  defaultTerms: text('default_terms'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  updatedBy: text('updated_by'),
});

/**
 * The seller profile invoices are issued with (docs/invoices.md, "The seller profile"): one row
 * (id 1), the profile as JSON read through its schema; no row reads as the defaults.
 */
export const invoiceSettings = sqliteTable('invoice_settings', {
  id: integer('id').primaryKey(),
  profile: text('profile').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  updatedBy: text('updated_by'),
});

/**
 * Invoices and credit notes (docs/invoices.md): a draft has no number, no issue date and no
 * parties; issuing sets them in one write with the frozen seller and buyer (JSON), the totals
 * and `document_hash`, and nothing changes after. Amounts are integers in minor units.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: invoiceKindValues }).notNull().default('invoice'),
    role: text('role', { enum: invoiceRoleValues }).notNull().default('standalone'),
    status: text('status', { enum: invoiceStatusValues }).notNull().default('draft'),
    /** `INV-2026-0001`, from `invoice_numbers`; null for a draft. */
    number: text('number'),
    /** Kept when the lead is erased: an issued document is a record the law keeps. */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    proposalId: integer('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    /** A credit note: the invoice it corrects. */
    creditsInvoiceId: integer('credits_invoice_id'),
    /** A credit note of lines: [{ line, quantity }] of the invoice's items; null for an amount. */
    creditedLines: text('credited_lines'),
    currency: text('currency').notNull(),
    /** Days (YYYY-MM-DD) in the site's zone. A draft's due date may be null: from the terms. */
    issueDate: text('issue_date'),
    dueDate: text('due_date'),
    supplyDate: text('supply_date'),
    supplyFrom: text('supply_from'),
    supplyTo: text('supply_to'),
    /** JSON: [{ description, quantity, unitCode, unitAmount, category, rate }]. */
    items: text('items').notNull().default('[]'),
    exemptionText: text('exemption_text'),
    /** A credit note's reason (BT-22). */
    note: text('note'),
    /** The payment terms' words, set at issue. */
    paymentTerms: text('payment_terms'),
    /** JSON, frozen at issue. */
    seller: text('seller'),
    buyer: text('buyer'),
    /** A final invoice's deducted deposits, JSON: [{ number, issueDate, gross, tax }]. */
    deposits: text('deposits').notNull().default('[]'),
    net: integer('net').notNull().default(0),
    tax: integer('tax').notNull().default(0),
    gross: integer('gross').notNull().default(0),
    prepaid: integer('prepaid').notNull().default(0),
    /** SHA-256 (hex) of the canonical JSON of the document issued. */
    documentHash: text('document_hash'),
    createdAt: createdAt(),
    createdBy: text('created_by'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }),
    /** The SHA-256 of the client's link `/i/<token>`, set when sent; null ends the link. */
    tokenHash: text('token_hash'),
    /** The owner's "Stop reminders" switch. */
    remindersStopped: integer('reminders_stopped', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('invoices_token_idx')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
    uniqueIndex('invoices_number_idx')
      .on(t.number)
      .where(sql`${t.number} is not null`),
    index('invoices_lead_idx').on(t.leadId, t.id),
    index('invoices_status_idx').on(t.status, t.id),
    index('invoices_issue_date_idx').on(t.issueDate),
    index('invoices_credits_idx')
      .on(t.creditsInvoiceId)
      .where(sql`${t.creditsInvoiceId} is not null`),
  ],
);

/** The last number of each series (its prefix) in each year: no gap, never given twice. */
export const invoiceNumbers = sqliteTable(
  'invoice_numbers',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Checkout Sessions the client's invoice page made (docs/invoices.md, "The client's page"):
 * a paid session counts only if the site made it, for this amount and currency.
 */
export const invoiceCheckouts = sqliteTable(
  'invoice_checkouts',
  {
    sessionId: text('session_id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_checkouts_invoice_idx').on(t.invoiceId)],
);

/** Reminders sent: one per invoice and day, however many instances look at once. */
export const invoiceReminders = sqliteTable(
  'invoice_reminders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The day in the site's zone it went on (YYYY-MM-DD). */
    day: text('day').notNull(),
    /** The offset from the due day it was for. */
    offset: integer('offset').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.day] })],
);

/** Payments on an issued invoice: recorded by hand, or a Stripe payment (its intent, unique). */
export const invoicePayments = sqliteTable(
  'invoice_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: paymentProviderValues }).notNull(),
    providerRef: text('provider_ref'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }).notNull(),
    note: text('note'),
    recordedBy: text('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.id),
    uniqueIndex('invoice_payments_ref_idx')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
  ],
);

/**
 * The work a signed proposal starts (docs/engagements.md): one per accepted proposal, opened in
 * the acceptance's transaction or by the owner. `ownerNotifiedAt` is when the owner was last
 * mailed about the client's messages (at most one mail per 5 minutes an engagement).
 */
export const engagements = sqliteTable(
  'engagements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    proposalId: integer('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    status: text('status', { enum: engagementStatusValues }).notNull().default('active'),
    /** Whether the client may upload files on their page. */
    clientUploads: integer('client_uploads', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    ownerNotifiedAt: integer('owner_notified_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('engagements_lead_idx').on(t.leadId, t.id),
    uniqueIndex('engagements_proposal_idx')
      .on(t.proposalId)
      .where(sql`${t.proposalId} is not null`),
  ],
);

/**
 * An engagement's links, by their token's hash only: the current one (`endedAt` null) and the
 * ones replaced or revoked, kept so that they answer 410 rather than 404.
 */
export const engagementLinks = sqliteTable(
  'engagement_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    engagementId: integer('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    endedHow: text('ended_how', { enum: linkEndValues }),
  },
  (t) => [index('engagement_links_engagement_idx').on(t.engagementId, t.endedAt)],
);

/** Files shared on an engagement, both ways; the bytes are kept in the database as media are. */
export const engagementFiles = sqliteTable(
  'engagement_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    engagementId: integer('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    /** The cleaned file name, as downloaded. */
    name: text('name').notNull(),
    /** The type its bytes showed (never the name's). */
    type: text('type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /**
     * The file's first ENGAGEMENT_FILE_PART_BYTES (the whole of most files); the rest is in
     * `engagement_file_parts`, so no one statement binds 10 MB (docs/performance.md).
     */
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
    side: text('side', { enum: fileSideValues }).notNull(),
    /** The administrator's username for the owner's files; null for the client's. */
    uploadedBy: text('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('engagement_files_engagement_idx').on(t.engagementId, t.id)],
);

/**
 * The rest of a shared file's bytes past its row's first part, in order (`seq` from 1), each
 * at most ENGAGEMENT_FILE_PART_BYTES: SQLite copies a bound blob and then its record, so one
 * 10 MB insert took 30 MB of memory, and a part takes a few (docs/performance.md).
 */
export const engagementFileParts = sqliteTable(
  'engagement_file_parts',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => engagementFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * Notes drawn from a call's transcript (docs/engagements.md, "Call notes"): the transcript as
 * given, the summary, decisions and actions as JSON, and the follow-up draft made from them.
 */
export const callNotes = sqliteTable(
  'call_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    transcript: text('transcript').notNull(),
    summary: text('summary').notNull().default(''),
    /** JSON: string[]. */
    decisions: text('decisions').notNull().default('[]'),
    /** JSON: [{ what, owner?, due?, proposed }]. */
    actions: text('actions').notNull().default('[]'),
    /** The model that wrote the note; null when AI was off. */
    model: text('model'),
    draftId: integer('draft_id').references(() => leadDrafts.id, { onDelete: 'set null' }),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('call_notes_lead_idx').on(t.leadId, t.id)],
);

/**
 * A request to a client for their words (docs/engagements.md, "Testimonials"): its link and
 * its withdraw link by their hashes only; the approval's record is on the testimonial.
 */
export const testimonialRequests = sqliteTable(
  'testimonial_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    withdrawTokenHash: text('withdraw_token_hash'),
    suggestedText: text('suggested_text').notNull().default(''),
    /** Whether the suggested words are the model's (shown as "suggested wording"). */
    suggestedByAi: integer('suggested_by_ai', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: testimonialRequestStatusValues }).notNull().default('open'),
    createdAt: createdAt(),
    createdBy: text('created_by'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    testimonialId: integer('testimonial_id').references(() => testimonials.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('testimonial_requests_token_idx').on(t.tokenHash),
    uniqueIndex('testimonial_requests_withdraw_idx')
      .on(t.withdrawTokenHash)
      .where(sql`${t.withdrawTokenHash} is not null`),
    // One open request a lead.
    uniqueIndex('testimonial_requests_open_idx')
      .on(t.leadId)
      .where(sql`${t.status} = 'open'`),
  ],
);
