// POST /api/bookings/create-subscription (behaviour.md#subscriptions, behaviour.md#states-and-transitions): full, partial, confirmPartial, none free; the same-day rule and
// the public subscription look-up.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { notificationText } from '../../contracts/events';
import { facilityEvent } from '../../contracts/socket/facility';
import {
  addDays,
  api,
  type BookingAnswer,
  expectError,
  freshPhone,
  insertSlot,
  istanbulToday,
  json,
  type PhoneLookupAnswer,
  pickupPointsOf,
  type SlotsAnswer,
  type SubscribedAnswer,
  type SubscriptionInfoAnswer,
  type SubscriptionPartialAnswer,
  slotAt,
} from './fixtures';
import {
  dayOf,
  pitchWithMonth,
  request,
  rows,
  staffToken,
  subscribe,
  tomorrow,
  trDayOf,
  weeksFrom,
} from './fixtures/subscriptions';

async function publicBooking(
  f: { id: number; documentId: string },
  date: string,
  time: string,
  name: string,
  phone = freshPhone(),
) {
  const slot = await slotAt(f.id, date, time);
  const res = await api('/api/bookings', {
    method: 'POST',
    json: { facility: f.documentId, bookingSlot: slot.document_id, customerName: name, customerPhone: phone },
  });
  expect(res.status).toBe(201);
  return (await json<BookingAnswer>(res)).data;
}

const bookingsOf = (phone: string) =>
  rows(`select * from bookings where customer_phone = ? and is_recurring = 1 order by date`, phone);

