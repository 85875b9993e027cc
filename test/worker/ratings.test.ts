// Verified ratings (docs/behaviour.md#ratings): only the holder of an approved booking whose match was really played
// rates its pitch, with the full number, once, within 30 days of the end; staff hide a comment but never change a
// score; the pages show the average and count from 3 ratings on; an erasure removes the comments.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingRatingWire, StaffRatingWire } from '../../contracts/ratings';
import { RATING_COMMENT_MAX, ratingMsg } from '../../contracts/ratings';
import type { FacilityWire } from '../../contracts/wire/facility';
import { getDb } from '../../worker/src/db/client';
import { rateBooking } from '../../worker/src/services/ratings';
import {
  type Answer,
  api,
  createFacility,
  createStaff,
  expectError,
  insertBookingRow,
  insertSlot,
  json,
  rowsOf,
  runSql,
  slotAt,
  tokenFor,
} from './fixtures';
import { sleep } from './fixtures/slow-d1';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OFFSET = 3 * HOUR;
const clock = (ms: number) => new Date(ms + OFFSET).toISOString().slice(11, 16);
const dayOf = (ms: number) => new Date(ms + OFFSET).toISOString().slice(0, 10);

let admin: string;
let staffName: string;
beforeAll(async () => {
  const staff = await createStaff('admin', { firstName: 'Selin', lastName: 'Kaya' });
  staffName = 'Selin Kaya';
  admin = await tokenFor(staff, 'admin');
});

type Facility = Awaited<ReturnType<typeof createFacility>>;

/** A one-hour booking of pitch `f` that ended `endedAgo` ms ago (negative: still ahead), written straight to D1. */
async function bookingThatEnded(
  f: Facility,
  endedAgo: number,
  opts: { status?: 'approved' | 'pending' | 'cancelled' | 'rejected' | 'expired'; phone?: string } = {},
) {
  // Whole minutes, distinct per call on one pitch (a slot per start time).
  const startsAt = Math.floor((Date.now() - endedAgo - HOUR) / 60_000) * 60_000;
  const date = dayOf(startsAt);
  const time = clock(startsAt);
  await insertSlot(f.id, date, time, startsAt);
  const slot = await slotAt(f.id, date, time);
  const b = await insertBookingRow(slot, {
    facilityId: f.id,
    date,
    time,
    endTime: clock(startsAt + HOUR),
    status: opts.status ?? 'approved',
    phone: opts.phone,
  });
  const [{ id }] = await rowsOf('select id from bookings where document_id = ?', b.documentId);
  return { ...b, id: Number(id), startsAt };
}

const rate = (bookingNumber: string, body: unknown, ip?: string) =>
  api(`/api/bookings/track/${bookingNumber}/rating`, { method: 'POST', json: body, ip });

const track = async (bookingNumber: string) =>
  (await json<Answer<{ rating: BookingRatingWire | null }>>(await api(`/api/bookings/track/${bookingNumber}`))).data;

const pitch = async (f: Facility) =>
  (await json<Answer<FacilityWire>>(await api(`/api/facilities/${f.documentId}`))).data;

