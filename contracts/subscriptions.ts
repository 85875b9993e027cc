// Subscriptions (behaviour.md#entities 'Subscription request', #validation 'Subscription form', behaviour.md#subscriptions): the form's schema, run by the panel
// before sending and again by the server, which is the authority; its Turkish messages; the answers' wire types.
import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, NOTES_MAX } from './bookings';
import { hhmm, isoDate, numeric, optionalText } from './common';
import { dottedDate, istanbulToday } from './dates';
import { WEEK_DAYS } from './facility-form';
import { msg } from './messages';
import { normalisePhone } from './phone';
import type { WeekDay } from './wire/facility';

/** The form's English texts of behaviour.md#validation, #error-messages, in Turkish, and the server's own. */
export const subscriptionMsg = {
  required: 'Lütfen tüm zorunlu alanları doldurun',
  phoneInvalid: 'Geçerli bir telefon numarası girin (örn. 05551234567)',
  nameTooShort: msg.nameTooShort,
  nameTooLong: msg.nameTooLong,
  emailInvalid: msg.customerEmailInvalid,
  emailTooLong: msg.customerEmailTooLong,
  notesTooLong: msg.notesTooLong,
  dayInvalid: 'Geçerli bir gün seçin',
  timeInvalid: 'Saat SS:DD biçiminde olmalı',
  startDatePast: 'Başlangıç tarihi geçmiş bir gün olamaz',
  weekCountInvalid: 'Hafta sayısı 1 ile 52 arasında bir tam sayı olmalı',
  pickupPointRequired: msg.pickupPointRequired,
  createFailed: 'Abonelik oluşturulurken bir hata oluştu',
  notCreated: 'Abonelik oluşturulamadı',
  noneAvailable: 'Seçilen haftaların hiçbirinde bu saat müsait değil. Abonelik oluşturulamadı.',
  reasonPast: 'Bu saat geçmişte kaldı',
  reasonPending: 'Bu saatte onay bekleyen bir rezervasyon var',
  reasonApproved: 'Bu saat dolu',
  reasonSubscriber: 'Bu saat başka bir aboneye ait',
  historyReason: 'Abonelik oluşturuldu',
  detailFailed: 'Abone bilgileri yüklenemedi',
} as const;

/** behaviour.md#constants-and-limits: the week-count options (1–4 weeks, 2, 3, 4, 6 months, 1 year); the form adds the maximum possible. */
export const WEEK_COUNT_OPTIONS = [1, 2, 3, 4, 8, 12, 16, 24, 52] as const;
export const WEEK_COUNT_DEFAULT = 12;
export const WEEK_COUNT_MAX = 52;
/** behaviour.md#constants-and-limits: list page size, default list, search preview, search threshold, renewal warning, loyal customer. */
export const SUBSCRIBER_PAGE_SIZE = 10;
export const SUBSCRIBER_LATEST = 5;
export const SUBSCRIBER_SEARCH_MIN = 2;
export const RENEWAL_MAX_REMAINING = 2;
export const LOYAL_ABOVE = 10;

const required = (s: z.ZodString) => z.string({ error: subscriptionMsg.required }).pipe(s);
const text = () => z.string({ error: subscriptionMsg.required }).trim().min(1, subscriptionMsg.required);
/** Missing → the form's 'fill in every required field'; present but wrong → `invalid`. */
const missingOr = (invalid: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null || iss.input === '' ? subscriptionMsg.required : invalid;
const relationId = z
  .union(
    [z.string().trim().min(1, subscriptionMsg.required).max(64, msg.facilityNotFound), z.number().int().positive()],
    {
      error: missingOr(msg.facilityNotFound),
    },
  )
  .transform(String);

/**
 * The subscription request (behaviour.md#entities). `startDate` may be any day from today (Istanbul): the first week is the first
 * `dayOfWeek` on or after it. The server answers `partial` instead of booking when some weeks are not free, unless
 * `confirmPartial` is set.
 */
export const createSubscriptionSchema = z
  .object({
    customerName: required(
      z
        .string()
        .trim()
        .min(1, subscriptionMsg.required)
        .min(2, subscriptionMsg.nameTooShort)
        .max(NAME_MAX, subscriptionMsg.nameTooLong),
    ),
    customerPhone: text()
      .max(32, subscriptionMsg.phoneInvalid)
      .transform((value, ctx) => {
        const phone = normalisePhone(value);
        if (!phone) {
          ctx.addIssue({ code: 'custom', message: subscriptionMsg.phoneInvalid });
          return z.NEVER;
        }
        return phone;
      }),
    customerEmail: optionalText(EMAIL_MAX, subscriptionMsg.emailTooLong).refine(
      (v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
      subscriptionMsg.emailInvalid,
    ),
    facility: relationId,
    dayOfWeek: z.enum(WEEK_DAYS as [WeekDay, ...WeekDay[]], { error: missingOr(subscriptionMsg.dayInvalid) }),
    timeSlot: required(z.string().trim().min(1, subscriptionMsg.required)).pipe(
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, subscriptionMsg.timeInvalid)
        .pipe(hhmm),
    ),
    startDate: required(z.string().trim().min(1, subscriptionMsg.required))
      .pipe(isoDate)
      .refine((d) => d >= istanbulToday(), subscriptionMsg.startDatePast),
    weekCount: numeric(
      z
        .number({ error: subscriptionMsg.weekCountInvalid })
        .int(subscriptionMsg.weekCountInvalid)
        .min(1, subscriptionMsg.weekCountInvalid)
        .max(WEEK_COUNT_MAX, subscriptionMsg.weekCountInvalid)
        .default(WEEK_COUNT_DEFAULT),
    ),
    notes: optionalText(NOTES_MAX, subscriptionMsg.notesTooLong),
    includesTransportation: z.boolean().optional().default(false),
    transportationDetails: z
      .object({ pickupPointId: z.string().trim().max(64).nullish() })
      .passthrough()
      .nullish(),
    confirmPartial: z.boolean().optional().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.includesTransportation && !b.transportationDetails?.pickupPointId)
      ctx.addIssue({
        code: 'custom',
        path: ['transportationDetails', 'pickupPointId'],
        message: subscriptionMsg.pickupPointRequired,
      });
  });
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;

