import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { FacilityRow } from './facilities';
import { newDocumentId } from '../lib/ids';
import { toTl } from '../lib/money';
import { addDays, fromMinutes, istanbulInstant, istanbulToday, toMinutes, weekdayOf } from '../lib/time';
import { firstName, nameWithInitial } from '../../../contracts/common';

export interface PlannedSlot { date: string; startTime: string; endTime: string; startsAt: number; endsAt: number }

/** The slots a pitch's working hours give on one business day (00 §2). Overnight hours run past midnight on the same `date`. */
export function planDay(f: Pick<FacilityRow, 'workingHours' | 'bookingTimeType' | 'startTimeOffset'>, date: string): PlannedSlot[] {
  const day = f.workingHours?.[weekdayOf(date)];
  if (!day?.isOpen) return [];
  const open = toMinutes(day.start);
  let close = toMinutes(day.end);
  if (close <= open) close += 1440;
  const length = f.bookingTimeType === 'hourly' ? 60 : 30;
  const within = open % 60;
  const first = f.startTimeOffset === 'half_hour'
    ? open - within + (within <= 30 ? 30 : 90)
    : open - within + (within === 0 ? 0 : 60);
  const out: PlannedSlot[] = [];
  for (let t = first; t + length <= close; t += length) {
    out.push({
      date,
      startTime: fromMinutes(t),
      endTime: fromMinutes(t + length),
      startsAt: istanbulInstant(date, t),
      endsAt: istanbulInstant(date, t + length),
    });
  }
  return out;
}

export interface GenerateResult { created: number; replaced: number; kept: number; removed: number }

// D1 accepts at most 100 bound parameters per statement; 8 columns a row → 12 rows a statement.
const ROWS_PER_INSERT = 12;

/**
 * Creates the slots of [startDate, endDate] for open days. Without overwrite existing slots stay; with overwrite only
 * slots without a pending or approved booking are replaced, so a booked slot is never destroyed (00 §2).
 * Runs inside the pitch's Durable Object, serialised with bookings.
 */
export async function generateSlots(db: Db, f: FacilityRow, startDate: string, endDate: string, overwrite: boolean): Promise<GenerateResult> {
  const planned: PlannedSlot[] = [];
  for (let d = startDate; d <= endDate; d = addDays(d, 1)) planned.push(...planDay(f, d));

  const existing = await db.all<{ id: number; date: string; start_time: string; booked: number }>(sql`
    select s.id, s.date, s.start_time,
      exists(select 1 from bookings b where b.slot_id = s.id and b.status in ('pending', 'approved')) as booked
    from booking_slots s where s.facility_id = ${f.id} and s.date between ${startDate} and ${endDate}`);
  const keyOf = (date: string, time: string) => `${date} ${time}`;
  const existingByKey = new Map(existing.map((e) => [keyOf(e.date, e.start_time), e]));
  const plannedKeys = new Set(planned.map((p) => keyOf(p.date, p.startTime)));

  const result: GenerateResult = { created: 0, replaced: 0, kept: 0, removed: 0 };
  const toInsert: PlannedSlot[] = [];
  const toDelete: number[] = [];
  for (const p of planned) {
    const e = existingByKey.get(keyOf(p.date, p.startTime));
    if (!e) { result.created++; toInsert.push(p); continue; }
    if (overwrite && !e.booked) { result.replaced++; toDelete.push(e.id); toInsert.push(p); continue; }
    result.kept++;
  }
  if (overwrite) {
    for (const e of existing) {
      if (!e.booked && !plannedKeys.has(keyOf(e.date, e.start_time))) { result.removed++; toDelete.push(e.id); }
    }
  }
  if (!overwrite) result.kept += existing.filter((e) => !plannedKeys.has(keyOf(e.date, e.start_time))).length;

  const statements: string[] = [];
  const params: unknown[][] = [];
  for (let i = 0; i < toDelete.length; i += 90) {
    const ids = toDelete.slice(i, i + 90);
    statements.push(`delete from booking_slots where id in (${ids.map(() => '?').join(',')})`);
    params.push(ids);
  }
  for (let i = 0; i < toInsert.length; i += ROWS_PER_INSERT) {
    const rows = toInsert.slice(i, i + ROWS_PER_INSERT);
    statements.push(
      `insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price) values ` +
        rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ') +
        ` on conflict (facility_id, date, start_time) do nothing`,
    );
    params.push(rows.flatMap((r) => [newDocumentId(), f.id, r.date, r.startTime, r.endTime, r.startsAt, r.endsAt, f.hourlyPrice]));
  }
  if (statements.length > 0) {
    const d1 = (db as unknown as { $client: D1Database }).$client;
    await d1.batch(statements.map((s, i) => d1.prepare(s).bind(...params[i])));
  }
  return result;
}

export interface SlotRow {
  id: number;
  document_id: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: number;
  price: number;
  booking_status: 'pending' | 'approved' | null;
  customer_name: string | null;
  is_subscriber: number | null;
}

export async function slotRows(db: Db, facilityId: number, from: string, to: string): Promise<SlotRow[]> {
  return db.all<SlotRow>(sql`
    select s.id, s.document_id, s.date, s.start_time, s.end_time, s.starts_at, s.price,
      b.status as booking_status, b.customer_name, b.is_subscriber
    from booking_slots s
    left join bookings b on b.slot_id = s.id and b.status in ('pending', 'approved')
    where s.facility_id = ${facilityId} and s.date between ${from} and ${to}
    order by s.date, s.starts_at`);
}


/**
 * The last bookable date: the cron keeps SLOT_HORIZON_DAYS generated ahead, and staff may have generated further. A day
 * up to it without slots is closed ('Kapalı'); a day after it is not open yet ('Henüz açılmadı').
 */
export function bookableUntil(lastSlotDate: string | null, horizonDays: unknown, today = istanbulToday()): string {
  const days = Number(horizonDays);
  const byCron = addDays(today, Number.isFinite(days) && days > 0 ? days : 30);
  return lastSlotDate && lastSlotDate > byCron ? lastSlotDate : byCron;
}

export type SlotState = 'past' | 'available' | 'pending' | 'booked' | 'subscriber';

/**
 * Public slot shape: a booked slot shows only the first name, and an approved one the first name and the surname's
 * initial ('Barış A.'); never a phone. 01 §2 shows an approved booking's full name to every visitor: a surname on a
 * public page says who plays where and when, which a KVKK notice could not justify (issue 7), so the initial it is.
 */
export function slotToWire(r: SlotRow, now: number) {
  const isPast = r.starts_at <= now;
  const booked = r.booking_status !== null;
  const isSubscriber = booked && r.is_subscriber === 1;
  const state: SlotState = booked
    ? r.booking_status === 'pending' ? 'pending' : isSubscriber ? 'subscriber' : 'booked'
    : isPast ? 'past' : 'available';
  return {
    id: r.id,
    documentId: r.document_id,
    date: r.date,
    startTime: r.start_time,
    endTime: r.end_time,
    price: toTl(r.price),
    isAvailable: !booked && !isPast,
    isPending: r.booking_status === 'pending',
    isPast,
    state,
    booking: booked
      ? {
          customerName: r.booking_status === 'approved' ? nameWithInitial(r.customer_name ?? '') : firstName(r.customer_name ?? ''),
          status: r.booking_status,
          isSubscriber,
        }
      : null,
  };
}
export type SlotWire = ReturnType<typeof slotToWire>;
