// The WhatsApp messages staff send a customer (docs/behaviour.md#bookings 'Messages to the customer'): only those that
// fit the booking now, with the real calendar date, the money as the payment rows say it, the reason given, and a
// click-to-chat link to the booking's own phone; opening one is a history row; an erased customer has none.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMessageWire } from '../../worker/src/services/customer-messages';
import {
  type Answer,
  addDays,
  api,
  bookRow,
  createFacility,
  createSlots,
  createStaff,
  everyDay,
  expectError,
  freshPhone,
  istanbulToday,
  json,
  rowsOf,
  tokenFor,
} from './fixtures';
import { pitchWithMonth, request, subscribe, tomorrow, trDayOf } from './fixtures/subscriptions';

const day = addDays(istanbulToday(), 2);
let facility: Awaited<ReturnType<typeof createFacility>>;
let token: string;

beforeAll(async () => {
  facility = await createFacility({ workingHours: everyDay('10:00', '22:00'), name: 'Yıldız Halı Saha' });
  await createSlots(facility, 2, 2);
  token = await tokenFor(await createStaff('manager'), 'manager');
});

const sql = (statement: string, ...values: unknown[]) => rowsOf(statement, ...values);
const messagesOf = async (ref: string) => {
  const res = await api(`/api/bookings/${ref}/messages`, { token });
  expect(res.status).toBe(200);
  return (await json<Answer<CustomerMessageWire[]>>(res)).data;
};
const opened = (ref: string, kind: string) => api(`/api/bookings/${ref}/messages/${kind}`, { method: 'POST', token });

async function booking(time: string, status: 'pending' | 'approved' = 'approved', name = 'Barış Yılmaz') {
  const b = await bookRow(facility, day, time, { status, name, endTime: `${String(Number(time.slice(0, 2)) + 1)}:00` });
  await sql('update bookings set deposit_amount = 30000, total_price = 150000 where document_id = ?', b.documentId);
  return b;
}

