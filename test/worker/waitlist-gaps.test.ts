// The waitlist's gaps closed (docs/behaviour.md#waitlist): a new schedule and a retired pitch end the entries they take
// away at once and tell the holders; an erased or removed holder's hold passes to the next in line at once; a window
// entry's place counts only the window entries that wait at one of its pitches; a held slot reaches the live calendar
// as held and is never offered by 'Boş saat bul'.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FreeHoursWire } from '../../contracts/free-hours';
import { type WaitlistEntryWire, waitlistPushTexts } from '../../contracts/waitlist';
import {
  type Answer,
  addDays,
  api,
  bookingForm,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  everyDay,
  freshPhone,
  istanbulToday,
  json,
  postBooking,
  rowsOf,
  runSql,
  slotAt,
  tokenFor,
} from './fixtures';
import { browserSubscription, freshEndpoint, playPushService } from './fixtures/push-service';

const day = addDays(istanbulToday(), 3);

async function pitch(overrides: Parameters<typeof createFacility>[0] = {}) {
  const f = await createFacility({ autoApprovalTimeout: 600, ...overrides });
  await createSlots(f, 3, 3);
  return f;
}

const join = (body: Record<string, unknown>, ip = '10.9.2.1') =>
  api('/api/waitlist', { method: 'POST', json: body, ip });

async function joined(f: { documentId: string }, slot: { document_id: string }, extra: Record<string, unknown> = {}) {
  const res = await join({
    facility: f.documentId,
    bookingSlot: slot.document_id,
    customerName: 'Ece Kaya',
    customerPhone: freshPhone(),
    ...extra,
  });
  expect(res.status).toBe(201);
  return (await json<Answer<WaitlistEntryWire>>(res)).data;
}

const entry = async (key: string) => (await json<Answer<WaitlistEntryWire>>(await api(`/api/waitlist/${key}`))).data;
const cancel = (bookingNumber: string) =>
  api(`/api/bookings/cancel/${bookingNumber}`, { method: 'POST', json: {}, ip: '10.9.9.7' });
const hakOf = (url: string) => new URLSearchParams(url.split('#')[1]).get('hak')!;