// ---------- answers ----------

export interface SubscriptionDateWire {
  date: string;
  /** The Turkish weekday, e.g. 'Pazartesi'. */
  day: string;
}
export interface SubscriptionConflictWire extends SubscriptionDateWire {
  reason: string;
  /** The holder's first name only; null for a past hour. */
  currentCustomer: string | null;
}

/** What every answer of create-subscription carries (behaviour.md#entities 'Subscription partial or error response'). */
export interface SubscriptionAvailability {
  requestedWeeks: number;
  availableWeeks: number;
  /** availableWeeks / requestedWeeks as a rounded percentage. */
  successRate: number;
  availableDates: SubscriptionDateWire[];
  conflictedDates: SubscriptionConflictWire[];
  nonExistentDates: SubscriptionDateWire[];
}

export interface SubscriptionBookingWire {
  documentId: string;
  bookingNumber: string;
  date: string;
  day: string;
  startTime: string;
  endTime: string;
  status: 'approved';
  totalPrice: number;
  depositAmount: number;
  isSubscriber: true;
  isRecurring: true;
  recurringGroupId: string;
}

/** Some weeks are not free and confirmPartial was not set: nothing was booked (HTTP 200). */
export interface SubscriptionPartialWire extends SubscriptionAvailability {
  status: 'partial';
  success: false;
  message: string;
}

/** Booked (every week, or the free ones after confirmPartial) (HTTP 201). */
export interface SubscriptionSuccessWire extends SubscriptionAvailability {
  status: 'success';
  success: true;
  message: string;
  recurringGroupId: string;
  facility: { documentId: string; name: string };
  customerName: string;
  customerPhone: string;
  dayOfWeek: WeekDay;
  timeSlot: string;
  bookings: SubscriptionBookingWire[];
}

export type SubscriptionAnswerWire = SubscriptionPartialWire | SubscriptionSuccessWire;

export const partialMessage = (available: number, requested: number) =>
  `İstenen ${requested} haftanın yalnızca ${available} haftası müsait. Müsait haftalar için devam etmek ister misiniz?`;
export const successMessage = (booked: number, requested: number) =>
  booked === requested
    ? `Abonelik oluşturuldu: ${booked} haftalık rezervasyon onaylandı.`
    : `Abonelik oluşturuldu: istenen ${requested} haftanın ${booked} haftası için rezervasyon onaylandı.`;

// ---------- the panel's subscriber list (behaviour.md#management-panel 'Subscriptions') ----------

/**
 * GET /api/bookings/subscriptions. A search shorter than 2 characters is no search (the list starts searching at 2);
 * pages of 10 by default. Without a search the first page of 5 is the panel's 'latest 5'.
 */
export const subscriberListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((s) => (s && s.length >= SUBSCRIBER_SEARCH_MIN ? s : undefined)),
  page: numeric(z.number().int().min(1).max(100_000).default(1)),
  pageSize: numeric(z.number().int().min(1).max(100).default(SUBSCRIBER_PAGE_SIZE)),
});
export type SubscriberListQuery = z.infer<typeof subscriberListQuery>;

