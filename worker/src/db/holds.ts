// Who came and holds that follow the money (docs/behaviour.md#bookings): the attendance mark, the hold extension and the
// hold's 10-minute warning, each one D1 batch with its history, audit or notification rows.

import { and, eq, isNotNull, isNull, lte, min, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { HOLD_WARNING_MS } from '../../../contracts/attendance';
import type { AttendanceMark } from '../../../contracts/payments';
import { type AuditEntry, recordAudit } from './audit';
import { pending } from './booking-columns';
import { detailQuery, historyQuery } from './bookings';
import type { Db } from './client';
import { notifyEvent, recordHistory } from './events';
import { type Booking, bookings } from './schema';

interface Actor {
  actorUserId: number;
  actorLabel: string;
}

/**
 * A staff change of one booking as one D1 batch: `update` (guarded, returning the id only when it changed the row), a
 * history line (the status stays) and the audit row written only when it did, and the detail as it is after it.
 */
async function staffChange(
  db: Db,
  bookingId: number,
  update: BatchItem<'sqlite'>,
  e: { event: 'attendance' | 'hold_extended'; reason: string; actor: Actor; audit: AuditEntry; now: number },
) {
  const mine = eq(bookings.id, bookingId);
  const [updated, , , detail, history] = await db.batch([
    update,
    recordHistory(
      db,
      mine,
      {
        bookingId: bookings.id,
        fromStatus: bookings.status,
        toStatus: bookings.status,
        reason: e.reason,
        event: e.event,
        actorType: 'staff',
        ...e.actor,
        createdAt: e.now,
      },
      { whenChanged: true },
    ),
    recordAudit(db, e.audit, { whenChanged: true }),
    detailQuery(db, mine),
    historyQuery(db, bookingId),
  ]);
  return { changed: (updated as unknown[]).length > 0, detail: detail.at(0), history };
}

/**
 * The mark, only while the booking is still approved, has started and carries the mark the check saw (a concurrent
 * mark changes nothing here), with its history row and audit row written only when the row changed, and the detail as
 * it is after it. The customer's figures follow through the customer_stats triggers (migration 0025).
 */
export async function markAttendance(
  db: Db,
  b: Pick<Booking, 'id' | 'attendance'>,
  mark: AttendanceMark,
  reason: string,
  actor: Actor,
  audit: AuditEntry,
  now: number,
) {
  const mine = eq(bookings.id, b.id);
  const update = db
    .update(bookings)
    .set({ attendance: mark, attendanceAt: now, attendanceById: actor.actorUserId, updatedAt: now })
    .where(
      and(
        mine,
        eq(bookings.status, 'approved'),
        lte(bookings.startsAt, now),
        b.attendance === null ? isNull(bookings.attendance) : eq(bookings.attendance, b.attendance),
      ),
    )
    .returning({ id: bookings.id });
  return staffChange(db, b.id, update, { event: 'attendance', reason, actor, audit, now });
}

/**
 * A pending hold's new deadline, only while it is still pending with the deadline the check saw; its warning is owed
 * again (hold_warned_at cleared). History and audit rows only when the row changed; the detail re-read.
 */
export async function extendHold(
  db: Db,
  b: Pick<Booking, 'id' | 'expiresAt'>,
  expiresAt: number,
  reason: string,
  actor: Actor,
  audit: AuditEntry,
  now: number,
) {
  const update = db
    .update(bookings)
    .set({ expiresAt, holdWarnedAt: null, updatedAt: now })
    .where(and(eq(bookings.id, b.id), pending, eq(bookings.expiresAt, b.expiresAt ?? -1), eq(bookings.collected, 0)))
    .returning({ id: bookings.id });
  return staffChange(db, b.id, update, { event: 'hold_extended', reason, actor, audit, now });
}

/** A pitch's holds still to be warned of (index bookings_hold_warning): pending, with a deadline, not warned yet. */
const unwarned = (facilityId: number): SQL =>
  and(eq(bookings.facilityId, facilityId), pending, isNull(bookings.holdWarnedAt), isNotNull(bookings.expiresAt))!;

/**
 * The staff notification 'hold_expiring' for every hold of the pitch whose deadline is within HOLD_WARNING_MS of `now`
 * and not yet past (a hold already due is expired instead), and the mark that it was sent, in one batch: the mark is
 * set on exactly the rows the notification was written for, so each booking is warned once. A hold with no money
 * recorded only: one whose kapora arrived has no deadline any more.
 */
export async function warnDueHolds(db: Db, facilityId: number, now: number) {
  const due = and(
    unwarned(facilityId),
    lte(bookings.expiresAt, now + HOLD_WARNING_MS),
    sql`${bookings.expiresAt} > ${now}`,
    eq(bookings.collected, 0),
  )!;
  const [notified] = await db.batch([
    notifyEvent(db, due, {
      kind: 'hold_expiring',
      documentId: sql`lower(hex(randomblob(12)))`,
      createdAt: now,
      facts: { expiresAt: sql`${bookings.expiresAt}` },
    }),
    db.update(bookings).set({ holdWarnedAt: now }).where(due),
  ]);
  return notified;
}

/** When the pitch's next hold warning is due (its deadline less HOLD_WARNING_MS), or null when none is owed. */
export async function nextHoldWarning(db: Db, facilityId: number): Promise<number | null> {
  const row = await db
    .select({ next: min(bookings.expiresAt) })
    .from(bookings)
    .where(and(unwarned(facilityId), eq(bookings.collected, 0)))
    .get();
  return row?.next == null ? null : row.next - HOLD_WARNING_MS;
}
