// 'Takvime ekle' and the subscriber's calendar feed (docs/behaviour.md#subscriptions, docs/behaviour.md#public-site):
// a booking as an iCalendar entry at its real start and end in Europe/Istanbul, with the pitch's address, map link,
// the booking number and what is still to pay; and the staff's create, renew and revoke of a subscription's feed.
import type { PublicUser } from '../../../contracts/auth';
import { STATUS_LABELS } from '../../../contracts/booking-statuses';
import {
  type CalendarFeedWire,
  calendarMsg,
  FEED_PAST_DAYS,
  FEED_REFRESH_MINUTES,
} from '../../../contracts/calendar-feed';
import { type AuditEventKind, tlText } from '../../../contracts/events';
import { buildIcs, ICS_ALARM_MINUTES, type IcsEvent, type IcsStatus, slotEndInstant } from '../../../contracts/ics';
import { pitchMap } from '../../../contracts/map-link';
import { msg } from '../../../contracts/messages';
import { calendarDateOf } from '../../../contracts/slot-start';
import * as store from '../db/calendar-feeds';
import type { Db } from '../db/client';
import { isUniqueRefusal } from '../db/unique';
import { notFound } from '../lib/errors';
import { isoInstant } from '../lib/time';

type IcsBooking = { [K in keyof typeof store.icsBookingFields]: (typeof store.icsBookingFields)[K]['_']['data'] };
type IcsPitch = { [K in keyof typeof store.icsPitchFields]: (typeof store.icsPitchFields)[K]['_']['data'] | null };

const STATUS_OF: Record<IcsBooking['status'], IcsStatus> = {
  approved: 'CONFIRMED',
  pending: 'TENTATIVE',
  rejected: 'CANCELLED',
  cancelled: 'CANCELLED',
  expired: 'CANCELLED',
};

const isLive = (b: IcsBooking) => b.status === 'pending' || b.status === 'approved';

/** What is still to pay (kuruş): the kapora a pending hold waits for, then the rest at the pitch. */
function moneyLines(b: IcsBooking): string[] {
  if (!isLive(b)) return [];
  const remaining = Math.max(0, b.totalPrice - b.collected);
  const deposit = b.status === 'pending' ? Math.min(remaining, Math.max(0, b.depositAmount - b.collected)) : 0;
  const atPitch = remaining - deposit;
  if (remaining === 0) return [calendarMsg.paid];
  return [
    ...(deposit > 0 ? [calendarMsg.depositDue(tlText(deposit))] : []),
    ...(atPitch > 0 ? [calendarMsg.balanceDue(tlText(atPitch))] : []),
  ];
}

export interface IcsContext {
  /** The site's origin ('https://…'): the UID's host and the tracking link. */
  origin: string;
  now: number;
}

/** One booking as a calendar entry: the holder's own (the number is in it). */
export function bookingEvent(b: IcsBooking, p: IcsPitch, ctx: IcsContext): IcsEvent {
  const map = pitchMap(p.googleMapsLocation, p.latitude, p.longitude, p.address).link;
  const name = p.name ?? '';
  return {
    uid: `${b.documentId}@${new URL(ctx.origin).hostname}`,
    stamp: ctx.now,
    lastModified: b.updatedAt,
    start: b.startsAt,
    // The match's real end (docs/behaviour.md#match-length); from the clock times for a row that predates it.
    end: b.endsAt > b.startsAt ? b.endsAt : slotEndInstant(b.startsAt, b.startTime, b.endTime),
    summary: calendarMsg.summary(name),
    location: [name, p.address].filter(Boolean).join(', '),
    description: [
      calendarMsg.number(b.bookingNumber),
      calendarMsg.status(STATUS_LABELS[b.status]),
      ...moneyLines(b),
      ...(map ? [calendarMsg.map(map)] : []),
      calendarMsg.tracking(`${ctx.origin}/rezervasyon-takip`),
    ].join('\n'),
    url: map,
    status: STATUS_OF[b.status],
    alarmMinutes: isLive(b) ? ICS_ALARM_MINUTES : null,
    alarmText: calendarMsg.alarm(name),
  };
}

