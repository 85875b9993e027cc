import type { PublicUser } from '../../../contracts/auth';
import { firstName, nameWithInitial } from '../../../contracts/common';
import { msg } from '../../../contracts/messages';
import { type PriceRuleLike, priceFor } from '../../../contracts/pricing';
import { slotLengthOf, slotMinutes } from '../../../contracts/slot-plan';
import type { SlotState, SlotWire } from '../../../contracts/wire/slot';
import { recordAudit } from '../db/audit';
import type { ChangedBooking } from '../db/bookings';
import type { Db } from '../db/client';
import { newContentVersion } from '../db/content';
import { type FacilityRow, facilityByRef } from '../db/facilities';
import { existingSlots, generatedDates, liveSlots, replaceSlots, type SlotRow, slotsInRange } from '../db/slots';
import { notFound } from '../lib/errors';
import { newDocumentId } from '../lib/ids';
import { toTl } from '../lib/money';
import { addDays, fromMinutes, istanbulInstant, istanbulToday, weekdayOf } from '../lib/time';

export interface PlannedSlot {
  date: string;
  startTime: string;
  endTime: string;
  startsAt: number;
  endsAt: number;
}

/** The slots a pitch's working hours give on one business day (behaviour.md#slots). Overnight hours run past midnight on the same `date`. */
export function planDay(
  f: Pick<FacilityRow, 'workingHours' | 'bookingTimeType' | 'startTimeOffset'>,
  date: string,
): PlannedSlot[] {
  return slotMinutes(f, weekdayOf(date)).map(({ start, end }) => ({
    date,
    startTime: fromMinutes(start),
    endTime: fromMinutes(end),
    startsAt: istanbulInstant(date, start),
    endsAt: istanbulInstant(date, end),
  }));
}

export interface GenerateResult {
  created: number;
  replaced: number;
  kept: number;
  removed: number;
}

/**
 * Creates the slots of [startDate, endDate] for open days, each priced by the pitch's price rules (the
 * hourly price where none matches). Without overwrite existing slots stay; with overwrite only slots without a pending
 * or approved booking are replaced, so a booked slot is never destroyed (behaviour.md#slots).
 * Runs inside the pitch's Durable Object, serialised with bookings. A staff member's generation (`actor`) writes its
 * audit row in the slots' own batch; the cron's (no actor) is housekeeping and records nothing.
 */
export async function generateSlots(
  db: Db,
  f: FacilityRow,
  startDate: string,
  endDate: string,
  overwrite: boolean,
  rules: readonly PriceRuleLike[] = [],
  actor: PublicUser | null = null,
  now = Date.now(),
  { newDaysOnly = false }: { newDaysOnly?: boolean } = {},
): Promise<GenerateResult> {
  // The cron's horizon (newDaysOnly) plans only the days without any slot yet, found by one index seek a day, and never
  // reads the slots of the days it leaves as they are (their slots are not counted as kept).
  const generated = newDaysOnly && !overwrite ? new Set(await generatedDates(db, f.id, startDate, endDate)) : null;
  const planned: PlannedSlot[] = [];
  for (let d = startDate; d <= endDate; d = addDays(d, 1)) if (!generated?.has(d)) planned.push(...planDay(f, d));

  const existing = generated ? [] : await existingSlots(db, f.id, startDate, endDate);
  const keyOf = (date: string, time: string) => `${date} ${time}`;
  const existingByKey = new Map(existing.map((e) => [keyOf(e.date, e.startTime), e]));
  const plannedKeys = new Set(planned.map((p) => keyOf(p.date, p.startTime)));

  const result: GenerateResult = { created: 0, replaced: 0, kept: 0, removed: 0 };
  const toInsert: PlannedSlot[] = [];
  const toDelete: number[] = [];
  for (const p of planned) {
    const e = existingByKey.get(keyOf(p.date, p.startTime));
    if (!e) {
      result.created++;
      toInsert.push(p);
      continue;
    }
    if (overwrite && !e.booked) {
      result.replaced++;
      toDelete.push(e.id);
      toInsert.push(p);
      continue;
    }
    result.kept++;
  }
  if (overwrite) {
    // Outside the hours now: a free slot goes, a booked one stays and is counted as kept.
    for (const e of existing) {
      if (plannedKeys.has(keyOf(e.date, e.startTime))) continue;
      if (e.booked) result.kept++;
      else {
        result.removed++;
        toDelete.push(e.id);
      }
    }
  }
  if (!overwrite) result.kept += existing.filter((e) => !plannedKeys.has(keyOf(e.date, e.startTime))).length;

  await replaceSlots(
    db,
    toDelete,
    toInsert.map((p) => ({
      ...p,
      documentId: newDocumentId(),
      facilityId: f.id,
      price: priceFor(f.hourlyPrice, rules, p.date, p.startTime).price,
    })),
    actor
      ? [
          generationAudit(db, f, { startDate, endDate, overwrite }, result, actor, now),
          // The pitch page's price range reads the slots: a staff generation that changed some is a new version.
          ...(result.created + result.replaced + result.removed > 0 ? [newContentVersion(db)] : []),
        ]
      : [],
  );
  return result;
}

function generationAudit(
  db: Db,
  f: Pick<FacilityRow, 'id' | 'name'>,
  range: { startDate: string; endDate: string; overwrite: boolean },
  result: GenerateResult,
  actor: PublicUser,
  now: number,
) {
  return recordAudit(db, {
    at: now,
    actor,
    entityId: String(f.id),
    event: { kind: 'slots.generate', label: f.name, facts: { ...range, ...result } },
  });
}

