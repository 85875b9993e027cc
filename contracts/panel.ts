// What the management panel sends: list filters, approve/reject bodies, notification queries (behaviour.md#management-panel, #validation, api.md).
import { z } from 'zod';
import { isoDate, numeric, optionalText } from './common';
import { msg } from './messages';
import { approveDepositSchema, depositDecisionSchema } from './payment-input';
import { settingsMsg, socialLink, whatsappLink } from './settings';

export const BOOKING_TABS = ['all', 'today', 'upcoming', 'pending', 'approved', 'rejected', 'cancelled'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number];
export const BOOKING_SORTS = ['createdAt:desc', 'createdAt:asc', 'date:asc', 'date:desc'] as const;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** The bookings screen's one call: filters, tab, sort and page, all applied on the server. */
export const bookingListQuery = z
  .object({
    tab: z.enum(BOOKING_TABS).default('all'),
    q: z.string().trim().max(100).optional(),
    subscribers: flag,
    transport: flag,
    from: isoDate.optional(),
    to: isoDate.optional(),
    facility: z.string().trim().min(1).max(64).optional(),
    page: numeric(z.number().int().min(1).max(100_000).default(1)),
    pageSize: numeric(z.number().int().min(1).max(100).default(10)),
    // Unset: Gelecek by play time, soonest first; every other tab newest first.
    sort: z.enum(BOOKING_SORTS).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: msg.rangeReversed, path: ['from'] });
export type BookingListQuery = z.infer<typeof bookingListQuery>;

export const bookingStatsQuery = z.object({ facilityId: z.string().trim().min(1).max(64).optional() });

/** Trimmed, empty → null (behaviour.md#content-staff-enter), with a Turkish length message. */
const limitedText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });

export const APPROVE_NOTE_MAX = 500;
export const REJECT_REASON_MAX = 500;
export const STAFF_NOTES_MAX = 1000;

export const approveBookingSchema = z.object({
  notes: limitedText(APPROVE_NOTE_MAX, msg.approveNoteTooLong),
  // The original client sends these too (behaviour.md#entities 'Approval payload'); recurring series are made by subscriptions.
  isSubscriber: z.boolean().optional(),
  createRecurring: z.boolean().optional(),
  /** The kapora arrived: recorded as a payment row in the approval's batch (behaviour.md#bookings 'Payments'). */
  deposit: approveDepositSchema.optional(),
});
export type ApproveBookingInput = z.infer<typeof approveBookingSchema>;

export const rejectBookingSchema = z.object({
  reason: z
    .string({ error: msg.rejectReasonRequired })
    .trim()
    .min(1, msg.rejectReasonRequired)
    .max(REJECT_REASON_MAX, msg.rejectReasonTooLong),
  /** Money collected: refund it or keep it, in the reject's batch; left out, the decision waits. */
  deposit: depositDecisionSchema.optional(),
});

/**
 * Staff cancel of an approved booking: a cancel, not a reject; the reason defaults to behaviour.md#states-and-transitions's
 * 'Randevu iptal edildi'.
 */
export const staffCancelBookingSchema = z.object({
  reason: limitedText(REJECT_REASON_MAX, msg.staffCancelReasonTooLong).transform((v) => v ?? msg.adminCancelReason),
  deposit: depositDecisionSchema.optional(),
});

/** PUT /api/bookings/:id (api.md 'data.notes'): staff edit the notes; empty clears them. */
export const updateBookingSchema = z.object({
  notes: limitedText(STAFF_NOTES_MAX, msg.staffNotesTooLong),
});

export const NOTIFICATION_TYPES = [
  'booking_created',
  'booking_updated',
  'booking_cancelled',
  'error',
  'system',
  'other',
] as const;
export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

export const notificationListQuery = z.object({
  page: numeric(z.number().int().min(1).max(100_000).default(1)),
  pageSize: numeric(z.number().int().min(1).max(100).default(25)),
  q: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'unread', 'read']).default('all'),
  type: z.enum([...NOTIFICATION_TYPES, 'all']).default('all'),
});

export const createNotificationSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES).default('system'),
  priority: z.enum(NOTIFICATION_PRIORITIES).default('medium'),
  title: z.string({ error: msg.notificationTitleRequired }).trim().min(1, msg.notificationTitleRequired).max(120),
  message: z
    .string({ error: msg.notificationMessageRequired })
    .trim()
    .min(1, msg.notificationMessageRequired)
    .max(1000),
  targetRole: z.string().trim().max(40).optional(),
});

export const calendarQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { message: msg.rangeReversed, path: ['from'] });

/** Settings (admin only, behaviour.md#staff-sessions-and-permissions): what the contact page and every page title show. */
export const siteSettingsSchema = z.object({
  siteName: z.string({ error: msg.siteNameRequired }).trim().min(2, msg.siteNameRequired).max(80),
  tagline: optionalText(160),
  contactPhones: z
    .array(z.string().trim())
    .max(5)
    .default([])
    // Blank entries are dropped; each filled one follows the pitch form's phone rule (behaviour.md#validation).
    .transform((list) => list.filter(Boolean))
    .pipe(z.array(z.string().regex(/^\+?[\d\s\-()]{10,}$/, msg.phonesInvalid))),
  contactEmail: optionalText(254).refine(
    (v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    msg.settingsEmailInvalid,
  ),
  address: optionalText(300),
  city: optionalText(80),
  // Optional, so a client that sends only the fields above keeps the rest as saved (services/content.ts).
  seoTitle: optionalText(70).optional(),
  seoDescription: optionalText(200).optional(),
  instagram: socialLink().optional(),
  facebook: socialLink().optional(),
  x: socialLink().optional(),
  youtube: socialLink().optional(),
  whatsapp: whatsappLink().optional(),
  maintenanceMode: z.boolean({ error: 'Bakım modu açık ya da kapalı olmalı' }).optional(),
  maintenanceMessage: optionalText(500, settingsMsg.messageTooLong).optional(),
  kvkkText: optionalText(50_000, settingsMsg.kvkkTooLong).optional(),
});