describe('who may rate', () => {
  it('the holder of an approved, played booking rates once with the number; tracking then shows the rating', async () => {
    const f = await createFacility();
    const b = await bookingThatEnded(f, 2 * HOUR);
    const before = await track(b.bookingNumber);
    expect(before.rating?.state).toBe('open');

    const res = await rate(b.bookingNumber, { score: 4, comment: '  Zemin iyi, duşlar sıcak.  ' });
    expect(res.status).toBe(201);
    const given = (await json<Answer<BookingRatingWire>>(res)).data;
    expect(given).toMatchObject({
      state: 'given',
      score: 4,
      comment: 'Zemin iyi, duşlar sıcak.',
      commentHidden: false,
    });
    expect((await track(b.bookingNumber)).rating).toMatchObject({ state: 'given', score: 4 });

    const rows = await rowsOf('select booking_id, facility_id, score from ratings where booking_id = ?', b.id);
    expect(rows).toEqual([{ booking_id: b.id, facility_id: f.id, score: 4 }]);
  });

  it('a second try is refused in Turkish in the one error shape, and the first rating stays as given', async () => {
    const f = await createFacility();
    const b = await bookingThatEnded(f, HOUR);
    expect((await rate(b.bookingNumber, { score: 5 })).status).toBe(201);
    const err = await expectError(await rate(b.bookingNumber, { score: 1, comment: 'değiştirdim' }), 409);
    expect(err.message).toBe(ratingMsg.alreadyRated);
    expect(await rowsOf('select score, comment from ratings where booking_id = ?', b.id)).toEqual([
      { score: 5, comment: null },
    ]);
  });

  it('not before the real end of the match, nor for a booking that is not approved', async () => {
    const f = await createFacility();
    // Started half an hour ago: still being played.
    const playing = await bookingThatEnded(f, -30 * 60_000);
    expect((await expectError(await rate(playing.bookingNumber, { score: 4 }), 409)).message).toBe(
      ratingMsg.notPlayedYet,
    );
    expect((await track(playing.bookingNumber)).rating).toBeNull();
    // Ten minutes apart: one slot per start time on this pitch.
    for (const [i, status] of (['pending', 'cancelled', 'rejected', 'expired'] as const).entries()) {
      const b = await bookingThatEnded(f, 3 * HOUR + i * 10 * 60_000, { status });
      expect((await expectError(await rate(b.bookingNumber, { score: 4 }), 409)).message, status).toBe(
        ratingMsg.notApproved,
      );
      expect((await track(b.bookingNumber)).rating, status).toBeNull();
    }
    expect(await rowsOf('select count(*) as n from ratings where facility_id = ?', f.id)).toEqual([{ n: 0 }]);
  });

  it('an after-midnight hour is played only when its real end has passed', async () => {
    const f = await createFacility();
    // 23:30 to 00:30 of a business day: the end instant is the next calendar day's 00:30.
    const startsAt = Math.floor((Date.now() - 45 * 60_000) / 60_000) * 60_000;
    const date = dayOf(startsAt);
    await insertSlot(f.id, date, '23:30', startsAt);
    const slot = await slotAt(f.id, date, '23:30');
    const b = await insertBookingRow(slot, {
      facilityId: f.id,
      date,
      time: '23:30',
      endTime: '00:30',
      status: 'approved',
    });
    // 45 minutes after a 60-minute match started: not yet over, although '00:30' < '23:30' on the clock.
    expect((await expectError(await rate(b.bookingNumber, { score: 3 }), 409)).message).toBe(ratingMsg.notPlayedYet);
  });

  it('not when the desk marked the booking Gelmedi (no-show)', async () => {
    const f = await createFacility();
    const b = await bookingThatEnded(f, HOUR);
    const marked = await api(`/api/bookings/${b.documentId}/attendance`, {
      method: 'POST',
      json: { attendance: 'no_show' },
      token: admin,
    });
    expect(marked.status).toBe(200);
    expect((await track(b.bookingNumber)).rating).toBeNull();
    expect((await expectError(await rate(b.bookingNumber, { score: 1 }), 409)).message).toBe(ratingMsg.noShow);
  });

  it('a rating given before the desk marked the booking Gelmedi goes with the mark (it was not played)', async () => {
    const f = await createFacility();
    const b = await bookingThatEnded(f, HOUR);
    expect((await rate(b.bookingNumber, { score: 5, comment: 'Gelmedim ama' })).status).toBe(201);
    const marked = await api(`/api/bookings/${b.documentId}/attendance`, {
      method: 'POST',
      json: { attendance: 'no_show' },
      token: admin,
    });
    expect(marked.status).toBe(200);
    expect(await rowsOf('select count(*) as n from ratings where booking_id = ?', b.id)).toEqual([{ n: 0 }]);
    expect(await rowsOf('select ratings from facility_rating_stats where facility_id = ?', f.id)).toEqual([]);
    expect((await track(b.bookingNumber)).rating).toBeNull();
  });

  it('within 30 days of the end only', async () => {
    const f = await createFacility();
    const late = await bookingThatEnded(f, 30 * DAY + HOUR);
    expect((await expectError(await rate(late.bookingNumber, { score: 5 }), 409)).message).toBe(ratingMsg.windowClosed);
    expect((await track(late.bookingNumber)).rating).toBeNull();
    const inTime = await bookingThatEnded(f, 29 * DAY);
    const open = (await track(inTime.bookingNumber)).rating;
    expect(open?.state).toBe('open');
    // The form says until when: the end plus 30 days.
    expect(Date.parse((open as { until: string }).until)).toBe(inTime.startsAt + HOUR + 30 * DAY);
    expect((await rate(inTime.bookingNumber, { score: 5 })).status).toBe(201);
  });

  it('refuses a score outside 1–5, a fraction and a comment over 500 characters, in Turkish', async () => {
    const f = await createFacility();
    const b = await bookingThatEnded(f, HOUR);
    for (const score of [0, 6, 4.5, '5', null]) {
      const err = await expectError(await rate(b.bookingNumber, { score }), 400);
      expect(JSON.stringify(err.details), String(score)).toContain(ratingMsg.scoreRequired);
    }
    const long = await expectError(
      await rate(b.bookingNumber, { score: 4, comment: 'a'.repeat(RATING_COMMENT_MAX + 1) }),
      400,
    );
    expect(JSON.stringify(long.details)).toContain(ratingMsg.commentTooLong);
    // The database refuses it too, whatever path writes.
    await expect(
      runSql('insert into ratings (booking_id, facility_id, score, created_at) values (?, ?, 7, 0)', b.id, f.id),
    ).rejects.toThrow(/CHECK/);
    expect(await rowsOf('select count(*) as n from ratings where booking_id = ?', b.id)).toEqual([{ n: 0 }]);
  });

  it('an unknown number is 404, and every try counts against the look-up limit', async () => {
    await expectError(await rate('HSRZZZZZZZZZ', { score: 5 }), 404);
    const f = await createFacility();
    const b = await bookingThatEnded(f, HOUR);
    const ip = `10.9.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;
    let limited: Response | null = null;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await rate(b.bookingNumber, { score: 5 }, ip);
      if (res.status === 429) limited = res;
    }
    expect(limited, 'the number is limited like tracking').not.toBeNull();
  });
});

describe('once, under concurrency', () => {
  it('two simultaneous ratings of one booking leave one row; the other is told it was rated', async () => {
    const f = await createFacility();
    const b = await bookingThatEnded(f, HOUR);
    const answers = await Promise.all([rate(b.bookingNumber, { score: 5 }), rate(b.bookingNumber, { score: 1 })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await rowsOf('select count(*) as n from ratings where booking_id = ?', b.id)).toEqual([{ n: 1 }]);
  });

  it('with the check and the write pulled apart, both pass the check and still one row is written', async () => {
    const f = await createFacility();
    const b = await bookingThatEnded(f, HOUR);
    // Every batch (the check) takes 50 ms longer: both tries see no rating before either writes.
    const slow = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'batch')
          return async (s: D1PreparedStatement[]) => {
            const r = await target.batch(s);
            await sleep(50);
            return r;
          };
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const db = getDb(slow);
    const now = Date.now();
    const results = await Promise.allSettled([
      rateBooking(db, b.bookingNumber, { score: 5, comment: null }, now),
      rateBooking(db, b.bookingNumber, { score: 2, comment: 'ikinci' }, now),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe(ratingMsg.alreadyRated);
    expect(await rowsOf('select count(*) as n from ratings where booking_id = ?', b.id)).toEqual([{ n: 1 }]);
    // A write that skipped every check is refused by the database itself: the unique booking id is the guarantee.
    await expect(
      runSql('insert into ratings (booking_id, facility_id, score, created_at) values (?, ?, 3, 0)', b.id, f.id),
    ).rejects.toThrow(/UNIQUE/);
  });
});

describe('what the pages show', () => {
  it('no average under 3 ratings; from 3 on the average (one decimal) and the count, kept by the summary row', async () => {
    const f = await createFacility();
    expect((await pitch(f)).ratingSummary).toBeNull();
    const scores = [5, 4];
    for (const [i, score] of scores.entries()) {
      const b = await bookingThatEnded(f, (i + 1) * HOUR);
      expect((await rate(b.bookingNumber, { score })).status).toBe(201);
    }
    expect((await pitch(f)).ratingSummary).toBeNull();
    const third = await bookingThatEnded(f, 5 * HOUR);
    expect((await rate(third.bookingNumber, { score: 5 })).status).toBe(201);
    expect((await pitch(f)).ratingSummary).toEqual({ average: 4.7, count: 3 });
    const list = (await json<Answer<FacilityWire[]>>(await api('/api/facilities'))).data;
    expect(list.find((x) => x.id === f.id)?.ratingSummary).toEqual({ average: 4.7, count: 3 });
    // The summary row is the GROUP BY over ratings.
    expect(await rowsOf('select ratings, score_sum from facility_rating_stats where facility_id = ?', f.id)).toEqual(
      await rowsOf('select count(*) as ratings, sum(score) as score_sum from ratings where facility_id = ?', f.id),
    );
  });

  it('sorts the list by rating, highest first, pitches under 3 ratings after the rated ones', async () => {
    const low = await createFacility({ name: 'Puan Düşük' });
    const high = await createFacility({ name: 'Puan Yüksek' });
    const none = await createFacility({ name: 'Puan Yok' });
    for (const [f, score] of [
      [low, 2],
      [high, 5],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const b = await bookingThatEnded(f, (i + 1) * HOUR);
        expect((await rate(b.bookingNumber, { score })).status).toBe(201);
      }
    }
    for (const dir of ['desc', 'asc']) {
      const res = await api(`/api/facilities?sort=rating:${dir}&filters[name][$containsi]=Puan`);
      expect(res.status).toBe(200);
      const names = (await json<Answer<FacilityWire[]>>(res)).data.map((x) => x.name);
      expect(names.at(-1), dir).toBe(none.name);
      expect(names.indexOf(dir === 'desc' ? high.name : low.name), dir).toBeLessThan(
        names.indexOf(dir === 'desc' ? low.name : high.name),
      );
    }
  });

  it('a hidden comment is not public, its score still counts; staff cannot change a score', async () => {
    const f = await createFacility();
    const b = await bookingThatEnded(f, HOUR);
    expect((await rate(b.bookingNumber, { score: 2, comment: 'Uygunsuz bir yorum' })).status).toBe(201);
    const [{ id }] = await rowsOf('select id from ratings where booking_id = ?', b.id);
    const list = await api(`/api/ratings?facility=${f.documentId}`, { token: admin });
    expect(list.status).toBe(200);
    const body = await json<Answer<StaffRatingWire[], { count: number; average: number | null }>>(list);
    expect(body.data).toHaveLength(1);
    expect(body.meta).toMatchObject({ count: 1, average: 2 });

    const hide = await api(`/api/ratings/${id}`, { method: 'PATCH', json: { hidden: true }, token: admin });
    expect(hide.status).toBe(200);
    expect((await json<Answer<StaffRatingWire>>(hide)).data).toMatchObject({
      hidden: true,
      hiddenBy: staffName,
      score: 2,
    });
    const { latestComments } = await import('../../worker/src/services/ratings');
    expect(await latestComments(getDb(env.DB), f.id)).toEqual([]);
    expect((await track(b.bookingNumber)).rating).toMatchObject({ state: 'given', commentHidden: true, score: 2 });
    expect(await rowsOf('select score from ratings where id = ?', id)).toEqual([{ score: 2 }]);
    const audit = await rowsOf(
      "select entity_kind, action, entity_label from audit_log where entity_kind = 'rating' and entity_id = ?",
      String(id),
    );
    expect(audit).toEqual([{ entity_kind: 'rating', action: 'hide', entity_label: b.bookingNumber }]);

    const show = await api(`/api/ratings/${id}`, { method: 'PATCH', json: { hidden: false }, token: admin });
    expect((await json<Answer<StaffRatingWire>>(show)).data).toMatchObject({ hidden: false, hiddenBy: null });
    expect((await latestComments(getDb(env.DB), f.id)).map((c) => c.comment)).toEqual(['Uygunsuz bir yorum']);

    // No route takes a score, and the database refuses a changed one whatever path writes.
    const changed = await api(`/api/ratings/${id}`, {
      method: 'PATCH',
      json: { hidden: false, score: 5 },
      token: admin,
    });
    expect([200, 400]).toContain(changed.status);
    await expect(runSql('update ratings set score = 5 where id = ?', id)).rejects.toThrow(/never changed/);
    expect(await rowsOf('select score from ratings where id = ?', id)).toEqual([{ score: 2 }]);
  });

  it('the staff routes are for staff only', async () => {
    await expectError(await api('/api/ratings?facility=x'), 401);
    await expectError(await api('/api/ratings/1', { method: 'PATCH', json: { hidden: true } }), 401);
  });

  it('a public comment carries no name, phone or booking number', async () => {
    const f = await createFacility();
    const b = await bookingThatEnded(f, HOUR);
    expect((await rate(b.bookingNumber, { score: 5, comment: 'Harika' })).status).toBe(201);
    const { latestComments } = await import('../../worker/src/services/ratings');
    const comments = await latestComments(getDb(env.DB), f.id);
    expect(comments).toHaveLength(1);
    expect(Object.keys(comments[0]).sort()).toEqual(['comment', 'date', 'score']);
    expect(JSON.stringify(comments)).not.toContain(b.bookingNumber);
    expect(JSON.stringify(comments)).not.toContain(b.phone);
  });
});

describe('KVKK erasure', () => {
  it('removes the customer’s comments; the score stays, tied only to the erased booking', async () => {
    const f = await createFacility();
    const phone = `0533${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const b = await bookingThatEnded(f, HOUR, { phone });
    expect((await rate(b.bookingNumber, { score: 4, comment: 'Ben Ayşe, 0533 numaramdan arayın' })).status).toBe(201);
    const erased = await api(`/api/bookings/${b.documentId}/anonymize`, { method: 'POST', json: {}, token: admin });
    expect(erased.status).toBe(200);
    expect(await rowsOf('select score, comment from ratings where booking_id = ?', b.id)).toEqual([
      { score: 4, comment: null },
    ]);
    const { latestComments } = await import('../../worker/src/services/ratings');
    expect(await latestComments(getDb(env.DB), f.id)).toEqual([]);
    expect(await rowsOf('select ratings, score_sum from facility_rating_stats where facility_id = ?', f.id)).toEqual([
      { ratings: 1, score_sum: 4 },
    ]);
  });
});
