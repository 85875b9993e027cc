// db/unique.ts against the errors the real D1 gives for this schema's unique indexes: raw, inside a batch, and wrapped by
// drizzle's 'Failed query'.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { facilities } from '../../worker/src/db/schema';
import { isUniqueRefusal, uniqueRefusal } from '../../worker/src/db/unique';
import {
  addDays,
  createFacility,
  createSlots,
  createStaff,
  db,
  freshPhone,
  insertBookingRow,
  istanbulToday,
  slotAt,
} from './fixtures';

const refusalOf = async (write: () => Promise<unknown>) => {
  try {
    await write();
  } catch (e) {
    return e;
  }
  throw new Error('the write was not refused');
};

describe('unique index refusals (db/unique.ts)', () => {
  it('reads the refused column from D1 on its own and from drizzle wrapping it', async () => {
    const f = await createFacility();
    const g = await createFacility();
    const raw = await refusalOf(() =>
      env.DB.prepare('update facilities set slug = ? where id = ?').bind(f.slug, g.id).run(),
    );
    expect(uniqueRefusal(raw)).toEqual(['facilities.slug']);
    const wrapped = await refusalOf(() =>
      db()
        .insert(facilities)
        .values({ ...f, id: undefined, documentId: `${f.documentId}x` }),
    );
    expect(String((wrapped as Error).message)).toMatch(/^Failed query/);
    expect(uniqueRefusal(wrapped)).toEqual(['facilities.slug']);
    expect(isUniqueRefusal(wrapped, 'facilities.slug')).toBe(true);
    expect(isUniqueRefusal(wrapped, 'facilities')).toBe(true);
    expect(isUniqueRefusal(wrapped, 'facilities.document_id')).toBe(false);
    expect(isUniqueRefusal(wrapped, 'bookings')).toBe(false);
  });

  it('names both columns of a two-column partial index, and the slot index of a second live booking', async () => {
    const f = await createFacility();
    await createSlots(f, 1, 1);
    const date = addDays(istanbulToday(), 1);
    const slot = await slotAt(f.id, date, '18:00');
    const other = await slotAt(f.id, date, '19:00');
    const phone = freshPhone();
    await insertBookingRow(slot, { facilityId: f.id, date, time: '18:00', phone });
    const sameSlot = await refusalOf(() => insertBookingRow(slot, { facilityId: f.id, date, time: '18:00' }));
    expect(uniqueRefusal(sameSlot)).toEqual(['bookings.slot_id']);
    expect(isUniqueRefusal(sameSlot, 'bookings.slot_id')).toBe(true);
    expect(isUniqueRefusal(sameSlot, 'bookings.customer_phone')).toBe(false);
    const sameDay = await refusalOf(() => insertBookingRow(other, { facilityId: f.id, date, time: '19:00', phone }));
    expect(uniqueRefusal(sameDay)).toEqual(['bookings.customer_phone', 'bookings.date']);
    expect(isUniqueRefusal(sameDay, 'bookings.customer_phone')).toBe(true);
    expect(isUniqueRefusal(sameDay, 'bookings.slot_id')).toBe(false);
  });

  it('reads a refusal inside a batch, and the nocase indexes of staff names', async () => {
    const staff = await createStaff('manager');
    const other = await createStaff('manager');
    const batched = await refusalOf(() =>
      env.DB.batch([
        env.DB.prepare('select 1'),
        env.DB.prepare('update users set username = ? where id = ?').bind(staff.username.toUpperCase(), other.id),
      ]),
    );
    expect(isUniqueRefusal(batched, 'users.username')).toBe(true);
    expect(isUniqueRefusal(batched, 'users')).toBe(true);
  });

  it('answers null for every other error', async () => {
    const notNull = await refusalOf(() => env.DB.prepare('insert into facilities (slug) values (?)').bind('x').run());
    expect(uniqueRefusal(notNull)).toBeNull();
    expect(isUniqueRefusal(notNull)).toBe(false);
    expect(uniqueRefusal(new Error('bookings.slot_id'))).toBeNull();
    expect(uniqueRefusal(undefined)).toBeNull();
    expect(uniqueRefusal('UNIQUE constraint failed: users.email')).toEqual(['users.email']);
  });
});
