// 'Boş saat bul' (docs/behaviour.md#boş-saat-bul): a business day and an hour or an hour range, searched across every
// active pitch at once. The query's rules, written once for the API and the server-rendered search page.
import { z } from 'zod';
import './messages';
import { addDays, TR_MONTHS, TR_WEEKDAYS } from './dates';
import { MATCH_LENGTH_MAX } from './match-length';
import { foldSearch } from './search';

export const FREE_HOURS_TEXT = {
  dayRequired: 'Gün gerekli',
  dayInvalid: 'Geçerli bir gün seçin (YYYY-AA-GG)',
  dayPast: 'Geçmiş bir gün için arama yapılamaz',
  hourRequired: 'Saat gerekli',
  hourInvalid: "Saat '21:00' ya da '20:00-22:00' biçiminde olmalı",
  rangeEmpty: 'Saat aralığının başı ile sonu aynı olamaz',
  districtTooLong: 'İlçe en fazla 60 karakter olabilir',
  flagInvalid: 'Seçim geçersiz',
  lengthInvalid: 'Maç süresi 30 ile 180 dakika arasında, 30 dakikanın katı olmalı',
} as const;

/** 'Bu gün henüz rezervasyona açılmadı': the last day a search may ask for is the generation horizon. */
export const dayBeyondHorizon = (last: string) =>
  `Bu gün henüz rezervasyona açılmadı. En fazla ${trDayLabel(last)} için arama yapılabilir.`;

/** The features a search may ask for, by their address names: shuttle, covered, floodlit. */
export const FEATURES = [
  { key: 'servis', label: 'Servisli' },
  { key: 'kapali', label: 'Kapalı saha' },
  { key: 'aydinlatma', label: 'Gece aydınlatmalı' },
] as const;
export type FeatureKey = (typeof FEATURES)[number]['key'];

/** The amenity that marks a covered pitch (the pitch form's preset). */
export const COVERED_AMENITY = 'Kapalı Saha';

const HOUR = /^([01]?\d|2[0-3])(?::([0-5]\d))?$/;

