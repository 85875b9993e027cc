// Column sets and conditions the bookings queries share.
import { eq, or, sql } from 'drizzle-orm';
import { bookings, facilities } from './schema';

/** A booking by its documentId or its booking number (staff type either). */
export const bookingRef = (ref: string) => or(eq(bookings.documentId, ref), eq(bookings.bookingNumber, ref))!;

// status = 'pending' as a literal: the partial index bookings_pending_expiry serves only that term.
export const pending = sql`${bookings.status} = 'pending'`;

/** The pitch as a booking answer shows it. */
export const bookingFacilityFields = {
  documentId: facilities.documentId,
  slug: facilities.slug,
  name: facilities.name,
  address: facilities.address,
  phoneNumbers: facilities.phoneNumbers,
  bankName: facilities.bankName,
  recipientName: facilities.recipientName,
  depositIban: facilities.depositIban,
};

// In a D1 batch drizzle matches columns by name: the pitch's document_id is aliased so it does not hide the booking's.
export const facilityDocumentId = sql<string>`${facilities.documentId}`.as('facility_document_id');
