// Closures' input (docs/behaviour.md#closures): the window staff close, their decision for every booking it hits, the
// alternatives asked for a move, and the Turkish refusals and texts. Loaded by the panel's closure screens and the
// worker, never on a public page's first load (zod).
import { z } from 'zod';
import {
  CLOSURE_MAX_DAYS,
  CLOSURE_NOTE_MAX,
  CLOSURE_REASONS,
  type ClosureReason,
  closureReasonLabel,
} from './closures';
import { hhmm, isoDate, optionalText } from './common';
import { addDays, daysBetween, istanbulToday } from './dates';
import { PAYMENT_METHODS } from './payments';

/** How many bookings one confirmation may decide at most (a window of many days at a busy venue stays well under). */
export const CLOSURE_DECISIONS_MAX = 1000;
/** The alternatives listed for one move at most. */
export const CLOSURE_ALTERNATIVES_MAX = 30;

export const closureMsg = {
  facilitiesRequired: 'En az bir saha seçin.',
  facilityNotFound: 'Seçilen sahalardan biri bulunamadı ya da artık aktif değil.',
  dateRequired: 'Geçerli bir tarih girin.',
  rangeOrder: 'Bitiş tarihi başlangıç tarihinden önce olamaz.',
  tooLong: `Bir kapanış en fazla ${CLOSURE_MAX_DAYS} gün sürebilir; daha uzun bir ara için sahayı pasifleştirin.`,
  past: 'Tamamen geçmişte kalan bir zaman kapatılamaz.',
  timesBoth: 'Başlangıç ve bitiş saatini birlikte girin ya da "Tüm gün" seçin.',
  timesSame: 'Başlangıç ve bitiş saati aynı olamaz.',
  reasonRequired: 'Kapanış nedenini seçin.',
  noteTooLong: `Not en fazla ${CLOSURE_NOTE_MAX} karakter olabilir.`,
  decisionRequired: 'Etkilenen her rezervasyon için "İptal et" ya da "Taşı" seçin.',
  decisionDuplicate: 'Bir rezervasyon için birden fazla karar gönderildi.',
  decisionUnknown: 'Kararlardan biri bu kapanışın etkilemediği bir rezervasyona ait.',
  depositRequired: 'Alınan kapora için "İade et" ya da "Tut" seçin.',
  methodRequired: 'İade yöntemini seçin.',
  targetRequired: 'Taşınacak saati seçin.',
  changed: 'Kapanışın etkilediği rezervasyonlar siz bakarken değişti: güncel listeyi kontrol edip yeniden onaylayın.',
  targetTaken: 'Taşımak için seçilen saat artık boş değil: başka bir saat seçin.',
  targetInvalid: 'Seçilen saat bu rezervasyonun süresine uymuyor, kapalı ya da geçmişte.',
  targetTwice: 'İki rezervasyon aynı saate taşınamaz.',
  bookingNotFound: 'Rezervasyon bulunamadı.',
  notFound: 'Kapanış bulunamadı.',
  alreadyLifted: 'Bu kapanış zaten kaldırılmış.',
  /** A booking refused because the slot is closed (public and staff booking, waitlist). */
  slotClosed: 'Bu saat kapalı: rezervasyon yapılamaz. Lütfen başka bir saat seçin.',
  /** History and payment rows. */
  historyCancel: (reason: ClosureReason) => `Kapanış nedeniyle iptal edildi (${closureReasonLabel[reason]})`,
  historyMove: (from: string, to: string, reason: ClosureReason) =>
    `Taşındı: ${from} → ${to} (${closureReasonLabel[reason]})`,
  keptNote: 'Kapanış nedeniyle kredi olarak tutuldu',
  refundNote: 'Kapanış nedeniyle iade edildi',
} as const;

const ref = z.string({ error: closureMsg.facilityNotFound }).trim().min(1).max(64);

const windowFields = {
  facilities: z
    .array(ref, { error: closureMsg.facilitiesRequired })
    .min(1, closureMsg.facilitiesRequired)
    .max(200, closureMsg.facilitiesRequired),
  from: isoDate,
  to: isoDate,
  startTime: hhmm.nullish(),
  endTime: hhmm.nullish(),
  reason: z.enum(CLOSURE_REASONS, { error: closureMsg.reasonRequired }),
  note: optionalText(CLOSURE_NOTE_MAX, closureMsg.noteTooLong),
};