export type { SlotRow };

/** One day of an active pitch's slots, the free ones unless `includeBooked` (the original client's availability call). */
export async function dayOfSlots(db: Db, ref: string, date: string, includeBooked: boolean, now: number) {
  const f = await facilityByRef(db, ref);
  if (!f?.isActive) throw notFound(msg.facilityNotFound);
  const slots = await publicSlots(db, f.id, date, date, now);
  return { facility: f.documentId, slots: includeBooked ? slots : slots.filter((s) => s.isAvailable) };
}

/** A pitch's slots of [from, to] as the public sees them. */
export async function publicSlots(db: Db, facilityId: number, from: string, to: string, now: number) {
  return (await liveSlots(db, facilityId, from, to)).map((r) => slotToWire(r, now));
}

/**
 * The first slot a changed booking holds or freed, as the live watchers are told of it, with the match's end: a longer
 * match's other slots are read for the watchers by coveredSlots (docs/behaviour.md#match-length).
 */
export type BookedSlot = SlotLike & { matchEndsAt: number };

export function slotOfBooking(
  b: Pick<
    ChangedBooking,
    | 'slotId'
    | 'slotDocumentId'
    | 'date'
    | 'startTime'
    | 'endTime'
    | 'startsAt'
    | 'endsAt'
    | 'slotPrice'
    | 'status'
    | 'customerName'
    | 'isSubscriber'
  >,
  holds: boolean,
): BookedSlot {
  return {
    matchEndsAt: b.endsAt,
    id: b.slotId!,
    documentId: b.slotDocumentId ?? '',
    date: b.date,
    startTime: b.startTime,
    endTime: b.endTime,
    startsAt: b.startsAt,
    price: b.slotPrice,
    ...(holds && (b.status === 'pending' || b.status === 'approved')
      ? { bookingStatus: b.status, customerName: b.customerName, isSubscriber: b.isSubscriber }
      : { bookingStatus: null, customerName: null, isSubscriber: null }),
  };
}

/**
 * Every slot a changed booking covers, as it reads now (held or freed): the one slot built from the booking when the match
 * is one slot long, else the match's slots read back in one index-bound range read, so open calendars see all of them
 * change at once (docs/behaviour.md#match-length).
 */
export async function coveredSlots(
  db: Db,
  f: Pick<FacilityRow, 'id' | 'bookingTimeType'>,
  first: BookedSlot,
): Promise<SlotLike[]> {
  if (first.matchEndsAt - first.startsAt <= slotLengthOf(f.bookingTimeType) * 60_000) {
    const { matchEndsAt: _, ...slot } = first;
    // A one-slot match whose slot was unlinked has no slot to show (0 is never a slot id).
    return slot.id ? [slot] : [];
  }
  return slotsInRange(db, f.id, first.startsAt, first.matchEndsAt);
}

/**
 * The last bookable date: the cron keeps the rules' horizon generated ahead, and staff may have generated further. A day
 * up to it without slots is closed ('Kapalı'); a day after it is not open yet ('Henüz açılmadı').
 */
export function bookableUntil(lastSlotDate: string | null, horizonDays: unknown, today = istanbulToday()): string {
  const days = Number(horizonDays);
  const byCron = addDays(today, Number.isFinite(days) && days > 0 ? days : 30);
  return lastSlotDate && lastSlotDate > byCron ? lastSlotDate : byCron;
}

/**
 * Public slot shape: a booked slot shows only the first name, and an approved one the first name and the surname's
 * initial ('Barış A.'); never a phone. behaviour.md#public-site shows an approved booking's full name to every visitor: a surname on a
 * public page says who plays where and when, which a KVKK notice could not justify, so the initial it is.
 */
/** A slot as read (SlotRow) or as built from a booking, whose hold (docs/behaviour.md#waitlist) is unknown: not held. */
export type SlotLike = Omit<SlotRow, 'held' | 'closureReason' | 'closureNote' | 'closureDocumentId'> & {
  held?: number | boolean | null;
  /** Closed by a closure (docs/behaviour.md#closures); absent on a slot built from a booking (a booked slot is never closed). */
  closureReason?: SlotRow['closureReason'];
  closureNote?: string | null;
  closureDocumentId?: string | null;
};

export function slotToWire(r: SlotLike, now: number): SlotWire {
  const isPast = r.startsAt <= now;
  const status = r.bookingStatus;
  // A closed slot holds no live booking (the D1 triggers of migration 0034): it reads 'closed', past or not.
  const closure = status === null && r.closureReason ? { reason: r.closureReason, note: r.closureNote ?? '' } : null;
  const held = status === null && !isPast && Boolean(r.held);
  const isSubscriber = status !== null && Boolean(r.isSubscriber);
  const state: SlotState =
    status !== null
      ? status === 'pending'
        ? 'pending'
        : isSubscriber
          ? 'subscriber'
          : 'booked'
      : closure
        ? 'closed'
        : isPast
          ? 'past'
          : held
            ? 'held'
            : 'available';
  return {
    id: r.id,
    documentId: r.documentId,
    date: r.date,
    startTime: r.startTime,
    endTime: r.endTime,
    startsAt: new Date(r.startsAt).toISOString(),
    price: toTl(r.price),
    isAvailable: status === null && !isPast && !held && !closure,
    isPending: status === 'pending',
    isPast,
    state,
    booking:
      status !== null
        ? {
            customerName:
              status === 'approved' ? nameWithInitial(r.customerName ?? '') : firstName(r.customerName ?? ''),
            status,
            isSubscriber,
          }
        : null,
    ...(closure ? { closure } : {}),
  };
}
