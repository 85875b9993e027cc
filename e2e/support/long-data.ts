// Long, unbroken data for the no-sideways-scroll tests: a pitch whose name, description, address, amenities
// and pickup points are long single words, a booking whose name is 100 unbroken characters with 200+ characters of
// notes, and a subscriber with the same. Written straight into the running server's local D1 file (there is no pitch
// API to create one) and removed again, so the demo data every other test counts stays as it was.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { inject } from 'vitest';

/** `n` characters with no space or hyphen, so nothing may wrap them but the layout itself. */
export const unbroken = (n: number, word = 'Uzunkelimeliveri') => word.repeat(Math.ceil(n / word.length)).slice(0, n);

export const LONG = {
  slug: 'uzun-veri-test-sahasi',
  facilityName: unbroken(120, 'UzunSahaAdı'),
  description: unbroken(400, 'AçıklamaMetni'),
  address: unbroken(200, 'MahalleCaddeSokak'),
  amenity: unbroken(80, 'Olanak'),
  pickupName: unbroken(90, 'AlışNoktası'),
  pickupAddress: unbroken(160, 'AlışAdresi'),
  email: `${unbroken(60, 'eposta')}@${unbroken(40, 'alanadi')}.com`,
  customerName: unbroken(100, 'MüşteriAdı'),
  notes: unbroken(240, 'NotMetni'),
  subscriberPhone: '05399990001',
  subscriberName: unbroken(100, 'AboneAdSoyad'),
};

