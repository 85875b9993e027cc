// The WhatsApp messages staff send a customer about a booking (docs/behaviour.md#bookings 'Messages to the customer'):
// the ones that fit the booking now, each as its text and a click-to-chat link to the booking's phone; opening one is
// recorded in the booking's history. Nothing is sent by the product: staff press send in WhatsApp.
import { desc, eq, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/auth';
import {
  CUSTOMER_MESSAGE_LABELS,
  type CustomerMessage,
  type CustomerMessageFacts,
  customerMessageText,
  messagesFor,
} from '../../../contracts/customer-messages';
import { pitchMap } from '../../../contracts/map-link';
import { msg } from '../../../contracts/messages';
import { whatsappHref } from '../../../contracts/phone-links';
import { actorName } from '../db/audit';
import { bookingRef } from '../db/booking-columns';
import type { Db } from '../db/client';
import { recordHistory } from '../db/events';
import { bookingHistory, bookings, facilities, siteSettings } from '../db/schema';
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
