// customer_stats against a from-scratch recomputation: after every kind of booking write — public create,
// approve, reject, customer cancel, staff cancel, expiry by the pitch's alarm, a forced pitch delete, KVKK
// anonymisation, a customer row change — the stored figures equal recomputedStats (window functions over all bookings).
// Also the warning level and risk label at each boundary, and pagination over more than one page.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldSearch } from '../../contracts/search';
import { recomputedStats, storedStats } from '../../worker/src/db/customers';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  addDays,
  api,
  type BookingAnswer,
  bookViaApi,
  type CustomerDetailAnswer,
  type CustomerListAnswer,
  createFacility,
  createSlots,
  createStaff,
  db,
  freshPhone,
  istanbulToday,
  json,
  pickupPointsOf,
  slotAt,
  tokenFor,
} from './fixtures';
import { addBookings, addCustomer, storedRow } from './fixtures/customers';

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'), 'admin');
});

const rate = (part: number, total: number) => (total > 0 ? Math.round((part * 1000) / total) / 10 : 0);

/** The stored table equals the recomputation, row for row, and is not empty. */
async function expectConsistent() {
  const fresh = await recomputedStats(db());
  const expected = fresh.map((r) => {
    const name = foldSearch(String(r.name));
    const total = Number(r.total_bookings);
    return {
      customerId: r.customer_id,
      nameKey: name,
      searchKey: `${name} ${r.phone} ${foldSearch(String(r.email ?? ''))}`,
      isSubscriber: r.is_subscriber === 1,
      totalBookings: total,
      approvedBookings: r.approved_bookings,
      cancelledBookings: r.cancelled_bookings,
      pendingBookings: r.pending_bookings,
      rejectedBookings: r.rejected_bookings,
      expiredBookings: r.expired_bookings,
      transportationBookings: r.transportation_bookings,
      consecutiveCancellations: r.consecutive_cancellations,
      cancellationRate: rate(Number(r.cancelled_bookings), total),
      approvalRate: rate(Number(r.approved_bookings), total),
      firstBookingDate: r.first_booking_date,
      lastBookingDate: r.last_booking_date,
      lastActualBookingDate: r.last_actual_booking_date,
      favoriteFacilityId: r.favorite_facility_id,
      favoriteDay: r.favorite_day,
      favoriteHour: r.favorite_hour,
      totalSpent: r.total_spent,
      facilityUsage: JSON.parse(String(r.facility_usage ?? '{}')),
      playedBookings: r.played_bookings,
      noShowBookings: r.no_show_bookings,
      plannedSpent: r.planned_spent,
      nextChangeAt: r.next_change_at,
    };
  });
  const stored = await storedStats(db());
  expect(stored.length).toBeGreaterThan(0);
  expect(stored).toEqual(expected);
}

const idOfPhone = async (phone: string) =>
  (await env.DB.prepare('select id from customers where phone = ?').bind(phone).first<{ id: number }>())!.id;
const detail = async (id: number) =>
  (await json<CustomerDetailAnswer>(await api(`/api/bookings/customers/${id}`, { token }))).data;

