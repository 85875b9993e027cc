import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PAYMENT_STATUSES } from '../../../contracts/booking-statuses';
import { CLOSURE_REASONS } from '../../../contracts/closures';
import type { EventKind } from '../../../contracts/events';
import {
  ATTENDANCE_MARKS,
  BOOKING_CHANNELS,
  HISTORY_EVENTS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
} from '../../../contracts/payments';
import { AUDIT_KINDS } from '../../../contracts/staff';
import { WAITLIST_STATUSES } from '../../../contracts/waitlist';
import type { WeekDay } from '../../../contracts/wire/facility';

// The tables as drizzle models them. The database itself, with the triggers and the FTS5 table drizzle does not model,
// is docs/schema.sql (`npm run db:schema` regenerates it after a migration).
// Money columns are integer kuruş. Times are epoch milliseconds unless named date/startTime (Istanbul wall clock).
const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const timestamps = {
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
};

export const roles = sqliteTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  type: text('type', { enum: ['admin', 'manager'] })
    .notNull()
    .unique(),
  description: text('description'),
});

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey(),
    documentId: text('document_id').notNull().unique(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    blocked: integer('blocked', { mode: 'boolean' }).notNull().default(false),
    lastLoginAt: integer('last_login_at'),
    /**
     * Bumped when every session of the account ends ('Tüm oturumları kapat', disable, role change, a password reset or
     * change); a token signed with an older version is refused (migration 0003).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_nocase').on(sql`${t.username} collate nocase`),
    uniqueIndex('users_email_nocase').on(sql`${t.email} collate nocase`),
  ],
);

/**
 * One row per signed-in session (migration 0018): a token names its session (`sid`) and is valid only while the row is
 * there and the account's token version still matches. 'Çıkış Yap' deletes this one row, so the account's other
 * devices stay signed in; ending every session bumps the version and deletes them all (README 'Threat model').
 */
export const staffSessions = sqliteTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull().default(now),
    /** Epoch ms the token of this session expires; the hourly cron deletes rows past it. */
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_user').on(t.userId), index('staff_sessions_expiry').on(t.expiresAt)],
);

export type WorkingDay = { isOpen: boolean; start: string; end: string };

/** One add-on as a booking bought it: kuruş, frozen at the time of booking. */
export interface BookingAddon {
  addonId: number;
  name: string;
  unit: 'booking' | 'person';
  unitPrice: number;
  quantity: number;
  total: number;
}
export type WorkingHours = Record<
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday',
  WorkingDay
>;