/** The running server's D1 file, writable: rows written the way the server's own look (busy-waits on its lock). */
export function openStateDb() {
  const dir = resolve(inject('state'), 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 file in ${dir}`);
  const db = new DatabaseSync(resolve(dir, file));
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

const columns = (db: DatabaseSync, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);

/** Copies `table` rows matched by `where` with some columns replaced by SQL expressions. */
function copyRows(
  db: DatabaseSync,
  table: string,
  where: string,
  replace: Record<string, string>,
  ...args: (string | number)[]
) {
  // An integer id is the row's own; a text id (pickup points) must be given.
  const cols = columns(db, table).filter((c) => c !== 'id' || 'id' in replace);
  const list = cols.map((c) => `"${c}"`).join(', ');
  const select = cols.map((c) => replace[c] ?? `"${c}"`).join(', ');
  db.prepare(`insert into ${table} (${list}) select ${select} from ${table} where ${where}`).run(...args);
}

const randomId = `lower(hex(randomblob(12)))`;

/** Clones a seeded pitch (amenities, pickup points and slots included) under the long values; returns its id. */
export function createLongFacility(fromSlug = 'nilufer-arena-hali-saha'): { id: number; documentId: string } {
  const db = openStateDb();
  try {
    removeLongData(db);
    const src = db.prepare('select id from facilities where slug = ?').get(fromSlug) as { id: number };
    const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
    copyRows(
      db,
      'facilities',
      'id = ?',
      {
        document_id: randomId,
        slug: q(LONG.slug),
        name: q(LONG.facilityName),
        description: q(LONG.description),
        address: q(LONG.address),
        location: q(unbroken(80, 'Konum')),
        email: q(LONG.email),
        recipient_name: q(unbroken(90, 'AlıcıAdı')),
        bank_name: q(unbroken(70, 'Banka')),
        seo_title: 'null',
        seo_description: 'null',
        transport_description: q(unbroken(220, 'ServisAçıklaması')),
        vehicle_type: q(unbroken(60, 'Araç')),
        facility_services: q(JSON.stringify([unbroken(150, 'Hizmet')])),
      },
      src.id,
    );
    const f = db.prepare('select id, document_id as documentId from facilities where slug = ?').get(LONG.slug) as {
      id: number;
      documentId: string;
    };
    copyRows(
      db,
      'facility_amenities',
      'facility_id = ?',
      { facility_id: String(f.id), name: `name || ${q(LONG.amenity)}` },
      src.id,
    );
    copyRows(
      db,
      'pickup_points',
      'facility_id = ?',
      {
        id: `'uzun-' || ${randomId}`,
        facility_id: String(f.id),
        name: q(LONG.pickupName),
        address: q(LONG.pickupAddress),
        description: q(unbroken(200, 'Açıklama')),
      },
      src.id,
    );
    copyRows(db, 'booking_slots', 'facility_id = ?', { document_id: randomId, facility_id: String(f.id) }, src.id);
    return f;
  } finally {
    db.close();
  }
}

/** An approved subscriber booking (no deposit) on the long pitch, `daysAhead` days ahead, for the phone look-up. */
export function createLongSubscriber(facilityId: number, date: string) {
  const db = openStateDb();
  try {
    const slot = db
      .prepare(
        `select id, date, start_time, end_time, starts_at, price from booking_slots s where facility_id = ? and date = ?
         and not exists (select 1 from bookings b where b.slot_id = s.id and b.status in ('pending', 'approved')) order by starts_at limit 1`,
      )
      .get(facilityId, date) as {
      id: number;
      date: string;
      start_time: string;
      end_time: string;
      starts_at: number;
      price: number;
    };
    db.prepare(`insert or ignore into customers (phone, name, is_subscriber) values (?, ?, 1)`).run(
      LONG.subscriberPhone,
      LONG.subscriberName,
    );
    const customer = db.prepare('select id from customers where phone = ?').get(LONG.subscriberPhone) as { id: number };
    const now = Date.now() - 20 * 86_400_000;
    db.prepare(
      `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_id, customer_name, customer_phone, notes, date, start_time,
         end_time, starts_at, slot_price, status, payment_status, total_price, deposit_amount, is_subscriber, is_recurring, source, created_at, updated_at)
       values (${randomId}, 'HSRUZUNABNE2', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'approved', 'pending', ?, 0, 1, 1, 'subscription', ?, ?)`,
    ).run(
      facilityId,
      slot.id,
      customer.id,
      LONG.subscriberName,
      LONG.subscriberPhone,
      LONG.notes,
      slot.date,
      slot.start_time,
      slot.end_time,
      slot.starts_at,
      slot.price,
      slot.price,
      now,
      now,
    );
  } finally {
    db.close();
  }
}

/** Removes everything the helpers above wrote (and anything booked on the long pitch meanwhile). */
export function removeLongData(existing?: DatabaseSync) {
  const db = existing ?? openStateDb();
  try {
    const f = db.prepare('select id from facilities where slug = ?').get(LONG.slug) as { id: number } | undefined;
    if (f) {
      const bookings = `select id from bookings where facility_id = ${f.id}`;
      const phones = (
        db.prepare(`select distinct customer_phone as phone from bookings where facility_id = ?`).all(f.id) as Array<{
          phone: string;
        }>
      ).map((r) => r.phone);
      db.exec(`delete from notifications where facility_id = ${f.id} or booking_id in (${bookings})`);
      db.exec(`delete from booking_history where booking_id in (${bookings})`);
      db.exec(`delete from ratings where facility_id = ${f.id}`);
      db.exec(`delete from bookings where facility_id = ${f.id}`);
      for (const phone of phones)
        db.prepare(
          'delete from customers where phone = ? and not exists (select 1 from bookings where customer_phone = ?)',
        ).run(phone, phone);
      for (const table of [
        'booking_slots',
        'facility_amenities',
        'pickup_points',
        'facility_images',
        'price_rules',
        'facility_addons',
      ])
        db.exec(`delete from ${table} where facility_id = ${f.id}`);
      db.exec(`delete from facilities where id = ${f.id}`);
    }
    db.prepare(
      'delete from customers where phone = ? and not exists (select 1 from bookings where customer_phone = ?)',
    ).run(LONG.subscriberPhone, LONG.subscriberPhone);
  } finally {
    if (!existing) db.close();
  }
}

/** A customer with a 120-character unbroken name and e-mail and no bookings, for the customer screen at 360 px. */
export const LONG_CUSTOMER = {
  phone: '05399990002',
  name: unbroken(120, 'MüşteriAdıSoyadı'),
  email: `${unbroken(60, 'eposta')}@${unbroken(40, 'alanadi')}.com`,
};

export function createLongCustomer() {
  const db = openStateDb();
  try {
    removeLongCustomer(db);
    db.prepare('insert into customers (phone, name, email, is_subscriber) values (?, ?, ?, 1)').run(
      LONG_CUSTOMER.phone,
      LONG_CUSTOMER.name,
      LONG_CUSTOMER.email,
    );
  } finally {
    db.close();
  }
}

/** Removes that customer (its customer_stats row goes with it). */
export function removeLongCustomer(existing?: DatabaseSync) {
  const db = existing ?? openStateDb();
  try {
    db.prepare('delete from customers where phone = ?').run(LONG_CUSTOMER.phone);
  } finally {
    if (!existing) db.close();
  }
}