describe('every booking write keeps the customer row equal to a full recomputation', () => {
  it('create, approve, reject, customer cancel, staff cancel, expiry, forced pitch delete, anonymisation', async () => {
    const today = istanbulToday();
    const f = await createFacility({}, { pickup: true });
    const g = await createFacility();
    await createSlots(f, 2, 5);
    await createSlots(g, 5, 6);
    const [pickup] = await pickupPointsOf(f.id);
    const phone = freshPhone();
    const customer = { customerName: 'Tutarlı Müşteri', customerPhone: phone, customerEmail: 'tutarli@example.com' };

    // public create (the customer row and 4 pending bookings, one with the shuttle)
    const b1 = (
      await bookViaApi(f, addDays(today, 2), '20:00', {
        ...customer,
        includesTransportation: true,
        transportationDetails: { pickupPointId: pickup.id },
      })
    ).booking;
    const b2 = (await bookViaApi(f, addDays(today, 3), '20:00', customer)).booking;
    const b3 = (await bookViaApi(f, addDays(today, 4), '20:00', customer)).booking;
    const b4 = (await bookViaApi(g, addDays(today, 5), '20:00', customer)).booking;
    await expectConsistent();
    const id = await idOfPhone(phone);
    expect(await storedRow(id)).toMatchObject({ total_bookings: 4, pending_bookings: 4, transportation_bookings: 1 });

    // approve
    const post = (path: string, body: unknown = {}) => api(path, { method: 'POST', json: body, token });
    expect((await post(`/api/bookings/${b1.documentId}/approve`)).status).toBe(200);
    await expectConsistent();
    // Approved but still two days ahead: planned, not spent.
    expect(await storedRow(id)).toMatchObject({
      approved_bookings: 1,
      played_bookings: 0,
      total_spent: 0,
      planned_spent: 155_000,
    });

    // reject
    expect((await post(`/api/bookings/${b2.documentId}/reject`, { reason: 'Kapora gelmedi' })).status).toBe(200);
    await expectConsistent();
    expect(await storedRow(id)).toMatchObject({ rejected_bookings: 1, pending_bookings: 2 });

    // customer cancel (the public route, by booking number)
    expect((await api(`/api/bookings/cancel/${b3.bookingNumber}`, { method: 'POST', json: {} })).status).toBe(200);
    await expectConsistent();
    // b4, pending and still ahead, neither counts nor ends the run: b2 rejected, then b3 cancelled
    expect(await storedRow(id)).toMatchObject({ cancelled_bookings: 1, consecutive_cancellations: 1 });

    // staff cancel of the approved one
    expect((await post(`/api/bookings/${b1.documentId}/cancel`)).status).toBe(200);
    await expectConsistent();
    expect(await storedRow(id)).toMatchObject({
      cancelled_bookings: 2,
      approved_bookings: 0,
      total_spent: 0,
      planned_spent: 0,
    });

    // forced pitch delete: b4 is cancelled, counted as cancelled but skipped by the consecutive run
    expect((await api(`/api/facilities/${g.documentId}?force=true`, { method: 'DELETE', token })).status).toBe(200);
    expect(
      await env.DB.prepare('select status from bookings where document_id = ?').bind(b4.documentId).first('status'),
    ).toBe('cancelled');
    await expectConsistent();
    expect(await storedRow(id)).toMatchObject({
      cancelled_bookings: 3,
      pending_bookings: 0,
      // by play time: b4 (skipped), b3 cancelled, b2 rejected ends the run
      consecutive_cancellations: 1,
      cancellation_rate: 75,
    });

    // expiry by the pitch's alarm, for a second customer
    const other = freshPhone();
    const slot = await slotAt(f.id, addDays(today, 5), '21:00');
    const created = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Süresi Dolan',
        customerPhone: other,
      },
    });
    const held = (await json<BookingAnswer>(created)).data;
    await env.DB.prepare('update bookings set expires_at = ? where id = ?')
      .bind(Date.now() - 1000, held.id)
      .run();
    await runDurableObjectAlarm(facilityStub(env, f.id));
    await expectConsistent();
    expect(await storedRow(await idOfPhone(other))).toMatchObject({ expired_bookings: 1, pending_bookings: 0 });

    // KVKK anonymisation: the customer row and every booking change phone and name
    expect((await post(`/api/bookings/${b2.documentId}/anonymize`)).status).toBe(200);
    await expectConsistent();
    const after = (await storedRow(id)) as { search_key: string; total_bookings: number };
    expect(after.total_bookings).toBe(4);
    expect(after.search_key).not.toContain(phone);
    expect(after.search_key).toContain('silinmis musteri');
  });

  it('a change of the customer row (subscriber, name, e-mail) is in the list at once', async () => {
    const c = await addCustomer({ name: 'Değişen Kişi', phone: freshPhone() });
    const f = await createFacility();
    await addBookings(c, [
      { day: -2, status: 'cancelled', facilityId: f.id },
      { day: -1, status: 'cancelled', facilityId: f.id },
    ]);
    // Two cancellations warn a customer whether or not they subscribe.
    expect((await detail(c.id)).customerInfo.isSubscriber).toBe(false);
    expect((await detail(c.id)).stats.warningLevel).toBe('caution');
    await env.DB.prepare(
      "update customers set is_subscriber = 1, name = 'Yeni İsim', email = 'yeni@örnek.com' where id = ?",
    )
      .bind(c.id)
      .run();
    const d = await detail(c.id);
    expect([d.customerInfo.isSubscriber, d.customerInfo.name, d.stats.warningLevel]).toEqual([
      true,
      'Yeni İsim',
      'caution',
    ]);
    const found = await json<CustomerListAnswer>(
      await api('/api/bookings/customers/stats?search=yeni%20isim&warningsOnly=true', { token }),
    );
    expect(found.data.map((r) => r.id)).toEqual([c.id]);
    await expectConsistent();
  });

  it('deleting a booking recomputes its customer', async () => {
    const c = await addCustomer({ name: 'Silinen Rezervasyon', phone: freshPhone() });
    const f = await createFacility();
    await addBookings(c, [
      { day: -2, status: 'approved', facilityId: f.id },
      { day: -1, status: 'cancelled', facilityId: f.id },
    ]);
    expect(await storedRow(c.id)).toMatchObject({ total_bookings: 2, consecutive_cancellations: 1 });
    await env.DB.prepare("delete from bookings where customer_phone = ? and status = 'cancelled'").bind(c.phone).run();
    expect(await storedRow(c.id)).toMatchObject({ total_bookings: 1, consecutive_cancellations: 0 });
    await expectConsistent();
  });
});