export const facilities = sqliteTable(
  'facilities',
  {
    id: integer('id').primaryKey(),
    documentId: text('document_id').notNull().unique(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    address: text('address'),
    location: text('location'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    hourlyPrice: integer('hourly_price').notNull().default(15000),
    depositAmount: integer('deposit_amount').notNull().default(0),
    depositIban: text('deposit_iban'),
    bankName: text('bank_name'),
    recipientName: text('recipient_name'),
    phoneNumbers: text('phone_numbers', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    email: text('email'),
    googleMapsLocation: text('google_maps_location'),
    workingHours: text('working_hours', { mode: 'json' }).$type<WorkingHours>().notNull(),
    bookingTimeType: text('booking_time_type', { enum: ['hourly', 'half-hourly'] })
      .notNull()
      .default('hourly'),
    startTimeOffset: text('start_time_offset', { enum: ['full_hour', 'half_hour'] })
      .notNull()
      .default('full_hour'),
    autoApprovalTimeout: integer('auto_approval_timeout').notNull().default(60),
    /**
     * The match lengths offered, minutes ascending, each a whole multiple of the slot (migration 0032;
     * docs/behaviour.md#match-length). One slot's length unless staff offer more; contracts/match-length.ts reads it.
     */
    matchLengths: text('match_lengths', { mode: 'json' }).$type<number[]>().notNull().default(sql`'[60]'`),
    /** On a half-hourly pitch: whether a match may start on the half hour between its hourly starts. */
    halfHourStarts: integer('half_hour_starts', { mode: 'boolean' }).notNull().default(true),
    /** Whether deposit_amount is per hour of the match (else one deposit per booking). */
    depositPerHour: integer('deposit_per_hour', { mode: 'boolean' }).notNull().default(false),
    priority: integer('priority').notNull().default(0),
    // No rating column: a pitch's rating is what players gave (ratings, facility_rating_stats; migration 0029).
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    seoKeywords: text('seo_keywords'),
    facilityServices: text('facility_services', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    services: text('services', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    transportIsActive: integer('transport_is_active', { mode: 'boolean' }).notNull().default(false),
    transportPrice: integer('transport_price').notNull().default(0),
    transportDescription: text('transport_description'),
    vehicleType: text('vehicle_type'),
    vehicleCapacity: integer('vehicle_capacity'),
    /** Set when staff delete the pitch (migration 0004): the row, its bookings and their history stay; every read skips it. */
    deletedAt: integer('deleted_at'),
    ...timestamps,
  },
  (t) => [index('facilities_listing').on(t.isActive, t.priority, t.name)],
);

export interface ImageVariant {
  key: string;
  width: number;
  height: number;
}

export const facilityImages = sqliteTable(
  'facility_images',
  {
    id: integer('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    key: text('r2_key').notNull().unique(),
    name: text('name').notNull(),
    alternativeText: text('alternative_text'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Smaller WebP copies of the photo for srcset: R2 key and size of each. */
    variants: text('variants', { mode: 'json' }).$type<ImageVariant[]>().notNull().default(sql`'[]'`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('facility_images_facility').on(t.facilityId, t.sortOrder)],
);

export const amenities = sqliteTable(
  'facility_amenities',
  {
    id: integer('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    available: integer('available', { mode: 'boolean' }).notNull().default(true),
    icon: text('icon'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('facility_amenities_facility').on(t.facilityId, t.sortOrder)],
);

export const pickupPoints = sqliteTable(
  'pickup_points',
  {
    id: text('id').primaryKey(), // 'pickup-<timestamp>' as the panel creates them (behaviour.md#entities)
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    description: text('description'),
    time: text('time'),
    /** The shuttle leaves this many minutes before the match starts; a booking's pickupTime is derived from it (0003). */
    minutesBefore: integer('minutes_before'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('pickup_points_facility').on(t.facilityId, t.sortOrder)],
);

export const slots = sqliteTable(
  'booking_slots',
  {
    id: integer('id').primaryKey(),
    documentId: text('document_id').notNull().unique(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    date: text('date').notNull(), // business day, Europe/Istanbul (behaviour.md#time-money-and-identity)
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    startsAt: integer('starts_at').notNull(), // real instant, so overnight starts judge "past" correctly
    endsAt: integer('ends_at').notNull(),
    price: integer('price').notNull(),
    createdAt: timestamps.createdAt,
    /**
     * The closure holding the slot closed (migration 0034; docs/behaviour.md#closures), null when open. Set by the
     * closure's batch and, for a slot created inside a live closure's window, by the trigger closure_slot_created; the
     * triggers refuse a claim on a closed slot and closing a slot a live booking claims.
     */
    closureId: integer('closure_id'),
  },
  (t) => [
    uniqueIndex('booking_slots_facility_date_time').on(t.facilityId, t.date, t.startTime),
    index('booking_slots_facility_starts').on(t.facilityId, t.startsAt),
    index('booking_slots_closure').on(t.closureId).where(sql`closure_id is not null`),
  ],
);

/**
 * A closure, 'Kapat' (migration 0034; docs/behaviour.md#closures): staff close pitches (closure_facilities) for the
 * business days [from_date, to_date], whole days (start_time null) or the slots starting in [start_time, end_time) read
 * around the clock (so '20:00'–'02:00' holds the after-midnight hours). Live until lifted. No personal data.
 */
export const closures = sqliteTable(
  'closures',
  {
    id: integer('id').primaryKey(),
    documentId: text('document_id').notNull().unique(),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    reason: text('reason', { enum: CLOSURE_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    cancelledCount: integer('cancelled_count').notNull().default(0),
    movedCount: integer('moved_count').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id),
    createdByName: text('created_by_name').notNull(),
    createdAt: integer('created_at').notNull(),
    liftedById: integer('lifted_by_id').references(() => users.id),
    liftedByName: text('lifted_by_name'),
    liftedAt: integer('lifted_at'),
  },
  (t) => [index('closures_live').on(t.toDate).where(sql`lifted_at is null`), index('closures_created').on(t.createdAt)],
);

/** The pitches a closure closes; a slot's live closures are read by (facility_id, closure_id). */
export const closureFacilities = sqliteTable(
  'closure_facilities',
  {
    closureId: integer('closure_id')
      .notNull()
      .references(() => closures.id, { onDelete: 'cascade' }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.closureId] })],
);

/**
 * A pitch's price rules (Fiyatlandırma; the engine is contracts/pricing.ts). Generation prices each new slot
 * by them, and staff may re-price free slots still ahead; a booked slot keeps its price, and a booking stores the price
 * it was made at (bookings.slot_price). `amount` is kuruş for a fixed price, a whole percent for a percentage.
 */
export const priceRules = sqliteTable(
  'price_rules',
  {
    id: integer('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    name: text('name').notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    days: text('days', { mode: 'json' }).$type<WeekDay[]>().notNull(),
    dateFrom: text('date_from'),
    dateTo: text('date_to'),
    startTime: text('start_time'),
    endTime: text('end_time'),
    adjustment: text('adjustment', { enum: ['fixed', 'percent'] }).notNull(),
    amount: integer('amount').notNull(),
    priority: integer('priority').notNull().default(0),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('price_rules_facility').on(t.facilityId, t.sortOrder)],
);

/**
 * A pitch's paid add-ons (Saha Servisleri): a referee, a match video, boot hire… `price` is kuruş per booking
 * or per person (`unit`); `stock_per_slot` caps how many bookings of one slot may take it (null: no cap).
 */
export const facilityAddons = sqliteTable(
  'facility_addons',
  {
    id: integer('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name folded the Turkish way (contracts/search.ts foldSearch): 'MAÇ VİDEOSU' and 'Maç videosu' are one name. */
    nameKey: text('name_key').notNull(),
    description: text('description'),
    price: integer('price').notNull(),
    unit: text('unit', { enum: ['booking', 'person'] }).notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    stockPerSlot: integer('stock_per_slot'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('facility_addons_facility').on(t.facilityId, t.sortOrder),
    uniqueIndex('facility_addons_name').on(t.facilityId, t.nameKey),
  ],
);

export const customers = sqliteTable(
  'customers',
  {
    id: integer('id').primaryKey(),
    phone: text('phone').notNull().unique(), // normalised 05XXXXXXXXX
    name: text('name').notNull(),
    email: text('email'),
    isSubscriber: integer('is_subscriber', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index('customers_subscriber').on(t.isSubscriber)],
);

/**
 * One row per customer with the figures of the customer list (behaviour.md#entities 'Customer stats row'), kept by triggers (migration
 * 0006, redefined by 0022): every insert, status change or delete of a booking and every change of the customer row
 * recomputes that one customer's row from their bookings, in the same statement, whichever path wrote it. Figures that
 * change with the clock (a booking becomes played when its hour passes) are recomputed by a read once next_change_at
 * has passed. The list then filters, sorts and pages 20,000 customers without reading a booking (bench/customers.ts).
 * db/customers.ts holds the from-scratch recomputation the tests compare it with.
 */
export const customerStats = sqliteTable(
  'customer_stats',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The folded name (contracts/search.ts): sorting by name ignores case and Turkish letters. */
    nameKey: text('name_key').notNull(),
    /** Folded name, phone and folded e-mail, for the search box. */
    searchKey: text('search_key').notNull(),
    isSubscriber: integer('is_subscriber', { mode: 'boolean' }).notNull().default(false),
    totalBookings: integer('total_bookings').notNull().default(0),
    approvedBookings: integer('approved_bookings').notNull().default(0),
    cancelledBookings: integer('cancelled_bookings').notNull().default(0),
    pendingBookings: integer('pending_bookings').notNull().default(0),
    rejectedBookings: integer('rejected_bookings').notNull().default(0),
    expiredBookings: integer('expired_bookings').notNull().default(0),
    transportationBookings: integer('transportation_bookings').notNull().default(0),
    consecutiveCancellations: integer('consecutive_cancellations').notNull().default(0),
    /** Percentages 0–100 with one decimal; 0 without bookings. */
    cancellationRate: real('cancellation_rate').notNull().default(0),
    approvalRate: real('approval_rate').notNull().default(0),
    firstBookingDate: text('first_booking_date'),
    lastBookingDate: text('last_booking_date'),
    lastActualBookingDate: text('last_actual_booking_date'),
    favoriteFacilityId: integer('favorite_facility_id'),
    /** 0 = Sunday … 6 = Saturday (SQLite's %w). */
    favoriteDay: integer('favorite_day'),
    favoriteHour: text('favorite_hour'),
    /** Kuruş, approved bookings already played (start time passed); those still ahead are in plannedSpent. */
    totalSpent: integer('total_spent').notNull().default(0),
    /** JSON object: facility id → bookings there. */
    facilityUsage: text('facility_usage', { mode: 'json' })
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'`),
    /** Approved bookings already played (migration 0022); since 0025 those marked 'Gelmedi' are not played. */
    playedBookings: integer('played_bookings').notNull().default(0),
    /** Approved bookings staff marked 'Gelmedi' (no-show, migration 0025). */
    noShowBookings: integer('no_show_bookings').notNull().default(0),
    /** Kuruş, approved bookings still ahead. */
    plannedSpent: integer('planned_spent').notNull().default(0),
    /**
     * When the clock-dependent figures (played, spent, last played, the cancellation run) next change without a write:
     * the start of the earliest pending or approved booking still ahead; null when there is none. A read recomputes
     * every row whose moment has come first (db/customers.ts refreshDueStats).
     */
    nextChangeAt: integer('next_change_at'),
  },
  (t) => [
    index('customer_stats_last_booking').on(t.lastBookingDate),
    index('customer_stats_name').on(t.nameKey),
    index('customer_stats_total').on(t.totalBookings),
    index('customer_stats_cancellation_rate').on(t.cancellationRate),
    index('customer_stats_approval_rate').on(t.approvalRate),
    index('customer_stats_consecutive').on(t.consecutiveCancellations),
    index('customer_stats_next_change').on(t.nextChangeAt),
    index('customer_stats_subscriber').on(t.isSubscriber, t.consecutiveCancellations),
    // Covers meta.summary and the numeric filters: the filtered set is counted from this index, not from the rows.
    index('customer_stats_summary').on(
      t.isSubscriber,
      t.consecutiveCancellations,
      t.lastBookingDate,
      t.totalBookings,
      t.cancellationRate,
      t.transportationBookings,
    ),
  ],
);

export const bookings = sqliteTable(
  'bookings',
  {
    id: integer('id').primaryKey(),
    documentId: text('document_id').notNull().unique(),
    bookingNumber: text('booking_number').notNull().unique(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    slotId: integer('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email'),
    notes: text('notes'),
    // Copied from the slot at booking time so history survives slot regeneration.
    date: text('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    startsAt: integer('starts_at').notNull(),
    /**
     * The match's real end instant and its length in minutes (migration 0032; docs/behaviour.md#match-length): a booking
     * covers every slot of its pitch starting in [starts_at, ends_at), slot_id being the first. end_time is the last
     * covered slot's end. A row written without them (0) is filled from its slot by the trigger booking_range_fill.
     */
    endsAt: integer('ends_at').notNull().default(0),
    duration: integer('duration').notNull().default(0),
    /** The covered slots' own prices, summed. */
    slotPrice: integer('slot_price').notNull(),
    includesTransportation: integer('includes_transportation', { mode: 'boolean' }).notNull().default(false),
    transportationPrice: integer('transportation_price').notNull().default(0),
    pickupPointId: text('pickup_point_id'),
    pickupPointName: text('pickup_point_name'),
    pickupPointAddress: text('pickup_point_address'),
    pickupTime: text('pickup_time'),
    /**
     * The paid add-ons taken with the booking, each as it was sold: name, unit, unit price (kuruş) and
     * quantity, so a later change to the pitch's add-ons never rewrites a booking. `addons_price` is their sum, part of
     * total_price.
     */
    addons: text('addons', { mode: 'json' }).$type<BookingAddon[]>().notNull().default(sql`'[]'`),
    addonsPrice: integer('addons_price').notNull().default(0),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    /**
     * Derived from the booking's payment rows by the payments_booking trigger (migration 0024), never set by hand:
     * pending = nothing received (Ödenmedi), paid = some money received, less than the total (Kapora Alındı), full = the
     * total received (Tamamı Ödendi), refunded = what was received went back (İade Edildi), kept = a received deposit
     * was kept on a cancel or no-show (Kapora Tutuldu). contracts/payments.ts paymentStatusOf is the same rule.
     */
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Kuruş: money received less money refunded, from the payment rows (the same trigger). */
    collected: integer('collected').notNull().default(0),
    totalPrice: integer('total_price').notNull(),
    depositAmount: integer('deposit_amount').notNull().default(0),
    isSubscriber: integer('is_subscriber', { mode: 'boolean' }).notNull().default(false),
    isRecurring: integer('is_recurring', { mode: 'boolean' }).notNull().default(false),
    recurringGroupId: text('recurring_group_id'),
    /**
     * The secret of the booking's read-only match page (/mac/<token>), made when its holder first shares it; null until
     * then and after a KVKK erasure. Never the booking number, which stays the holder's key.
     */
    shareToken: text('share_token'),
    expiresAt: integer('expires_at'), // pending hold deadline (autoApprovalTimeout)
    approvedById: integer('approved_by_id').references(() => users.id),
    approvedAt: integer('approved_at'),
    rejectionReason: text('rejection_reason'),
    cancellationReason: text('cancellation_reason'),
    cancelledAt: integer('cancelled_at'),
    source: text('source', { enum: ['web', 'panel', 'subscription'] })
      .notNull()
      .default('web'),
    /** How a staff booking reached the venue (migration 0024): telefon, WhatsApp, gişe, diğer. Null for web and subscriptions. */
    channel: text('channel', { enum: BOOKING_CHANNELS }),
    /** The staff member who made a panel booking (migration 0024). */
    createdById: integer('created_by_id').references(() => users.id),
    /** Why staff booked this phone a second live booking that day (the same-day rule overridden); the row then has same_day_rule 0. */
    sameDayOverrideReason: text('same_day_override_reason'),
    /** Staff waived the deposit of a panel booking: deposit_amount is 0 and this says why it is (migration 0024). */
    depositWaived: integer('deposit_waived', { mode: 'boolean' }).notNull().default(false),
    /** After the start staff mark who came (migration 0024): played ('Geldi') or no_show ('Gelmedi'); null until marked. */
    attendance: text('attendance', { enum: ATTENDANCE_MARKS }),
    attendanceAt: integer('attendance_at'),
    attendanceById: integer('attendance_by_id').references(() => users.id),
    /** When the 10-minute warning before the hold's end was raised; null while not raised (reset when the hold is extended). */
    holdWarnedAt: integer('hold_warned_at'),
    /** When the cron sent the holder's push reminder before the start (migration 0028); null while not sent: sent once. */
    reminderSentAt: integer('reminder_sent_at'),
    /** When the cron asked the holder's devices to rate the played match (migration 0031); null while not asked: asked once. */
    ratingPromptSentAt: integer('rating_prompt_sent_at'),
    clientTimestamp: text('client_timestamp'),
    clientTimezone: text('client_timezone'),
    /**
     * Folded name + phone + booking number for the panel's search, kept by triggers (migration 0002): lower case with the
     * Turkish letters mapped to ASCII, so 'isik' finds 'Işık' the way staff type on a phone keyboard. Also indexed by
     * the trigram FTS5 table bookings_search (migration 0017, hand-written: drizzle does not model virtual tables).
     */
    searchKey: text('search_key'),
    /** Whether the same-day rule (behaviour.md#bookings) held when the booking was made (an admin may turn it off). */
    sameDayRule: integer('same_day_rule', { mode: 'boolean' }).notNull().default(true),
    /**
     * The waitlist entry whose held slot this booking claimed (migration 0033; docs/behaviour.md#waitlist): the only
     * booking the hold lets through (trigger waitlist_hold_insert), and the entry becomes 'claimed' with it.
     */
    waitlistEntryId: integer('waitlist_entry_id'),
    ...timestamps,
  },
  (t) => [
    // At most one live booking per slot, whatever path writes (behaviour.md#bookings).
    uniqueIndex('bookings_one_live_per_slot').on(t.slotId).where(sql`status in ('pending', 'approved')`),
    // Every booking of a slot, whatever its status (migration 0016): the foreign key's ON DELETE SET NULL looks a deleted
    // slot's bookings up by it; without it each slot a regeneration removes scanned every booking (≈ 20 ms at 100k).
    index('bookings_slot').on(t.slotId),
    // At most one live public booking per phone and day, across pitches (behaviour.md#bookings; weekly subscription slots excepted, 0003).
    // A booking made while an admin had the same-day rule off carries same_day_rule = 0 and stays outside.
    uniqueIndex('bookings_one_live_per_phone_day')
      .on(t.customerPhone, t.date)
      .where(sql`status in ('pending', 'approved') and is_recurring = 0 and same_day_rule = 1`),
    index('bookings_phone_date').on(t.customerPhone, t.date),
    index('bookings_phone_created').on(t.customerPhone, t.createdAt),
    index('bookings_facility_date').on(t.facilityId, t.date, t.startTime),
    index('bookings_date_time').on(t.date, t.startTime),
    index('bookings_status_created').on(t.status, t.createdAt),
    index('bookings_created').on(t.createdAt),
    // The dashboard's 'latest 5' of one pitch (migration 0007): without it SQLite reads the pitch's every booking through
    // bookings_facility_date and sorts them (≈ 50 ms at 100k); with it the newest five are the index's last entries.
    index('bookings_facility_created').on(t.facilityId, t.createdAt),
    index('bookings_pending_expiry').on(t.facilityId, t.expiresAt).where(sql`status = 'pending'`),
    index('bookings_recurring_group').on(t.recurringGroupId),
    uniqueIndex('bookings_share_token').on(t.shareToken).where(sql`share_token is not null`),
    // The cron's push reminders (migration 0028): approved bookings not yet reminded, by start, so it reads only the window.
    index('bookings_reminder_due').on(t.startsAt).where(sql`status = 'approved' and reminder_sent_at is null`),
    index('bookings_customer').on(t.customerId),
    // Covers every filter of the panel list, search included: the tab counts and the search read this index only, never
    // the rows, so the bookings screen stays fast at 100k bookings (bench/bookings-list.ts).
    index('bookings_panel_list').on(
      t.status,
      t.date,
      t.startsAt,
      t.isSubscriber,
      t.includesTransportation,
      t.facilityId,
      t.searchKey,
      t.createdAt,
    ),
    index('bookings_starts_at').on(t.startsAt),
    // One pitch's list by play time (migration 0008): walked in order, so the page costs its position, not the pitch's
    // every booking.
    index('bookings_facility_starts').on(t.facilityId, t.startsAt),
    // The list's Aboneler and Servisli views (migration 0008): the covering index's columns over only the bookings that
    // match, so such a view reads its own bookings' entries, not every booking's.
    index('bookings_subscriber_list')
      .on(t.status, t.date, t.startsAt, t.includesTransportation, t.facilityId, t.searchKey, t.createdAt)
      .where(sql`is_subscriber = 1`),
    index('bookings_shuttle_list')
      .on(t.status, t.date, t.startsAt, t.isSubscriber, t.facilityId, t.searchKey, t.createdAt)
      .where(sql`includes_transportation = 1`),
    // Raporlar's top customers (slimmed in migration 0016): a date range of approved bookings with the phone and
    // the price, so the year's customers are summed from the index alone. Every other report reads a summary table.
    index('bookings_report').on(t.status, t.date, t.facilityId, t.customerPhone, t.totalPrice),
    // The holds that near their end (the 10-minute warning): pending, not yet warned, by deadline.
    index('bookings_hold_warning')
      .on(t.facilityId, t.expiresAt)
      .where(sql`status = 'pending' and hold_warned_at is null`),
  ],
);

/**
 * One row per slot a live (pending or approved) booking covers (migration 0032; docs/behaviour.md#match-length), kept
 * only by triggers on bookings. Its primary key is the guarantee that two live bookings never cover one slot, whatever
 * path writes; every "is this slot taken" read joins it.
 */
export const bookingSlotClaims = sqliteTable(
  'booking_slot_claims',
  {
    slotId: integer('slot_id')
      .primaryKey()
      .references(() => slots.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
  },
  (t) => [index('booking_slot_claims_booking').on(t.bookingId)],
);

/**
 * The money of a booking, one row per movement (migration 0024; behaviour.md#bookings 'Payments'): deposit (kapora
 * received), balance (collected at the pitch), refund, kept (a received deposit kept on a cancel or no-show; no money
 * moves). `amount` is kuruş, signed as money flows into the venue: deposit and balance positive, refund negative; a
 * kept row holds the deposit kept. A row is never edited (only its note erased) nor deleted: a mistake is reversed by
 * a row that names it in `reverses_id` and carries the negated amount, at most one reversal per row. Triggers keep
 * bookings.payment_status and bookings.collected from these rows in the statement that inserts one.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey(),
    documentId: text('document_id').notNull().unique(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** Copied from the booking: the day-end report reads a pitch's payments of a day from an index. */
    facilityId: integer('facility_id').notNull(),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    /** havale/EFT, nakit, kart, diğer; null for a kept deposit. */
    method: text('method', { enum: PAYMENT_METHODS }),
    /** When the money moved (epoch ms); the day-end report groups by its Istanbul calendar day. */
    at: integer('at').notNull(),
    staffUserId: integer('staff_user_id').references(() => users.id),
    /** The staff member's name when the row was written (outlives a rename). */
    staffName: text('staff_name').notNull(),
    note: text('note'),
    /** The row this one reverses (its amount negated), or null. */
    reversesId: integer('reverses_id'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('payments_booking').on(t.bookingId, t.id),
    index('payments_at').on(t.at),
    index('payments_facility_at').on(t.facilityId, t.at),
    uniqueIndex('payments_one_reversal').on(t.reversesId).where(sql`reverses_id is not null`),
  ],
);

/**
 * The waitlist, 'Boşalınca haber ver' (migration 0033; docs/behaviour.md#waitlist): a player waits for a taken slot
 * (kind 'slot': one pitch, one start) or for any start of a day's hour window at the pitches a 'Boş saat bul' search
 * listed (kind 'window': facility_ids, fixed at joining). When a wanted start frees, the first live-waiting entry is
 * offered it: the range [offer_starts_at, offer_ends_at) of offer_facility_id is held for it until offer_expires_at,
 * which triggers enforce on every booking write (waitlist_hold_insert/update). offer_seq grows with each offer: the
 * claim link's secret is an HMAC over (document_id, offer_seq), stored nowhere, so a new offer voids the old link.
 * key_hash is the SHA-256 (hex) of the holder's secret key, never the key.
 */
export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey(),
    documentId: text('document_id').notNull().unique(),
    keyHash: text('key_hash').notNull().unique(),
    kind: text('kind', { enum: ['slot', 'window'] }).notNull(),
    facilityId: integer('facility_id').references(() => facilities.id, { onDelete: 'cascade' }),
    /** A window entry's pitches (JSON array of facility ids); '[]' for a slot entry. */
    facilityIds: text('facility_ids', { mode: 'json' }).$type<number[]>().notNull().default(sql`'[]'`),
    /** Business day (docs/behaviour.md#time-money-and-identity), and the start (slot) or [from, to) window (HH:MM). */
    date: text('date').notNull(),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    /** The wanted start's real instant (a slot entry) or the window's last instant: after it the entry is ended. */
    untilAt: integer('until_at').notNull(),
    /** Minutes; null = the pitch's shortest length. */
    duration: integer('duration'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    offerFacilityId: integer('offer_facility_id'),
    offerSlotId: integer('offer_slot_id'),
    offerStartsAt: integer('offer_starts_at'),
    offerEndsAt: integer('offer_ends_at'),
    offerExpiresAt: integer('offer_expires_at'),
    offerSeq: integer('offer_seq').notNull().default(0),
    claimedBookingId: integer('claimed_booking_id'),
    ...timestamps,
  },
  (t) => [
    // A slot's queue, first come first served; and the window entries of a day.
    index('waitlist_queue').on(t.facilityId, t.date, t.fromTime, t.id).where(sql`status in ('waiting', 'offered')`),
    index('waitlist_windows').on(t.date, t.id).where(sql`kind = 'window' and status in ('waiting', 'offered')`),
    // One live entry per phone and slot.
    uniqueIndex('waitlist_one_per_phone_slot')
      .on(t.facilityId, t.date, t.fromTime, t.customerPhone)
      .where(sql`kind = 'slot' and status in ('waiting', 'offered')`),
    index('waitlist_phone').on(t.customerPhone, t.status),
    // The holds a booking write must respect, and the offers running out.
    index('waitlist_offered_hold').on(t.offerFacilityId, t.offerStartsAt).where(sql`status = 'offered'`),
    index('waitlist_offer_expiry').on(t.offerExpiresAt).where(sql`status = 'offered'`),
    index('waitlist_until').on(t.untilAt).where(sql`status = 'waiting'`),
    index('waitlist_customer').on(t.customerId),
  ],
);
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

/** A waitlist entry's devices that hear its offer by push; deleted with the entry, and when it stops being live. */
export const waitlistPushSubscriptions = sqliteTable(
  'waitlist_push_subscriptions',
  {
    id: integer('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('waitlist_push_entry_endpoint').on(t.entryId, t.endpoint)],
);

/**
 * A browser's Web Push subscription for one booking (docs/behaviour.md#notifications, migration 0028): its holder opted
 * in with the booking number and hears the booking's events on that device. At most 5 per booking; a push service's
 * 404/410 deletes the row, and so do the booking's deletion and its customer's KVKK erasure.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's keys (base64url) the payload is encrypted to (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  // Also the index of a booking's subscriptions (its leading column): the cascade, the sends and the erasure use it.
  (t) => [uniqueIndex('push_subscriptions_booking_endpoint').on(t.bookingId, t.endpoint)],
);

/**
 * A staff member's device that hears new bookings, cancellations and expiring holds (docs/behaviour.md#notifications
 * 'Staff push', migration 0030), made in one staff session: the row goes with the session (sign-out, every session
 * ended, a password change or reset, a disable or role change, expiry) and with the account, so ending access ends
 * the pushes too. One row per endpoint: the same browser signed in again belongs to its new session.
 */
export const staffPushSubscriptions = sqliteTable(
  'staff_push_subscriptions',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's keys (base64url) the payload is encrypted to (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  // The cascades from a session and from an account find their rows by these.
  (t) => [
    index('staff_push_subscriptions_session').on(t.sessionId),
    index('staff_push_subscriptions_user').on(t.userId),
  ],
);

/**
 * A player's rating of a pitch (docs/behaviour.md#ratings, migration 0029): at most one per booking (the unique booking
 * id is the guarantee), given by the booking's holder with its number once the approved match was played. The score is
 * never changed (a trigger refuses it); staff may hide the comment (hidden_at, hidden_by_id); the desk marking the
 * booking 'Gelmedi' deletes it (it was not played). A KVKK erasure of the customer clears the comment; the score stays,
 * tied to a booking whose personal data are erased as well.
 */
export const ratings = sqliteTable(
  'ratings',
  {
    id: integer('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Copied from the booking: a pitch's ratings and its summary are read by it. */
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    score: integer('score').notNull(),
    comment: text('comment'),
    hiddenAt: integer('hidden_at'),
    hiddenById: integer('hidden_by_id').references(() => users.id),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    check('ratings_score', sql`${t.score} between 1 and 5`),
    check('ratings_comment', sql`${t.comment} is null or length(${t.comment}) between 1 and 500`),
    // The panel's list of a pitch's ratings, newest first.
    index('ratings_facility_created').on(t.facilityId, t.createdAt),
    // The pitch page's latest comments: only the ones anyone may read.
    index('ratings_public_comments')
      .on(t.facilityId, t.createdAt)
      .where(sql`comment is not null and hidden_at is null`),
  ],
);

/**
 * Per pitch, how many ratings it has and the sum of their scores, kept by the rating_stats_* triggers on ratings in the
 * statement that writes one (migration 0029): the pitch cards, the pitch page and the list's sort read one row per
 * pitch, whatever the ratings table holds. test/worker/ratings.test.ts compares it with a GROUP BY over ratings.
 */
export const facilityRatingStats = sqliteTable('facility_rating_stats', {
  // No foreign key, like the other summary tables: the rows follow the ratings.
  facilityId: integer('facility_id').primaryKey(),
  ratings: integer('ratings').notNull().default(0),
  scoreSum: integer('score_sum').notNull().default(0),
});

/**
 * A subscriber's calendar feed (behaviour.md#subscriptions): the secret address of a subscription's weekly bookings as
 * an iCalendar feed, made and revoked by staff. At most one live feed per subscription; a revoked one answers 404.
 */
export const calendarFeeds = sqliteTable(
  'calendar_feeds',
  {
    id: integer('id').primaryKey(),
    /** 32 random bytes, base64url: the feed's address. Staff can show it again to resend it to the subscriber. */
    token: text('token').notNull().unique(),
    recurringGroupId: text('recurring_group_id').notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('calendar_feeds_live').on(t.recurringGroupId).where(sql`revoked_at is null`)],
);

/**
 * The payment rows summed per Istanbul calendar day of `at`, pitch and kind (kuruş), kept by the payments_day_stats
 * trigger in the statement that inserts a row (rows are never edited nor deleted, so inserts are the only change). The
 * dashboard's 'Tahsil edilen' for today and this month reads at most 31 days × pitches × 4 kinds of it, whatever the
 * payments table holds. test/worker/payment-day-stats.test.ts compares it with a GROUP BY over payments.
 */
export const paymentDayStats = sqliteTable(
  'payment_day_stats',
  {
    date: text('date').notNull(),
    // No foreign key, like booking_day_stats: the rows follow the payment rows, never the pitch row itself.
    facilityId: integer('facility_id').notNull(),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    payments: integer('payments').notNull().default(0),
    /** Kuruş, signed: the sum of amount over these rows (a reversal takes its row's amount away). */
    amount: integer('amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.date, t.facilityId, t.kind] })],
);

/**
 * Bookings per business day, pitch, status, subscriber flag and shuttle flag, with their summed total_price and its
 * parts (deposit, slot, shuttle, add-ons; kuruş), kept by the booking_stats_* triggers on bookings: every insert, every
 * change of a booking's status, pitch, date, flags or prices and every delete moves the counts in the same statement,
 * whichever path wrote it (public create, approve, reject, cancel, expiry, subscriptions, pitch delete, KVKK
 * anonymisation, the seed, the benches' bulk inserts). The dashboard's today and month figures, the panel list's tab
 * counts and Raporlar's revenue read a date range of it (date first in the key, for every pitch and for one); its size
 * grows with days × pitches × 5 statuses × the 4 flag pairs, not with bookings. A row whose count falls to 0 is deleted.
 * test/worker/dashboard-stats.consistency.test.ts compares it with a GROUP BY over bookings; docs/schema.sql shows the
 * triggers as they stand.
 */
export const bookingDayStats = sqliteTable(
  'booking_day_stats',
  {
    date: text('date').notNull(),
    // No foreign key: the rows follow the bookings (and leave with them), never the pitch row itself.
    facilityId: integer('facility_id').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled', 'expired'] }).notNull(),
    // The panel list's two customer filters (migration 0008), so its tab counts for Aboneler / Servisli come from here too.
    isSubscriber: integer('is_subscriber', { mode: 'boolean' }).notNull(),
    includesTransportation: integer('includes_transportation', { mode: 'boolean' }).notNull(),
    bookings: integer('bookings').notNull().default(0),
    /** Kuruş: the sum of total_price over these bookings. */
    totalPrice: integer('total_price').notNull().default(0),
    // Kuruş: the parts of total_price Raporlar sums (migration 0016), so its revenue and share figures read these rows.
    depositAmount: integer('deposit_amount').notNull().default(0),
    slotPrice: integer('slot_price').notNull().default(0),
    transportationPrice: integer('transportation_price').notNull().default(0),
    addonsPrice: integer('addons_price').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.date, t.facilityId, t.status, t.isSubscriber, t.includesTransportation] })],
);

/**
 * The same counts over all time, per pitch, status and the two flags (at most 20 rows a pitch), with total_price only,
 * kept by the same triggers: the dashboard's all-time total, pending and revenue read these few rows instead of every
 * day's.
 */
export const bookingStatusStats = sqliteTable(
  'booking_status_stats',
  {
    facilityId: integer('facility_id').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled', 'expired'] }).notNull(),
    isSubscriber: integer('is_subscriber', { mode: 'boolean' }).notNull(),
    includesTransportation: integer('includes_transportation', { mode: 'boolean' }).notNull(),
    bookings: integer('bookings').notNull().default(0),
    /** Kuruş. */
    totalPrice: integer('total_price').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.status, t.isSubscriber, t.includesTransportation] })],
);

/**
 * Raporlar's reasons (migration 0016): cancelled and rejected bookings per business day, pitch, status and
 * reason as the report shows it (trimmed; none or blank is ''), kept by triggers in the same statement as every booking
 * write. A row whose count falls to 0 is deleted. test/worker/reports.consistency.test.ts compares it with a GROUP BY.
 */
export const bookingReasonStats = sqliteTable(
  'booking_reason_stats',
  {
    date: text('date').notNull(),
    facilityId: integer('facility_id').notNull(),
    status: text('status', { enum: ['cancelled', 'rejected'] }).notNull(),
    reason: text('reason').notNull(),
    bookings: integer('bookings').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.date, t.facilityId, t.status, t.reason] })],
);

/**
 * Raporlar's add-ons (migration 0016): the add-ons of approved bookings (those with addons_price > 0) per
 * business day, pitch and add-on name, as sold: the bookings that took it, the quantity and the revenue (kuruş). Kept
 * by triggers from bookings.addons (json_each), a row at 0 bookings deleted.
 */
export const bookingAddonStats = sqliteTable(
  'booking_addon_stats',
  {
    date: text('date').notNull(),
    facilityId: integer('facility_id').notNull(),
    name: text('name').notNull(),
    bookings: integer('bookings').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.date, t.facilityId, t.name] })],
);

/**
 * Raporlar's occupancy (migration 0016): per pitch, business day and start hour ('HH:00'), the slots generated
 * and those holding an approved booking, kept by triggers on booking_slots and bookings. facility_id 0 holds the same
 * per day and hour over every pitch, so a year of every pitch reads days × hours rows (≈ 5,500), not every slot.
 */
export const slotHourStats = sqliteTable(
  'slot_hour_stats',
  {
    // 0 = every pitch; no foreign key: the rows follow the slots.
    facilityId: integer('facility_id').notNull(),
    date: text('date').notNull(),
    hour: text('hour').notNull(),
    generated: integer('generated').notNull().default(0),
    booked: integer('booked').notNull().default(0),
    /** Slots a closure holds closed (migration 0034): not capacity (docs/behaviour.md#closures). */
    closed: integer('closed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.date, t.hour] })],
);

export const bookingHistory = sqliteTable(
  'booking_history',
  {
    id: integer('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    actorType: text('actor_type', { enum: ['customer', 'staff', 'system'] }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    actorLabel: text('actor_label'),
    /**
     * What happened when the status did not change (migration 0018): 'notes' (staff edited the notes), 'erased' (the
     * customer's personal data was erased); since 0024 also 'payment' (a payment row, its facts in `reason`),
     * 'attendance' (Geldi / Gelmedi), 'hold_extended'. Null for a status change, which from/to name.
     */
    event: text('event', { enum: HISTORY_EVENTS }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('booking_history_booking').on(t.bookingId, t.createdAt)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey(),
    documentId: text('document_id').notNull().unique(),
    type: text('type', {
      enum: ['booking_created', 'booking_updated', 'booking_cancelled', 'error', 'system', 'other'],
    }).notNull(),
    priority: text('priority', { enum: ['urgent', 'high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    readAt: integer('read_at'),
    targetRole: text('target_role'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    facilityId: integer('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    /** The staff member whose action raised it (migration 0003): their own bell neither rings nor counts it unread. */
    actorUserId: integer('actor_user_id').references(() => users.id),
    createdAt: timestamps.createdAt,
    /**
     * What happened and its facts (migration 0023, contracts/events.ts): the title and message are rendered from them
     * when read, and an erasure clears a fact. Null for a note staff wrote, whose title and message are its text; an
     * event's row keeps its title and an empty message.
     */
    kind: text('kind').$type<EventKind>(),
    facts: text('facts', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (t) => [index('notifications_created').on(t.createdAt), index('notifications_unread').on(t.isRead, t.createdAt)],
);

export const seoPages = sqliteTable('seo_pages', {
  key: text('key').primaryKey(),
  metaTitle: text('meta_title').notNull(),
  metaDescription: text('meta_description').notNull(),
  keywords: text('keywords'),
  canonicalURL: text('canonical_url'),
  ogTitle: text('og_title'),
  ogDescription: text('og_description'),
  shareImageUrl: text('share_image_url'),
  structuredData: text('structured_data', { mode: 'json' }).$type<Record<string, unknown>>(),
  ...timestamps,
});

export const siteSettings = sqliteTable('site_settings', {
  id: integer('id').primaryKey(), // single row, id = 1
  siteName: text('site_name').notNull(),
  tagline: text('tagline'),
  contactPhones: text('contact_phones', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  contactEmail: text('contact_email'),
  address: text('address'),
  city: text('city'),
  // Migration 0012: the SEO defaults, social links, the maintenance switch and the KVKK text.
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  instagram: text('instagram'),
  facebook: text('facebook'),
  x: text('x'),
  youtube: text('youtube'),
  whatsapp: text('whatsapp'),
  /** On: the public pages show 'Sistem Bakımda' and the public booking API answers 503; staff keep the panel and API. */
  maintenanceMode: integer('maintenance_mode', { mode: 'boolean' }).notNull().default(false),
  maintenanceMessage: text('maintenance_message'),
  /** Null: /aydinlatma-metni shows its built-in text (the one the site shipped with). */
  kvkkText: text('kvkk_text'),
  ...timestamps,
});

/**
 * The booking rules an admin sets on /yonetim/ayarlar, one row (id = 1) seeded by migration 0012 with the
 * values the code used before, so an existing deployment behaves exactly as it did. Read through services/settings.ts
 * (cached per isolate); the RATE_LIMIT_* and SLOT_HORIZON_DAYS variables still win when a deployment sets them.
 */
export const bookingRules = sqliteTable('booking_rules', {
  id: integer('id').primaryKey(),
  /** The hold timeout (minutes) a new pitch starts with (facilities.auto_approval_timeout). */
  holdTimeoutMinutes: integer('hold_timeout_minutes').notNull().default(60),
  /** A customer may cancel online until this many hours before the start (behaviour.md#bookings: 24). */
  cancelWindowHours: integer('cancel_window_hours').notNull().default(24),
  /** The cron keeps this many days of slots generated ahead (behaviour.md#slots: 30). */
  slotHorizonDays: integer('slot_horizon_days').notNull().default(30),
  /** One live public booking per phone and day (behaviour.md#bookings). */
  sameDayRule: integer('same_day_rule', { mode: 'boolean' }).notNull().default(true),
  bookingPerIp: integer('booking_per_ip').notNull().default(150),
  bookingPerPhone: integer('booking_per_phone').notNull().default(10),
  lookupPerIp: integer('lookup_per_ip').notNull().default(600),
  lookupPerTarget: integer('lookup_per_target').notNull().default(30),
  loginPerIp: integer('login_per_ip').notNull().default(100),
  loginPerIdentifier: integer('login_per_identifier').notNull().default(10),
  /**
   * A received deposit is kept by default when its booking is cancelled less than this many hours before the start
   * (or is a no-show), refunded by default otherwise (migration 0024). Staff still decide each case.
   */
  depositKeepHours: integer('deposit_keep_hours').notNull().default(24),
  /** The push reminder goes this many hours before an approved booking's start (migration 0028); 0 turns it off. */
  reminderHours: integer('reminder_hours').notNull().default(3),
  /** How long a freed slot is held for the first waiting player (migration 0033; docs/behaviour.md#waitlist), minutes. */
  waitlistClaimMinutes: integer('waitlist_claim_minutes').notNull().default(15),
  ...timestamps,
});

/**
 * One row (id = 1): a random token that triggers (migration 0009) replace on every write to what the public pages show
 * (pitches, their images, amenities and pickup points, site settings, SEO entries), whatever path wrote it. The edge
 * cache keys public answers by it (worker/src/lib/edge-cache.ts), so a change is a new key at once, in every data centre.
 */
export const contentVersion = sqliteTable('content_version', {
  id: integer('id').primaryKey(),
  version: text('version').notNull(),
});

export type Facility = typeof facilities.$inferSelect;
export type Slot = typeof slots.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type Customer = typeof customers.$inferSelect;
export type CustomerStats = typeof customerStats.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type Payment = typeof payments.$inferSelect;

/** What an audit row is about ('Denetim kaydı'): the list the panel filters by, with its Turkish labels. */
export const AUDIT_ENTITY_KINDS = AUDIT_KINDS;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];
/** The event's facts (contracts/events.ts AuditFacts), changed fields as before → after; never a password or its hash. */
export type AuditDetails = { changes?: Record<string, { before: unknown; after: unknown }>; [key: string]: unknown };

/**
 * Who changed which staff account, setting, pitch, price rule or service, and when (migration 0011). Written only by
 * db/audit.ts, in the same D1 batch as the change it records; the actor's name is a snapshot (it outlives a rename).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey(),
    at: integer('at').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    entityKind: text('entity_kind', { enum: AUDIT_ENTITY_KINDS }).notNull(),
    entityId: text('entity_id'),
    entityLabel: text('entity_label'),
    action: text('action').notNull(),
    // The line of a row written before the events; '' since: the line is rendered from kind and facts when read.
    summary: text('summary').notNull(),
    details: text('details', { mode: 'json' }).$type<AuditDetails>(),
  },
  // The list is newest first, filtered by date range, actor and kind: each filter has an index ending in (at, id).
  (t) => [
    index('audit_log_at').on(t.at, t.id),
    index('audit_log_actor_at').on(t.actorUserId, t.at, t.id),
    index('audit_log_kind_at').on(t.entityKind, t.at, t.id),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
