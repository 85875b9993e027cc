import type { z } from 'zod';
import type { AddonWire } from '../../../contracts/addons';
import type { PublicUser } from '../../../contracts/auth';
import type { FacilityListQuery, generateSlotsSchema, slotsQuery } from '../../../contracts/facilities';
import { offeredLengths } from '../../../contracts/match-length';
import { msg } from '../../../contracts/messages';
import { ratingSummary } from '../../../contracts/ratings';
import { foldSearch } from '../../../contracts/search';
import type { FacilitySummaryWire, FacilityWire } from '../../../contracts/wire/facility';
import type { Db } from '../db/client';
import {
  type AddonRow,
  type AmenityRow,
  activeFacilityPaths,
  activeFacilityRows,
  type FacilityBundle,
  type FacilityParts,
  type FacilityRow,
  type FacilitySortKeys,
  facilitiesWithParts,
  facilityByRef,
  facilityCalendarByRef,
  facilityTotal,
  facilityWithPartsById,
  facilityWithPartsByRef,
  filteredFacilityKeys,
  type ImageRow,
  type PickupPointRow,
  partsOfFacilities,
} from '../db/facilities';
import { slotPriceSpan, slotPriceSpans } from '../db/slots';
import { badRequest, notFound, unwrap } from '../lib/errors';
import { toKurus, toTl } from '../lib/money';
import { addDays, daysBetween, isoInstant, istanbulToday } from '../lib/time';
import { facilityStub, resolveFacility } from './facility-ref';
import { bookableUntil, slotToWire } from './slots';

type SlotsQuery = z.infer<typeof slotsQuery>;
type GenerateSlotsInput = z.infer<typeof generateSlotsSchema>;

export type { AmenityRow, FacilityBundle, FacilityRow, ImageRow, PickupPointRow };

export const imageUrl = (key: string) => `/api/images/${key}`;

/** The copies narrowest first, then the photo itself, each with its width. */
function srcsetOf(i: ImageRow): string | null {
  if (i.variants.length === 0 || !i.width || !i.height) return null;
  const copies = [...i.variants].sort((a, b) => a.width - b.width);
  // Copies are upright (EXIF orientation applied); a photo stored on its side is as wide upright as it is tall here.
  const sideways = Math.abs(copies[0].height / copies[0].width - i.height / i.width) > 0.02;
  const uprightWidth = sideways ? i.height : i.width;
  return [...copies.map((v) => `${imageUrl(v.key)} ${v.width}w`), `${imageUrl(i.key)} ${uprightWidth}w`].join(', ');
}

export const addonToWire = (a: AddonRow): AddonWire => ({
  id: a.id,
  name: a.name,
  description: a.description,
  price: toTl(a.price),
  unit: a.unit,
  isActive: a.isActive,
  stockPerSlot: a.stockPerSlot,
});

function bundlesOf(rows: FacilityRow[], parts: FacilityParts): FacilityBundle[] {
  return rows.map((facility) => ({
    facility,
    images: parts.images.filter((i) => i.facilityId === facility.id),
    amenities: parts.amenities.filter((a) => a.facilityId === facility.id),
    pickupPoints: parts.pickupPoints.filter((p) => p.facilityId === facility.id),
    addons: parts.addons.filter((a) => a.facilityId === facility.id),
    ratingStats: parts.ratingStats.filter((r) => r.facilityId === facility.id),
  }));
}

/** A pitch by slug, documentId or numeric id, with the same matching rule as resolveFacility (an exact slug wins). */
export async function findFacilityRow(db: Db, ref: string): Promise<FacilityRow | undefined> {
  return facilityByRef(db, ref);
}

export async function findFacilityBundle(db: Db, ref: string): Promise<FacilityBundle | undefined> {
  return facilityWithPartsByRef(db, ref);
}

/** By numeric id only: a caller holding the id (the pitch's Durable Object) cannot be misled by an all-digit slug. */
export async function findFacilityBundleById(db: Db, id: number): Promise<FacilityBundle | undefined> {
  return facilityWithPartsById(db, id);
}