describe('no-shows in the figures and the run', () => {
  it("'Gelmedi' weighs 2 in the run and leaves the played count; 'Geldi' ends the run; stored equals recomputed after each", async () => {
    const f = await createFacility();
    const c = await addCustomer({ name: 'Gelmeyen Müşteri', phone: freshPhone() });
    await addBookings(c, [
      { day: -10, status: 'approved', facilityId: f.id },
      { day: -6, status: 'cancelled', facilityId: f.id },
      { day: -4, status: 'approved', facilityId: f.id },
      { day: -2, status: 'approved', facilityId: f.id },
      { day: 3, status: 'approved', facilityId: f.id },
    ]);
    const ids = (
      await env.DB.prepare('select document_id from bookings where customer_phone = ? order by starts_at')
        .bind(c.phone)
        .all<{ document_id: string }>()
    ).results.map((r) => r.document_id);
    const mark = (i: number, attendance: 'played' | 'no_show') =>
      api(`/api/bookings/${ids[i]}/attendance`, { method: 'POST', json: { attendance }, token });
    await expectConsistent();
    expect(await storedRow(c.id)).toMatchObject({ consecutive_cancellations: 0, played_bookings: 3 });

    // -4 no-show: -2, approved and past without a mark, still ends the run after it.
    expect((await mark(2, 'no_show')).status).toBe(200);
    await expectConsistent();
    expect(await storedRow(c.id)).toMatchObject({
      consecutive_cancellations: 0,
      no_show_bookings: 1,
      played_bookings: 2,
    });
    // -2 no-show too: the run is -6 cancelled (1) + two no-shows (2 + 2) = 5, Kritik; the booking ahead changes nothing.
    expect((await mark(3, 'no_show')).status).toBe(200);
    await expectConsistent();
    expect(await storedRow(c.id)).toMatchObject({ consecutive_cancellations: 5, no_show_bookings: 2 });
    expect((await detail(c.id)).stats).toMatchObject({
      consecutiveCancellations: 5,
      noShowBookings: 2,
      warningLevel: 'critical',
      riskLabel: 'KRİTİK',
    });
    // The warnings filter reads the same figure.
    const warned = await json<CustomerListAnswer>(
      await api('/api/bookings/customers/stats?search=gelmeyen&warningsOnly=true', { token }),
    );
    expect(warned.data.map((r) => r.id)).toEqual([c.id]);

    // -2 turns out played after all: it ends the run.
    expect((await mark(3, 'played')).status).toBe(200);
    await expectConsistent();
    expect(await storedRow(c.id)).toMatchObject({
      consecutive_cancellations: 0,
      no_show_bookings: 1,
      played_bookings: 2,
    });
  });
});

