// The WhatsApp messages staff send a customer about a booking (docs/behaviour.md#bookings 'Messages to the customer'):
// the ones that fit the booking now, each as its text and a click-to-chat link to the booking's phone; opening one is
// recorded in the booking's history. Nothing is sent by the product: staff press send in WhatsApp.
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/auth';
import {
  CUSTOMER_MESSAGE_LABELS,
  type CustomerMessage,
  type CustomerMessageFacts,
  customerMessageText,
  messagesFor,
  SUBSCRIPTION_MESSAGE_LABELS,
  type SubscriptionMessage,
  type SubscriptionMessageFacts,
  subscriptionMessagesFor,
  subscriptionMessageText,
} from '../../../contracts/customer-messages';
import { TR_WEEKDAYS, weekdayIndex } from '../../../contracts/dates';
import { pitchMap } from '../../../contracts/map-link';
import { msg } from '../../../contracts/messages';
import { whatsappHref } from '../../../contracts/phone-links';
import { nightOf, realStart } from '../../../contracts/slot-start';
import { actorName } from '../db/audit';
import { bookingRef } from '../db/booking-columns';
import type { Db } from '../db/client';
import { recordHistory } from '../db/events';
import { bookingHistory, bookings, calendarFeeds, facilities, siteSettings } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { isAnonymisedPhone } from './staff-bookings';

export interface CustomerMessageWire {
  kind: CustomerMessage;
  label: string;
  text: string;
  /** https://wa.me/<phone>?text=…: opens the chat with the message typed, for staff to send. */
  href: string;
}

/** The booking, its pitch and the site's name, and whether the last cancel was the venue's: one round trip. */
async function factsOf(db: Db, ref: string, origin: string) {
  const row = await db
    .select({
      id: bookings.id,
      phone: bookings.customerPhone,
      b: {
        customerName: bookings.customerName,
        bookingNumber: bookings.bookingNumber,
        status: bookings.status,
        isSubscriber: bookings.isSubscriber,
        date: bookings.date,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        startsAt: bookings.startsAt,
        totalPrice: bookings.totalPrice,
        depositAmount: bookings.depositAmount,
        collected: bookings.collected,
        paymentStatus: bookings.paymentStatus,
        expiresAt: bookings.expiresAt,
        rejectionReason: bookings.rejectionReason,
        cancellationReason: bookings.cancellationReason,
      },
      f: {
        name: facilities.name,
        address: facilities.address,
        googleMapsLocation: facilities.googleMapsLocation,
        latitude: facilities.latitude,
        longitude: facilities.longitude,
        bankName: facilities.bankName,
        recipientName: facilities.recipientName,
        depositIban: facilities.depositIban,
      },
      siteName: sql<string | null>`(select ${siteSettings.siteName} from ${siteSettings} limit 1)`,
      cancelledBy: sql<string | null>`(select ${bookingHistory.actorType} from ${bookingHistory}
        where ${bookingHistory.bookingId} = ${bookings.id} and ${bookingHistory.toStatus} = 'cancelled'
          and ${bookingHistory.fromStatus} is not 'cancelled'
        order by ${desc(bookingHistory.createdAt)}, ${desc(bookingHistory.id)} limit 1)`,
    })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .where(bookingRef(ref))
    .get();
  if (!row) throw notFound(msg.bookingNotFound);
  const { b, f } = row;
  const facts: CustomerMessageFacts = {
    ...b,
    siteName: row.siteName ?? 'Halı Saha',
    facilityName: f.name,
    address: f.address,
    mapLink: pitchMap(f.googleMapsLocation, f.latitude, f.longitude, f.address).link,
    bankName: f.bankName,
    recipientName: f.recipientName,
    depositIban: f.depositIban,
    cancelledByVenue: row.cancelledBy === 'staff',
    trackingUrl: new URL('/rezervasyon-takip', origin).href,
  };
  // An erased customer has no phone to write to.
  const phone = isAnonymisedPhone(row.phone) ? null : row.phone;
  return { id: row.id, phone, facts };
}

/** The messages that fit the booking now (none when its customer was erased). */
export async function customerMessages(db: Db, ref: string, origin: string, now: number) {
  const { phone, facts } = await factsOf(db, ref, origin);
  if (phone === null) return [];
  return messagesFor(facts, now).map((kind): CustomerMessageWire => {
    const text = customerMessageText(kind, facts);
    return { kind, label: CUSTOMER_MESSAGE_LABELS[kind], text, href: whatsappHref(phone, text) };
  });
}