/** GET /api/bookings/track/:bookingNumber/calendar.ics: the file and its name ('halisaha-<real date>.ics'). */
export async function bookingCalendar(db: Db, bookingNumber: string, ctx: IcsContext) {
  const row = await store.icsBookingByNumber(db, bookingNumber);
  // The tracking look-up's own message: a number that is no booking reads the same everywhere.
  if (!row) throw notFound(msg.bookingNotFound);
  return {
    body: buildIcs({ events: [bookingEvent(row.booking, row.pitch, ctx)] }),
    filename: `halisaha-${calendarDateOf(row.booking)}.ics`,
  };
}

/**
 * GET /api/calendar/:token: the subscription's bookings of the last 30 days and every later one, each with its number
 * (the subscriber's key to open or cancel it in tracking). One read; a revoked or unknown token is a 404.
 */
export async function feedCalendar(db: Db, token: string, ctx: IcsContext): Promise<string> {
  const rows = await store.feedBookings(db, token, ctx.now - FEED_PAST_DAYS * 86_400_000);
  if (rows.length === 0) throw notFound(calendarMsg.feedNotFound);
  const events = rows.flatMap((r) => (r.booking && r.pitch ? [bookingEvent(r.booking, r.pitch, ctx)] : []));
  const firstPitch = rows.find((r) => r.pitch?.name)?.pitch?.name;
  return buildIcs({
    name: calendarMsg.feedName(firstPitch ?? 'abonelik'),
    refreshMinutes: FEED_REFRESH_MINUTES,
    events,
  });
}

// ---------- staff: a subscription's feed ----------

/** 32 random bytes, base64url: the feed's whole secret. */
function newFeedToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const feedToWire = (f: { token: string; createdAt: number }, origin: string): CalendarFeedWire => {
  const url = `${origin}/api/calendar/${f.token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: isoInstant(f.createdAt) ?? '' };
};

async function groupOf(db: Db, groupId: string) {
  const found = await store.groupAndFeed(db, groupId);
  if (!found.first) throw notFound(calendarMsg.subscriptionNotFound);
  return { ...found, first: found.first };
}

const auditOf = (
  kind: Extract<AuditEventKind, `subscription.${string}`>,
  groupId: string,
  first: NonNullable<Awaited<ReturnType<typeof store.groupAndFeed>>['first']>,
  actor: PublicUser,
  now: number,
) => ({
  at: now,
  actor,
  entityId: groupId,
  event: {
    kind,
    label: first.bookingNumber,
    facts: { facilityName: first.facilityName, date: first.date, startTime: first.startTime, startsAt: first.startsAt },
  },
});

/** The live feed of a subscription, or null. */
export async function liveFeed(db: Db, groupId: string, origin: string): Promise<CalendarFeedWire | null> {
  const { feed } = await groupOf(db, groupId);
  return feed ? feedToWire(feed, origin) : null;
}

/** The live feed, made now if there is none (a concurrent create's feed is answered, never a second one). */
export async function createFeed(db: Db, groupId: string, actor: PublicUser, origin: string, now: number) {
  const { first, feed } = await groupOf(db, groupId);
  if (feed) return feedToWire(feed, origin);
  const row = { token: newFeedToken(), recurringGroupId: groupId, createdById: actor.id, createdAt: now };
  try {
    await store.insertFeed(db, row, auditOf('subscription.feed_create', groupId, first, actor, now));
  } catch (e) {
    if (!isUniqueRefusal(e, 'calendar_feeds.recurring_group_id')) throw e;
    const again = await groupOf(db, groupId);
    if (again.feed) return feedToWire(again.feed, origin);
    throw e;
  }
  return feedToWire(row, origin);
}

/** Revokes the live feed (if any) and makes a new one, in one batch: the old address stops answering at once. */
export async function renewFeed(db: Db, groupId: string, actor: PublicUser, origin: string, now: number) {
  const { first } = await groupOf(db, groupId);
  const row = { token: newFeedToken(), recurringGroupId: groupId, createdById: actor.id, createdAt: now };
  await store.insertFeed(db, row, auditOf('subscription.feed_renew', groupId, first, actor, now), {
    revokeLive: true,
  });
  return feedToWire(row, origin);
}

/** Revokes the live feed; nothing to revoke is no error (the audit row is written only when one was revoked). */
export async function revokeFeed(db: Db, groupId: string, actor: PublicUser, now: number): Promise<null> {
  const { first } = await groupOf(db, groupId);
  await store.revokeFeed(db, groupId, now, auditOf('subscription.feed_revoke', groupId, first, actor, now));
  return null;
}