describe('warning level and risk label at each boundary', () => {
  it('1 to 5 consecutive cancellations, subscriber or not alike; a booking still ahead never ends the run, a played one does', async () => {
    const f = await createFacility();
    const sub = await addCustomer({ name: 'Abone Sınır', phone: freshPhone(), subscriber: true });
    const std = await addCustomer({ name: 'Standart Sınır', phone: freshPhone() });
    for (const c of [sub, std]) await addBookings(c, [{ day: -30, status: 'approved', facilityId: f.id }]);
    const expected = [
      // [consecutive, subscriber level, risk label]
      [0, 'normal', 'DÜŞÜK'],
      [1, 'normal', 'DÜŞÜK'],
      [2, 'caution', 'ORTA'],
      [3, 'warning', 'YÜKSEK'],
      [4, 'warning', 'YÜKSEK'],
      [5, 'critical', 'KRİTİK'],
      [6, 'critical', 'KRİTİK'],
    ] as const;
    for (const [k, level, label] of expected) {
      if (k > 0)
        for (const c of [sub, std]) await addBookings(c, [{ day: -20 + k, status: 'cancelled', facilityId: f.id }]);
      const s = await detail(sub.id);
      const n = await detail(std.id);
      expect([k, s.stats.consecutiveCancellations, s.stats.warningLevel, s.stats.riskLabel]).toEqual([
        k,
        k,
        level,
        label,
      ]);
      expect([k, n.stats.consecutiveCancellations, n.stats.warningLevel, n.stats.riskLabel]).toEqual([
        k,
        k,
        level,
        label,
      ]);
    }
    // Bookings still ahead, pending or approved, neither count nor end the run.
    for (const c of [sub, std])
      await addBookings(c, [
        { day: 1, status: 'pending', facilityId: f.id },
        { day: 8, status: 'approved', facilityId: f.id },
      ]);
    for (const c of [sub, std])
      expect((await detail(c.id)).stats).toMatchObject({
        consecutiveCancellations: 6,
        warningLevel: 'critical',
        riskLabel: 'KRİTİK',
      });
    // A match played after the cancellations ends it.
    for (const c of [sub, std]) await addBookings(c, [{ day: -1, status: 'approved', facilityId: f.id }]);
    expect((await detail(sub.id)).stats).toMatchObject({ consecutiveCancellations: 0, warningLevel: 'normal' });
    await expectConsistent();
  });
});

describe('pagination', () => {
  it('27 customers in pages of 25: 25 then 2, pageCount 2', async () => {
    const f = await createFacility();
    for (let i = 0; i < 27; i++) {
      const c = await addCustomer({ name: `Sayfa Deneme ${String(i).padStart(2, '0')}`, phone: freshPhone() });
      await addBookings(c, [{ day: -i, status: 'approved', facilityId: f.id }]);
    }
    const page = async (n: number) =>
      json<CustomerListAnswer>(
        await api(
          `/api/bookings/customers/stats?search=sayfa%20deneme&pageSize=25&page=${n}&sortBy=name&sortOrder=asc`,
          { token },
        ),
      );
    const one = await page(1);
    const two = await page(2);
    expect(one.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 2, total: 27 });
    expect(one.data).toHaveLength(25);
    expect(two.data.map((r: { customerName: string }) => r.customerName)).toEqual([
      'Sayfa Deneme 25',
      'Sayfa Deneme 26',
    ]);
    expect(two.meta.summary).toMatchObject({ totalCustomers: 27, activeCount: 27 });
  });
});
