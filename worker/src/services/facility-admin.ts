// Staff manage pitches (behaviour.md#management-panel 'Pitch administration', api.md Pitches): create, update, toggle and delete, with
// images in R2. Nothing is stored unless everything sent is valid: the form, every image's bytes, the image count.

import { and, eq, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/auth';
import {
  type FacilityInput,
  facilityMsg,
  IMAGE_VARIANT_WIDTHS,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
} from '../../../contracts/facility-form';
import { msg } from '../../../contracts/messages';
import type { PaymentMethod } from '../../../contracts/payments';
import { slotLengthOf } from '../../../contracts/slot-plan';
import type { FacilityWire } from '../../../contracts/wire/facility';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { actorName, recordAudit } from '../db/audit';
import type { ChangedBooking } from '../db/bookings';
import { getDb } from '../db/client';
import * as store from '../db/facility-admin';
import { paymentWithEvents } from '../db/payments';
import { bookings, type ImageVariant } from '../db/schema';
import { storedRules } from '../lib/booking-rules';
import { badRequest, conflict, notFound, unwrap } from '../lib/errors';
import { newDocumentId } from '../lib/ids';
import { cleanImage, decodable, type SniffedImage } from '../lib/images';
import { toKurus } from '../lib/money';
import { type FacilityBundle, findFacilityBundle, findFacilityBundleById, toWire } from './facilities';
import { facilityStub, resolveFacility } from './facility-ref';
import { notificationsToWire } from './notifications';

// ---------- slugs ----------

const TR_ASCII: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };

/** 'Yıldız Halı Saha' → 'yildiz-hali-saha': Turkish letters to ASCII, anything else between words to one dash. */
export function slugify(name: string): string {
  const base = name
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşüâîû]/g, (ch) => TR_ASCII[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (!base) return 'saha';
  // An all-digit slug would read like a numeric id.
  return /^\d+$/.test(base) ? `saha-${base}` : base;
}

/** The first free of base, base-2, base-3 … (deleted pitches keep theirs: the column is unique). */
async function uniqueSlug(d1: D1Database, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await store.slugsLike(getDb(d1), base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

// ---------- images ----------

interface CheckedVariant {
  bytes: Uint8Array;
  width: number;
  height: number;
}

interface CheckedImage {
  bytes: Uint8Array;
  name: string;
  sniffed: SniffedImage;
  variants: CheckedVariant[];
}

const filesPath = (i?: number) => (i === undefined ? ['files.images'] : ['files.images', String(i)]);
const imageError = (message: string, i?: number) => badRequest(message, { errors: [{ path: filesPath(i), message }] });
const variantError = (i: number) =>
  badRequest(facilityMsg.variantInvalid, {
    errors: [{ path: ['files.variants', String(i)], message: facilityMsg.variantInvalid }],
  });

/**
 * Every file must fit (at most MAX_IMAGES with the `existing` ones, each under MAX_IMAGE_BYTES as behaviour.md#validation, #constants-and-limits say and the
 * form checks) and be a real image named as what it is (lib/images.ts); one bad file refuses them all. Each of
 * `variants` ('<photo index>-<width>.webp') must be a real WebP of that width, narrower than its photo and of the same
 * shape.
 */
export async function checkImages(files: File[], existing: number, variants: File[] = []): Promise<CheckedImage[]> {
  if (files.length === 0 && variants.length === 0) return [];
  if (existing + files.length > MAX_IMAGES) throw imageError(facilityMsg.tooManyImages(existing));
  const out: CheckedImage[] = [];
  for (const [i, file] of files.entries()) {
    if (file.size >= MAX_IMAGE_BYTES) throw imageError(facilityMsg.imageTooLarge, i);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length >= MAX_IMAGE_BYTES) throw imageError(facilityMsg.imageTooLarge, i);
    // Stored without its metadata (text, comments, EXIF with its GPS position, XMP): what is left is checked.
    const cleaned = cleanImage(bytes, file.name);
    if (!cleaned) throw imageError(facilityMsg.imageType, i);
    const sniffed = cleaned.image;
    if (!decodable(sniffed)) throw imageError(facilityMsg.imageDimensions, i);
    out.push({ bytes: cleaned.bytes, name: displayName(file.name, sniffed.ext), sniffed, variants: [] });
  }
  for (const [i, file] of variants.entries()) {
    const named = /^(\d{1,2})-(\d{3,4})\.webp$/.exec(file.name);
    const photo = named ? out[Number(named[1])] : undefined;
    const width = Number(named?.[2]);
    const allowed = (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width);
    // The browser turns a photo upright by its EXIF orientation before copying it: its sides may come swapped.
    const [w, h] = [photo?.sniffed.width ?? 0, photo?.sniffed.height ?? 0];
    if (!photo || !allowed || width >= Math.max(w, h) || photo.variants.some((v) => v.width === width))
      throw variantError(i);
    if (file.size >= MAX_IMAGE_BYTES) throw variantError(i);
    const cleaned = cleanImage(new Uint8Array(await file.arrayBuffer()), file.name);
    const sniffed = cleaned?.image;
    const shaped = (across: number, down: number) =>
      Math.abs((sniffed?.height ?? 0) - Math.round((down * width) / across)) <= 1;
    if (!cleaned || sniffed?.type !== 'image/webp' || sniffed.width !== width || !(shaped(w, h) || shaped(h, w)))
      throw variantError(i);
    photo.variants.push({ bytes: cleaned.bytes, width, height: sniffed.height });
  }
  return out;
}

/** The file's own name without any path, kept short; a default when nothing is left. */
function displayName(name: string, ext: string): string {
  const own = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f && !'<>"\'`'.includes(ch))
    .join('')
    .trim();
  return own ? own.slice(0, 200) : `gorsel.${ext}`;
}