const collator = new Intl.Collator('tr', { sensitivity: 'base' });
export const compareTr = (a: string, b: string) => collator.compare(a, b);

type Ranked = Pick<FacilityRow, 'priority' | 'name'>;

/** Active pitches first by priority (higher first), then by name in Turkish order. */
export function byPriorityThenName(a: Ranked, b: Ranked): number {
  return b.priority - a.priority || compareTr(a.name, b.name);
}

/** Every active pitch in the public order (priority, then name), as the home page and the pitch list show them. */
export async function activeFacilities(db: Db): Promise<FacilityWire[]> {
  const rows = (await activeFacilityRows(db)).sort(byPriorityThenName);
  return bundlesOf(
    rows,
    await partsOfFacilities(
      db,
      rows.map((r) => r.id),
    ),
  ).map(toWire);
}

/** Every pitch, active or not: the pitch list's "total" count. */
export async function countFacilities(db: Db): Promise<number> {
  return facilityTotal(db);
}

/** The sitemap's pitches: each active pitch's path and last change, and the latest change of them all. */
export async function sitemapFacilities(db: Db) {
  const rows = await activeFacilityPaths(db);
  const latest = rows.reduce<number | null>((m, p) => (m === null || p.updatedAt > m ? p.updatedAt : m), null);
  return {
    facilities: rows.map((p) => ({ slug: p.slug, lastmod: isoInstant(p.updatedAt) })),
    latest: isoInstant(latest),
  };
}

/** The pitch page: an active pitch only (an inactive one is staff business). */
export async function publicFacility(db: Db, ref: string): Promise<FacilityWire | null> {
  const bundle = await findFacilityBundle(db, ref);
  return bundle?.facility.isActive ? toWire(bundle) : null;
}

/** How far ahead the pitch page reads its price range: the week its calendar opens on. */
export const PRICE_RANGE_DAYS = 7;

/**
 * The pitch page's hourly price: slots carry their own prices (price rules), so the page shows the lowest
 * and highest of the coming week's slots, in TL; null when none is generated (the page then shows the hourly price).
 */
export async function upcomingPriceRange(
  db: Db,
  facilityId: number,
  today = istanbulToday(),
): Promise<{ min: number; max: number } | null> {
  const span = await slotPriceSpan(db, facilityId, today, addDays(today, PRICE_RANGE_DAYS - 1));
  return span?.min == null || span.max == null ? null : { min: toTl(span.min), max: toTl(span.max) };
}

/**
 * The coming week's price range of each pitch (TL), by pitch id; a pitch with no slot that week is absent. D1 takes
 * at most 100 bound parameters a statement, so the ids go 90 at a time.
 */
export async function upcomingPriceRanges(
  db: Db,
  facilityIds: number[],
  today = istanbulToday(),
): Promise<Map<number, { min: number; max: number }>> {
  const ranges = new Map<number, { min: number; max: number }>();
  const to = addDays(today, PRICE_RANGE_DAYS - 1);
  for (let i = 0; i < facilityIds.length; i += 90) {
    for (const r of await slotPriceSpans(db, facilityIds.slice(i, i + 90), today, to)) {
      if (r.min != null && r.max != null) ranges.set(r.facilityId, { min: toTl(r.min), max: toTl(r.max) });
    }
  }
  return ranges;
}

/**
 * Strapi-style list (api.md): filtered in SQL; sorted here because SQLite has no Turkish collation and every order ends
 * with the name (byPriorityThenName); only the page's pitches are read in full.
 */