describe('the messages of a booking', () => {
  it('approved: the approval and the reminder, with the pitch, the real day, the map and what is still due', async () => {
    const b = await booking('20:00');
    const list = await messagesOf(b.documentId);
    expect(list.map((m) => m.kind)).toEqual(['approved', 'reminder']);
    const [approved] = list;
    expect(approved.label).toBe('Onay mesajı');
    expect(approved.text).toContain('Merhaba Barış,');
    expect(approved.text).toContain('Yıldız Halı Saha');
    expect(approved.text).toContain('20:00–21:00');
    expect(approved.text).toContain('rezervasyonunuz onaylandı');
    expect(approved.text).toContain('Adres: Test Mah. 1, Bursa');
    expect(approved.text).toContain('Harita: https://www.google.com/maps/search/');
    expect(approved.text).toContain('Kalan ₺1.500 sahada ödenir.');
    expect(approved.text).toContain(`Rezervasyon no: ${b.bookingNumber}`);
    expect(approved.text).toContain('Takip: http://localhost:8787/rezervasyon-takip');
    // The link opens the chat with the booking's own phone, the text already typed.
    expect(approved.href).toBe(`https://wa.me/90${b.phone.slice(1)}?text=${encodeURIComponent(approved.text)}`);
  });

  it('an after-midnight start is told on its real calendar day', async () => {
    const b = await booking('21:00');
    // The business night of `day`, 00:30 on the next calendar day.
    const startsAt = Date.parse(`${addDays(day, 1)}T00:30:00+03:00`);
    await sql(
      "update bookings set start_time = '00:30', end_time = '01:30', starts_at = ? where document_id = ?",
      startsAt,
      b.documentId,
    );
    const [approved] = await messagesOf(b.documentId);
    const next = new Date(`${addDays(day, 1)}T00:00:00Z`).getUTCDate();
    expect(approved.text).toMatch(
      new RegExp(`${next} [A-ZÇĞİÖŞÜa-zçğıöşü]+ \\d{4} [A-ZÇĞİÖŞÜa-zçğıöşü]+, 00:30–01:30`),
    );
  });

  it('pending with the kapora due: the IBAN, the description to type and when the hold ends', async () => {
    const b = await booking('11:00', 'pending');
    const ends = Date.parse(`${day}T09:35:00+03:00`);
    await sql('update bookings set expires_at = ? where document_id = ?', ends, b.documentId);
    const list = await messagesOf(b.documentId);
    expect(list.map((m) => m.kind)).toEqual(['deposit_due']);
    expect(list[0].text).toContain('₺300 kapora bekliyoruz');
    expect(list[0].text).toContain('IBAN: TR330006100519786457841326');
    expect(list[0].text).toContain(`Açıklama: ${b.bookingNumber}`);
    expect(list[0].text).toMatch(/şu saate kadar tutuluyor: .+ 09:35\./);
  });

  it('rejected with its reason; cancelled by the venue or by the customer, each said as it was', async () => {
    const rejected = await booking('12:00', 'pending');
    const reject = await api(`/api/bookings/${rejected.documentId}/reject`, {
      method: 'POST',
      token,
      json: { reason: 'Kapora gelmedi' },
    });
    expect(reject.status).toBe(200);
    const [no] = await messagesOf(rejected.documentId);
    expect(no.kind).toBe('rejected');
    expect(no.text).toContain('onaylanamadı');
    expect(no.text).toContain('Neden: Kapora gelmedi');

    const byVenue = await booking('13:00');
    const cancel = await api(`/api/bookings/${byVenue.documentId}/cancel`, {
      method: 'POST',
      token,
      json: { reason: 'Saha bakımda' },
    });
    expect(cancel.status).toBe(200);
    const [venue] = await messagesOf(byVenue.documentId);
    expect(venue.text).toContain('saha tarafından iptal edildi');
    expect(venue.text).toContain('Neden: Saha bakımda');

    const byCustomer = await booking('14:00', 'pending');
    expect((await api(`/api/bookings/cancel/${byCustomer.bookingNumber}`, { method: 'POST', json: {} })).status).toBe(
      200,
    );
    const [own] = await messagesOf(byCustomer.documentId);
    expect(own.text).toContain('rezervasyonunuzun iptali işlendi');
    expect(own.text).not.toContain('saha tarafından');
  });

  it('opening one writes a history row naming the message and the staff member; a message that no longer fits is refused', async () => {
    const b = await booking('15:00');
    const before = await sql(
      'select count(*) as n from booking_history where booking_id = (select id from bookings where document_id = ?)',
      b.documentId,
    );
    expect((await opened(b.documentId, 'reminder')).status).toBe(200);
    const rows = await sql(
      "select event, reason, actor_type, actor_label from booking_history where event = 'whatsapp' and booking_id = (select id from bookings where document_id = ?)",
      b.documentId,
    );
    expect(rows).toEqual([
      { event: 'whatsapp', reason: 'WhatsApp: Maç hatırlatması', actor_type: 'staff', actor_label: expect.any(String) },
    ]);

    // Approved: a rejection message does not fit; an unknown kind is refused before anything is read.
    const refused = await expectError(await opened(b.documentId, 'rejected'), 409);
    expect(refused.message).toBe('Bu mesaj rezervasyonun şimdiki durumuna uymuyor. Listeyi yenileyip yeniden seçin.');
    await expectError(await opened(b.documentId, 'spam'), 400);
    const after = await sql(
      'select count(*) as n from booking_history where booking_id = (select id from bookings where document_id = ?)',
      b.documentId,
    );
    expect(after[0].n).toBe((before[0].n as number) + 1);
  });

  it('staff only; an erased customer has no message and nothing to record', async () => {
    const b = await booking('16:00');
    await expectError(await api(`/api/bookings/${b.documentId}/messages`), 401);
    await expectError(await api(`/api/bookings/${b.documentId}/messages/approved`, { method: 'POST' }), 401);

    expect((await api(`/api/bookings/${b.documentId}/anonymize`, { method: 'POST', token })).status).toBe(200);
    expect(await messagesOf(b.documentId)).toEqual([]);
    await expectError(await opened(b.documentId, 'approved'), 409);
    await expectError(await api('/api/bookings/HSRZZZZZZZZZ/messages', { token }), 404);
  });
});

