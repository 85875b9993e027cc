// Who came, and holds that follow the money (docs/behaviour.md#bookings): the staff inputs for marking a match 'Geldi'
// or 'Gelmedi' and for extending an unapproved hold, their Turkish messages, and the hold warning's lead time. No
// server code here: the panel's islands import the limits and labels too.
import { z } from 'zod';
import { ATTENDANCE_MARKS } from './payments';

export const attendanceMsg = {
  markRequired: 'Katılım durumu seçin: Geldi ya da Gelmedi',
  notApproved: 'Yalnızca onaylı rezervasyonlar için katılım işaretlenir',
  notStarted: 'Maç başlamadan katılım işaretlenemez',
  played: 'Geldi',
  noShow: 'Gelmedi',
} as const;

export const holdMsg = {
  minutesRequired: 'Uzatma süresini dakika olarak girin',
  minutesRange: 'Uzatma 15 dakika ile 24 saat arasında olmalı',
  reasonTooLong: 'Uzatma nedeni en fazla 200 karakter olabilir',
  notPending: 'Yalnızca onay bekleyen rezervasyonların süresi uzatılabilir',
  noDeadline: 'Bu rezervasyonun onay süresi yok: kapora alındığı için düşmeyecek',
  started: 'Maç saati geldiği için onay süresi uzatılamaz',
  atStart: 'Onay süresi zaten maç saatine kadar: daha fazla uzatılamaz',
} as const;

/** POST /api/bookings/:id/attendance. */
export const attendanceSchema = z.object({
  attendance: z.enum(ATTENDANCE_MARKS, { error: attendanceMsg.markRequired }),
});
export type AttendanceInput = z.infer<typeof attendanceSchema>;

export const HOLD_EXTEND_MIN_MINUTES = 15;
export const HOLD_EXTEND_MAX_MINUTES = 1440;
export const HOLD_EXTEND_REASON_MAX = 200;
/** The panel's quick choices ('30 dk', '1 saat', '2 saat'); any other length is typed. */
export const HOLD_EXTEND_CHOICES = [30, 60, 120] as const;

/** POST /api/bookings/:id/extend-hold. */
export const extendHoldSchema = z.object({
  minutes: z
    .number({ error: holdMsg.minutesRequired })
    .int(holdMsg.minutesRange)
    .min(HOLD_EXTEND_MIN_MINUTES, holdMsg.minutesRange)
    .max(HOLD_EXTEND_MAX_MINUTES, holdMsg.minutesRange),
  reason: z
    .string()
    .max(HOLD_EXTEND_REASON_MAX, holdMsg.reasonTooLong)
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    }),
});
export type ExtendHoldInput = z.infer<typeof extendHoldSchema>;

/** Staff are told this long before an unapproved hold ends (notification 'hold_expiring'), once per booking. */
export const HOLD_WARNING_MS = 10 * 60_000;

/** '2 saat', '90 dk', '1 saat 30 dk': an extension's length as the history and the panel say it. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} dk`;
  return m === 0 ? `${h} saat` : `${h} saat ${m} dk`;
}

/**
 * The history row's reason: staff's own words, then what was done ('Müşteri ödediğini söyledi: 2 saat uzatıldı'). A
 * hold never outlives the match's start: an extension cut there says so.
 */
export const holdExtendedReason = (minutes: number, reason: string | null, untilStart = false) =>
  `${reason ? `${reason}: ` : ''}${untilStart ? 'maç saatine kadar uzatıldı' : `${durationText(minutes)} uzatıldı`}`;
