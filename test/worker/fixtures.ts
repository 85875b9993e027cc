// Test data written straight into the migrated D1, plus helpers to call the real Worker.
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { getDb } from '../../worker/src/db/client';
import { amenities, facilities, pickupPoints, users, type WorkingHours } from '../../worker/src/db/schema';
import { insertSession, newSessionId } from '../../worker/src/db/sessions';
import { newBookingNumber, newDocumentId } from '../../worker/src/lib/ids';
import { signToken } from '../../worker/src/lib/jwt';
import { hashPassword } from '../../worker/src/lib/password';
import { addDays, istanbulToday } from '../../worker/src/lib/time';
import { generateSlots } from '../../worker/src/services/slots';

export const db = () => getDb(env.DB);

/** The rows of a raw query: the consistency tests' GROUP BYs over bookings and slots. */
export async function rowsOf(query: string, ...binds: unknown[]) {
  return (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<Record<string, number | string>>()
  ).results;
}

/** A raw write, as a bulk load or a hand edit makes it (every trigger runs, no service does). */
export const runSql = (query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .run();

export const everyDay = (start = '09:00', end = '23:00', isOpen = true): WorkingHours => ({
  monday: { isOpen, start, end },
  tuesday: { isOpen, start, end },
  wednesday: { isOpen, start, end },
  thursday: { isOpen, start, end },
  friday: { isOpen, start, end },
  saturday: { isOpen, start, end },
  sunday: { isOpen, start, end },
});

let seq = 0;
export type FacilityInsert = typeof facilities.$inferInsert;

/** A pitch with amenities and (optionally) a shuttle with two pickup points. Prices in kuruş. */
export async function createFacility(overrides: Partial<FacilityInsert> = {}, opts: { pickup?: boolean } = {}) {
  seq++;
  const row = await db()
    .insert(facilities)
    .values({
      documentId: newDocumentId(),
      slug: `test-saha-${seq}-${Math.random().toString(36).slice(2, 7)}`,
      name: `Test Saha ${seq}`,
      description: 'Test sahası',
      address: 'Test Mah. 1, Bursa',
      hourlyPrice: 150_000,
      depositAmount: 30_000,
      depositIban: 'TR330006100519786457841326',
      bankName: 'Test Bankası',
      recipientName: 'Test Spor Ltd.',
      phoneNumbers: ['0224 000 00 00'],
      workingHours: everyDay(),
      transportIsActive: Boolean(opts.pickup),
      transportPrice: opts.pickup ? 5_000 : 0,
      ...overrides,
    })
    .returning()
    .get();
  await db()
    .insert(amenities)
    .values([
      { facilityId: row.id, name: 'Duş', available: true, icon: 'shower', sortOrder: 1 },
      { facilityId: row.id, name: 'Kantin', available: false, icon: 'coffee', sortOrder: 2 },
    ]);
  if (opts.pickup) {
    await db()
      .insert(pickupPoints)
      .values([
        {
          id: `pickup-${Date.now()}-${seq}a`,
          facilityId: row.id,
          name: 'Merkez Durak',
          address: 'Atatürk Cad.',
          time: '19:30',
          minutesBefore: 90,
          sortOrder: 1,
        },
        {
          id: `pickup-${Date.now()}-${seq}b`,
          facilityId: row.id,
          name: 'Üniversite',
          address: 'Kampüs Girişi',
          sortOrder: 2,
        },
      ]);
  }
  return row;
}

export async function pickupPointsOf(facilityId: number) {
  return db().select().from(pickupPoints).where(eq(pickupPoints.facilityId, facilityId)).all();
}

/** Generates real slots from the pitch's working hours for [today + fromDay, today + toDay]. */
export async function createSlots(facility: Awaited<ReturnType<typeof createFacility>>, fromDay = 0, toDay = 3) {
  const today = istanbulToday();
  await generateSlots(db(), facility, addDays(today, fromDay), addDays(today, toDay), false);
}

export async function slotAt(facilityId: number, date: string, startTime: string) {
  const row = await env.DB.prepare('select * from booking_slots where facility_id = ? and date = ? and start_time = ?')
    .bind(facilityId, date, startTime)
    .first<{ id: number; document_id: string; starts_at: number; price: number }>();
  if (!row) throw new Error(`no slot ${date} ${startTime}`);
  return row;
}

/**
 * A booking written straight to D1, past the API and the pitch objects (what the server did not see coming), on a slot
 * row as slotAt gives it. The end time is the start time unless given; price and total are the slot's.
 */
export async function insertBookingRow(
  slot: { id: number; facility_id?: number; starts_at: number; price: number },
  b: {
    facilityId: number;
    date: string;
    time: string;
    endTime?: string;
    name?: string;
    phone?: string;
    status?: 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';
    subscriber?: boolean;
  },
) {
  const documentId = newDocumentId();
  const bookingNumber = newBookingNumber();
  const phone = b.phone ?? freshPhone();
  await env.DB.prepare(
    `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date,
       start_time, end_time, starts_at, slot_price, total_price, status, is_subscriber)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      documentId,
      bookingNumber,
      b.facilityId,
      slot.id,
      b.name ?? 'Deneme Müşteri',
      phone,
      b.date,
      b.time,
      b.endTime ?? b.time,
      slot.starts_at,
      slot.price,
      slot.price,
      b.status ?? 'pending',
      b.subscriber ? 1 : 0,
    )
    .run();
  return { documentId, bookingNumber, phone };
}

/** Inserts a slot directly, e.g. one that starts at an exact instant relative to now. */
export async function insertSlot(
  facilityId: number,
  date: string,
  startTime: string,
  startsAt: number,
  price = 150_000,
) {
  const documentId = newDocumentId();
  await env.DB.prepare(
    'insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price) values (?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(documentId, facilityId, date, startTime, startTime, startsAt, startsAt + 3_600_000, price)
    .run();
  return documentId;
}

let phoneSeq = 1000000;
/** A fresh valid mobile number per call. */
export const freshPhone = () => `0532${String(phoneSeq++).padStart(7, '0')}`;

export async function ensureRoles() {
  await env.DB.batch([
    env.DB.prepare("insert or ignore into roles (id, name, type) values (1, 'Admin', 'admin')"),
    env.DB.prepare("insert or ignore into roles (id, name, type) values (2, 'Manager', 'manager')"),
  ]);
}

export async function createStaff(
  type: 'admin' | 'manager',
  overrides: Partial<typeof users.$inferInsert> = {},
  password = 'secret123',
) {
  await ensureRoles();
  seq++;
  return db()
    .insert(users)
    .values({
      documentId: newDocumentId(),
      username: `${type}${seq}`,
      email: `${type}${seq}@example.com`,
      firstName: 'Test',
      lastName: type === 'admin' ? 'Yönetici' : 'Müdür',
      passwordHash: await hashPassword(password),
      roleId: type === 'admin' ? 1 : 2,
      ...overrides,
    })
    .returning()
    .get();
}

/** A signed-in session of `user`, as login makes one: its session row, then a token naming it. */
export async function tokenFor(
  user: { id: number; tokenVersion?: number },
  role: 'admin' | 'manager' = 'admin',
  ttlSeconds = 3600,
) {
  const sid = newSessionId();
  const now = Date.now();
  await insertSession(db(), { id: sid, userId: user.id, createdAt: now, expiresAt: now + ttlSeconds * 1000 }).run();
  return signToken({ sub: String(user.id), role, sid, ver: user.tokenVersion ?? 0 }, env.JWT_SECRET, ttlSeconds);
}

export function api(path: string, init: RequestInit & { json?: unknown; token?: string; ip?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.ip) headers.set('cf-connecting-ip', init.ip);
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    }),
  );
}

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Asserts the single error shape of 00 §6 and returns its error. */
export async function expectError(res: Response, status: number) {
  const body = await json(res);
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(body)}`);
  if (
    body.data !== null ||
    typeof body.error?.message !== 'string' ||
    body.error.status !== status ||
    typeof body.error.name !== 'string'
  ) {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  return body.error as { status: number; name: string; message: string; details: any };
}

export { addDays, istanbulToday };
