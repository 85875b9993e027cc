// The match page's reads and its token (docs/behaviour.md#public-site 'Match page'): only the columns a stranger may see are selected,
// so nothing personal can reach the page by mistake.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { bookings, facilities, facilityImages } from './schema';

const matchColumns = {
  id: bookings.id,
  status: bookings.status,
  date: bookings.date,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  startsAt: bookings.startsAt,
  shareToken: bookings.shareToken,
  facilityId: facilities.id,
  name: facilities.name,
  slug: facilities.slug,
  isActive: facilities.isActive,
  address: facilities.address,
  location: facilities.location,
  latitude: facilities.latitude,
  longitude: facilities.longitude,
  googleMapsLocation: facilities.googleMapsLocation,
};

const matchRows = (db: Db) =>
  db.select(matchColumns).from(bookings).innerJoin(facilities, eq(facilities.id, bookings.facilityId));

export type MatchRow = NonNullable<Awaited<ReturnType<typeof matchByNumber>>>;

export const matchByNumber = (db: Db, bookingNumber: string) =>
  matchRows(db).where(eq(bookings.bookingNumber, bookingNumber)).get();

export const matchByToken = (db: Db, token: string) => matchRows(db).where(eq(bookings.shareToken, token)).get();

/** The pitch's first photo, as the pitch page orders them. */
export const firstImage = (db: Db, facilityId: number) =>
  db
    .select({
      key: facilityImages.key,
      width: facilityImages.width,
      height: facilityImages.height,
      alternativeText: facilityImages.alternativeText,
    })
    .from(facilityImages)
    .where(eq(facilityImages.facilityId, facilityId))
    .orderBy(asc(facilityImages.sortOrder), asc(facilityImages.id))
    .limit(1)
    .get();

/**
 * Sets the token only while none is set: of two racing first shares one write lands, the other changes no row. Not a
 * change to the booking (its updated_at stays).
 */
export async function setShareToken(db: Db, bookingId: number, token: string): Promise<boolean> {
  const res = await db
    .update(bookings)
    .set({ shareToken: token })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.shareToken)))
    .run();
  return res.meta.changes > 0;
}

export const shareTokenOf = async (db: Db, bookingId: number) =>
  (await db.select({ token: bookings.shareToken }).from(bookings).where(eq(bookings.id, bookingId)).get())?.token ??
  null;