interface WindowShape {
  from: string;
  to: string;
  startTime?: string | null;
  endTime?: string | null;
}

/**
 * The window's own rules, checked the same way in the panel and the worker. 'Not wholly in the past' here is by day: the
 * last business day may be yesterday (its after-midnight hours can still be ahead); the worker checks the hours.
 */
function checkWindow(v: WindowShape, ctx: z.RefinementCtx, today = istanbulToday()): void {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: closureMsg.rangeOrder });
  else if (daysBetween(v.from, v.to) + 1 > CLOSURE_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: closureMsg.tooLong });
  if (v.to < addDays(today, -1)) ctx.addIssue({ code: 'custom', path: ['to'], message: closureMsg.past });
  if (Boolean(v.startTime) !== Boolean(v.endTime))
    ctx.addIssue({ code: 'custom', path: [v.startTime ? 'endTime' : 'startTime'], message: closureMsg.timesBoth });
  else if (v.startTime && v.startTime === v.endTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: closureMsg.timesSame });
}

/** Both times or neither; null for whole days. Facilities deduplicated in the order given. */
const normalise = <T extends WindowShape & { facilities: string[]; note: string | null }>(v: T) => ({
  ...v,
  facilities: [...new Set(v.facilities)],
  startTime: v.startTime ?? null,
  endTime: v.endTime ?? null,
  note: v.note ?? '',
});

/** POST /api/closures/preview: the window (pitches, business days, hours or whole days, reason, public note). */
export const closureWindowSchema = z
  .object(windowFields)
  .superRefine((v, ctx) => checkWindow(v, ctx))
  .transform(normalise);
export type ClosureWindowInput = z.infer<typeof closureWindowSchema>;

/** One decision per hit: cancel (the collected deposit refunded with a method, or kept as credit) or move to a slot. */
export const closureDecisionSchema = z
  .discriminatedUnion(
    'action',
    [
      z.object({
        booking: ref,
        action: z.literal('cancel'),
        deposit: z.enum(['refund', 'keep'], { error: closureMsg.depositRequired }).optional(),
        method: z.enum(PAYMENT_METHODS, { error: closureMsg.methodRequired }).nullish(),
      }),
      z.object({
        booking: ref,
        action: z.literal('move'),
        toSlot: z.string({ error: closureMsg.targetRequired }).trim().min(1).max(64),
      }),
    ],
    { error: closureMsg.decisionRequired },
  )
  .superRefine((v, ctx) => {
    if (v.action === 'cancel' && v.deposit === 'refund' && !v.method)
      ctx.addIssue({ code: 'custom', path: ['method'], message: closureMsg.methodRequired });
  })
  .transform((v) =>
    v.action === 'cancel'
      ? { ...v, deposit: v.deposit ?? null, method: v.deposit === 'refund' ? (v.method ?? null) : null }
      : v,
  );
export type ClosureDecisionInput = z.infer<typeof closureDecisionSchema>;

/** POST /api/closures: the window and one decision per hit of the preview. */
export const closureCreateSchema = z
  .object({
    ...windowFields,
    decisions: z.array(closureDecisionSchema).max(CLOSURE_DECISIONS_MAX).default([]),
  })
  .superRefine((v, ctx) => {
    checkWindow(v, ctx);
    const seen = new Set<string>();
    const targets = new Set<string>();
    v.decisions.forEach((d, i) => {
      if (seen.has(d.booking))
        ctx.addIssue({ code: 'custom', path: ['decisions', i, 'booking'], message: closureMsg.decisionDuplicate });
      seen.add(d.booking);
      if (d.action === 'move') {
        if (targets.has(d.toSlot))
          ctx.addIssue({ code: 'custom', path: ['decisions', i, 'toSlot'], message: closureMsg.targetTwice });
        targets.add(d.toSlot);
      }
    });
  })
  .transform(normalise);
export type ClosureCreateInput = z.infer<typeof closureCreateSchema>;

/** POST /api/closures/alternatives: the window, the hit booking and the business date to look on. */
export const closureAlternativesSchema = z
  .object({ ...windowFields, booking: ref, date: isoDate })
  .superRefine((v, ctx) => checkWindow(v, ctx))
  .transform(normalise);
export type ClosureAlternativesInput = z.infer<typeof closureAlternativesSchema>;

/** GET /api/closures?scope=current|past. */
export const closureScopeSchema = z.object({ scope: z.enum(['current', 'past']).default('current') });
