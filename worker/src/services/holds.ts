// Who came and holds that follow the money (docs/behaviour.md#bookings): staff mark a started match 'Geldi' or
// 'Gelmedi', extend an unapproved hold, and are warned 10 minutes before a hold ends.
import { attendanceMsg, type ExtendHoldInput, holdExtendedReason, holdMsg } from '../../../contracts/attendance';
import type { PublicUser } from '../../../contracts/auth';
import type { AuditEvent } from '../../../contracts/events';
import { msg } from '../../../contracts/messages';
import { ATTENDANCE_LABELS, type AttendanceMark } from '../../../contracts/payments';
import type { BookingDetail } from '../../../contracts/wire/booking';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { actorName } from '../db/audit';
import * as store from '../db/bookings';
import { type Db, getDb } from '../db/client';
import * as holds from '../db/holds';
import type { Booking } from '../db/schema';
import { conflict, notFound, unwrap } from '../lib/errors';
import { detailToWire } from './booking-wire';
import { facilityStub } from './facility-ref';
import { notificationsToWire } from './notifications';
import { facilityOfBooking } from './staff-bookings';

const auditFacts = (b: Pick<Booking, 'date' | 'startTime' | 'startsAt'>, facilityName: string) => ({
  facilityName,
  date: b.date,
  startTime: b.startTime,
  startsAt: b.startsAt,
});

const auditOf = (actor: PublicUser, b: Booking, event: AuditEvent, now: number) => ({
  at: now,
  actor,
  entityId: String(b.id),
  event,
});

/**
 * 'Geldi' / 'Gelmedi' on an approved booking whose start has passed; a mark may be changed (history and audit say
 * before → after). Not through the pitch's Durable Object: the mark changes no slot, and the conditional update (still
 * approved, started, and carrying the mark this check saw) is the whole guard (docs/behaviour.md#bookings). The same
 * mark again changes nothing and answers the detail as it is.
 */
export async function markAttendanceByStaff(
  db: Db,
  ref: string,
  actor: PublicUser,
  mark: AttendanceMark,
  now: number,
): Promise<BookingDetail> {
  const found = await store.bookingDetailRows(db, ref);
  if (!found) throw notFound(msg.bookingNotFound);
  const b = found.row.booking;
  if (b.status !== 'approved') throw conflict(attendanceMsg.notApproved, { status: b.status });
  if (b.startsAt > now) throw conflict(attendanceMsg.notStarted, { status: b.status });
  if (b.attendance === mark) return detailToWire(found.row, found.history, now);
  const label = actorName(actor);
  const reason = b.attendance
    ? `${ATTENDANCE_LABELS[b.attendance]} → ${ATTENDANCE_LABELS[mark]}`
    : ATTENDANCE_LABELS[mark];
  const event: AuditEvent = {
    kind: 'booking.attendance',
    label: b.bookingNumber,
    facts: { ...auditFacts(b, found.row.facility.name), attendance: mark, before: b.attendance },
  };
  const result = await holds.markAttendance(
    db,
    b,
    mark,
    reason,
    { actorUserId: actor.id, actorLabel: label },
    auditOf(actor, b, event, now),
    now,
  );
  if (!result.changed || !result.detail) throw conflict(msg.alreadyProcessed);
  return detailToWire(result.detail, result.history, now);
}

export interface HoldChange {
  booking: BookingDetail;
  /** The new deadline (ms): the pitch's object re-arms its alarm for it. */
  expiresAt: number;
}

/**
 * A pending hold with a deadline gets `minutes` more from max(now, its deadline), never past the match's start; its
 * 10-minute warning is owed again. Runs inside the pitch's Durable Object lock, so an expiry cannot slip in between the
 * check and the write, and the object re-arms its alarm for the new deadline.
 */
export async function extendHoldByStaff(
  db: Db,
  facilityId: number,
  ref: string,
  actor: PublicUser,
  input: ExtendHoldInput,
  now: number,
): Promise<HoldChange> {
  const found = await store.bookingForChange(db, ref, facilityId);
  if (!found) throw notFound(msg.bookingNotFound);
  const b = found.booking;
  if (b.status !== 'pending') throw conflict(holdMsg.notPending, { status: b.status });
  if (b.expiresAt === null || b.collected > 0) throw conflict(holdMsg.noDeadline, { status: b.status });
  if (b.startsAt <= now) throw conflict(holdMsg.started, { status: b.status });
  const expiresAt = Math.min(Math.max(now, b.expiresAt) + input.minutes * 60_000, b.startsAt);
  if (expiresAt <= b.expiresAt) throw conflict(holdMsg.atStart, { status: b.status });
  const event: AuditEvent = {
    kind: 'booking.hold_extend',
    label: b.bookingNumber,
    facts: { ...auditFacts(b, found.facilityName), minutes: input.minutes, expiresAt },
  };
  const result = await holds.extendHold(
    db,
    b,
    expiresAt,
    holdExtendedReason(input.minutes, input.reason, expiresAt === b.startsAt),
    { actorUserId: actor.id, actorLabel: actorName(actor) },
    auditOf(actor, b, event, now),
    now,
  );
  if (!result.changed || !result.detail) throw conflict(msg.alreadyProcessed);
  return { booking: detailToWire(result.detail, result.history, now), expiresAt };
}

/** POST /api/bookings/:id/extend-hold: through the object of the booking's pitch, which serialises its holds. */
export async function extendHold(env: Env, ref: string, actor: PublicUser, input: ExtendHoldInput) {
  const facilityId = await facilityOfBooking(getDb(env.DB), ref);
  return unwrap(await facilityStub(env, facilityId).extendHold(facilityId, ref, actor, input));
}

/** The 'hold_expiring' notifications due now on the pitch (each booking once), as the staff bells receive them. */
export async function warnHolds(db: Db, facilityId: number, now: number): Promise<NotificationWire[]> {
  return notificationsToWire(await holds.warnDueHolds(db, facilityId, now));
}

/** The earlier of the pitch's next hold deadline and next hold warning: when its alarm must fire. */
export async function nextHoldAlarm(db: Db, facilityId: number): Promise<number | null> {
  const [deadline, warning] = await Promise.all([
    store.nextHoldDeadline(db, facilityId),
    holds.nextHoldWarning(db, facilityId),
  ]);
  if (deadline === null) return warning;
  if (warning === null) return deadline;
  return Math.min(deadline, warning);
}
