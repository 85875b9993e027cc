// Staff take a booking for a free slot from the panel (behaviour.md#bookings 'Staff bookings'): every rule, each refusal
// with its Turkish message in the one error shape and nothing written, and the rows that name the staff member.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../contracts/messages';
import { staffBookingMsg } from '../../contracts/staff-booking';
import type { BookingDetail, SameDayBookingWire } from '../../contracts/wire/booking';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  type Answer,
  addDays,
  api,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  type Invalid,
  istanbulToday,
  json,
  pickupPointsOf,
  rowsOf,
  runSql,
  slotAt,
  tokenFor,
} from './fixtures';

type Facility = Awaited<ReturnType<typeof createFacility>>;

let admin: Awaited<ReturnType<typeof createStaff>>;
let adminToken: string;
let f: Facility;
const day = () => addDays(istanbulToday(), 1);

beforeAll(async () => {
  admin = await createStaff('admin', { firstName: 'Selin', lastName: 'Gişe' });
  adminToken = await tokenFor(admin);
  f = await createFacility({}, { pickup: true });
  await createSlots(f, 0, 3);
});

const post = (body: unknown, token: string | null = adminToken) =>
  api('/api/bookings/staff', { method: 'POST', json: body, token: token ?? undefined });

async function form(time: string, fields: Record<string, unknown> = {}, pitch: Facility = f) {
  const slot = await slotAt(pitch.id, day(), time);
  return {
    slot,
    body: {
      facility: pitch.documentId,
      bookingSlot: slot.document_id,
      customerName: 'Kemal Sunal',
      customerPhone: freshPhone(),
      channel: 'phone',
      status: 'approved',
      deposit: { mode: 'due' },
      ...fields,
    },
  };
}

async function created(res: Response) {
  const body = await json<Answer<BookingDetail>>(res);
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

const bookingByNumber = async (n: string) =>
  (
    await rowsOf(
      `select id, status, payment_status, deposit_amount, deposit_waived, collected, expires_at, channel, created_by_id,
        approved_by_id, source, same_day_rule, same_day_override_reason, total_price from bookings where booking_number = ?`,
      n,
    )
  )[0] as Record<string, number | string | null>;

const bookingsOnPitch = async (pitch: Facility = f) =>
  ((await rowsOf('select count(*) as n from bookings where facility_id = ?', pitch.id))[0] as { n: number }).n;
const auditRows = async () =>
  ((await rowsOf("select count(*) as n from audit_log where entity_kind = 'booking'"))[0] as { n: number }).n;

describe('a staff booking, approved at once', () => {
  it('is approved by the staff member, from the panel, with its channel, no hold and the deposit due', async () => {
    const { body } = await form('10:00');
    const before = Date.now();
    const b = await created(await post(body));
    expect(b.status).toBe('approved');
    expect(b.source).toBe('panel');
    expect(b.expiresAt).toBeNull();
    expect(b.approvedBy?.fullName).toBe('Selin Gişe');
    const row = await bookingByNumber(b.bookingNumber);
    expect(row).toMatchObject({
      status: 'approved',
      payment_status: 'pending',
      deposit_amount: 30_000,
      deposit_waived: 0,
      channel: 'phone',
      created_by_id: admin.id,
      approved_by_id: admin.id,
      source: 'panel',
      same_day_rule: 1,
      same_day_override_reason: null,
    });
    expect(row.expires_at).toBeNull();

    // History, notification and audit name the staff member and the source.
    const [history] = await rowsOf(
      'select from_status, to_status, actor_type, actor_user_id, actor_label, reason from booking_history where booking_id = ?',
      row.id,
    );
    expect(history).toEqual({
      from_status: null,
      to_status: 'approved',
      actor_type: 'staff',
      actor_user_id: admin.id,
      actor_label: 'Selin Gişe',
      reason: 'Personel rezervasyonu · Telefon',
    });
    const notices = (await rowsOf(
      'select kind, actor_user_id, facts from notifications where booking_id = ?',
      row.id,
    )) as { kind: string; actor_user_id: number; facts: string }[];
    expect(notices).toHaveLength(1);
    expect(notices[0].kind).toBe('booking_created_by_staff');
    expect(notices[0].actor_user_id).toBe(admin.id);
    expect(JSON.parse(notices[0].facts)).toMatchObject({
      bookingNumber: b.bookingNumber,
      customerName: 'Kemal Sunal',
      actorLabel: 'Selin Gişe',
      channel: 'phone',
      status: 'approved',
    });
    const audits = (await rowsOf(
      "select actor_user_id, actor_name, entity_id, entity_label, action, details, at from audit_log where entity_kind = 'booking' and entity_label = ?",
      b.bookingNumber,
    )) as {
      actor_user_id: number;
      actor_name: string;
      entity_label: string;
      action: string;
      details: string;
      at: number;
    }[];
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_user_id: admin.id, actor_name: 'Selin Gişe', action: 'create' });
    expect(audits[0].at).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(audits[0].details)).toEqual({
      facilityName: f.name,
      date: day(),
      startTime: '10:00',
      endTime: '11:00',
      duration: 60,
      startsAt: Date.parse(b.startsAt),
      channel: 'phone',
      status: 'approved',
      deposit: 'due',
      sameDayOverride: false,
    });
  });

  it('a manager may take one too; the shuttle and add-ons are priced by the server', async () => {
    const manager = await createStaff('manager', { firstName: 'Mert', lastName: 'Müdür' });
    const [pickup] = await pickupPointsOf(f.id);
    const { body } = await form('11:00', {
      channel: 'whatsapp',
      includesTransportation: true,
      transportationDetails: { pickupPointId: pickup.id },
      totalPrice: 1,
    });
    const b = await created(await post(body, await tokenFor(manager, 'manager')));
    const row = await bookingByNumber(b.bookingNumber);
    expect(row).toMatchObject({ channel: 'whatsapp', created_by_id: manager.id, total_price: 150_000 + 5_000 });
    const [history] = await rowsOf('select actor_label, reason from booking_history where booking_id = ?', row.id);
    expect(history).toEqual({ actor_label: 'Mert Müdür', reason: 'Personel rezervasyonu · WhatsApp' });
  });
});