interface PlacedImage {
  key: string;
  variants: ImageVariant[];
}

/** Every key a placed image holds in R2: the photo and its copies. */
const keysOf = (img: { key: string; variants: ImageVariant[] }) => [img.key, ...img.variants.map((v) => v.key)];

/**
 * Puts the images and their copies under fresh random keys ('<random>.<ext>', '<random>-<width>.webp'); if one put
 * fails, the ones already put are deleted.
 */
async function putImages(bucket: R2Bucket, documentId: string, images: CheckedImage[]) {
  const placed: PlacedImage[] = [];
  const put: string[] = [];
  try {
    for (const img of images) {
      const base = `facilities/${documentId}/${newDocumentId()}`;
      const key = `${base}.${img.sniffed.ext}`;
      await bucket.put(key, img.bytes, { httpMetadata: { contentType: img.sniffed.type } });
      put.push(key);
      const variants: ImageVariant[] = [];
      for (const v of img.variants) {
        const vkey = `${base}-${v.width}.webp`;
        await bucket.put(vkey, v.bytes, { httpMetadata: { contentType: 'image/webp' } });
        put.push(vkey);
        variants.push({ key: vkey, width: v.width, height: v.height });
      }
      placed.push({ key, variants });
    }
  } catch (e) {
    await dropKeys(bucket, put);
    throw e;
  }
  return placed;
}

async function dropKeys(bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await bucket.delete(keys);
  } catch (e) {
    console.error('r2 cleanup', keys, e);
  }
}

function imageRows(images: CheckedImage[], placed: PlacedImage[], firstOrder: number): store.ImageValues[] {
  return images.map((img, i) => ({
    key: placed[i].key,
    variants: placed[i].variants,
    name: img.name,
    alternativeText: null,
    mime: img.sniffed.type,
    size: img.bytes.length,
    width: img.sniffed.width,
    height: img.sniffed.height,
    sortOrder: firstOrder + i,
  }));
}

// ---------- the pitch's values ----------

