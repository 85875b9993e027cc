// A booking staff take for a free slot (behaviour.md#bookings 'Staff bookings'): telefon, WhatsApp, gişe or another
// source; approved at once or pending with the pitch's hold; the deposit due, already received (amount, method) or
// waived; the same-day rule overridden only with a written reason. The panel runs this schema before sending, the
// server again as the authority. Its Turkish messages live here.
import { z } from 'zod';
import { bookingAddonsInput } from './addons';
import { customerNameSchema, EMAIL_MAX, NOTES_MAX } from './bookings';
import { optionalText } from './common';
import type { WarningLevel } from './customer-risk';
import { MATCH_LENGTH_MAX } from './match-length';
import { msg } from './messages';
import { BOOKING_CHANNELS, PAYMENT_METHODS } from './payments';
import { phoneSchema } from './phone';

export const STAFF_BOOKING_STATUSES = ['approved', 'pending'] as const;
export type StaffBookingStatus = (typeof STAFF_BOOKING_STATUSES)[number];
export const STAFF_BOOKING_STATUS_LABELS: Record<StaffBookingStatus, string> = {
  approved: 'Hemen onayla',
  pending: 'Onay bekletsin',
};

export const DEPOSIT_MODES = ['due', 'received', 'waived'] as const;
export type DepositMode = (typeof DEPOSIT_MODES)[number];
export const DEPOSIT_MODE_LABELS: Record<DepositMode, string> = {
  due: 'Kapora bekleniyor',
  received: 'Kapora alındı',
  waived: 'Kapora alınmayacak',
};

export const OVERRIDE_REASON_MIN = 3;
export const OVERRIDE_REASON_MAX = 300;

export const staffBookingMsg = {
  channelRequired: 'Rezervasyonun nereden geldiğini seçin (Telefon, WhatsApp, Gişe, Diğer)',
  statusRequired: 'Onay durumunu seçin',
  depositModeRequired: 'Kapora durumunu seçin',
  amountRequired: 'Alınan kapora tutarını girin',
  amountPositive: 'Kapora tutarı sıfırdan büyük olmalı',
  amountTooHigh: 'Kapora tutarı rezervasyonun toplam tutarını aşamaz',
  amountInvalid: 'Kapora tutarı en fazla iki ondalık basamaklı bir sayı olmalı',
  methodRequired: 'Kaporanın nasıl ödendiğini seçin',
  overrideTooShort: `Aynı gün kuralını aşma gerekçesi en az ${OVERRIDE_REASON_MIN} karakter olmalı`,
  overrideTooLong: `Aynı gün kuralını aşma gerekçesi en fazla ${OVERRIDE_REASON_MAX} karakter olabilir`,
  historyReason: 'Personel rezervasyonu',
  overrideLabel: 'Aynı gün kuralı aşıldı',
  created: 'Rezervasyon oluşturuldu',
  suggestTooShort: 'Aramak için en az 2 karakter girin',
} as const;

const relationId = z.union([z.string().trim().min(1).max(64), z.number().int().positive()]).transform(String);

/** TL with at most two decimals (kuruş are whole), as the form types it or as a number. */
const tlAmount = z
  .union([z.number(), z.string().trim().min(1, staffBookingMsg.amountRequired)])
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v.replace(',', '.'));
    if (!Number.isFinite(n) || Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: staffBookingMsg.amountInvalid });
      return z.NEVER;
    }
    return n;
  })
  .refine((n) => n > 0, staffBookingMsg.amountPositive);

export const staffDepositSchema = z
  .object({
    mode: z.enum(DEPOSIT_MODES, { error: staffBookingMsg.depositModeRequired }),
    amount: tlAmount.nullish(),
    method: z.enum(PAYMENT_METHODS, { error: staffBookingMsg.methodRequired }).nullish(),
  })
  .superRefine((d, ctx) => {
    if (d.mode !== 'received') return;
    if (d.amount === null || d.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: staffBookingMsg.amountRequired });
    if (!d.method) ctx.addIssue({ code: 'custom', path: ['method'], message: staffBookingMsg.methodRequired });
  });

export const staffBookingSchema = z
  .object({
    facility: relationId.optional(),
    bookingSlot: relationId.optional(),
    /** The match length in minutes (docs/behaviour.md#match-length); left out: the pitch's shortest offered length. */
    duration: z
      .number({ error: msg.lengthNotOffered })
      .int(msg.lengthNotOffered)
      .min(30, msg.lengthNotOffered)
      .max(MATCH_LENGTH_MAX, msg.lengthNotOffered)
      .optional(),
    customerName: customerNameSchema,
    customerPhone: phoneSchema,
    customerEmail: optionalText(EMAIL_MAX, msg.customerEmailTooLong).refine(
      (v) => v === null || v.includes('@'),
      msg.customerEmailInvalid,
    ),
    notes: optionalText(NOTES_MAX, msg.notesTooLong),
    includesTransportation: z.boolean().optional().default(false),
    transportationDetails: z
      .object({ pickupPointId: z.string().trim().max(64).nullish() })
      .passthrough()
      .nullish(),
    addons: bookingAddonsInput,
    channel: z.enum(BOOKING_CHANNELS, { error: staffBookingMsg.channelRequired }),
    status: z.enum(STAFF_BOOKING_STATUSES, { error: staffBookingMsg.statusRequired }),
    deposit: staffDepositSchema,
    sameDayOverrideReason: z
      .string()
      .trim()
      .max(OVERRIDE_REASON_MAX, staffBookingMsg.overrideTooLong)
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || v.length >= OVERRIDE_REASON_MIN, staffBookingMsg.overrideTooShort),
  })
  .superRefine((b, ctx) => {
    if (!b.facility) ctx.addIssue({ code: 'custom', path: ['facility'], message: msg.facilityRequired });
    if (!b.bookingSlot) ctx.addIssue({ code: 'custom', path: ['bookingSlot'], message: msg.slotRequired });
  });
export type StaffBookingInput = z.infer<typeof staffBookingSchema>;
export type StaffBookingFields = z.input<typeof staffBookingSchema>;

/** The panel's customer suggestions as staff type a name or a phone. */
export const customerSuggestQuery = z.object({
  q: z.string({ error: staffBookingMsg.suggestTooShort }).trim().min(2, staffBookingMsg.suggestTooShort).max(100),
});
export const SUGGEST_LIMIT = 8;

/** One stored customer offered while staff type a name or a phone. */
export interface CustomerSuggestion {
  id: number;
  name: string;
  phone: string;
  isSubscriber: boolean;
  warningLevel: WarningLevel;
}