describe('a subscription where every week is free', () => {
  it('books N approved subscriber weeks with one group id, no deposit, the shuttle per booking, history and ONE notification', async () => {
    const f = await pitchWithMonth({ pickup: true });
    const [pickup] = await pickupPointsOf(f.id);
    const { user, token } = await staffToken('manager');
    const phone = freshPhone();
    // A customer known from an earlier public booking, under another name: staff rewrite the row and mark a subscriber.
    await env.DB.prepare('insert into customers (phone, name, email) values (?, ?, ?)')
      .bind(phone, 'Eski Ad', 'eski@example.com')
      .run();
    const weeks = weeksFrom(tomorrow());

    const res = await subscribe(token, {
      data: request(f, phone.replace(/(\d{4})(\d{3})(\d{2})(\d{2})/, '$1 $2 $3 $4'), {
        customerEmail: 'ali@example.com',
        notes: 'Her hafta',
        includesTransportation: true,
        transportationDetails: { pickupPointId: pickup.id },
      }),
    });
    expect(res.status).toBe(201);
    const { data } = await json<SubscribedAnswer>(res);
    expect(data).toMatchObject({
      status: 'success',
      success: true,
      message: 'Abonelik oluşturuldu: 4 haftalık rezervasyon onaylandı.',
      requestedWeeks: 4,
      availableWeeks: 4,
      successRate: 100,
      conflictedDates: [],
      nonExistentDates: [],
      customerPhone: phone,
      timeSlot: '20:00',
      dayOfWeek: dayOf(weeks[0]),
    });
    expect(data.availableDates).toEqual(weeks.map((date) => ({ date, day: trDayOf(date) })));
    expect(data.bookings.map((b) => b.date)).toEqual(weeks);
    expect(data.bookings[0]).toMatchObject({
      startTime: '20:00',
      endTime: '21:00',
      status: 'approved',
      totalPrice: 1550,
      depositAmount: 0,
    });

    const stored = await bookingsOf(phone);
    expect(stored).toHaveLength(4);
    expect(new Set(stored.map((b) => b.recurring_group_id))).toEqual(new Set([data.recurringGroupId]));
    for (const b of stored) {
      expect(b).toMatchObject({
        status: 'approved',
        is_subscriber: 1,
        is_recurring: 1,
        deposit_amount: 0,
        payment_status: 'pending',
        slot_price: 150_000,
        transportation_price: 5_000,
        total_price: 155_000,
        includes_transportation: 1,
        pickup_point_id: pickup.id,
        pickup_time: '18:30',
        approved_by_id: user.id,
        source: 'subscription',
        customer_name: 'Abone Ali Veli',
        customer_email: 'ali@example.com',
        notes: 'Her hafta',
        start_time: '20:00',
      });
      expect(b.expires_at).toBeNull();
    }
    expect(data.bookings.map((b) => b.bookingNumber).sort()).toEqual(stored.map((b) => b.booking_number).sort());

    const [customer] = await rows('select * from customers where phone = ?', phone);
    expect(customer).toMatchObject({ name: 'Abone Ali Veli', email: 'ali@example.com', is_subscriber: 1 });
    expect(stored.every((b) => b.customer_id === customer.id)).toBe(true);

    const history = await rows(
      `select * from booking_history where booking_id in (select id from bookings where recurring_group_id = ?)`,
      data.recurringGroupId,
    );
    expect(history).toHaveLength(4);
    for (const h of history)
      expect(h).toMatchObject({
        from_status: null,
        to_status: 'approved',
        actor_type: 'staff',
        actor_user_id: user.id,
        reason: 'Abonelik oluşturuldu',
      });

    const notes = await rows(
      `select * from notifications where booking_id in (select id from bookings where recurring_group_id = ?)`,
      data.recurringGroupId,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Yeni Abonelik', actor_user_id: user.id, facility_id: f.id });
    expect(notificationText(notes[0] as { title: string; message: string }).message).toContain('4 hafta');

    // The public calendar shows each week as a subscriber's slot.
    const slots = (await json<SlotsAnswer>(await api(`/api/facilities/${f.documentId}/slots?date=${weeks[1]}`))).data;
    const list = Array.isArray(slots) ? slots : slots.slots;
    expect(list.find((s) => s.startTime === '20:00')).toMatchObject({ isAvailable: false, state: 'subscriber' });
  });

  it('starts on the first chosen weekday on or after the start date', async () => {
    const f = await pitchWithMonth();
    const { token } = await staffToken('admin');
    const phone = freshPhone();
    const first = addDays(tomorrow(), 3);
    const res = await subscribe(token, request(f, phone, { dayOfWeek: dayOf(first), weekCount: 2 }));
    expect(res.status).toBe(201);
    expect((await json<SubscribedAnswer>(res)).data.bookings.map((b) => b.date)).toEqual([first, addDays(first, 7)]);
  });
});

describe('some weeks not free', () => {
  /** Week 2 held by a public booking, week 4 has no slot (closed or not generated). */
  async function halfFree() {
    const f = await pitchWithMonth();
    const weeks = weeksFrom(tomorrow());
    const holderPhone = freshPhone();
    const holder = await publicBooking(f, weeks[1], '20:00', 'Kemal Yılmaz', holderPhone);
    await env.DB.prepare('delete from booking_slots where facility_id = ? and date = ? and start_time = ?')
      .bind(f.id, weeks[3], '20:00')
      .run();
    return { f, weeks, holder, holderPhone };
  }

  it('without confirmPartial answers partial with the exact lists, the holder by first name only, and books nothing', async () => {
    const { f, weeks, holder, holderPhone } = await halfFree();
    const { token } = await staffToken();
    const phone = freshPhone();
    const res = await subscribe(token, request(f, phone));
    expect(res.status).toBe(200);
    const body = await json<SubscriptionPartialAnswer>(res);
    expect(body.data).toEqual({
      status: 'partial',
      success: false,
      message: 'İstenen 4 haftanın yalnızca 2 haftası müsait. Müsait haftalar için devam etmek ister misiniz?',
      requestedWeeks: 4,
      availableWeeks: 2,
      successRate: 50,
      availableDates: [weeks[0], weeks[2]].map((date) => ({ date, day: trDayOf(date) })),
      conflictedDates: [
        {
          date: weeks[1],
          day: trDayOf(weeks[1]),
          reason: 'Bu saatte onay bekleyen bir rezervasyon var',
          currentCustomer: 'Kemal',
        },
      ],
      nonExistentDates: [{ date: weeks[3], day: trDayOf(weeks[3]) }],
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain('Yılmaz');
    expect(text).not.toContain(holderPhone);
    expect(text).not.toContain(holder.bookingNumber);
    expect(await rows('select id from bookings where customer_phone = ?', phone)).toEqual([]);
    expect(await rows('select id from customers where phone = ?', phone)).toEqual([]);
  });

  it('with confirmPartial books the free weeks and still says which were not', async () => {
    const { f, weeks } = await halfFree();
    const { token } = await staffToken();
    const phone = freshPhone();
    const res = await subscribe(token, request(f, phone, { confirmPartial: true }));
    expect(res.status).toBe(201);
    const { data } = await json<SubscribedAnswer>(res);
    expect(data).toMatchObject({
      status: 'success',
      requestedWeeks: 4,
      availableWeeks: 2,
      successRate: 50,
      message: 'Abonelik oluşturuldu: istenen 4 haftanın 2 haftası için rezervasyon onaylandı.',
      conflictedDates: [{ date: weeks[1], currentCustomer: 'Kemal' }],
      nonExistentDates: [{ date: weeks[3] }],
    });
    expect((await bookingsOf(phone)).map((b) => [b.date, b.status])).toEqual([
      [weeks[0], 'approved'],
      [weeks[2], 'approved'],
    ]);
    // The held week still belongs to its holder.
    expect(
      await rows(
        `select customer_name from bookings where facility_id = ? and date = ? and status in ('pending','approved')`,
        f.id,
        weeks[1],
      ),
    ).toEqual([{ customer_name: 'Kemal Yılmaz' }]);
  });

  it('with no week free answers 409 in the one error shape carrying the same details, and writes nothing', async () => {
    const f = await pitchWithMonth();
    const weeks = weeksFrom(tomorrow(), 2);
    const { token } = await staffToken();
    // Week 1: an earlier subscriber's; week 2: no slot.
    const first = await subscribe(token, request(f, freshPhone(), { customerName: 'Zeynep Kaya', weekCount: 1 }));
    expect(first.status).toBe(201);
    await env.DB.prepare('delete from booking_slots where facility_id = ? and date = ? and start_time = ?')
      .bind(f.id, weeks[1], '20:00')
      .run();
    const phone = freshPhone();
    const error = await expectError(
      await subscribe(token, request(f, phone, { weekCount: 2, confirmPartial: true })),
      409,
    );
    expect(error).toMatchObject({
      name: 'ConflictError',
      message: 'Seçilen haftaların hiçbirinde bu saat müsait değil. Abonelik oluşturulamadı.',
      details: {
        requestedWeeks: 2,
        availableWeeks: 0,
        successRate: 0,
        availableDates: [],
        conflictedDates: [
          {
            date: weeks[0],
            day: trDayOf(weeks[0]),
            reason: 'Bu saat başka bir aboneye ait',
            currentCustomer: 'Zeynep',
          },
        ],
        nonExistentDates: [{ date: weeks[1], day: trDayOf(weeks[1]) }],
      },
    });
    expect(JSON.stringify(error)).not.toContain('Kaya');
    expect(await rows('select id from bookings where customer_phone = ?', phone)).toEqual([]);
  });
});

describe('an hour already past today', () => {
  it('is a conflicted week with the reason and no name; with no other week free the answer is 409', async () => {
    const f = await pitchWithMonth();
    const today = istanbulToday();
    await insertSlot(f.id, today, '07:00', Date.now() - 3_600_000);
    const { token } = await staffToken();
    const phone = freshPhone();
    const error = await expectError(
      await subscribe(
        token,
        request(f, phone, { startDate: today, dayOfWeek: dayOf(today), timeSlot: '07:00', weekCount: 2 }),
      ),
      409,
    );
    expect(error.details).toMatchObject({
      requestedWeeks: 2,
      availableWeeks: 0,
      conflictedDates: [{ date: today, day: trDayOf(today), reason: 'Bu saat geçmişte kaldı', currentCustomer: null }],
      nonExistentDates: [{ date: addDays(today, 7) }],
    });
    expect(await rows('select id from bookings where customer_phone = ?', phone)).toEqual([]);
  });
});

describe('the same-day rule (behaviour.md#bookings) and a subscriber', () => {
  it('does not block the weekly slots: a public booking the same day stays and every week is booked', async () => {
    const f = await pitchWithMonth();
    const other = await pitchWithMonth();
    const phone = freshPhone();
    const weeks = weeksFrom(tomorrow(), 3);
    // The customer already holds a public booking on the first and second week's day, on this pitch and on another.
    await publicBooking(f, weeks[0], '10:00', 'Abone Ali Veli', phone);
    await publicBooking(other, weeks[1], '18:00', 'Abone Ali Veli', phone);
    const { token } = await staffToken();
    const res = await subscribe(token, request(f, phone, { weekCount: 3 }));
    expect(res.status).toBe(201);
    expect((await json<SubscribedAnswer>(res)).data.availableWeeks).toBe(3);
    const live = await rows<{ date: string; is_recurring: number }>(
      `select date, is_recurring from bookings where customer_phone = ? and status in ('pending', 'approved') order by date, is_recurring`,
      phone,
    );
    expect(live).toEqual([
      { date: weeks[0], is_recurring: 0 },
      { date: weeks[0], is_recurring: 1 },
      { date: weeks[1], is_recurring: 0 },
      { date: weeks[1], is_recurring: 1 },
      { date: weeks[2], is_recurring: 1 },
    ]);
  });
});

describe('the public subscription look-up', () => {
  it('shows the new subscription masked: first name and initial, counts and the next week, nothing else', async () => {
    const f = await pitchWithMonth();
    const { token } = await staffToken();
    const phone = freshPhone();
    const res = await subscribe(
      token,
      request(f, phone, { weekCount: 3, customerEmail: 'gizli@example.com', notes: 'Özel not' }),
    );
    const { data } = await json<SubscribedAnswer>(res);
    const weeks = weeksFrom(tomorrow(), 3);

    const info = await json<SubscriptionInfoAnswer>(
      await api(`/api/bookings/subscription-info?customerPhone=${phone}`),
    );
    expect(info.data).toEqual({
      customerPhone: phone,
      isSubscriber: true,
      customerName: 'Abone V.',
      totalBookings: 3,
      approvedBookings: 3,
      upcomingBookings: 3,
      nextBooking: { date: weeks[0], time: '20:00' },
      firstBookingDate: weeks[0],
      lastBookingDate: weeks[2],
    });
    const byPhone = await json<PhoneLookupAnswer>(await api(`/api/bookings/track-by-phone/${phone}`));
    expect(byPhone.data).toHaveLength(3);
    const text = JSON.stringify([info, byPhone]);
    for (const b of data.bookings) expect(text).not.toContain(b.bookingNumber);
    expect(text).not.toContain('gizli@example.com');
    expect(text).not.toContain('Özel not');
    expect(text).not.toContain('Veli');
    expect(text).not.toContain('Abone Ali');
  });
});

describe('live watchers of the pitch', () => {
  it('see every booked week turn into a subscriber slot, with the name as the public shows it', async () => {
    const f = await pitchWithMonth();
    const watcher = await exports.default.fetch(
      new Request(`http://localhost/api/facilities/${f.slug}/live`, { headers: { Upgrade: 'websocket' } }),
    );
    expect(watcher.status).toBe(101);
    const ws = watcher.webSocket!;
    const events: any[] = [];
    ws.addEventListener('message', (e) => events.push(JSON.parse(e.data as string)));
    ws.accept();
    const { token } = await staffToken();
    const phone = freshPhone();
    expect((await subscribe(token, request(f, phone, { weekCount: 3 }))).status).toBe(201);
    const weeks = weeksFrom(tomorrow(), 3);
    const deadline = Date.now() + 3000;
    const slotEvents = () => events.filter((m) => m.type === 'slot');
    while (slotEvents().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    ws.close(1000, 'done');
    expect(slotEvents().map((m) => facilityEvent.parse(m).type)).toEqual(['slot', 'slot', 'slot']);
    expect(slotEvents().map((m) => [m.slot.date, m.slot.startTime, m.slot.state, m.slot.booking.customerName])).toEqual(
      weeks.map((d) => [d, '20:00', 'subscriber', 'Abone V.']),
    );
    expect(JSON.stringify(events)).not.toContain(phone);
  });
});