/** `holdDefault`: the hold a pitch takes when the form leaves it out (a new one: the rules' default; an edit: its own). */
function valuesOf(
  input: FacilityInput,
  now: number,
  holdDefault: number,
  lengthsDefault?: number[],
): store.FacilityValues {
  const t = input.transportationService;
  return {
    name: input.name,
    description: input.description,
    address: input.address,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    isActive: input.isActive,
    hourlyPrice: toKurus(input.hourlyPrice),
    depositAmount: toKurus(input.depositAmount),
    depositIban: input.depositIban,
    bankName: input.bankName,
    recipientName: input.recipientName,
    phoneNumbers: input.phoneNumbers,
    email: input.email,
    // Already reduced to a Google Maps URL by the schema (behaviour.md#content-staff-enter): never markup.
    googleMapsLocation: input.googleMapsLocation,
    workingHours: input.workingHours,
    bookingTimeType: input.bookingTimeType,
    startTimeOffset: input.startTimeOffset,
    // Left out: a new pitch offers one slot's length, an edited one keeps its own (docs/behaviour.md#match-length).
    matchLengths: input.matchLengths ?? lengthsDefault,
    halfHourStarts: input.halfHourStarts,
    depositPerHour: input.depositPerHour,
    autoApprovalTimeout: input.autoApprovalTimeout ?? holdDefault,
    priority: input.priority,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    seoKeywords: input.seoKeywords,
    transportIsActive: t.isActive,
    transportPrice: toKurus(t.price),
    transportDescription: t.description,
    vehicleType: t.vehicleInfo.type,
    vehicleCapacity: t.vehicleInfo.capacity ?? null,
    updatedAt: now,
  };
}

const amenityRows = (input: FacilityInput): store.AmenityValues[] =>
  input.facilities.map((a, i) => ({ name: a.name, available: a.available, icon: a.icon ?? null, sortOrder: i }));

let pickupSeq = 0;
const newPickupId = () => `pickup-${Date.now()}${String(pickupSeq++ % 1000).padStart(3, '0')}`;

/**
 * Pickup points as sent: an id the panel sent is kept unless another pitch owns it or it repeats; a missing one is
 * generated ('pickup-<digits>', behaviour.md#entities).
 */
async function pickupRows(d1: D1Database, input: FacilityInput, facilityId: number | null) {
  const sent = input.transportationService.pickupPoints;
  const others = await store.pickupIdsOfOthers(
    getDb(d1),
    sent.flatMap((p) => (p.id ? [p.id] : [])),
    facilityId,
  );
  const used = new Set<string>();
  return sent.map((p, i): store.PickupPointValues => {
    let id = p.id && !others.has(p.id) && !used.has(p.id) ? p.id : newPickupId();
    while (used.has(id) || others.has(id)) id = newPickupId();
    used.add(id);
    return {
      id,
      name: p.name,
      address: p.address,
      description: p.description,
      time: p.time ?? null,
      minutesBefore: p.minutesBefore ?? null,
      sortOrder: i,
    };
  });
}

const isSlugClash = (e: unknown) => String((e as Error)?.message ?? e).includes('facilities.slug');

// ---------- create, update, toggle ----------

/** POST /api/facilities: the pitch, its parts and its images; R2 first, then one D1 batch (R2 undone if it fails). */
export async function createFacility(
  env: Env,
  input: FacilityInput,
  files: File[],
  variants: File[] = [],
  actor: PublicUser | null = null,
): Promise<FacilityWire> {
  const images = await checkImages(files, 0, variants);
  const documentId = newDocumentId();
  const now = Date.now();
  const amenities = amenityRows(input);
  const pickupPoints = await pickupRows(env.DB, input, null);
  const { holdTimeoutMinutes } = await storedRules(getDb(env.DB), now);
  const placed = await putImages(env.BUCKET, documentId, images);
  const keys = placed.flatMap(keysOf);
  let id: number | undefined;
  try {
    for (let attempt = 0; id === undefined; attempt++) {
      const slug = await uniqueSlug(env.DB, input.name);
      try {
        id = await store.insertFacility(
          getDb(env.DB),
          {
            ...valuesOf(input, now, holdTimeoutMinutes, [slotLengthOf(input.bookingTimeType)]),
            documentId,
            slug,
            createdAt: now,
          },
          { amenities, pickupPoints, images: imageRows(images, placed, 0) },
          recordAudit(getDb(env.DB), {
            at: now,
            actor,
            entityId: sql<string>`(select cast(id as text) from facilities where document_id = ${documentId})`,
            event: { kind: 'facility.create', label: input.name, facts: { imagesAdded: images.length } },
          }),
        );
      } catch (e) {
        // Two pitches of the same name created at once: the loser takes the next number.
        if (!isSlugClash(e) || attempt >= 4) throw e;
      }
    }
  } catch (e) {
    await dropKeys(env.BUCKET, keys);
    throw e;
  }
  return wireOf(env, id);
}

