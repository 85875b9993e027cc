// Closures (docs/behaviour.md#closures): the reads and writes of closures, their pitches and the slots they hold closed.
import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { closureFacilities, closures, facilities, slots } from './schema';

/** A window as the queries use it: pitch ids, business days, and the start's minutes around the clock (null: whole days). */
export interface WindowSpec {
  facilityIds: number[];
  from: string;
  to: string;
  /** Minutes after midnight of startTime, and the window's length in minutes ((end − start) mod 24 h); null: whole days. */
  startMin: number | null;
  span: number | null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function windowSpec(
  facilityIds: number[],
  w: { from: string; to: string; startTime: string | null; endTime: string | null },
): WindowSpec {
  if (!w.startTime || !w.endTime) return { facilityIds, from: w.from, to: w.to, startMin: null, span: null };
  const startMin = minutesOf(w.startTime);
  return { facilityIds, from: w.from, to: w.to, startMin, span: (minutesOf(w.endTime) - startMin + 1440) % 1440 };
}

/** Whether the slot row `alias` lies in the window: its pitch, business day and start hour (read around the clock). */
export function inWindow(w: WindowSpec, alias: string): SQL {
  const a = sql.raw(alias);
  const hours =
    w.startMin === null
      ? sql`1`
      : sql`((cast(substr(${a}.start_time, 1, 2) as integer) * 60 + cast(substr(${a}.start_time, 4, 2) as integer) - ${w.startMin} + 1440) % 1440) < ${w.span}`;
  return sql`(${a}.facility_id in (select value from json_each(${JSON.stringify(w.facilityIds)}))
    and ${a}.date between ${w.from} and ${w.to} and ${hours})`;
}

/** A waitlist offer's running hold covers the slot `alias` (docs/behaviour.md#waitlist). */
export const heldSql = (alias: string) => {
  const a = sql.raw(alias);
  return sql`exists (select 1 from waitlist_entries w where w.status = 'offered' and w.offer_facility_id = ${a}.facility_id
    and w.offer_starts_at <= ${a}.starts_at and w.offer_ends_at > ${a}.starts_at
    and w.offer_expires_at > cast(unixepoch('subsec') * 1000 as integer))`;
};

export interface WindowSlot {
  id: number;
  facility_id: number;
  starts_at: number;
  ends_at: number;
}

/** The window's slots still ahead (what a closure closes): id, pitch and range. */
export async function windowSlots(db: Db, w: WindowSpec, now: number): Promise<WindowSlot[]> {
  return db.all<WindowSlot>(sql`select s.id, s.facility_id, s.starts_at, s.ends_at from booking_slots s
    where ${inWindow(w, 's')} and s.starts_at > ${now} order by s.facility_id, s.starts_at`);
}

export interface HitRow {
  id: number;
  document_id: string;
  booking_number: string;
  customer_name: string;
  customer_phone: string;
  facility_id: number;
  facility_document_id: string;
  facility_slug: string;
  facility_name: string;
  slot_id: number | null;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: number;
  ends_at: number;
  duration: number;
  status: 'pending' | 'approved';
  is_subscriber: number;
  deposit_amount: number;
  collected: number;
  total_price: number;
  attendance: string | null;
  cancelled_at: number | null;
  updated_at: number;
}

/** The live bookings that claim a slot of the window still ahead, in time order. */
export async function windowHits(db: Db, w: WindowSpec, now: number): Promise<HitRow[]> {
  return db.all<HitRow>(sql`select b.id, b.document_id, b.booking_number, b.customer_name, b.customer_phone, b.facility_id,
      f.document_id as facility_document_id, f.slug as facility_slug, f.name as facility_name, b.slot_id, b.date,
      b.start_time, b.end_time, b.starts_at, b.ends_at, b.duration, b.status, b.is_subscriber, b.deposit_amount,
      b.collected, b.total_price, b.attendance, b.cancelled_at, b.updated_at
    from bookings b join facilities f on f.id = b.facility_id
    where b.id in (select c.booking_id from booking_slot_claims c join booking_slots s on s.id = c.slot_id
      where ${inWindow(w, 's')} and s.starts_at > ${now})
    order by b.starts_at, b.facility_id`);
}

export interface FreeStart {
  slot_id: number;
  slot_document_id: string;
  facility_id: number;
  facility_document_id: string;
  facility_slug: string;
  facility_name: string;
  date: string;
  start_time: string;
  starts_at: number;
  end_time: string;
  ends_at: number;
  price: number;
}

/**
 * Free starts where a match of `minutes` fits: on `date` at every active pitch (or the one slot `slotRef` names), the
 * slots of [start, start + minutes) back to back, none claimed, closed, held or inside the window, all ahead. Nearest
 * to `near` first.
 */
export async function freeStarts(
  db: Db,
  w: WindowSpec,
  opts: { date?: string; slotRef?: string; minutes: number; near: number; now: number; limit: number },
): Promise<FreeStart[]> {
  const ms = opts.minutes * 60_000;
  const where = opts.slotRef ? sql`s.document_id = ${opts.slotRef}` : sql`s.date = ${opts.date ?? ''}`;
  return db.all<FreeStart>(sql`select s.id as slot_id, s.document_id as slot_document_id, s.facility_id,
      f.document_id as facility_document_id, f.slug as facility_slug, f.name as facility_name, s.date, s.start_time,
      s.starts_at, (select x.end_time from booking_slots x where x.facility_id = s.facility_id
        and x.starts_at >= s.starts_at and x.ends_at <= s.starts_at + ${ms} order by x.starts_at desc limit 1) as end_time,
      s.starts_at + ${ms} as ends_at,
      (select sum(x.price) from booking_slots x where x.facility_id = s.facility_id and x.starts_at >= s.starts_at
        and x.starts_at < s.starts_at + ${ms}) as price
    from booking_slots s join facilities f on f.id = s.facility_id
    where ${where} and f.is_active = 1 and f.deleted_at is null and s.starts_at > ${opts.now}
      and coalesce((select sum(x.ends_at - x.starts_at) from booking_slots x where x.facility_id = s.facility_id
        and x.starts_at >= s.starts_at and x.starts_at < s.starts_at + ${ms} and x.ends_at <= s.starts_at + ${ms}
        and x.closure_id is null and not ${inWindow(w, 'x')} and not ${heldSql('x')}
        and not exists (select 1 from booking_slot_claims c where c.slot_id = x.id)), 0) = ${ms}
    order by abs(s.starts_at - ${opts.near}), s.facility_id limit ${opts.limit}`);
}

/** Active pitches by documentId (or slug): id, documentId, slug, name. */
export function activeFacilitiesOf(db: Db, refs: string[]) {
  return db
    .select({ id: facilities.id, documentId: facilities.documentId, slug: facilities.slug, name: facilities.name })
    .from(facilities)
    .where(
      and(
        sql`(${inArray(facilities.documentId, refs)} or ${inArray(facilities.slug, refs)})`,
        eq(facilities.isActive, true),
        isNull(facilities.deletedAt),
      ),
    )
    .all();
}

export type ClosureRow = typeof closures.$inferSelect;

/** Closures with their pitches and the slots they hold closed now. */
export async function closuresWhere(db: Db, where: SQL, limit = 200) {
  const rows = await db
    .select({
      closure: closures,
      slotCount: sql<number>`(select count(*) from booking_slots s where s.closure_id = closures.id)`,
      facilities: sql<string>`(select json_group_array(json_object('documentId', f.document_id, 'slug', f.slug,
        'name', f.name)) from ${closureFacilities} cf join ${facilities} f on f.id = cf.facility_id
        where cf.closure_id = closures.id)`,
      facilityIds: sql<string>`(select json_group_array(cf.facility_id) from ${closureFacilities} cf
        where cf.closure_id = closures.id)`,
    })
    .from(closures)
    .where(where)
    .orderBy(sql`${closures.fromDate} desc, ${closures.id} desc`)
    .limit(limit)
    .all();
  return rows.map((r) => ({
    ...r,
    slotCount: Number(r.slotCount),
    facilities: JSON.parse(r.facilities) as Array<{ documentId: string; slug: string; name: string }>,
    facilityIds: JSON.parse(r.facilityIds) as number[],
  }));
}

/**
 * Lifting reopens the closure's slots still ahead, unless another live closure covers one: that one then holds it. The
 * same covering rule as the trigger closure_slot_created (migration 0034).
 */
export function reopenSlots(db: Db, closureId: number, now: number) {
  return db
    .update(slots)
    .set({
      closureId: sql`(select min(c.id) from closure_facilities cf
      join closures c on c.id = cf.closure_id
      where cf.facility_id = booking_slots.facility_id and c.id <> ${closureId} and c.lifted_at is null
        and booking_slots.date between c.from_date and c.to_date
        and (c.start_time is null or ((cast(substr(booking_slots.start_time, 1, 2) as integer) * 60
          + cast(substr(booking_slots.start_time, 4, 2) as integer) - cast(substr(c.start_time, 1, 2) as integer) * 60
          - cast(substr(c.start_time, 4, 2) as integer) + 1440) % 1440
          < (cast(substr(c.end_time, 1, 2) as integer) * 60 + cast(substr(c.end_time, 4, 2) as integer)
          - cast(substr(c.start_time, 1, 2) as integer) * 60 - cast(substr(c.start_time, 4, 2) as integer) + 1440) % 1440)))`,
    })
    .where(and(eq(slots.closureId, closureId), gt(slots.startsAt, now)));
}
