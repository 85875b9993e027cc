import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { amenities, facilities, facilityImages, pickupPoints, type Facility, type WorkingHours } from '../db/schema';
import { toTl } from '../lib/money';
import { isoInstant } from '../lib/time';

export type FacilityRow = Facility;
export type ImageRow = typeof facilityImages.$inferSelect;
export type AmenityRow = typeof amenities.$inferSelect;
export type PickupPointRow = typeof pickupPoints.$inferSelect;

export interface FacilityBundle {
  facility: FacilityRow;
  images: ImageRow[];
  amenities: AmenityRow[];
  pickupPoints: PickupPointRow[];
}

export const imageUrl = (key: string) => `/api/images/${key}`;

/** A facility can be addressed by documentId, slug or numeric id. */
function byRef(ref: string) {
  const conds = [eq(facilities.documentId, ref), eq(facilities.slug, ref)];
  if (/^\d+$/.test(ref)) conds.push(eq(facilities.id, Number(ref)));
  return or(...conds);
}

export async function findFacilityRow(db: Db, ref: string): Promise<FacilityRow | undefined> {
  return db.select().from(facilities).where(byRef(ref)).get();
}

export async function loadBundles(db: Db, rows: FacilityRow[]): Promise<FacilityBundle[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [imgs, ams, pps] = await db.batch([
    db.select().from(facilityImages).where(inArray(facilityImages.facilityId, ids)).orderBy(asc(facilityImages.sortOrder), asc(facilityImages.id)),
    db.select().from(amenities).where(inArray(amenities.facilityId, ids)).orderBy(asc(amenities.sortOrder), asc(amenities.id)),
    db.select().from(pickupPoints).where(inArray(pickupPoints.facilityId, ids)).orderBy(asc(pickupPoints.sortOrder), asc(pickupPoints.id)),
  ]);
  return rows.map((facility) => ({
    facility,
    images: imgs.filter((i) => i.facilityId === facility.id),
    amenities: ams.filter((a) => a.facilityId === facility.id),
    pickupPoints: pps.filter((p) => p.facilityId === facility.id),
  }));
}

export async function findFacilityBundle(db: Db, ref: string): Promise<FacilityBundle | undefined> {
  const row = await findFacilityRow(db, ref);
  return row ? (await loadBundles(db, [row]))[0] : undefined;
}

export async function activeFacilityRows(db: Db): Promise<FacilityRow[]> {
  return db.select().from(facilities).where(and(eq(facilities.isActive, true))).all();
}

const collator = new Intl.Collator('tr', { sensitivity: 'base' });
export const compareTr = (a: string, b: string) => collator.compare(a, b);

/** Active pitches first by priority (higher first), then by name in Turkish order. */
export function byPriorityThenName(a: FacilityRow, b: FacilityRow): number {
  return b.priority - a.priority || compareTr(a.name, b.name);
}

export function toWire({ facility: f, images, amenities: ams, pickupPoints: pps }: FacilityBundle) {
  return {
    id: f.id,
    documentId: f.documentId,
    slug: f.slug,
    name: f.name,
    description: f.description,
    address: f.address,
    location: f.location,
    latitude: f.latitude,
    longitude: f.longitude,
    isActive: f.isActive,
    images: images.map((i) => ({ id: i.id, url: imageUrl(i.key), name: i.name, alternativeText: i.alternativeText ?? f.name, width: i.width, height: i.height })),
    facilities: ams.map((a) => ({ name: a.name, available: a.available, icon: a.icon })),
    hourlyPrice: toTl(f.hourlyPrice),
    depositAmount: toTl(f.depositAmount),
    depositIban: f.depositIban,
    bankName: f.bankName,
    recipientName: f.recipientName,
    phoneNumbers: f.phoneNumbers,
    email: f.email,
    googleMapsLocation: f.googleMapsLocation,
    workingHours: f.workingHours as WorkingHours,
    bookingTimeType: f.bookingTimeType,
    startTimeOffset: f.startTimeOffset,
    autoApprovalTimeout: f.autoApprovalTimeout,
    priority: f.priority,
    rating: f.rating,
    seoTitle: f.seoTitle,
    seoDescription: f.seoDescription,
    seoKeywords: f.seoKeywords,
    facilityServices: f.facilityServices,
    services: f.services,
    transportationService: {
      isActive: f.transportIsActive,
      price: toTl(f.transportPrice),
      description: f.transportDescription,
      vehicleInfo: { type: f.vehicleType, capacity: f.vehicleCapacity },
      pickupPoints: pps.map((p) => ({ id: p.id, name: p.name, address: p.address, description: p.description, time: p.time, minutesBefore: p.minutesBefore })),
    },
    createdAt: isoInstant(f.createdAt),
    updatedAt: isoInstant(f.updatedAt),
  };
}
export type FacilityWire = ReturnType<typeof toWire>;