async function wireOf(env: Env, id: number): Promise<FacilityWire> {
  const bundle = await findFacilityBundleById(getDb(env.DB), id);
  if (!bundle) throw notFound(msg.facilityNotFound);
  return toWire(bundle);
}

/**
 * PUT /api/facilities/:ref: fields updated, amenities and pickup points replaced as sent, new images added, the ones in
 * imagesToDelete (this pitch's own only) removed: D1 first, then R2. The slug stays.
 */
export async function updateFacility(
  env: Env,
  ref: string,
  input: FacilityInput,
  files: File[],
  variants: File[] = [],
  actor: PublicUser | null = null,
): Promise<FacilityWire> {
  const db = getDb(env.DB);
  const bundle = await findFacilityBundle(db, ref);
  if (!bundle) throw notFound(msg.facilityNotFound);
  const f = bundle.facility;
  const own = new Map(bundle.images.map((i) => [i.id, i]));
  const toDelete = [...new Set(input.imagesToDelete)];
  const foreign = toDelete.findIndex((id) => !own.has(id));
  if (foreign >= 0) {
    const message = 'Silinecek görsel bu sahaya ait değil';
    throw badRequest(message, { errors: [{ path: ['imagesToDelete', String(foreign)], message }] });
  }
  const images = await checkImages(files, bundle.images.length - toDelete.length, variants);
  const amenities = amenityRows(input);
  const pickupPoints = await pickupRows(env.DB, input, f.id);
  const placed = await putImages(env.BUCKET, f.documentId, images);
  const keys = placed.flatMap(keysOf);
  const nextOrder = bundle.images.reduce((m, i) => Math.max(m, i.sortOrder + 1), 0);
  const values = valuesOf(input, Date.now(), f.autoApprovalTimeout, f.matchLengths);
  // The audit row names the changed fields; images added and removed are counted.
  const changed = Object.keys(values).filter(
    (k) =>
      k !== 'updatedAt' && JSON.stringify(values[k as keyof typeof values]) !== JSON.stringify(f[k as keyof typeof f]),
  );
  const partsChanged = (a: unknown[], b: unknown[]) => JSON.stringify(a) !== JSON.stringify(b);
  const strip = <T extends object>(rows: T[], drop: string[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !drop.includes(k))));
  if (partsChanged(strip(amenities, ['sortOrder']), strip(bundle.amenities, ['id', 'facilityId', 'sortOrder'])))
    changed.push('facilities');
  if (partsChanged(strip(pickupPoints, ['sortOrder']), strip(bundle.pickupPoints, ['facilityId', 'sortOrder'])))
    changed.push('pickupPoints');
  const audit = recordAudit(
    db,
    {
      at: Date.now(),
      actor,
      entityId: String(f.id),
      event: {
        kind: 'facility.update',
        label: input.name,
        facts: { fields: changed, imagesAdded: images.length, imagesRemoved: toDelete.length },
      },
    },
    { whenChanged: true },
  );
  let updated: boolean;
  try {
    updated = await store.updateFacilityRow(
      db,
      f.id,
      values,
      {
        amenities,
        pickupPoints,
        images: imageRows(images, placed, nextOrder),
        deleteImageIds: toDelete,
      },
      audit,
    );
  } catch (e) {
    await dropKeys(env.BUCKET, keys);
    throw e;
  }
  if (!updated) {
    await dropKeys(env.BUCKET, keys);
    throw notFound(msg.facilityNotFound);
  }
  await dropKeys(
    env.BUCKET,
    toDelete.flatMap((id) => keysOf(own.get(id)!)),
  );
  await forgetCached(env, f.id);
  return wireOf(env, f.id);
}

/** Tells the pitch's object to read the pitch afresh; the change is already stored, so a failure here is only logged. */
async function forgetCached(env: Env, facilityId: number): Promise<void> {
  try {
    await facilityStub(env, facilityId).forget();
  } catch (e) {
    console.error('facility object forget', facilityId, e);
  }
}