describe('a new schedule and a retired pitch end their entries at once', () => {
  it('regenerating: a removed held slot ends its entries and tells the holder; a replaced one keeps its hold', async () => {
    const f = await pitch();
    const b22 = await bookViaApi(f, day, '22:00');
    const b20 = await bookViaApi(f, day, '20:00');
    const sub = await browserSubscription(freshEndpoint());
    const gone = await joined(f, b22.slot, { push: sub.json });
    const behind = await joined(f, b22.slot);
    const kept = await joined(f, b20.slot);
    const push = await playPushService([sub]);
    await cancel(b22.booking.bookingNumber);
    await cancel(b20.booking.bookingNumber);
    expect((await entry(gone.key)).status).toBe('offered');
    expect((await entry(kept.key)).status).toBe('offered');

    // The pitch now closes at 22:00: the 22:00 start goes; every free slot of the day is made again.
    await runSql(
      'update facilities set working_hours = ? where id = ?',
      JSON.stringify(everyDay('09:00', '22:00')),
      f.id,
    );
    const admin = await tokenFor(await createStaff('admin'));
    const res = await api(`/api/facilities/${f.documentId}/generate-slots`, {
      method: 'POST',
      token: admin,
      json: { startDate: day, endDate: day, overwrite: true },
    });
    expect(res.status).toBe(200);
    expect((await entry(gone.key)).status).toBe('ended');
    expect((await entry(behind.key)).status).toBe('ended');
    // The offer's push, then the end's.
    const [offer, end] = (await push.exactly(2)).map((m) => JSON.parse(m.payload));
    expect(offer.title).toBe('Sıra sizde!');
    expect(end).toMatchObject({ title: waitlistPushTexts.endedTitle, url: '/rezervasyonlarim' });
    expect(end.body).toContain('22:00');

    // The 20:00 hold stays on the new 20:00 slot, and its link books it.
    const still = await entry(kept.key);
    expect(still.status).toBe('offered');
    const slot20 = await slotAt(f.id, day, '20:00');
    expect(slot20.document_id).not.toBe(b20.slot.document_id);
    expect(still.offer!.claimUrl).toContain(`slot=${slot20.document_id}`);
    const mine = await postBooking(bookingForm(f, slot20, { claim: hakOf(still.offer!.claimUrl) }));
    expect(mine.status).toBe(201);
    expect((await entry(kept.key)).status).toBe('claimed');
  });

  it('retiring a pitch ends its entries at once and tells the holders', async () => {
    const f = await pitch();
    const taken = await bookViaApi(f, day, '19:00');
    const sub = await browserSubscription(freshEndpoint());
    const waiting = await joined(f, taken.slot, { push: sub.json });
    const push = await playPushService([sub]);
    const admin = await tokenFor(await createStaff('admin'));
    const res = await api(`/api/facilities/${f.documentId}?force=true`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(200);
    expect((await entry(waiting.key)).status).toBe('ended');
    const [m] = await push.exactly(1);
    expect(JSON.parse(m.payload).title).toBe(waitlistPushTexts.endedTitle);
  });
});

describe('a holder taken off passes the hold on at once', () => {
  async function offeredPair(time: string) {
    const f = await pitch();
    const taken = await bookViaApi(f, day, time);
    const phone = freshPhone();
    const first = await joined(f, taken.slot, { customerPhone: phone });
    const second = await joined(f, taken.slot);
    await cancel(taken.booking.bookingNumber);
    expect((await entry(first.key)).status).toBe('offered');
    return { f, phone, first, second, slot: taken.slot };
  }

  it('a KVKK erasure of the holder offers the slot to the next in line, not on the cron', async () => {
    const { f, phone, first, second } = await offeredPair('18:00');
    const own = await bookViaApi(f, day, '12:00', { customerPhone: phone });
    const admin = await tokenFor(await createStaff('admin'));
    const erase = await api(`/api/bookings/${own.booking.documentId}/anonymize`, { method: 'POST', token: admin });
    expect(erase.status).toBe(200);
    expect((await api(`/api/waitlist/${first.key}`)).status).toBe(404);
    expect(await rowsOf('select id from waitlist_entries where customer_phone = ?', phone)).toEqual([]);
    expect((await entry(second.key)).status).toBe('offered');
  });

  it('staff taking the holder off offers the slot to the next in line at once', async () => {
    const { f, first, second } = await offeredPair('17:00');
    const admin = await tokenFor(await createStaff('admin'));
    const [row] = await rowsOf(
      "select document_id from waitlist_entries where facility_id = ? and status = 'offered'",
      f.id,
    );
    const off = await api(`/api/waitlist/entries/${row.document_id}`, { method: 'DELETE', token: admin });
    expect(off.status).toBe(204);
    expect((await entry(first.key)).status).toBe('left');
    expect((await entry(second.key)).status).toBe('offered');
  });
});

describe("a window entry's place", () => {
  it('counts only the earlier window entries waiting at one of its pitches', async () => {
    const gun = addDays(istanbulToday(), 2);
    const a = await createFacility();
    const b = await createFacility();
    for (const f of [a, b]) {
      await createSlots(f, 2, 2);
      await bookViaApi(f, gun, '22:00');
    }
    const only = (...ids: number[]) =>
      runSql(`update facilities set is_active = case when id in (${ids.join(',')}) then 1 else 0 end`);
    const joinWindow = async () => {
      const res = await join({ gun, saat: '22:00', customerName: 'Ece Kaya', customerPhone: freshPhone() });
      expect(res.status).toBe(201);
      return (await json<Answer<WaitlistEntryWire>>(res)).data;
    };
    const saved = await rowsOf('select id, is_active from facilities');
    try {
      await only(a.id);
      const atA = await joinWindow();
      await only(b.id);
      const atB = await joinWindow();
      await only(a.id, b.id);
      const atBoth = await joinWindow();
      expect(atA.position).toBe(1);
      expect(atB.position).toBe(1);
      expect(atBoth.position).toBe(3);
      expect(atBoth.target.facilities.map((f) => f.slug).sort()).toEqual([a.slug, b.slug].sort());
      expect((await api(`/api/waitlist/${atA.key}`, { method: 'DELETE' })).status).toBe(204);
      expect((await entry(atBoth.key)).position).toBe(2);
      expect((await entry(atB.key)).position).toBe(1);
    } finally {
      for (const r of saved) await runSql('update facilities set is_active = ? where id = ?', r.is_active, r.id);
    }
  });
});

describe('a held slot', () => {
  it("reaches an open calendar's socket as held, with nothing personal", async () => {
    const f = await pitch();
    const taken = await bookViaApi(f, day, '16:00', { customerName: 'Deniz Aydın' });
    await joined(f, taken.slot, { customerName: 'Gizli Oyuncu' });
    const res = await exports.default.fetch(
      new Request(`http://localhost/api/facilities/${f.slug}/live`, { headers: { Upgrade: 'websocket' } }),
    );
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const messages: string[] = [];
    ws.addEventListener('message', (e) => messages.push(String(e.data)));
    ws.accept();
    await cancel(taken.booking.bookingNumber);
    const deadline = Date.now() + 3000;
    const heldOf = () =>
      messages
        .filter((m) => m.startsWith('{'))
        .map((m) => JSON.parse(m))
        .find((m) => m.type === 'slot' && m.slot.documentId === taken.slot.document_id && m.slot.state === 'held');
    while (!heldOf() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(heldOf()).toMatchObject({ facility: f.documentId, slot: { isAvailable: false, booking: null } });
    expect(messages.join('\n')).not.toMatch(/Gizli|Deniz|Aydın/);
    ws.close();
  });

  it("is never offered by 'Boş saat bul'; once the hold is given up it is", async () => {
    const ilce = `Gorukle${crypto.randomUUID().slice(0, 6)}`;
    const f = await pitch({ location: `${ilce}, Bursa` });
    const taken = await bookViaApi(f, day, '21:00');
    const waiting = await joined(f, taken.slot);
    await cancel(taken.booking.bookingNumber);
    expect((await entry(waiting.key)).status).toBe('offered');
    const search = async () => {
      const res = await api(`/api/availability/search?${new URLSearchParams({ gun: day, saat: '21:00', ilce })}`);
      expect(res.status).toBe(200);
      return (await json<Answer<FreeHoursWire>>(res)).data.facilities.map((p) => p.slug);
    };
    expect(await search()).toEqual([]);
    expect((await api(`/api/waitlist/${waiting.key}`, { method: 'DELETE' })).status).toBe(204);
    expect(await search()).toEqual([f.slug]);
  });
});
