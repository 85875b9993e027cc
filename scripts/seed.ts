// Local demo data (behaviour.md#staff-sessions-and-permissions): `npm run seed`. Writes through wrangler's platform proxy into the same local state
// (.wrangler/state/v3) that `wrangler d1 migrations apply DB --local` and `wrangler dev` use, with the project's own
// drizzle schema and services so every row has the shape production writes. Runs only when `facilities` is empty.
// Data declarations live in scripts/lib/seed-data.ts; pitch photos are the committed WebP files of
// scripts/lib/demo-images.ts, or rendered by scripts/lib/facility-image.ts when those do not match.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { pickupTimeFor } from '../contracts/common';
import { type BookingEvent, NOTIFICATION_OF } from '../contracts/events';
import { msg } from '../contracts/messages';
import { foldSearch } from '../contracts/search';
import { slotLengthOf } from '../contracts/slot-plan';
import { type Db, getDb } from '../worker/src/db/client';
import * as s from '../worker/src/db/schema';
import { trLongDate } from '../worker/src/lib/format';
import { newBookingNumber, newDocumentId } from '../worker/src/lib/ids';
import { toKurus } from '../worker/src/lib/money';
import { hashPassword } from '../worker/src/lib/password';
import { addDays, DAY, HOUR, istanbulInstant, istanbulToday, MINUTE } from '../worker/src/lib/time';
import { generateSlots } from '../worker/src/services/slots';
import { committedImage, demoImageJobs, hash, readManifest } from './lib/demo-images';
import { ADDONS } from './lib/seed-addons';
import * as data from './lib/seed-data';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// ------------------------------------------------------------------ subscribers with warnings

/**
 * Subscribers whose latest bookings were cancelled 2, 3 and 5 times in a row (behaviour.md#states-and-transitions 'Customer warning levels': Dikkat,
 * Uyarı, Kritik), all in the past, so Müşteri Yönetimi's 'warnings only' view (the dashboard's link) shows something on
 * a fresh `npm start`. Each had one approved booking before the run of cancellations; two days between bookings keep
 * the order even when a closed day moves one of them.
 */
const WARNED_SUBSCRIBERS: data.CustomerSeed[] = [
  { key: 'selim', name: 'Selim Yavuz', phone: '05326660101', email: 'selim.yavuz@example.com', subscriber: true },
  { key: 'volkan', name: 'Volkan Karaca', phone: '05446660202', subscriber: true },
  { key: 'erkan', name: 'Erkan Bulut', phone: '05056660303', email: 'erkan.bulut@example.com', subscriber: true },
];
const run = (customer: string, facility: string, time: string, approvedDay: number, cancelledDays: number[]) => [
  { facility, day: approvedDay, time, customer, status: 'approved' as const },
  ...cancelledDays.map((day) => ({ facility, day, time, customer, status: 'cancelled' as const })),
];
const WARNED_BOOKINGS: data.BookingSeed[] = [
  ...run('selim', 'nilufer', '17:00', -13, [-9, -5]),
  ...run('volkan', 'gursu', '16:00', -13, [-10, -7, -4]),
  ...run('erkan', 'mudanya', '19:00', -13, [-11, -9, -7, -5, -3]),
];
const CUSTOMERS = [...data.CUSTOMERS, ...WARNED_SUBSCRIBERS];
const BOOKINGS = [...data.BOOKINGS, ...WARNED_BOOKINGS];

// ------------------------------------------------------------------ images (rendered in worker threads)

interface ImageJob {
  id: string;
  variant: 0 | 1 | 2;
  hue: number;
  seed: number;
  width: number;
  height: number;
}
interface RenderedImage {
  id: string;
  png: Uint8Array;
  width: number;
  height: number;
}

/** Spreads the (CPU-bound) renders over the machine's cores; falls back to this thread if workers cannot start. */
async function renderImages(jobs: ImageJob[]): Promise<Map<string, RenderedImage>> {
  const out = new Map<string, RenderedImage>();
  if (jobs.length === 0) return out;
  const lanes = Math.max(1, Math.min(availableParallelism(), 4, jobs.length));
  const buckets: ImageJob[][] = Array.from({ length: lanes }, () => []);
  for (const [i, job] of jobs.entries()) buckets[i % lanes].push(job);
  try {
    await Promise.all(
      buckets.map(
        (bucket) =>
          new Promise<void>((done, fail) => {
            const worker = new Worker(new URL(import.meta.url), { workerData: bucket });
            worker.on('message', (r: RenderedImage) => out.set(r.id, r));
            worker.once('error', fail);
            worker.once('exit', (code) => (code === 0 ? done() : fail(new Error(`image worker exited with ${code}`))));
          }),
      ),
    );
  } catch (err) {
    console.warn(`Image workers failed (${(err as Error).message}); rendering in the main thread.`);
    const { makeFacilityPng } = await import('./lib/facility-image.ts');
    for (const job of jobs) {
      if (out.has(job.id)) continue;
      out.set(job.id, { id: job.id, png: new Uint8Array(makeFacilityPng(job)), width: job.width, height: job.height });
    }
  }
  return out;
}