/** Staff opened a message in WhatsApp: a history row says which, by whom. Refused when it no longer fits. */
export async function recordMessageOpened(
  db: Db,
  ref: string,
  kind: CustomerMessage,
  actor: PublicUser,
  origin: string,
  now: number,
) {
  const { id, phone, facts } = await factsOf(db, ref, origin);
  if (phone === null || !messagesFor(facts, now).includes(kind)) throw conflict(msg.messageNotFitting);
  await recordHistory(db, eq(bookings.id, id), {
    bookingId: bookings.id,
    fromStatus: bookings.status,
    toStatus: bookings.status,
    reason: `WhatsApp: ${CUSTOMER_MESSAGE_LABELS[kind]}`,
    event: 'whatsapp',
    actorType: 'staff',
    actorUserId: actor.id,
    actorLabel: actorName(actor),
    createdAt: now,
  }).run();
}

// ---------- a subscription's messages ----------

/** The subscription's live weeks still ahead, its pitch, the customer, the site's name and the live feed, in one batch. */
async function subscriptionFactsOf(db: Db, groupId: string, origin: string, now: number) {
  const [weeks, feed, site] = await db.batch([
    db
      .select({
        bookingNumber: bookings.bookingNumber,
        customerName: bookings.customerName,
        phone: bookings.customerPhone,
        date: bookings.date,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        startsAt: bookings.startsAt,
        facilityName: facilities.name,
        address: facilities.address,
        googleMapsLocation: facilities.googleMapsLocation,
        latitude: facilities.latitude,
        longitude: facilities.longitude,
      })
      .from(bookings)
      .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
      .where(
        and(
          eq(bookings.recurringGroupId, groupId),
          inArray(bookings.status, ['pending', 'approved']),
          gt(bookings.startsAt, now),
        ),
      )
      .orderBy(asc(bookings.startsAt)),
    db
      .select({ token: calendarFeeds.token })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.recurringGroupId, groupId), isNull(calendarFeeds.revokedAt))),
    db.select({ siteName: siteSettings.siteName }).from(siteSettings).limit(1),
  ]);
  const first = weeks[0];
  if (!first) return null;
  const facts: SubscriptionMessageFacts = {
    siteName: site[0]?.siteName ?? 'Halı Saha',
    customerName: first.customerName,
    facilityName: first.facilityName,
    address: first.address,
    mapLink: pitchMap(first.googleMapsLocation, first.latitude, first.longitude, first.address).link,
    weekly: weeklyText(first),
    weeks: weeks.map(({ bookingNumber, date, startTime, endTime, startsAt }) => ({
      bookingNumber,
      date,
      startTime,
      endTime,
      startsAt,
    })),
    feedUrl: feed[0] ? new URL(`/api/calendar/${feed[0].token}.ics`, origin).href : null,
    trackingUrl: new URL('/rezervasyon-takip', origin).href,
  };
  return { phone: isAnonymisedPhone(first.phone) ? null : first.phone, facts };
}

/** 'Salı 21:00', or 'Salı 00:30 (Pazartesi gecesi)' for an after-midnight hour. */
function weeklyText(w: { date: string; startTime: string; startsAt: number }) {
  const start = realStart(w);
  const day = TR_WEEKDAYS[weekdayIndex(start.calendarDate)];
  return start.overnight ? `${day} ${start.time} (${nightOf(start.businessDate)})` : `${day} ${start.time}`;
}

/** The subscription's messages that fit now (none when no live week is ahead or its customer was erased). */
export async function subscriptionMessages(db: Db, groupId: string, origin: string, now: number) {
  const found = await subscriptionFactsOf(db, groupId, origin, now);
  if (!found || found.phone === null) return [];
  const { phone, facts } = found;
  return subscriptionMessagesFor(facts).map((kind) => {
    const text = subscriptionMessageText(kind, facts);
    return { kind, label: SUBSCRIPTION_MESSAGE_LABELS[kind], text, href: whatsappHref(phone, text) };
  });
}

/** Staff opened one in WhatsApp: a history row on every live week still ahead, by whom. */
export async function recordSubscriptionMessageOpened(
  db: Db,
  groupId: string,
  kind: SubscriptionMessage,
  actor: PublicUser,
  origin: string,
  now: number,
) {
  const found = await subscriptionFactsOf(db, groupId, origin, now);
  if (!found || found.phone === null || !subscriptionMessagesFor(found.facts).includes(kind))
    throw conflict(msg.messageNotFitting);
  await recordHistory(
    db,
    and(
      eq(bookings.recurringGroupId, groupId),
      inArray(bookings.status, ['pending', 'approved']),
      gt(bookings.startsAt, now),
    )!,
    {
      bookingId: bookings.id,
      fromStatus: bookings.status,
      toStatus: bookings.status,
      reason: `WhatsApp: ${SUBSCRIPTION_MESSAGE_LABELS[kind]}`,
      event: 'whatsapp',
      actorType: 'staff',
      actorUserId: actor.id,
      actorLabel: actorName(actor),
      createdAt: now,
    },
  ).run();
}