describe('a staff booking left pending', () => {
  it('holds the slot for the pitch’s approval time and arms the pitch’s alarm', async () => {
    const { body } = await form('12:00', { status: 'pending', channel: 'counter' });
    const before = Date.now();
    const b = await created(await post(body));
    expect(b.status).toBe('pending');
    const row = await bookingByNumber(b.bookingNumber);
    expect(row.approved_by_id).toBeNull();
    expect(Number(row.expires_at)).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(Number(row.expires_at)).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    const alarm = await runInDurableObject(facilityStub(env, f.id), (_i, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(Number(row.expires_at));
    const [history] = await rowsOf('select to_status, reason from booking_history where booking_id = ?', row.id);
    expect(history).toEqual({ to_status: 'pending', reason: 'Personel rezervasyonu · Gişe' });
  });
});

describe('the deposit', () => {
  it('received: a kapora payment row in the given amount and method, paid, collected, and no hold left', async () => {
    const { body } = await form('13:00', {
      status: 'pending',
      deposit: { mode: 'received', amount: 200, method: 'cash' },
    });
    const b = await created(await post(body));
    const row = await bookingByNumber(b.bookingNumber);
    expect(row).toMatchObject({ payment_status: 'paid', collected: 20_000, deposit_amount: 30_000 });
    // Money arrived: the hold no longer lapses.
    expect(row.expires_at).toBeNull();
    const payments = await rowsOf(
      'select kind, amount, method, staff_user_id, staff_name from payments where booking_id = ?',
      row.id,
    );
    expect(payments).toEqual([
      { kind: 'deposit', amount: 20_000, method: 'cash', staff_user_id: admin.id, staff_name: 'Selin Gişe' },
    ]);
    expect(b.paymentStatus).toBe('paid');
    const [audit] = (await rowsOf(
      "select details from audit_log where entity_kind = 'booking' and entity_label = ?",
      b.bookingNumber,
    )) as { details: string }[];
    expect(JSON.parse(audit.details)).toMatchObject({ deposit: 'received', status: 'pending' });
  });

  it('waived: no deposit asked, marked waived', async () => {
    const { body } = await form('14:00', { deposit: { mode: 'waived' } });
    const b = await created(await post(body));
    expect(await bookingByNumber(b.bookingNumber)).toMatchObject({ deposit_amount: 0, deposit_waived: 1 });
    expect(b.depositAmount).toBe(0);
  });

  it('refuses an amount above the total, a missing amount or method, and a zero amount, writing nothing', async () => {
    const cases: [unknown, string[], string][] = [
      [{ mode: 'received', amount: 5000, method: 'cash' }, ['deposit', 'amount'], staffBookingMsg.amountTooHigh],
      [{ mode: 'received', method: 'cash' }, ['deposit', 'amount'], staffBookingMsg.amountRequired],
      [{ mode: 'received', amount: 100 }, ['deposit', 'method'], staffBookingMsg.methodRequired],
      [{ mode: 'received', amount: 0, method: 'card' }, ['deposit', 'amount'], staffBookingMsg.amountPositive],
      [{ mode: 'received', amount: 10.555, method: 'card' }, ['deposit', 'amount'], staffBookingMsg.amountInvalid],
      [{ mode: 'maybe' }, ['deposit', 'mode'], staffBookingMsg.depositModeRequired],
    ];
    const { body } = await form('15:00');
    const [count, audits] = [await bookingsOnPitch(), await auditRows()];
    for (const [deposit, path, message] of cases) {
      const error = await expectError<Invalid>(await post({ ...body, deposit }), 400);
      expect(error.message).toBe(message);
      expect(error.details.errors).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect(await bookingsOnPitch()).toBe(count);
    expect(await auditRows()).toBe(audits);
    expect(await rowsOf("select 1 from payments where staff_name = 'Selin Gişe' and amount >= 500000")).toEqual([]);
  });
});

describe('the same-day rule', () => {
  it('answers the public 409 with the masked booking, then books with a reason, outside the phone-and-day index', async () => {
    const phone = freshPhone();
    const first = await bookViaApi(f, day(), '16:00', { customerName: 'Ayşe Yılmaz', customerPhone: phone });
    const { body } = await form('17:00', { customerName: 'Ayşe Yılmaz', customerPhone: phone });
    const count = await bookingsOnPitch();

    const error = await expectError<{ existingBooking: SameDayBookingWire }>(await post(body), 409);
    expect(error.message).toBe('Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır');
    expect(error.details.existingBooking).toMatchObject({ customerName: 'Ayşe Y.', time: '16:00', status: 'pending' });
    expect(JSON.stringify(error)).not.toContain(first.booking.bookingNumber);
    expect(await bookingsOnPitch()).toBe(count);

    const tooShort = await expectError<Invalid>(await post({ ...body, sameDayOverrideReason: 'ok' }), 400);
    expect(tooShort.message).toBe(staffBookingMsg.overrideTooShort);

    const reason = 'Müşteri iki maç için aradı';
    const b = await created(await post({ ...body, sameDayOverrideReason: reason }));
    const row = await bookingByNumber(b.bookingNumber);
    expect(row).toMatchObject({ same_day_rule: 0, same_day_override_reason: reason, status: 'approved' });
    const [history] = await rowsOf('select reason from booking_history where booking_id = ?', row.id);
    expect(history).toEqual({ reason: `Personel rezervasyonu · Telefon · Aynı gün kuralı aşıldı: ${reason}` });
    const [audit] = (await rowsOf(
      "select details from audit_log where entity_kind = 'booking' and entity_label = ?",
      b.bookingNumber,
    )) as { details: string }[];
    expect(JSON.parse(audit.details)).toMatchObject({ sameDayOverride: true });
    // The audit facts never carry the reason (free text that may name the customer).
    expect(audit.details).not.toContain(reason);
  });

  it('a reason given when the phone holds nothing that day is not stored as an override', async () => {
    const { body } = await form('18:00', { sameDayOverrideReason: 'gerek yok aslında' });
    const b = await created(await post(body));
    expect(await bookingByNumber(b.bookingNumber)).toMatchObject({ same_day_rule: 1, same_day_override_reason: null });
  });
});

describe('refusals', () => {
  it('anonymous callers get 401 and nothing is written', async () => {
    const { body } = await form('19:00');
    const count = await bookingsOnPitch();
    await expectError(await post(body, null), 401);
    expect(await bookingsOnPitch()).toBe(count);
  });

  it('a taken slot, a past slot and an inactive pitch are refused with their messages', async () => {
    const taken = await bookViaApi(f, day(), '20:00');
    const { body } = await form('20:00');
    const takenError = await expectError(await post(body), 409);
    expect(takenError.message).toBe(msg.slotTaken);

    const { body: pastBody, slot } = await form('21:00');
    await runSql('update booking_slots set starts_at = ? where id = ?', Date.now() - 60_000, slot.id);
    const pastError = await expectError<Invalid>(await post(pastBody), 400);
    expect(pastError.message).toBe(msg.pastSlot);

    const closed = await createFacility();
    await createSlots(closed, 1, 1);
    const { body: closedBody } = await form('20:00', {}, closed);
    await runSql('update facilities set is_active = 0 where id = ?', closed.id);
    const closedError = await expectError(await post(closedBody), 409);
    expect(closedError.message).toBe(msg.facilityInactive);
    expect(await bookingsOnPitch(closed)).toBe(0);
    expect(taken.booking.status).toBe('pending');
  });

  it('an invalid phone, name or channel, or no status, each answer 400 with a Turkish message and write nothing', async () => {
    const { body } = await form('22:00');
    const cases: [Record<string, unknown>, string[], string][] = [
      [{ customerPhone: '12345' }, ['customerPhone'], msg.phoneInvalid],
      [{ customerName: 'A' }, ['customerName'], msg.nameTooShort],
      [{ channel: 'fax' }, ['channel'], staffBookingMsg.channelRequired],
      [{ channel: undefined }, ['channel'], staffBookingMsg.channelRequired],
      [{ status: 'rejected' }, ['status'], staffBookingMsg.statusRequired],
    ];
    const [count, audits] = [await bookingsOnPitch(), await auditRows()];
    for (const [fields, path, message] of cases) {
      const error = await expectError<Invalid>(await post({ ...body, ...fields }), 400);
      expect(error.message).toBe(message);
      expect(error.details.errors).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect(await bookingsOnPitch()).toBe(count);
    expect(await auditRows()).toBe(audits);
  });
});

describe('customer suggestions', () => {
  it('offers stored customers by the start of the name or the phone, at most 8, staff only', async () => {
    const phone = '05429876543';
    await bookViaApi(f, addDays(istanbulToday(), 2), '10:00', { customerName: 'Şükrü Öztürk', customerPhone: phone });
    const get = (q: string, token: string | null = adminToken) =>
      api(`/api/bookings/customers/suggest?q=${encodeURIComponent(q)}`, { token: token ?? undefined });
    type Suggestions = Answer<{ name: string; phone: string; isSubscriber: boolean; warningLevel: string }[]>;
    const byName = (await json<Suggestions>(await get('şükrü ö'))).data;
    expect(byName).toContainEqual({
      id: expect.any(Number),
      name: 'Şükrü Öztürk',
      phone,
      isSubscriber: false,
      warningLevel: 'normal',
    });
    expect((await json<Suggestions>(await get('0542 98'))).data.map((s) => s.phone)).toContain(phone);
    expect((await json<Suggestions>(await get('542987'))).data.map((s) => s.phone)).toContain(phone);
    expect((await json<Suggestions>(await get('0532'))).data.length).toBeLessThanOrEqual(8);
    const short = await expectError<Invalid>(await get('ş'), 400);
    expect(short.message).toBe(staffBookingMsg.suggestTooShort);
    await expectError(await get('şükrü', null), 401);
  });
});

describe('KVKK erasure', () => {
  it('takes the typed same-day override reason with the customer', async () => {
    const phone = freshPhone();
    await bookViaApi(f, day(), '22:00', { customerName: 'Silinecek Kişi', customerPhone: phone });
    const { body } = await form('09:00', { customerName: 'Silinecek Kişi', customerPhone: phone });
    const reason = 'Silinecek Kişi iki maç istedi';
    const b = await created(await post({ ...body, sameDayOverrideReason: reason }));
    const erase = await api(`/api/bookings/${b.documentId}/anonymize`, { method: 'POST', token: adminToken });
    expect(erase.status).toBe(200);
    const [row] = await rowsOf('select same_day_override_reason from bookings where id = ?', b.id);
    expect(row).toEqual({ same_day_override_reason: 'Açıklama silindi (KVKK)' });
    const history = (await rowsOf('select reason from booking_history where booking_id = ?', b.id)) as {
      reason: string | null;
    }[];
    expect(history.map((h) => h.reason).join(' ')).not.toContain('Silinecek');
  });
});