/** One subscriber: the customer and the subscription they booked last. */
export interface SubscriberWire {
  /** customers.id: GET /api/bookings/customers/{id} gives the detail (overview, bookings, history). */
  customerId: number;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  /** The pitch, weekday and hour of the latest subscription. */
  facility: { documentId: string; name: string } | null;
  /** The business weekday and hour (what a renewal books again). */
  dayOfWeek: WeekDay | null;
  day: string | null;
  timeSlot: string | null;
  /**
   * The weekly hour as a person reads it: the real weekday, with the business night for an after-midnight hour
   * ('Salı 00:00 · Pazartesi gecesi').
   */
  slotText: string | null;
  recurringGroupId: string | null;
  /** Approved subscriber bookings still ahead: 1–2 means renewal is due (behaviour.md#constants-and-limits). */
  remainingBookings: number;
  totalBookings: number;
  cancelledBookings: number;
  /** Approved subscriber bookings already played (their hour has passed). */
  playedBookings: number;
  /** More than 10 played bookings (behaviour.md#constants-and-limits counts bookings; one still ahead has not made anyone loyal yet). */
  isLoyal: boolean;
  firstBookingDate: string | null;
  lastBookingDate: string | null;
  /** The next live week: its business date and hour, and its real start instant. */
  nextBooking: { date: string; time: string; startsAt: string | null } | null;
}

/** The four counters of behaviour.md#management-panel 'Subscriptions'. */
export interface SubscriptionSummaryWire {
  /** Distinct subscriber phones. */
  totalSubscribers: number;
  /** Live subscriber bookings dated today (Istanbul). */
  todayBookings: number;
  /** Live subscriber bookings dated in this calendar month. */
  monthBookings: number;
  /** Approved subscriber bookings still ahead. */
  activeBookings: number;
}

export type SubscriberListMeta = {
  pagination: { page: number; pageSize: number; pageCount: number; total: number };
  summary: SubscriptionSummaryWire;
  /** Every subscriber with 1 or 2 approved upcoming bookings left, fewest first (the renewal card and its modal). */
  renewals: SubscriberWire[];
};

// ---------- the form's slot view of a pitch (GET /api/facilities/{id}/subscription-slots, staff only) ----------

/**
 * behaviour.md#constants-and-limits: the slot range check looks 3 months ahead (the 92 days of slot generation's window); a pitch without slots
 * there gets one month (30 days from today) generated.
 */
export const SLOT_RANGE_DAYS = 92;
export const GENERATE_DAYS = 30;
/** behaviour.md#constants-and-limits 'Default hours 09:00 to 22:00': the time list when a pitch has neither slots nor working hours that day. */
export const DEFAULT_HOURS = { start: '09:00', end: '22:00' } as const;

/** One start time on one weekday across the range. */
export interface SubscriptionSlotTimeWire {
  startTime: string;
  endTime: string;
  /** TL, the lowest price of those slots. */
  price: number;
  /** How many weeks of the range have this slot, and how many of them are still bookable. */
  weeks: number;
  freeWeeks: number;
}

export interface SubscriptionSlotsWire {
  /** The range looked at: today … today + 3 months (Istanbul). */
  from: string;
  to: string;
  /** The first and last date with a slot in the range; null when the pitch has none there. */
  firstDate: string | null;
  lastDate: string | null;
  days: Record<WeekDay, SubscriptionSlotTimeWire[]>;
}

/** behaviour.md#error-messages 'Slot loading warnings', in Turkish. */
export const slotWarning = {
  noneFree: 'Seçilen gün için müsait slot bulunmuyor',
  noSlotsWorkingHours: 'Müsait slot yok, çalışma saatleri gösteriliyor',
  noSlotsThisDay: 'Bu gün için slot yok, çalışma saatleri gösteriliyor',
  defaultHours: 'Varsayılan saatler (09:00–22:00) gösteriliyor',
  loadFailed: 'Slotlar yüklenirken hata oluştu',
  generating: 'Bu saha için önümüzdeki 3 ayda slot yok; 1 aylık slot oluşturuluyor...',
  generateFailed: 'Slot oluşturulamadı; çalışma saatleri gösteriliyor',
} as const;

/** behaviour.md#validation: the start date lies in the pitch's slot range (from tomorrow when it has none). */
export const startDateRangeMessage = (min: string, max: string | null) =>
  max
    ? `Başlangıç tarihi sahanın slot aralığında olmalı (${dottedDate(min)} – ${dottedDate(max)})`
    : `Başlangıç tarihi en erken ${dottedDate(min)} olabilir`;
/** behaviour.md#validation: no week of the range falls on the chosen weekday after the start date. */
export const noWeekInRange = 'Seçilen gün için slot aralığında hafta kalmadı; başka bir gün veya tarih seçin';
