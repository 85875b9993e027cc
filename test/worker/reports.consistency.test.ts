// Raporlar's summaries (migration 0016) against GROUP BYs over bookings and slots: after every kind of write —
// public create with the shuttle and add-ons, approve, reject and cancel with reasons, expiry by the pitch's alarm, a
// subscription, slot generation over existing slots, re-pricing, a forced pitch delete, KVKK anonymisation, direct SQL
// changes of every column the summaries follow (status, date, pitch, prices, flags, add-ons, reasons, a booking's slot, a
// slot's day, hour and pitch), a slot delete under an approved booking, booking deletes and a bulk insert — every summary
// row equals the GROUP BY, and the reports read from them answer exactly what the statements they replaced answer
// (fixtures/reports-oracle.ts) for several ranges, pitches and buckets.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportBucket } from '../../contracts/reports';
import { getDb } from '../../worker/src/db/client';
import { reportRows } from '../../worker/src/db/reports';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  type AddonAnswer,
  addDays,
  api,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  freshPhone,
  istanbulToday,
  json,
  pickupPointsOf,
  rowsOf,
  runSql,
  slotAt,
  tokenFor,
} from './fixtures';
import { rawReportStatements } from './fixtures/reports-oracle';
import { request, subscribe } from './fixtures/subscriptions';

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'), 'admin');
});

const REASON = `coalesce(nullif(trim(case status when 'cancelled' then cancellation_reason else rejection_reason end), ''), '')`;
const HOUR = `substr(s.start_time, 1, 2) || ':00'`;