/** '21', '21:00', '9:30' → minutes of the day; null when not an hour. */
function minutesOf(text: string): number | null {
  const m = HOUR.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2] ?? 0) : null;
}
const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * The window of start times an hour or a range asks for, as the business day lists them: '21:00' is the starts from
 * 21:00 up to 22:00 (a half-hour pitch's 21:30 too), '20:00-22:00' the starts from 20:00 up to 22:00. A range whose end
 * is before its start runs past midnight ('23:00-01:00'): the day's after-midnight starts, listed under that day.
 */
export interface HourWindow {
  /** 'HH:MM', the first start included. */
  from: string;
  /** 'HH:MM', the first start no longer included. */
  to: string;
  /** `to` is past midnight: starts from `from` on, or before `to`. */
  crossesMidnight: boolean;
  /** The address form: '21:00' or '20:00-22:00'. */
  text: string;
}

export function parseHourWindow(text: string): HourWindow | 'invalid' | 'empty' {
  const parts = text.split(/\s*[-–—]\s*/);
  if (parts.length > 2) return 'invalid';
  const start = minutesOf(parts[0]);
  if (start === null) return 'invalid';
  if (parts.length === 1) {
    const from = hhmm(start);
    return { from, to: hhmm(start + 60), crossesMidnight: start + 60 >= 1440, text: from };
  }
  const end = minutesOf(parts[1] === '24:00' ? '0:00' : parts[1]);
  if (end === null) return 'invalid';
  if (end === start) return 'empty';
  const from = hhmm(start);
  const to = hhmm(end);
  return { from, to, crossesMidnight: end < start, text: `${from}-${to}` };
}

/** Whether a start time ('HH:MM') falls in the window. */
export const inWindow = (w: Pick<HourWindow, 'from' | 'to' | 'crossesMidnight'>, startTime: string) =>
  w.crossesMidnight ? startTime >= w.from || startTime < w.to : startTime >= w.from && startTime < w.to;

const flag = z
  .enum(['1', 'on', 'true'], { error: FREE_HOURS_TEXT.flagInvalid })
  .optional()
  .transform((v) => v !== undefined);

/**
 * `GET /api/availability/search` and the /bos-saat page: `gun`, `saat`, optional `ilce`, `servis`, `kapali`,
 * `aydinlatma`, and `sure` (minutes): only the starts from which a match of that length fits (docs/behaviour.md#match-length).
 */
export const freeHoursQuery = z.object({
  gun: z
    .string({ error: (i) => (i.input === undefined ? FREE_HOURS_TEXT.dayRequired : FREE_HOURS_TEXT.dayInvalid) })
    .min(1, FREE_HOURS_TEXT.dayRequired)
    .refine((s) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
      const d = new Date(s + 'T00:00:00Z');
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, FREE_HOURS_TEXT.dayInvalid),
  saat: z
    .string({ error: (i) => (i.input === undefined ? FREE_HOURS_TEXT.hourRequired : FREE_HOURS_TEXT.hourInvalid) })
    .min(1, FREE_HOURS_TEXT.hourRequired)
    .max(20, FREE_HOURS_TEXT.hourInvalid)
    .transform((s, ctx) => {
      const w = parseHourWindow(s);
      if (typeof w === 'string') {
        ctx.addIssue({
          code: 'custom',
          message: w === 'empty' ? FREE_HOURS_TEXT.rangeEmpty : FREE_HOURS_TEXT.hourInvalid,
        });
        return z.NEVER;
      }
      return w;
    }),
  ilce: z
    .string()
    .trim()
    .max(60, FREE_HOURS_TEXT.districtTooLong)
    .optional()
    .transform((s) => s || undefined),
  servis: flag,
  kapali: flag,
  aydinlatma: flag,
  sure: z
    .string()
    .regex(/^\d{2,3}$/, FREE_HOURS_TEXT.lengthInvalid)
    .optional()
    .transform((s) => (s === undefined ? undefined : Number(s)))
    .refine(
      (m) => m === undefined || (m >= 30 && m <= MATCH_LENGTH_MAX && m % 30 === 0),
      FREE_HOURS_TEXT.lengthInvalid,
    ),
});
export type FreeHoursQuery = z.output<typeof freeHoursQuery>;

/**
 * A pitch's district: the first part of its location ('Nilüfer, Bursa'), else the district of its address's
 * 'İlçe/İl' ending ('… 16285 Nilüfer/Bursa'); null when neither says.
 */
export function districtOf(location: string | null | undefined, address: string | null | undefined): string | null {
  const fromLocation = location?.split(',')[0]?.trim();
  if (fromLocation) return fromLocation;
  const m = /([\p{L}][\p{L}\s.'’-]*?)\s*\/\s*[\p{L}][\p{L}\s]*\s*$/u.exec(address?.trim() ?? '');
  const word = m?.[1]
    ?.trim()
    .split(/\s+/)
    .filter((w) => !/^\d+$/.test(w))
    .pop();
  return word || null;
}

/** Whether two district names are the same, whatever the case or Turkish letters ('nilufer' is 'Nilüfer'). */
export const sameDistrict = (a: string, b: string) => foldSearch(a.trim()) === foldSearch(b.trim());

const dayParts = (date: string) => {
  const d = new Date(date + 'T00:00:00Z');
  return { day: d.getUTCDate(), month: TR_MONTHS[d.getUTCMonth()], weekday: TR_WEEKDAYS[d.getUTCDay()] };
};

/** '27 Kasım Cuma'. */
export function trDayLabel(date: string): string {
  const p = dayParts(date);
  return `${p.day} ${p.month} ${p.weekday}`;
}

/** The search form's day choices, today to the horizon: 'Bugün · 26 Kasım Perşembe', 'Yarın · …', '28 Kasım Cumartesi'. */
export function dayChoices(today: string, horizonDays: number): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (let i = 0; i <= horizonDays; i++) {
    const value = addDays(today, i);
    const prefix = i === 0 ? 'Bugün · ' : i === 1 ? 'Yarın · ' : '';
    out.push({ value, label: prefix + trDayLabel(value) });
  }
  return out;
}

/** The form's hours, in the order of a business day: 06:00 … 23:00, then 00:00 … 05:00. */
export const HOUR_CHOICES = Array.from({ length: 24 }, (_, i) => hhmm((i + 6) * 60));

/** 'Perşembe 21:00 boş sahalar' / 'Perşembe 20:00–22:00 boş sahalar': the results page's title. */
export function freeHoursTitle(gun: string, w: Pick<HourWindow, 'text'>): string {
  return `${dayParts(gun).weekday} ${w.text.replace('-', '–')} boş sahalar`;
}

/** The address that keeps a search: /bos-saat?gun=2026-11-27&saat=21:00 (empty fields left out). */
export function freeHoursPath(q: {
  gun: string;
  saat: string;
  ilce?: string | null;
  features?: Partial<Record<FeatureKey, boolean>>;
  /** The match length asked for, minutes (docs/behaviour.md#match-length). */
  sure?: number | null;
}): string {
  const p = new URLSearchParams({ gun: q.gun, saat: q.saat });
  if (q.ilce) p.set('ilce', q.ilce);
  for (const { key } of FEATURES) if (q.features?.[key]) p.set(key, '1');
  if (q.sure) p.set('sure', String(q.sure));
  return `/bos-saat?${p.toString().replace(/%3A/gi, ':')}`;
}

/** The pitch page with a found start chosen: its business day and the slot, in the fragment (the page stays cached). */
export const bookStartPath = (slug: string, date: string, slotDocumentId: string) =>
  `/saha/${encodeURIComponent(slug)}#gun=${date}&slot=${encodeURIComponent(slotDocumentId)}`;

/** One free start as the search answers it: nothing about who booked what, only what is free. */
export interface FreeStartWire {
  documentId: string;
  /** The business day it is listed under. */
  date: string;
  /** The day it is played on: the next one for an after-midnight start (contracts/slot-start.ts). */
  calendarDate: string;
  startTime: string;
  /** The slot's end; with `sure`, the match's end (its last covered slot's). */
  endTime: string;
  startsAt: string;
  endsAt: string;
  /** TL: the slot's price; with `sure`, the covered slots' prices summed. */
  price: number;
}

export interface FreeHoursPitchWire {
  slug: string;
  name: string;
  district: string | null;
  image: string | null;
  shuttle: boolean;
  covered: boolean;
  floodlit: boolean;
  starts: FreeStartWire[];
}

export interface FreeHoursWire {
  date: string;
  window: { from: string; to: string; text: string };
  facilities: FreeHoursPitchWire[];
  /** The instant the read began (server ms). */
  asOf: number;
}