export async function listFacilities(db: Db, q: FacilityListQuery, activeOnly: boolean) {
  const needle = (s?: string) => (s ? foldSearch(s) : undefined);
  const price = (tl?: number) => (tl === undefined ? undefined : toKurus(tl));
  const isActive = q['filters[isActive][$eq]'];
  const keys = await filteredFacilityKeys(db, {
    activeOnly,
    isActive: isActive ? isActive === 'true' : undefined,
    slug: q['filters[slug][$eq]'] || undefined,
    name: needle(q['filters[name][$containsi]']),
    address: needle(q['filters[address][$containsi]']),
    search: needle(q.search),
    price: {
      gte: price(q['filters[hourlyPrice][$gte]']),
      lte: price(q['filters[hourlyPrice][$lte]']),
      gt: price(q['filters[hourlyPrice][$gt]']),
      lt: price(q['filters[hourlyPrice][$lt]']),
    },
  });
  keys.sort(bySortParams(q.sort));
  const page = q['pagination[page]'];
  const pageSize = q['pagination[pageSize]'];
  const pageIds = keys.slice((page - 1) * pageSize, page * pageSize).map((k) => k.id);
  const { rows, ...parts } = await facilitiesWithParts(db, pageIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = pageIds.map((id) => byId.get(id)).filter((r): r is FacilityRow => r !== undefined);
  const total = keys.length;
  return {
    data: bundlesOf(ordered, parts).map(toWire),
    meta: { pagination: { page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)), total } },
  };
}

function bySortParams(sort: string[]): (a: FacilitySortKeys, b: FacilitySortKeys) => number {
  const sorts = sort.map((s) => s.split(':') as [keyof FacilitySortKeys, string?]);
  return (a, b) => {
    for (const [field, dir] of sorts) {
      const sign = dir === 'desc' ? -1 : 1;
      const av = a[field];
      const bv = b[field];
      // A pitch without a shown average (under 3 ratings) comes after the rated ones, whichever the direction.
      if (field === 'rating' && (av === null || bv === null)) {
        if (av !== bv) return av === null ? 1 : -1;
        continue;
      }
      const cmp = typeof av === 'string' && typeof bv === 'string' ? compareTr(av, bv) : Number(av) - Number(bv);
      if (cmp !== 0) return sign * cmp;
    }
    return byPriorityThenName(a, b);
  };
}

/**
 * Availability for one day (`date`) or a range (`from`..`to`, at most 31 days) in one round trip (behaviour.md#slots). An inactive
 * pitch is visible to staff only: `isStaff` is asked only then.
 */
export async function facilityAvailability(
  db: Db,
  ref: string,
  q: SlotsQuery,
  opts: { now: number; horizonDays: unknown; isStaff: () => Promise<boolean> },
) {
  const from = q.date ?? q.from!;
  const to = q.date ?? q.to!;
  if (from > to) throw badRequest(msg.rangeReversed, { errors: [{ path: ['from'], message: msg.rangeReversed }] });
  assertRange(from, to);
  const { facility: f, slots: rows, lastSlotDate } = await facilityCalendarByRef(db, ref, from, to);
  if (!f || (!f.isActive && !(await opts.isStaff()))) throw notFound(msg.facilityNotFound);
  const facility: FacilitySummaryWire = {
    ...f,
    hourlyPrice: toTl(f.hourlyPrice),
    depositAmount: toTl(f.depositAmount),
    matchLengths: offeredLengths(f),
  };
  const slots = rows.map((r) => slotToWire(r, opts.now));
  // Days after this are not open for booking yet ('Henüz açılmadı'), not closed.
  const horizon = bookableUntil(lastSlotDate, opts.horizonDays);
  if (q.date) {
    return {
      date: from,
      facility,
      slots,
      availableSlots: slots.filter((s) => s.isAvailable),
      bookedSlots: slots.filter((s) => s.booking !== null),
      bookableUntil: horizon,
      asOf: opts.now,
    };
  }
  // `asOf`: the instant the read began (ms). A calendar compares it with the live channel's `changedAt`.
  return { from, to, facility, slots, bookableUntil: horizon, asOf: opts.now };
}

const MAX_RANGE_DAYS = 31;
const GENERATION_WINDOW_DAYS = 92; // today … today + 3 months (behaviour.md#slots)

/** A calendar asks for at most 31 days at once. */
export function assertRange(from: string, to: string): void {
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) {
    throw badRequest(msg.rangeTooLong, { errors: [{ path: ['to'], message: msg.rangeTooLong }] });
  }
}

/**
 * Staff generate slots from today up to three months ahead; the pitch's Durable Object does it, serialised with
 * bookings.
 */