/** PATCH /api/facilities/:ref/toggle-status: the public list shows or hides the pitch at once. */
export async function setFacilityActive(
  env: Env,
  ref: string,
  isActive: boolean,
  actor: PublicUser | null = null,
): Promise<FacilityWire> {
  const f = await resolveFacility(env.DB, ref);
  const db = getDb(env.DB);
  const audit = recordAudit(
    db,
    {
      at: Date.now(),
      actor,
      entityId: String(f.id),
      event: {
        kind: isActive ? 'facility.activate' : 'facility.deactivate',
        label: f.name,
        facts: { changes: { isActive: { before: f.isActive, after: isActive } } },
      },
    },
    { whenChanged: true },
  );
  const row = await store.setFacilityActive(db, f.id, isActive, Date.now(), audit);
  if (!row) throw notFound(msg.facilityNotFound);
  await forgetCached(env, f.id);
  return wireOf(env, f.id);
}

// ---------- delete ----------

export interface RetireResult {
  id: number;
  documentId: string;
  name: string;
  cancelledBookings: number;
}

/** What a forced delete does with the money collected on the bookings it cancels (api.md 'DELETE /facilities/{ref}'). */
export interface RetireDeposit {
  deposit?: 'refund' | 'keep';
  method?: PaymentMethod;
}

/** DELETE /api/facilities/:ref?force=&deposit=: through the pitch's Durable Object, serialised with its bookings. */
export async function deleteFacility(
  env: Env,
  ref: string,
  force: boolean,
  actor: PublicUser,
  decision: RetireDeposit = {},
): Promise<RetireResult> {
  const f = await resolveFacility(env.DB, ref);
  return unwrap(await facilityStub(env, f.id).retire(f.id, actor, force, decision));
}

/**
 * Inside the pitch's lock: refuses with 409 while bookings are active and `force` is off; otherwise cancels them (history,
 * notifications) and soft-deletes the pitch in one batch. History is never lost: the pitch row, its bookings and images
 * stay, and every read of pitches skips it.
 */
export async function retireFacility(
  db: ReturnType<typeof getDb>,
  bundle: FacilityBundle,
  actor: PublicUser,
  force: boolean,
  now: number,
  decision: RetireDeposit = {},
): Promise<{ summary: RetireResult; cancelled: ChangedBooking[]; notifications: NotificationWire[] }> {
  const f = bundle.facility;
  if (f.deletedAt !== null) throw notFound(msg.facilityNotFound);
  const active = await store.activeBookingCount(db, f.id, now);
  if (active > 0 && !force)
    throw conflict(facilityMsg.activeBookings(active), { activeBookings: active, isActive: f.isActive });
  // The audit row is the batch's last statement, written only if the soft delete just before it changed the
  // pitch; the count is exact, as no booking can be made or change outside this lock meanwhile.
  const audit = recordAudit(
    db,
    {
      at: now,
      actor,
      entityId: String(f.id),
      event: { kind: 'facility.delete', label: f.name, facts: { cancelledBookings: active, force } },
    },
    { whenChanged: true },
  );
  const result = await store.retireFacility(
    db,
    f.id,
    now,
    {
      reason: facilityMsg.forceCancelReason,
      actorUserId: actor.id,
      actorLabel: actorName(actor),
    },
    audit,
    // Money collected on the bookings it cancels stays received unless staff chose here to refund or keep all of it;
    // each row is written only on a booking this batch cancelled (behaviour.md#bookings 'Payments').
    decision.deposit
      ? (await store.heldActiveBookings(db, f.id, now)).flatMap((b) =>
          paymentWithEvents(
            db,
            and(eq(bookings.status, 'cancelled'), eq(bookings.updatedAt, now))!,
            { ...b, facilityName: f.name },
            {
              kind: decision.deposit === 'refund' ? 'refund' : 'kept',
              amount: b.collected,
              method: decision.deposit === 'refund' ? (decision.method ?? 'transfer') : null,
              note: null,
            },
            { user: actor, now },
          ),
        )
      : [],
  );
  if (!result.deleted) throw notFound(msg.facilityNotFound);
  return {
    summary: { id: f.id, documentId: f.documentId, name: f.name, cancelledBookings: result.cancelled.length },
    cancelled: result.cancelled,
    notifications: notificationsToWire(result.notifications),
  };
}