/** Every summary of migration 0016 equals its GROUP BY, row for row (no row left behind at 0). */
async function expectSummariesConsistent() {
  const days = 'date, facility_id, status, is_subscriber, includes_transportation';
  const parts = 'deposit_amount, slot_price, transportation_price, addons_price';
  expect(
    await rowsOf(`select ${days}, bookings, total_price, ${parts} from booking_day_stats order by ${days}`),
  ).toEqual(
    await rowsOf(
      `select ${days}, count(*) as bookings, sum(total_price) as total_price, sum(deposit_amount) as deposit_amount,
         sum(slot_price) as slot_price, sum(transportation_price) as transportation_price, sum(addons_price) as addons_price
       from bookings group by ${days} order by ${days}`,
    ),
  );
  expect(
    await rowsOf('select date, facility_id, status, reason, bookings from booking_reason_stats order by 1, 2, 3, 4'),
  ).toEqual(
    await rowsOf(
      `select date, facility_id, status, ${REASON} as reason, count(*) as bookings from bookings
       where status in ('cancelled', 'rejected') group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ),
  );
  expect(
    await rowsOf(
      'select date, facility_id, name, bookings, quantity, revenue from booking_addon_stats order by 1, 2, 3',
    ),
  ).toEqual(
    await rowsOf(
      `select b.date, b.facility_id, json_extract(a.value, '$.name') as name, count(*) as bookings,
         sum(json_extract(a.value, '$.quantity')) as quantity, sum(json_extract(a.value, '$.total')) as revenue
       from bookings b, json_each(b.addons) a where b.status = 'approved' and b.addons_price > 0
       group by 1, 2, 3 order by 1, 2, 3`,
    ),
  );
  const perPitch = `select s.facility_id, s.date, ${HOUR} as hour, count(*) as generated,
      count(case when b.status = 'approved' then 1 end) as booked
    from booking_slots s left join booking_slot_claims c on c.slot_id = s.id
      left join bookings b on b.id = c.booking_id and b.status in ('pending', 'approved')
    group by 1, 2, 3`;
  expect(
    await rowsOf('select facility_id, date, hour, generated, booked from slot_hour_stats order by 1, 2, 3'),
  ).toEqual(
    await rowsOf(
      `select * from (${perPitch}) union all
       select 0, date, hour, sum(generated), sum(booked) from (${perPitch}) group by 2, 3 order by 1, 2, 3`,
    ),
  );
}

/**
 * A ranked, limited list equals the oracle's: the same ranks in the same order, and the same entries at every rank but
 * a tie at the limit (the oracle breaks no ties, so which of equals the limit keeps is not defined).
 */
function expectSameRanked<T extends object>(
  label: string,
  got: readonly T[],
  want: readonly T[],
  rank: (r: T) => string,
  limit: number,
) {
  expect(got.map(rank), label).toEqual(want.map(rank));
  const cut = want.length === limit ? rank(want[want.length - 1]) : null;
  const byRank = (rows: readonly T[]) =>
    rows
      .filter((r) => rank(r) !== cut)
      .map((r) => JSON.stringify(r))
      .sort();
  expect(byRank(got), label).toEqual(byRank(want));
}

/** The reports read from the summaries answer what the old GROUP BYs answer, for each scope. */
async function expectReportsAsOracle(scopes: Array<[string, string, number | null, ReportBucket]>) {
  const db = getDb(env.DB);
  for (const [from, to, facility, bucket] of scopes) {
    const label = `${from}…${to} pitch ${facility ?? 'every'} by ${bucket}`;
    const [revenue, statuses, reasons, shares, addons, top, occupancy] = await reportRows(
      db,
      from,
      to,
      facility,
      bucket,
    );
    const [oRevenue, oStatuses, oReasons, oShares, oAddons, oTop, oOccupancy] = await db.batch(
      rawReportStatements(db, from, to, facility, bucket),
    );
    expect(revenue, label).toEqual(oRevenue);
    const byStatus = (rows: { status: string }[]) => [...rows].sort((a, b) => a.status.localeCompare(b.status));
    expect(byStatus(statuses), label).toEqual(byStatus(oStatuses));
    expectSameRanked(label, reasons, oReasons, (r) => String(r.count), 20);
    expect(shares, label).toEqual(oShares);
    expectSameRanked(label, addons, oAddons, (r) => String(r.revenue), Number.POSITIVE_INFINITY);
    expectSameRanked(label, top, oTop, (r) => `${r.revenue}/${r.bookings}`, 10);
    expect(occupancy, label).toEqual(oOccupancy);
  }
}

describe('every booking and slot write keeps the report summaries equal to GROUP BYs over bookings and slots', () => {
  it('create, approve, reject, cancel, expiry, subscription, generation, re-pricing, pitch delete, anonymisation, SQL', async () => {
    const today = istanbulToday();
    const f = await createFacility({}, { pickup: true });
    const g = await createFacility();
    const h = await createFacility();
    await createSlots(f, 1, 8);
    await createSlots(g, 1, 6);
    await createSlots(h, 0, 30);
    const [pickup] = await pickupPointsOf(f.id);
    const addon = async (body: Record<string, unknown>) => {
      const res = await api(`/api/facilities/${f.documentId}/addons`, { method: 'POST', token, json: body });
      expect(res.status).toBe(201);
      return (await json<AddonAnswer>(res)).data;
    };
    const video = await addon({ name: 'Maç videosu', description: 'Kayıt', price: 300, unit: 'booking' });
    const boots = await addon({ name: 'Krampon', description: 'Kiralık', price: 50, unit: 'person' });
    const scopes: Array<[string, string, number | null, ReportBucket]> = [
      [addDays(today, -1), addDays(today, 45), null, 'day'],
      [addDays(today, -1), addDays(today, 45), null, 'week'],
      [addDays(today, -40), addDays(today, 60), null, 'month'],
      [addDays(today, 1), addDays(today, 3), f.id, 'day'],
      [addDays(today, 0), addDays(today, 30), h.id, 'week'],
      [addDays(today, 2), addDays(today, 2), null, 'day'],
    ];
    const check = async () => {
      await expectSummariesConsistent();
      await expectReportsAsOracle(scopes);
    };
    const post = (path: string, body: unknown = {}) => api(path, { method: 'POST', json: body, token });

    // public create: the shuttle, add-ons (one twice over: quantity 3), both, neither; on two pitches
    const b1 = (
      await bookViaApi(f, addDays(today, 1), '20:00', {
        includesTransportation: true,
        transportationDetails: { pickupPointId: pickup.id },
        addons: [{ id: video.id }, { id: boots.id, quantity: 3 }],
      })
    ).booking;
    const b2 = (await bookViaApi(f, addDays(today, 2), '20:00', { addons: [{ id: video.id }] })).booking;
    const b3 = (await bookViaApi(f, addDays(today, 3), '20:00')).booking;
    const b4 = (await bookViaApi(g, addDays(today, 4), '20:00')).booking;
    const b5 = (await bookViaApi(f, addDays(today, 2), '21:00', { addons: [{ id: boots.id, quantity: 2 }] })).booking;
    await check();

    // approve (add-ons count from here), reject with a reason, customer cancel with a reason, staff cancel
    for (const b of [b1, b2, b5]) expect((await post(`/api/bookings/${b.documentId}/approve`)).status).toBe(200);
    await check();
    expect((await post(`/api/bookings/${b3.documentId}/reject`, { reason: '  Kapora gelmedi ' })).status).toBe(200);
    await check();
    expect(
      (await api(`/api/bookings/cancel/${b4.bookingNumber}`, { method: 'POST', json: { reason: 'Yağmur' } })).status,
    ).toBe(200);
    await check();
    expect((await post(`/api/bookings/${b5.documentId}/cancel`, { reason: 'Saha bakımda' })).status).toBe(200);
    await check();
    expect(
      (
        await api(`/api/bookings/cancel/${(await bookViaApi(f, addDays(today, 4), '19:00')).booking.bookingNumber}`, {
          method: 'POST',
          json: {},
        })
      ).status,
    ).toBe(200);
    await check();

    // expiry by the pitch's alarm
    const held = (await bookViaApi(f, addDays(today, 6), '20:00')).booking;
    await runSql('update bookings set expires_at = ? where id = ?', Date.now() - 1000, held.id);
    await runDurableObjectAlarm(facilityStub(env, f.id));
    expect(await env.DB.prepare('select status from bookings where id = ?').bind(held.id).first('status')).toBe(
      'expired',
    );
    await check();

    // a subscription: weekly approved bookings on h, linked to h's slots
    expect((await subscribe(token, request(h, freshPhone()))).status).toBe(201);
    expect(
      await env.DB.prepare('select sum(booked) as n from slot_hour_stats where facility_id = ?').bind(h.id).first('n'),
    ).toBeGreaterThan(0);
    await check();

    // slot generation over existing days, overwrite: free slots replaced, booked ones kept
    const generate = await api(`/api/facilities/${f.documentId}/generate-slots`, {
      method: 'POST',
      token,
      json: { startDate: addDays(today, 1), endDate: addDays(today, 10), overwrite: true },
    });
    expect(generate.status).toBe(200);
    await check();

    // re-pricing: a rule over the evenings applied to the slots (booked ones keep their price)
    const rule = {
      name: 'Akşam',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      startTime: '18:00',
      endTime: '00:00',
      adjustment: 'fixed',
      amount: 2000,
    };
    expect(
      (await api(`/api/facilities/${f.documentId}/price-rules`, { method: 'PUT', token, json: { rules: [rule] } }))
        .status,
    ).toBe(200);
    expect(
      (
        await post(`/api/facilities/${f.documentId}/price-rules/apply`, {
          startDate: addDays(today, 1),
          endDate: addDays(today, 10),
        })
      ).status,
    ).toBe(200);
    await check();

    // forced pitch delete: g's live bookings are cancelled; its slots stay (history)
    const gLive = (await bookViaApi(g, addDays(today, 5), '20:00')).booking;
    expect((await post(`/api/bookings/${gLive.documentId}/approve`)).status).toBe(200);
    expect((await api(`/api/facilities/${g.documentId}?force=true`, { method: 'DELETE', token })).status).toBe(200);
    expect(await env.DB.prepare('select status from bookings where id = ?').bind(gLive.id).first('status')).toBe(
      'cancelled',
    );
    await check();

    // KVKK anonymisation: names and phones of the customer's bookings (the top customers read them raw)
    expect((await post(`/api/bookings/${b1.documentId}/anonymize`)).status).toBe(200);
    await check();

    // direct SQL on bookings: every column a summary follows, alone and together
    await runSql("update bookings set status = 'cancelled', cancellation_reason = ' Yağmur' where id = ?", b2.id);
    await check();
    await runSql('update bookings set cancellation_reason = null where id = ?', b2.id);
    await check();
    await runSql("update bookings set status = 'rejected', rejection_reason = 'Kapora gelmedi' where id = ?", b2.id);
    await check();
    await runSql("update bookings set status = 'approved' where id = ?", b2.id);
    await check();
    await runSql('update bookings set date = ? where id in (?, ?, ?)', addDays(today, 3), b1.id, b3.id, b4.id);
    await check();
    await runSql('update bookings set facility_id = ? where id in (?, ?)', h.id, b1.id, b3.id);
    await check();
    await runSql(
      'update bookings set deposit_amount = 30000, slot_price = slot_price + 100, transportation_price = 7000, total_price = total_price + 7100, is_subscriber = 1 where id = ?',
      b2.id,
    );
    await check();
    await runSql(
      `update bookings set addons = json_array(json_object('name', 'Hakem', 'unit', 'booking', 'unitPrice', 40000, 'quantity', 1, 'total', 40000),
         json_object('name', 'Krampon', 'unit', 'person', 'unitPrice', 5000, 'quantity', 2, 'total', 10000)),
         addons_price = 50000 where id = ?`,
      b2.id,
    );
    await check();
    await runSql('update bookings set addons_price = 0 where id = ?', b2.id);
    await check();
    await runSql('update bookings set addons_price = 50000 where id = ?', b2.id);
    await check();
    // a booking moved to another slot, unlinked, linked again
    const free = await slotAt(f.id, addDays(today, 7), '18:00');
    await runSql('update bookings set slot_id = ? where id = ?', free.id, b2.id);
    await check();
    await runSql('update bookings set slot_id = null where id = ?', b2.id);
    await check();
    await runSql('update bookings set slot_id = ? where id = ?', free.id, b2.id);
    await check();
    // an update that names the columns but changes none of them
    await runSql(
      'update bookings set status = status, date = date, addons = addons, slot_id = slot_id, rejection_reason = rejection_reason where id = ?',
      b2.id,
    );
    await check();

    // direct SQL on slots: the booked slot's hour, day and pitch; then deleted under its approved booking
    await runSql("update booking_slots set start_time = '22:30' where id = ?", free.id);
    await check();
    await runSql('update booking_slots set date = ?, facility_id = ? where id = ?', addDays(today, 9), h.id, free.id);
    await check();
    await runSql('delete from booking_slots where id = ?', free.id);
    expect(await env.DB.prepare('select slot_id from bookings where id = ?').bind(b2.id).first('slot_id')).toBeNull();
    await check();

    // deletes: an approved booking with add-ons, a cancelled one with a reason, then every booking of a pitch
    await runSql(
      `update bookings set addons = json_array(json_object('name', 'Hakem', 'quantity', 1, 'total', 40000)), addons_price = 40000
       where id = ?`,
      b1.id,
    );
    await runSql('delete from bookings where id in (?, ?)', b1.id, b4.id);
    await check();

    // a bulk insert as the seed and the benches write: approved and cancelled bookings linked to h's free slots, four
    // phones (weekly bookings, outside the one-a-day rule) so the top customers sum several each
    await runSql(
      `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date,
         start_time, end_time, starts_at, slot_price, total_price, addons, addons_price, status, cancellation_reason,
         is_recurring)
       select 'bulk-' || s.id, 'HSRBULK' || s.id, s.facility_id, case when s.id % 3 = 0 then null else s.id end, 'Toplu',
         '0555' || printf('%07d', s.id % 4), s.date, s.start_time, s.end_time, s.starts_at, s.price, s.price + 30000,
         '[{"name":"Maç videosu","quantity":1,"total":30000}]', 30000,
         case when s.id % 3 = 0 then 'cancelled' else 'approved' end, case when s.id % 3 = 0 then 'Toplu iptal' end, 1
       from booking_slots s where s.facility_id = ? and s.date between ? and ?
         and not exists (select 1 from bookings b where b.slot_id = s.id and b.status in ('pending', 'approved'))`,
      h.id,
      addDays(today, 12),
      addDays(today, 14),
    );
    await check();
    await runSql('delete from bookings where facility_id = ?', h.id);
    await check();
    await runSql('delete from booking_slots where facility_id = ? and date <= ?', h.id, addDays(today, 3));
    await check();

    // every summary was exercised: none of them is empty at the end
    for (const table of ['booking_reason_stats', 'booking_addon_stats', 'slot_hour_stats'])
      expect(await env.DB.prepare(`select count(*) as n from ${table}`).first('n'), table).toBeGreaterThan(0);
  });
});