export async function generateFacilitySlots(
  env: Env,
  ref: string,
  input: GenerateSlotsInput,
  actor: PublicUser | null = null,
) {
  const { startDate, endDate, overwrite } = input;
  const today = istanbulToday();
  if (startDate > endDate) {
    throw badRequest(msg.rangeReversed, { errors: [{ path: ['startDate'], message: msg.rangeReversed }] });
  }
  if (startDate < today || endDate > addDays(today, GENERATION_WINDOW_DAYS)) {
    throw badRequest('Slotlar bugünden itibaren en fazla 3 ay ileriye kadar oluşturulabilir', {
      errors: [{ path: ['endDate'], message: 'Tarih aralığı bugün ile 3 ay sonrası arasında olmalı' }],
    });
  }
  const f = await resolveFacility(env.DB, ref);
  const result = unwrap(await facilityStub(env, f.id).generateSlots(f.id, startDate, endDate, overwrite, actor));
  const facilityName = f.name;
  return {
    facilityName,
    message:
      `${facilityName} için ${result.created} slot oluşturuldu, ${result.replaced} slot yenilendi, ` +
      `${result.kept} slot korundu.`,
    ...result,
  };
}

/** Live slot changes of one pitch: the socket is the pitch's Durable Object's; an inactive pitch is for staff only. */
export async function facilityLiveSocket(env: Env, ref: string, request: Request, isStaff: () => Promise<boolean>) {
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
    throw badRequest('WebSocket bağlantısı bekleniyor');
  const f = await resolveFacility(env.DB, ref);
  if (!f.isActive && !(await isStaff())) throw notFound(msg.facilityNotFound);
  return facilityStub(env, f.id).fetch(request);
}

export function toWire({
  facility: f,
  images,
  amenities: ams,
  pickupPoints: pps,
  addons,
  ratingStats,
}: FacilityBundle): FacilityWire {
  const active = addons.filter((a) => a.isActive);
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
    images: images.map((i) => ({
      id: i.id,
      url: imageUrl(i.key),
      name: i.name,
      alternativeText: i.alternativeText ?? f.name,
      width: i.width,
      height: i.height,
      srcset: srcsetOf(i),
    })),
    facilities: ams.map((a) => ({ name: a.name, available: a.available, icon: a.icon })),
    hourlyPrice: toTl(f.hourlyPrice),
    depositAmount: toTl(f.depositAmount),
    depositIban: f.depositIban,
    bankName: f.bankName,
    recipientName: f.recipientName,
    phoneNumbers: f.phoneNumbers,
    email: f.email,
    googleMapsLocation: f.googleMapsLocation,
    workingHours: f.workingHours,
    bookingTimeType: f.bookingTimeType,
    startTimeOffset: f.startTimeOffset,
    matchLengths: offeredLengths(f),
    halfHourStarts: f.halfHourStarts,
    depositPerHour: f.depositPerHour,
    autoApprovalTimeout: f.autoApprovalTimeout,
    priority: f.priority,
    seoTitle: f.seoTitle,
    seoDescription: f.seoDescription,
    seoKeywords: f.seoKeywords,
    // The pitch form's free list (behaviour.md#validation) and the names of the paid add-ons visitors can take, once each.
    facilityServices: [...new Set([...f.facilityServices, ...active.map((a) => a.name)])],
    addons: active.map(addonToWire),
    services: f.services,
    // What players gave, from 3 ratings on (docs/behaviour.md#ratings); null before.
    ratingSummary: ratingSummary(ratingStats[0]?.ratings ?? 0, ratingStats[0]?.scoreSum ?? 0),
    transportationService: {
      isActive: f.transportIsActive,
      price: toTl(f.transportPrice),
      description: f.transportDescription,
      vehicleInfo: { type: f.vehicleType, capacity: f.vehicleCapacity },
      pickupPoints: pps.map((p) => ({
        id: p.id,
        name: p.name,
        address: p.address,
        description: p.description,
        time: p.time,
        minutesBefore: p.minutesBefore,
      })),
    },
    createdAt: isoInstant(f.createdAt),
    updatedAt: isoInstant(f.updatedAt),
  };
}