// ------------------------------------------------------------------ small helpers

/** Deterministic PRNG (mulberry32) so the demo timeline looks the same on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  return (min: number, max: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const f = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(min + f * (max - min + 1));
  };
}
const chunk = <T>(rows: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, i * size + size));
const clientOf = (db: Db) => (db as unknown as { $client: D1Database }).$client;
const randomKey = () =>
  [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');

async function tableCounts(db: Db) {
  const tables = [
    'roles',
    'users',
    'site_settings',
    'seo_pages',
    'facilities',
    'facility_images',
    'facility_amenities',
    'pickup_points',
    'facility_addons',
    'booking_slots',
    'customers',
    'bookings',
    'booking_history',
    'notifications',
  ];
  const d1 = clientOf(db);
  const results = await d1.batch(tables.map((t) => d1.prepare(`select count(*) as n from ${t}`)));
  return Object.fromEntries(tables.map((t, i) => [t, (results[i].results[0] as { n: number }).n]));
}

// ------------------------------------------------------------------ main

async function main() {
  const started = Date.now();
  // Keep the proxy quiet about the Durable Object bindings it cannot run (the seed does not need them).
  process.env.WRANGLER_LOG ??= 'error';
  process.env.WRANGLER_SEND_METRICS ??= 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
  // workerd also warns that the Durable Object classes are missing: true for the proxy (it runs no Worker code) and harmless
  // here, but alarming in `npm start` output. Drop exactly those lines while the proxy lives.
  const stderrWrite = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.includes('A DurableObjectNamespace in the config referenced the class')) {
      const kept = text
        .split('\n')
        .filter((line) => !line.includes('A DurableObjectNamespace in the config referenced the class'))
        .join('\n');
      if (kept.trim() === '') return true;
      return stderrWrite(kept, ...(rest as []));
    }
    return stderrWrite(chunk, ...(rest as []));
  }) as typeof process.stderr.write;
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<Env>({
    configPath: resolve(ROOT, 'wrangler.toml'),
    // SEED_PERSIST_TO seeds another state directory (the browser tests' throwaway one); wrangler keeps v3/ below it.
    persist: { path: resolve(process.env.SEED_PERSIST_TO ?? resolve(ROOT, '.wrangler/state'), 'v3') },
    remoteBindings: false,
  });
  try {
    const { env } = proxy;
    const db = getDb(env.DB);

    let existing: number;
    try {
      existing = (await db.get<{ n: number }>(sql`select count(*) as n from facilities`)).n;
    } catch (err) {
      throw new Error(
        `The local database has no schema yet; run \`npm run db:migrate\` first. (${(err as Error).message})`,
      );
    }
    if (existing > 0) {
      console.log(`Seed skipped: the database already has data (${existing} facilities). Nothing changed.`);
      return;
    }

    const ctx = new SeedContext(db, env);
    try {
      await ctx.run();
    } catch (err) {
      console.error('Seeding failed; removing the partial demo data so the next run can start again.');
      await ctx.rollback().catch((e) => console.error('Rollback failed:', e));
      throw err;
    }
    const counts = await tableCounts(db);
    const byStatus = await db.all<{ status: string; n: number }>(
      sql`select status, count(*) as n from bookings group by status order by status`,
    );
    console.log(`Seeded demo data in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
    console.log(
      '  ' +
        Object.entries(counts)
          .map(([t, n]) => `${t}=${n}`)
          .join(', '),
    );
    console.log('  bookings by status: ' + byStatus.map((r) => `${r.status}=${r.n}`).join(', '));
    console.log(`  R2 objects: ${ctx.r2Keys.length}; staff logins: admin / admin1234, mudur / mudur1234`);
  } finally {
    await proxy.dispose();
    process.stderr.write = stderrWrite;
  }
}

// ------------------------------------------------------------------ the seeding itself

type FacilityRow = s.Facility;
type PickupRow = typeof s.pickupPoints.$inferSelect;
interface SlotInfo {
  id: number;
  facilityId: number;
  date: string;
  startTime: string;
  endTime: string;
  startsAt: number;
  endsAt: number;
  price: number;
}
type Status = data.SeedStatus;
interface Event {
  from: Status | null;
  to: Status;
  at: number;
  actor: 'customer' | 'staff' | 'system';
  reason: string | null;
}
interface PlannedBooking {
  documentId: string;
  bookingNumber: string;
  facility: FacilityRow;
  slot: SlotInfo;
  customer: data.CustomerSeed;
  status: Status;
  events: Event[];
  row: typeof s.bookings.$inferInsert;
}

class SeedContext {
  readonly now = Date.now();
  readonly today = istanbulToday(this.now);
  readonly r2Keys: string[] = [];
  private facilityIds: number[] = [];
  private customerIds: number[] = [];
  private notificationDocs: string[] = [];

  constructor(
    private db: Db,
    private env: Env,
  ) {}

  async run() {
    const { db, env } = this;

    // The committed WebP photos (scripts/lib/demo-images.ts); a photo without a matching one is rendered as a PNG, on
    // other cores while the rows are written.
    const manifest = readManifest();
    const committed = new Map(demoImageJobs().map((job) => [job.id, committedImage(manifest, job)]));
    const jobs: ImageJob[] = demoImageJobs()
      .filter((job) => !committed.get(job.id))
      .map(({ stem: _, ...job }) => job);
    if (jobs.length > 0)
      console.warn(
        `${jobs.length} demo photo(s) have no matching WebP files: seeded as PNG without smaller copies. Run \`npx tsx scripts/make-demo-variants.ts\`.`,
      );
    const rendering = renderImages(jobs);
    rendering.catch(() => {}); // surfaced when awaited below

    // ---- staff ----
    await db.insert(s.roles).values(data.ROLES).onConflictDoNothing();
    const roles = await db.select().from(s.roles).all();
    for (const u of data.STAFF) {
      const taken = await db.get<{ n: number }>(
        sql`select count(*) as n from users where username = ${u.username} collate nocase or email = ${u.email} collate nocase`,
      );
      if (taken.n > 0) continue;
      await db.insert(s.users).values({
        documentId: newDocumentId(),
        username: u.username,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        passwordHash: await hashPassword(u.password),
        roleId: roles.find((r) => r.type === u.role)!.id,
      });
    }
    const admin = await db.get<{ id: number; username: string }>(
      sql`select id, username from users where username = 'admin' collate nocase`,
    );

    // ---- site content ----
    await db
      .insert(s.siteSettings)
      .values({ id: 1, ...data.SITE_SETTINGS })
      .onConflictDoNothing();
    // The canonical URL is stored as the SEO entry's field; the JSON-LD keeps paths that the page resolves under SITE_URL.
    const siteUrl = (process.env.SITE_URL || env.SITE_URL || 'http://localhost:8787').replace(/\/$/, '');
    await db
      .insert(s.seoPages)
      .values(
        data.SEO_PAGES.map((p) => ({
          key: p.key,
          metaTitle: p.metaTitle,
          metaDescription: p.metaDescription,
          keywords: p.keywords,
          canonicalURL: siteUrl + p.path,
          ogTitle: p.ogTitle ?? null,
          ogDescription: p.ogDescription ?? null,
          structuredData: p.structured ? this.homeStructuredData() : null,
        })),
      )
      .onConflictDoNothing();

    // ---- pitches, amenities, pickup points ----
    const facilities = new Map<string, FacilityRow>();
    const pickups = new Map<string, PickupRow[]>();
    let pickupStamp = this.now - 3 * DAY;
    for (const p of data.FACILITIES) {
      const bank = data.bankOf(p);
      const created = this.now - 60 * DAY + p.priority * HOUR;
      const f = await db
        .insert(s.facilities)
        .values({
          documentId: newDocumentId(),
          slug: p.slug,
          name: p.name,
          description: p.description,
          address: p.address,
          location: p.location,
          latitude: p.latitude,
          longitude: p.longitude,
          isActive: true,
          hourlyPrice: toKurus(p.hourlyPrice),
          depositAmount: toKurus(p.depositAmount),
          depositIban: data.trIban(bank.code, p.account),
          bankName: bank.name,
          recipientName: p.recipientName,
          phoneNumbers: p.phoneNumbers,
          email: p.email,
          googleMapsLocation: data.mapsUrl(p.latitude, p.longitude),
          workingHours: p.workingHours,
          bookingTimeType: p.bookingTimeType,
          startTimeOffset: p.startTimeOffset,
          matchLengths: p.matchLengths ?? [slotLengthOf(p.bookingTimeType)],
          halfHourStarts: p.halfHourStarts ?? true,
          depositPerHour: p.depositPerHour ?? false,
          autoApprovalTimeout: p.autoApprovalTimeout,
          priority: p.priority,
          seoTitle: p.seoTitle,
          seoDescription: p.seoDescription,
          seoKeywords: p.seoKeywords,
          facilityServices: p.facilityServices,
          services: p.services,
          transportIsActive: Boolean(p.transport),
          transportPrice: toKurus(p.transport?.price ?? 0),
          transportDescription: p.transport?.description ?? null,
          vehicleType: p.transport?.vehicleType ?? null,
          vehicleCapacity: p.transport?.vehicleCapacity ?? null,
          createdAt: created,
          updatedAt: created,
        })
        .returning()
        .get();
      this.facilityIds.push(f.id);
      facilities.set(p.key, f);

      await db.insert(s.amenities).values(
        p.amenities.map(([name, available], i) => ({
          facilityId: f.id,
          name,
          available,
          icon: data.AMENITY_ICONS[name],
          sortOrder: i,
        })),
      );
      const pps = (p.transport?.pickupPoints ?? []).map((pp, i) => {
        pickupStamp += 1000 + i * 137;
        return {
          id: `pickup-${pickupStamp}`,
          facilityId: f.id,
          name: pp.name,
          address: pp.address,
          description: pp.description ?? null,
          time: pp.time ?? null,
          minutesBefore: pp.minutesBefore ?? null,
          sortOrder: i,
        };
      });
      if (pps.length > 0) await db.insert(s.pickupPoints).values(pps);
      pickups.set(p.key, pps);
      // Saha Servisleri, stored as the panel stores them (services/addons.ts): kuruş, the folded name as the key.
      const addons = ADDONS[p.key] ?? [];
      if (addons.length > 0)
        await db.insert(s.facilityAddons).values(
          addons.map((a, i) => ({
            facilityId: f.id,
            name: a.name,
            nameKey: foldSearch(a.name),
            description: a.description,
            price: toKurus(a.price),
            unit: a.unit,
            stockPerSlot: a.stockPerSlot ?? null,
            sortOrder: i,
            createdAt: created,
            updatedAt: created,
          })),
        );
    }

    // ---- slots: two weeks back (history) to five weeks ahead ----
    const from = addDays(this.today, data.SLOT_FROM_DAY);
    const to = addDays(this.today, data.SLOT_TO_DAY);
    for (const f of facilities.values()) await generateSlots(db, f, from, to, false);
    const slotRows = await db.all<{
      id: number;
      facility_id: number;
      date: string;
      start_time: string;
      end_time: string;
      starts_at: number;
      ends_at: number;
      price: number;
    }>(sql`select id, facility_id, date, start_time, end_time, starts_at, ends_at, price from booking_slots`);
    const slots = new Map<string, SlotInfo>(
      slotRows.map((r) => [
        `${r.facility_id}|${r.date}|${r.start_time}`,
        {
          id: r.id,
          facilityId: r.facility_id,
          date: r.date,
          startTime: r.start_time,
          endTime: r.end_time,
          startsAt: r.starts_at,
          endsAt: r.ends_at,
          price: r.price,
        },
      ]),
    );

    // ---- bookings ----
    const planned = this.planBookings(facilities, pickups, slots, admin?.id ?? null);

    const customers = new Map(CUSTOMERS.map((c) => [c.key, c]));
    const firstSeen = new Map<string, number>();
    for (const b of planned)
      firstSeen.set(b.customer.key, Math.min(firstSeen.get(b.customer.key) ?? Infinity, b.events[0].at));
    const customerRows = [...firstSeen.entries()].map(([key, at]) => {
      const c = customers.get(key)!;
      return {
        phone: c.phone,
        name: c.name,
        email: c.email ?? null,
        isSubscriber: Boolean(c.subscriber),
        createdAt: at,
        updatedAt: at,
      };
    });
    for (const rows of chunk(customerRows, 10)) {
      const inserted = await db
        .insert(s.customers)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: s.customers.id });
      this.customerIds.push(...inserted.map((r) => r.id));
    }
    const customerIdByPhone = new Map(
      (await db.select({ id: s.customers.id, phone: s.customers.phone }).from(s.customers).all()).map((c) => [
        c.phone,
        c.id,
      ]),
    );
    // Subscribers are subscribers even if the row existed before.
    for (const c of CUSTOMERS.filter((c) => c.subscriber)) {
      await db.run(sql`update customers set is_subscriber = 1 where phone = ${c.phone}`);
    }

    for (const b of planned) b.row.customerId = customerIdByPhone.get(b.customer.phone) ?? null;
    const bookingIds = new Map<string, number>();
    for (const group of chunk(planned, 40)) {
      const inserts = group.map((b) =>
        db.insert(s.bookings).values(b.row).returning({ id: s.bookings.id, documentId: s.bookings.documentId }),
      );
      const results = await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
      for (const r of results) bookingIds.set(r[0].documentId, r[0].id);
    }

    // ---- history: one row per status change ----
    const history = planned.flatMap((b) =>
      b.events.map((e) => ({
        bookingId: bookingIds.get(b.documentId)!,
        fromStatus: e.from,
        toStatus: e.to,
        reason: e.reason,
        actorType: e.actor,
        actorUserId: e.actor === 'staff' ? (admin?.id ?? null) : null,
        actorLabel:
          e.actor === 'staff' ? (admin?.username ?? 'admin') : e.actor === 'system' ? 'Sistem' : b.customer.name,
        createdAt: e.at,
      })),
    );
    for (const rows of chunk(history, 10)) await db.insert(s.bookingHistory).values(rows);

    await this.seedPayments(db, planned, bookingIds, admin);

    // ---- notifications: what staff were told in the last two days; the older ones have been read ----
    const recent = planned
      .flatMap((b) => b.events.map((e) => ({ b, e })))
      .filter(({ e }) => e.at > this.now - 2 * DAY)
      .sort((x, y) => x.e.at - y.e.at);
    const notificationRows: (typeof s.notifications.$inferInsert & { documentId: string })[] = recent.map(
      ({ b, e }) => {
        // Stored as the product stores it: the event and its facts, the texts rendered from them (contracts/events.ts).
        const facts = {
          bookingNumber: b.bookingNumber,
          customerName: b.customer.name,
          facilityName: b.facility.name,
          date: b.slot.date,
          startTime: b.slot.startTime,
          startsAt: b.slot.startsAt,
        };
        const byStaff = { ...facts, actorLabel: admin?.username ?? 'admin' };
        const event: BookingEvent = {
          pending: { kind: 'booking_created', facts },
          approved: { kind: 'booking_approved', facts: byStaff },
          rejected: { kind: 'booking_rejected', facts: byStaff },
          cancelled:
            e.actor === 'customer'
              ? { kind: 'booking_cancelled_by_customer', facts }
              : { kind: 'booking_cancelled_by_staff', facts: byStaff },
          expired: { kind: 'booking_expired', facts },
        }[e.to] as BookingEvent;
        const kind = { ...NOTIFICATION_OF[event.kind], message: '', kind: event.kind, facts: { ...event.facts } };
        // Older news has been seen; new requests still wait for someone.
        const isRead = e.at < this.now - 18 * HOUR && !(e.to === 'pending' && b.status === 'pending');
        return {
          documentId: newDocumentId(),
          ...kind,
          isRead,
          readAt: isRead ? e.at + 20 * MINUTE : null,
          targetRole: 'Admin',
          bookingId: bookingIds.get(b.documentId) ?? null,
          facilityId: b.facility.id,
          createdAt: e.at,
        };
      },
    );
    notificationRows.push({
      documentId: newDocumentId(),
      type: 'system',
      priority: 'low',
      title: 'Slot Takvimi Oluşturuldu',
      message: `${facilities.size} saha için ${trLongDate(from)} – ${trLongDate(to)} arası slotlar oluşturuldu.`,
      isRead: true,
      readAt: this.now - 2 * DAY + 30 * MINUTE,
      targetRole: 'Admin',
      bookingId: null,
      facilityId: null,
      createdAt: this.now - 2 * DAY,
    });
    this.notificationDocs.push(...notificationRows.map((n) => n.documentId));
    // D1 binds at most 100 values a statement: 6 rows of a notification's 14 columns.
    for (const rows of chunk(notificationRows, 6)) await db.insert(s.notifications).values(rows);

    // ---- images: R2 objects plus facility_images rows ----
    const rendered = await rendering;
    for (const p of data.FACILITIES) {
      const f = facilities.get(p.key)!;
      const rows: (typeof s.facilityImages.$inferInsert)[] = [];
      for (const [i, img] of p.images.entries()) {
        const webp = committed.get(`${p.key}-${i}`);
        if (webp) {
          // Stored as a panel upload stores a WebP photo and its copies (services/facility-admin.ts putImages).
          const base = `facilities/${f.documentId}/${randomKey()}`;
          const key = `${base}.webp`;
          await env.BUCKET.put(key, webp.photo.bytes, { httpMetadata: { contentType: 'image/webp' } });
          this.r2Keys.push(key);
          const variants: s.ImageVariant[] = [];
          for (const v of webp.variants) {
            const vkey = `${base}-${v.width}.webp`;
            await env.BUCKET.put(vkey, v.bytes, { httpMetadata: { contentType: 'image/webp' } });
            this.r2Keys.push(vkey);
            variants.push({ key: vkey, width: v.width, height: v.height });
          }
          rows.push({
            facilityId: f.id,
            key,
            name: `${p.slug}-${i + 1}.webp`,
            alternativeText: img.alt,
            mime: 'image/webp',
            size: webp.photo.bytes.byteLength,
            width: webp.photo.width,
            height: webp.photo.height,
            variants,
            sortOrder: i,
            createdAt: f.createdAt,
          });
          continue;
        }
        const r = rendered.get(`${p.key}-${i}`);
        if (!r) throw new Error(`image ${p.key}-${i} was not rendered`);
        const key = `facilities/${f.documentId}/${randomKey()}.png`;
        await env.BUCKET.put(key, r.png, { httpMetadata: { contentType: 'image/png' } });
        this.r2Keys.push(key);
        rows.push({
          facilityId: f.id,
          key,
          name: `${p.slug}-${i + 1}.png`,
          alternativeText: img.alt,
          mime: 'image/png',
          size: r.png.byteLength,
          width: r.width,
          height: r.height,
          sortOrder: i,
          createdAt: f.createdAt,
        });
      }
      await db.insert(s.facilityImages).values(rows);
    }
  }

  /** Removes what this run wrote (the database had no pitches when it started). */
  async rollback() {
    const d1 = clientOf(this.db);
    const ids = this.facilityIds.join(',') || '0';
    const stmts = [
      `delete from notifications where document_id in (${this.notificationDocs.map((d) => `'${d}'`).join(',') || "''"}) or facility_id in (${ids})`,
      `delete from booking_history where booking_id in (select id from bookings where facility_id in (${ids}))`,
      `delete from bookings where facility_id in (${ids})`,
      `delete from customers where id in (${this.customerIds.join(',') || '0'}) and not exists (select 1 from bookings b where b.customer_id = customers.id)`,
      `delete from facility_images where facility_id in (${ids})`,
      `delete from facility_amenities where facility_id in (${ids})`,
      `delete from pickup_points where facility_id in (${ids})`,
      `delete from facility_addons where facility_id in (${ids})`,
      `delete from booking_slots where facility_id in (${ids})`,
      `delete from facilities where id in (${ids})`,
    ];
    await d1.batch(stmts.map((q) => d1.prepare(q)));
    if (this.r2Keys.length > 0) await this.env.BUCKET.delete(this.r2Keys);
  }

  /** Own addresses as paths: the page makes them absolute under SITE_URL (site/src/lib/seo.ts withOrigin). */
  private homeStructuredData(): Record<string, unknown> {
    const siteUrl = '';
    const st = data.SITE_SETTINGS;
    return {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'WebSite',
          '@id': `${siteUrl}/#website`,
          url: `${siteUrl}/`,
          name: st.siteName,
          inLanguage: 'tr-TR',
          description: st.tagline,
        },
        {
          '@type': 'SportsActivityLocation',
          '@id': `${siteUrl}/#organization`,
          name: st.siteName,
          url: `${siteUrl}/`,
          description: st.tagline,
          telephone: st.contactPhones[0],
          email: st.contactEmail,
          address: {
            '@type': 'PostalAddress',
            streetAddress: 'Özlüce Mah. Ahmet Taner Kışlalı Cad. No: 24',
            postalCode: '16285',
            addressLocality: 'Nilüfer',
            addressRegion: 'Bursa',
            addressCountry: 'TR',
          },
          areaServed: { '@type': 'City', name: 'Bursa' },
          sport: 'Futbol',
          containsPlace: data.FACILITIES.map((p) => ({
            '@type': 'SportsActivityLocation',
            name: p.name,
            url: `${siteUrl}/saha/${p.slug}`,
            geo: { '@type': 'GeoCoordinates', latitude: p.latitude, longitude: p.longitude },
          })),
        },
      ],
    };
  }

  /**
   * The venue's money and attendance as staff would have recorded them (behaviour.md#bookings 'Payments'): the kapora of
   * every approved booking that owed one, received by transfer when it was approved; past matches marked played with
   * their balance collected at the pitch (cash or card), one in eight a no-show whose kapora was kept; deposits of
   * rejected bookings refunded, and one customer cancel left with its kapora awaiting staff's decision. The rows'
   * trigger derives each booking's payment status. Today's matches still ahead owe their balance.
   */
  private async seedPayments(
    db: Db,
    planned: PlannedBooking[],
    bookingIds: Map<string, number>,
    admin: { id: number; username: string } | undefined | null,
  ) {
    const rows: (typeof s.payments.$inferInsert)[] = [];
    const attendance: { id: number; mark: 'played' | 'no_show'; at: number }[] = [];
    const staffName = admin?.username ?? 'admin';
    const row = (b: PlannedBooking, kind: 'deposit' | 'balance' | 'refund' | 'kept', amount: number, at: number) => {
      const method = kind === 'kept' ? null : kind === 'balance' ? (at % 3 === 0 ? 'card' : 'cash') : 'transfer';
      rows.push({
        documentId: newDocumentId(),
        bookingId: bookingIds.get(b.documentId)!,
        facilityId: b.facility.id,
        kind,
        amount: kind === 'refund' ? -amount : amount,
        method,
        at,
        staffUserId: admin?.id ?? null,
        staffName,
        note: null,
        createdAt: at,
      });
    };
    let keptOne = false;
    let past = 0;
    for (const b of planned) {
      const deposit = b.row.depositAmount ?? 0;
      const total = b.row.totalPrice;
      const approval = b.events.find((e) => e.to === 'approved');
      const end = b.events[b.events.length - 1];
      const received = approval && deposit > 0;
      if (received) row(b, 'deposit', deposit, approval.at);
      const started = b.slot.startsAt <= this.now;
      if (b.status === 'approved' && started) {
        const id = bookingIds.get(b.documentId)!;
        const noShow = !b.row.isSubscriber && deposit > 0 && ++past % 8 === 0;
        const at = Math.min(b.slot.startsAt + 70 * MINUTE, this.now - MINUTE);
        if (noShow) {
          attendance.push({ id, mark: 'no_show', at });
          row(b, 'kept', deposit, at);
        } else {
          attendance.push({ id, mark: 'played', at });
          if (total - (received ? deposit : 0) > 0) row(b, 'balance', total - (received ? deposit : 0), at);
        }
      }
      if (received && (b.status === 'rejected' || b.status === 'cancelled')) {
        if (b.status === 'cancelled' && !keptOne) keptOne = true;
        else row(b, 'refund', deposit, end.at + 30 * MINUTE);
      }
    }
    for (const group of chunk(rows, 8)) await db.insert(s.payments).values(group);
    for (const a of attendance)
      await db.run(
        sql`update bookings set attendance = ${a.mark}, attendance_at = ${a.at}, attendance_by_id = ${admin?.id ?? null}
          where id = ${a.id}`,
      );
  }

  /**
   * Turns the declarations into concrete bookings: finds each one's slot (moving away from today when the pitch is closed,
   * the slot already holds a live booking, or the customer already has a live booking that day), then builds a
   * plausible timeline of status changes that all lie in the past.
   */
  private planBookings(
    facilities: Map<string, FacilityRow>,
    pickups: Map<string, PickupRow[]>,
    slots: Map<string, SlotInfo>,
    adminId: number | null,
  ) {
    const { now, today } = this;
    const rand = rng(hash(today));
    const liveSlots = new Set<number>();
    const liveDays = new Set<string>(); // `${phone}|${date}` of live, non-subscriber bookings
    const freedAt = new Map<number, number>(); // slot id → when its last rejected/cancelled/expired booking let go of it
    const customers = new Map(CUSTOMERS.map((c) => [c.key, c]));
    const out: PlannedBooking[] = [];
    const isLive = (st: Status) => st === 'pending' || st === 'approved';

    const slotAt = (f: FacilityRow, dayOffset: number, time: string) =>
      slots.get(`${f.id}|${addDays(today, dayOffset)}|${time}`);

    const build = (args: {
      facility: FacilityRow;
      slot: SlotInfo;
      customer: data.CustomerSeed;
      status: Status;
      events: Event[];
      source: 'web' | 'panel' | 'subscription';
      notes?: string;
      pickup?: PickupRow;
      subscription?: string;
      reason?: string;
    }): PlannedBooking => {
      const { facility: f, slot, customer: c, status, events } = args;
      const documentId = newDocumentId();
      const bookingNumber = newBookingNumber();
      const isSubscriber = Boolean(args.subscription);
      const deposit = isSubscriber ? 0 : f.depositAmount;
      const approval = events.find((e) => e.to === 'approved');
      const last = events[events.length - 1];
      const transport = args.pickup ? f.transportPrice : 0;
      // The payment status and collected money follow the payment rows written after the bookings (seedPayments).
      const paymentStatus = 'pending' as const;
      const created = events[0].at;
      return {
        documentId,
        bookingNumber,
        facility: f,
        slot,
        customer: c,
        status,
        events,
        row: {
          documentId,
          bookingNumber,
          facilityId: f.id,
          slotId: slot.id,
          customerName: c.name,
          customerPhone: c.phone,
          customerEmail: c.email ?? null,
          notes: args.notes ?? null,
          date: slot.date,
          startTime: slot.startTime,
          endTime: slot.endTime,
          startsAt: slot.startsAt,
          // The demo's bookings are one slot each (docs/behaviour.md#match-length).
          endsAt: slot.endsAt,
          duration: Math.round((slot.endsAt - slot.startsAt) / 60_000),
          slotPrice: slot.price,
          includesTransportation: Boolean(args.pickup),
          transportationPrice: transport,
          pickupPointId: args.pickup?.id ?? null,
          pickupPointName: args.pickup?.name ?? null,
          pickupPointAddress: args.pickup?.address ?? null,
          pickupTime: pickupTimeFor(slot.startTime, args.pickup?.minutesBefore),
          status,
          paymentStatus,
          totalPrice: slot.price + transport,
          depositAmount: deposit,
          isSubscriber,
          isRecurring: isSubscriber,
          recurringGroupId: args.subscription ?? null,
          expiresAt: status === 'pending' ? created + f.autoApprovalTimeout * MINUTE : null,
          approvedById: approval ? adminId : null,
          approvedAt: approval?.at ?? null,
          rejectionReason: status === 'rejected' ? last.reason : null,
          cancellationReason: status === 'cancelled' ? last.reason : null,
          cancelledAt: status === 'cancelled' ? last.at : null,
          source: args.source,
          // A panel booking came by phone or at the counter, made by the admin.
          channel: args.source === 'panel' ? (slot.startsAt % 2 === 0 ? 'phone' : 'counter') : null,
          createdById: args.source === 'panel' ? adminId : null,
          clientTimestamp: args.source === 'web' ? new Date(created).toISOString() : null,
          clientTimezone: args.source === 'web' ? 'Europe/Istanbul' : null,
          createdAt: created,
          updatedAt: last.at,
        },
      };
    };

    // ---- subscriptions first: they hold their weekly slot from the start ----
    for (const sub of data.SUBSCRIPTIONS) {
      const f = facilities.get(sub.facility)!;
      const c = customers.get(sub.customer)!;
      const group = crypto.randomUUID();
      const created = istanbulInstant(addDays(today, sub.firstDay - 3), 14 * 60 + rand(0, 120));
      for (let w = 0; w < sub.weeks; w++) {
        const offset = sub.firstDay + 7 * w;
        if (offset > data.SLOT_TO_DAY) break;
        const slot = slotAt(f, offset, sub.time);
        if (!slot || liveSlots.has(slot.id)) continue; // a week that cannot be booked is simply left out (behaviour.md#subscriptions partial)
        liveSlots.add(slot.id);
        out.push(
          build({
            facility: f,
            slot,
            customer: c,
            status: 'approved',
            source: 'subscription',
            subscription: group,
            notes: sub.notes,
            events: [{ from: null, to: 'approved', at: created, actor: 'staff', reason: null }],
          }),
        );
      }
    }

    // ---- single bookings ----
    for (const seed of BOOKINGS) {
      const f = facilities.get(seed.facility);
      const c = customers.get(seed.customer);
      if (!f || !c) throw new Error(`seed-data: unknown pitch or customer in ${JSON.stringify(seed)}`);
      const dir = seed.day < 0 ? -1 : 1;
      let slot: SlotInfo | undefined;
      for (let step = 0; step < 10 && !slot; step++) {
        const offset = seed.day + dir * step;
        if (offset < data.SLOT_FROM_DAY || offset > data.SLOT_TO_DAY) break;
        const candidate = slotAt(f, offset, seed.time);
        if (!candidate) continue;
        // A slot already held live cannot also have hosted a (later) booking; a live booking needs the slot and a free day.
        if (liveSlots.has(candidate.id)) continue;
        if (isLive(seed.status) && liveDays.has(`${c.phone}|${candidate.date}`)) continue;
        if (seed.status === 'pending' && candidate.startsAt < now + 2 * HOUR) continue;
        slot = candidate;
      }
      if (!slot) throw new Error(`seed-data: no usable ${seed.time} slot near day ${seed.day} on ${seed.facility}`);
      if (isLive(seed.status)) {
        liveSlots.add(slot.id);
        liveDays.add(`${c.phone}|${slot.date}`);
      }

      const S = slot.startsAt;
      const events: Event[] = [];
      // When the booking was made: a few days before a past slot; hours to days ago for a future one.
      let created =
        seed.createdDay !== undefined
          ? istanbulInstant(addDays(today, seed.createdDay), 10 * 60 + rand(0, 600))
          : S <= now
            ? S - rand(1, 4) * DAY - rand(0, 8) * HOUR
            : now - rand(3, 60) * HOUR - rand(0, 59) * MINUTE;
      created = Math.min(created, S - 3 * HOUR, now - 3 * HOUR);
      // A slot that an earlier booking gave up is taken only after that happened.
      const freed = freedAt.get(slot.id);
      if (freed !== undefined)
        created = Math.min(Math.max(created, freed + rand(10, 120) * MINUTE), S - 2 * HOUR, now - 2 * HOUR);
      if (seed.status === 'pending') created = now - rand(5, 25) * MINUTE; // its hold is still running
      // A customer cancel happens at least 24 hours before the start (behaviour.md#bookings), so leave room for it.
      const cancelLimit = Math.min(now - 10 * MINUTE, S - 25 * HOUR);
      if (seed.status === 'cancelled') created = Math.min(created, cancelLimit - 3 * HOUR);

      if (seed.panel) events.push({ from: null, to: 'approved', at: created, actor: 'staff', reason: null });
      else events.push({ from: null, to: 'pending', at: created, actor: 'customer', reason: null });

      const wantsApproval = !seed.panel && (seed.status === 'approved' || seed.afterApproval);
      if (wantsApproval)
        events.push({
          from: 'pending',
          to: 'approved',
          at: created + rand(15, 90) * MINUTE,
          actor: 'staff',
          reason: null,
        });
      const prev = events[events.length - 1];
      switch (seed.status) {
        case 'rejected': {
          const at = Math.min(prev.at + rand(30, 600) * MINUTE, now - 5 * MINUTE, S - 30 * MINUTE);
          events.push({
            from: prev.to,
            to: 'rejected',
            at: Math.max(at, prev.at + MINUTE),
            actor: 'staff',
            reason: seed.reason ?? 'Randevu iptal edildi',
          });
          break;
        }
        case 'cancelled': {
          const at = Math.min(prev.at + rand(2, 20) * HOUR, cancelLimit);
          events.push({
            from: prev.to,
            to: 'cancelled',
            at: Math.max(at, prev.at + MINUTE),
            actor: 'customer',
            reason: seed.reason ?? msg.customerCancelReason,
          });
          break;
        }
        case 'expired':
          events.push({
            from: 'pending',
            to: 'expired',
            at: created + f.autoApprovalTimeout * MINUTE,
            actor: 'system',
            reason: msg.expiredReason,
          });
          break;
      }
      if (!isLive(seed.status)) freedAt.set(slot.id, Math.max(freedAt.get(slot.id) ?? 0, events[events.length - 1].at));
      const pickup = seed.pickup !== undefined ? pickups.get(seed.facility)?.[seed.pickup] : undefined;
      if (seed.pickup !== undefined && !pickup)
        throw new Error(`seed-data: ${seed.facility} has no pickup point ${seed.pickup}`);
      out.push(
        build({
          facility: f,
          slot,
          customer: c,
          status: seed.status,
          events,
          source: seed.panel ? 'panel' : 'web',
          notes: seed.notes,
          pickup,
        }),
      );
    }
    return out.sort((a, b) => a.events[0].at - b.events[0].at);
  }
}

// ------------------------------------------------------------------ entry (last, so every declaration above is initialised)

if (!isMainThread) {
  // Worker side: render the jobs handed over and post each PNG back.
  const { makeFacilityPng } = await import('./lib/facility-image.ts');
  for (const job of workerData as ImageJob[]) {
    const png = makeFacilityPng({
      variant: job.variant,
      hue: job.hue,
      seed: job.seed,
      width: job.width,
      height: job.height,
    });
    parentPort!.postMessage({
      id: job.id,
      png: new Uint8Array(png),
      width: job.width,
      height: job.height,
    } satisfies RenderedImage);
  }
} else {
  await main().catch((err) => {
    console.error('Seed failed:', err);
    process.exitCode = 1;
  });
}