describe("a subscription's messages", () => {
  it('every booking number of the weeks ahead, the feed once made, the renewal while 1–2 are left; opening one marks each week', async () => {
    const f = await pitchWithMonth();
    const phone = freshPhone();
    const created = await subscribe(token, request(f, phone, { customerName: 'Abone Barış', weekCount: 2 }));
    expect(created.status).toBe(201);
    const [first] = await sql('select recurring_group_id as g from bookings where customer_phone = ?', phone);
    const group = first.g as string;
    const numbers = (
      await sql('select booking_number as n from bookings where recurring_group_id = ? order by starts_at', group)
    ).map((r) => r.n as string);
    expect(numbers).toHaveLength(2);

    const read = async () => {
      const res = await api(`/api/subscriptions/${group}/messages`, { token });
      expect(res.status).toBe(200);
      return (await json<Answer<CustomerMessageWire[]>>(res)).data;
    };
    const list = await read();
    expect(list.map((m) => m.kind)).toEqual(['subscription_created', 'renewal_due']);
    const [details, renewal] = list;
    expect(details.text).toContain('Merhaba Abone,');
    expect(details.text).toContain(`aboneliğiniz: her ${trDayOf(tomorrow())} 20:00.`);
    for (const n of numbers) expect(details.text).toContain(`: ${n}`);
    expect(details.text).not.toContain('Takvim bağlantınız');
    expect(details.href.startsWith(`https://wa.me/90${phone.slice(1)}?text=`)).toBe(true);
    expect(renewal.text).toContain('son 2 haftası kaldı');

    // Once staff made the feed, the message carries its address.
    const feed = await api(`/api/subscriptions/${group}/calendar-feed`, { method: 'POST', token });
    expect(feed.status).toBe(200);
    const { url } = (await json<Answer<{ url: string }>>(feed)).data;
    expect((await read())[0].text).toContain(`Takvim bağlantınız (bütün haftalar takviminize eklenir): ${url}`);

    const opened = await api(`/api/subscriptions/${group}/messages/subscription_created`, { method: 'POST', token });
    expect(opened.status).toBe(200);
    const marked = await sql(
      "select b.booking_number as n, h.reason from booking_history h join bookings b on b.id = h.booking_id where h.event = 'whatsapp' and b.recurring_group_id = ? order by b.starts_at",
      group,
    );
    expect(marked).toEqual(numbers.map((n) => ({ n, reason: 'WhatsApp: Abonelik bilgileri' })));

    await expectError(await api(`/api/subscriptions/${group}/messages/approved`, { method: 'POST', token }), 400);
    await expectError(await api(`/api/subscriptions/${group}/messages`), 401);
    expect(
      (await json<Answer<CustomerMessageWire[]>>(await api('/api/subscriptions/sub-yok/messages', { token }))).data,
    ).toEqual([]);
  });

  it('four weeks ahead: no renewal yet, and asking for one is refused', async () => {
    const f = await pitchWithMonth();
    const phone = freshPhone();
    expect((await subscribe(token, request(f, phone))).status).toBe(201);
    const [first] = await sql('select recurring_group_id as g from bookings where customer_phone = ?', phone);
    const res = await api(`/api/subscriptions/${first.g}/messages`, { token });
    expect((await json<Answer<CustomerMessageWire[]>>(res)).data.map((m) => m.kind)).toEqual(['subscription_created']);
    const refused = await expectError(
      await api(`/api/subscriptions/${first.g}/messages/renewal_due`, { method: 'POST', token }),
      409,
    );
    expect(refused.message).toBe('Bu mesaj rezervasyonun şimdiki durumuna uymuyor. Listeyi yenileyip yeniden seçin.');
  });
});
