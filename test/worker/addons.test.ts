// Saha Servisleri: a pitch's paid add-ons through the real API: staff CRUD with Turkish refusals that change
// nothing, the cap held under concurrency, and the public pitch answer listing only the active ones (edge cache versioned).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDONS_MAX } from '../../contracts/addons';
import { type AuditRowLike, auditLine } from '../../contracts/events';
import {
  type AddonAnswer,
  type AddonListAnswer,
  addDays,
  api,
  type BookingAnswer,
  type BookingDetailAnswer,
  type BookingListAnswer,
  bookingForm,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  type FacilityAnswer,
  type Invalid,
  istanbulToday,
  json,
  pickupPointsOf,
  postBooking,
  slotAt,
  tokenFor,
} from './fixtures';

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('manager'), 'manager');
});

const referee = { name: 'Hakem', description: 'Lisanslı hakem', price: 400, unit: 'booking' };
const post = (ref: string, body: unknown, auth: string | null = token) =>
  api(`/api/facilities/${ref}/addons`, { method: 'POST', token: auth ?? undefined, json: body });
const put = (ref: string, id: number, body: unknown) =>
  api(`/api/facilities/${ref}/addons/${id}`, { method: 'PUT', token, json: body });
const list = async (ref: string) =>
  (await json<AddonListAnswer>(await api(`/api/facilities/${ref}/addons`, { token }))).data;
const stored = async (facilityId: number) =>
  (
    await env.DB.prepare(
      'select name, price, unit, is_active, stock_per_slot from facility_addons where facility_id = ? order by sort_order',
    )
      .bind(facilityId)
      .all()
  ).results;

describe('staff keep a pitch add-ons', () => {
  it('creates, lists in order, updates and deletes; money is TL on the wire and kuruş in D1', async () => {
    const f = await createFacility();
    const a = await post(f.documentId, referee);
    expect(a.status).toBe(201);
    const created = (await json<AddonAnswer>(a)).data;
    expect(created).toMatchObject({ name: 'Hakem', price: 400, unit: 'booking', isActive: true, stockPerSlot: null });
    const b = (
      await json<AddonAnswer>(
        await post(f.slug, { name: 'Krampon kiralama', price: 50.5, unit: 'person', stockPerSlot: 12 }),
      )
    ).data;
    expect((await list(f.documentId)).map((x) => x.name)).toEqual(['Hakem', 'Krampon kiralama']);
    expect(await stored(f.id)).toEqual([
      { name: 'Hakem', price: 40_000, unit: 'booking', is_active: 1, stock_per_slot: null },
      { name: 'Krampon kiralama', price: 5_050, unit: 'person', is_active: 1, stock_per_slot: 12 },
    ]);
    const changed = await put(f.documentId, created.id, { ...referee, price: 450, isActive: false });
    expect((await json<AddonAnswer>(changed)).data).toMatchObject({ price: 450, isActive: false });
    const order = await api(`/api/facilities/${f.documentId}/addons/order`, {
      method: 'PUT',
      token,
      json: { ids: [b.id, created.id] },
    });
    expect((await json<AddonListAnswer>(order)).data.map((x) => x.name)).toEqual(['Krampon kiralama', 'Hakem']);
    const del = await api(`/api/facilities/${f.documentId}/addons/${b.id}`, { method: 'DELETE', token });
    expect(del.status).toBe(200);
    expect((await list(f.documentId)).map((x) => x.name)).toEqual(['Hakem']);
  });

  it.each([
    [{ ...referee, name: ' ' }, 'Hizmet adı gereklidir'],
    [{ ...referee, name: 'x'.repeat(61) }, 'Hizmet adı en fazla 60 karakter olabilir'],
    [{ ...referee, price: 0 }, "Ücret 0'dan büyük olmalıdır"],
    [{ ...referee, price: 'on' }, "Ücret 0'dan büyük olmalıdır"],
    [{ ...referee, price: 100_001 }, 'Ücret en fazla 100.000 ₺ olabilir'],
    [{ ...referee, unit: 'hour' }, 'Ücret türü rezervasyon başına ya da kişi başına olmalıdır'],
    [{ ...referee, stockPerSlot: 0 }, 'Stok 1 ile 100 arasında bir tam sayı olmalı ya da boş bırakılmalıdır'],
    [{ ...referee, description: 'y'.repeat(201) }, 'Açıklama en fazla 200 karakter olabilir'],
  ])('refuses bad input in Turkish and writes nothing (%#)', async (body, message) => {
    const f = await createFacility();
    const err = await expectError<Invalid>(await post(f.documentId, body), 400);
    expect(err.details.errors.map((e) => e.message)).toContain(message);
    expect(await stored(f.id)).toEqual([]);
  });

  it('refuses the same name twice on one pitch, case aside, but allows it on another pitch', async () => {
    const f = await createFacility();
    const g = await createFacility();
    await post(f.documentId, referee);
    const err = await expectError(await post(f.documentId, { ...referee, name: 'HAKEM' }), 409);
    // Turkish capitals fold too: 'MAÇ VİDEOSU' is 'Maç videosu'.
    await post(f.documentId, { ...referee, name: 'Maç  videosu' });
    await expectError(await post(f.documentId, { ...referee, name: 'MAÇ VİDEOSU' }), 409);
    expect(err.message).toBe('Bu sahada aynı adla bir hizmet zaten var');
    expect((await post(g.documentId, referee)).status).toBe(201);
    // A rename onto an existing name is refused the same way and changes nothing.
    const other = (await json<AddonAnswer>(await post(f.documentId, { ...referee, name: 'Krampon' }))).data;
    await expectError(await put(f.documentId, other.id, { ...referee, name: 'hakem' }), 409);
    expect((await stored(f.id)).map((r) => r.name)).toEqual(['Hakem', 'Maç  videosu', 'Krampon']);
  });

  it(`holds the cap of ${ADDONS_MAX} even when the last places are taken at once`, async () => {
    const f = await createFacility();
    for (let i = 0; i < ADDONS_MAX - 2; i++) await post(f.documentId, { ...referee, name: `Hizmet ${i}` });
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(f.documentId, { ...referee, name: `Yarış ${i}` })),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of racing.filter((r) => r.status !== 201)) {
      expect((await expectError(r, 400)).message).toBe(`Bir saha için en fazla ${ADDONS_MAX} hizmet tanımlanabilir`);
    }
    expect(await stored(f.id)).toHaveLength(ADDONS_MAX);
  });

  it('is staff only; another pitch add-on cannot be reached through this pitch', async () => {
    const f = await createFacility();
    const g = await createFacility();
    const theirs = (await json<AddonAnswer>(await post(g.documentId, referee))).data;
    await expectError(await post(f.documentId, referee, null), 401);
    await expectError(await api(`/api/facilities/${f.documentId}/addons`), 401);
    await expectError(await put(f.documentId, theirs.id, { ...referee, price: 1 }), 404);
    await expectError(
      await api(`/api/facilities/${f.documentId}/addons/${theirs.id}`, { method: 'DELETE', token }),
      404,
    );
    expect((await stored(g.id))[0]).toMatchObject({ price: 40_000 });
  });
});

describe('the audit log', () => {
  const auditRows = async (facilityId: number) =>
    (
      await env.DB.prepare(
        "select entity_kind as entityKind, action, entity_label as entityLabel, details, summary, actor_name from audit_log where entity_kind = 'service' and entity_id = ? order by id",
      )
        .bind(String(facilityId))
        .all<AuditRowLike & { actor_name: string }>()
    ).results.map((r) => ({ ...r, line: auditLine(r) }));

  it('records who added, changed and deleted an add-on; a refused change records nothing', async () => {
    const f = await createFacility();
    const created = (await json<AddonAnswer>(await post(f.documentId, referee))).data;
    await expectError(await post(f.documentId, { ...referee, name: 'HAKEM' }), 409);
    await put(f.documentId, created.id, { ...referee, price: 450 });
    await api(`/api/facilities/${f.documentId}/addons/${created.id}`, { method: 'DELETE', token });
    await expectError(
      await api(`/api/facilities/${f.documentId}/addons/${created.id}`, { method: 'DELETE', token }),
      404,
    );
    const rows = await auditRows(f.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows.map((r) => r.line)).toEqual([
      `Hizmet eklendi: Hakem (${f.name})`,
      `Hizmet güncellendi: Hakem (${f.name})`,
      `Hizmet silindi: Hakem (${f.name})`,
    ]);
    expect(rows.every((r) => r.actor_name === 'Test Müdür')).toBe(true);
  });

  it('an insert refused by the cap writes no audit row', async () => {
    const f = await createFacility();
    for (let i = 0; i < ADDONS_MAX; i++) await post(f.documentId, { ...referee, name: `Hizmet ${i}` });
    await expectError(await post(f.documentId, { ...referee, name: 'Fazla' }), 400);
    expect((await auditRows(f.id)).filter((r) => r.line.includes('Fazla'))).toEqual([]);
    expect(await auditRows(f.id)).toHaveLength(ADDONS_MAX);
  });
});

describe('the public pitch answer', () => {
  it('lists the active add-ons and adds their names to facilityServices; a change is a new edge-cache version', async () => {
    const f = await createFacility({ facilityServices: ['Doğum günü organizasyonu', 'Hakem'] });
    const version = async () =>
      (await env.DB.prepare('select version from content_version where id = 1').first<{ version: string }>())!.version;
    const v0 = await version();
    await post(f.documentId, referee);
    const v1 = await version();
    expect(v1).not.toBe(v0);
    const hidden = (
      await json<AddonAnswer>(await post(f.documentId, { ...referee, name: 'Maç videosu', isActive: false }))
    ).data;
    const pub = (await json<FacilityAnswer>(await api(`/api/facilities/${f.slug}`))).data;
    expect(pub.addons).toEqual([
      {
        id: expect.any(Number),
        name: 'Hakem',
        description: 'Lisanslı hakem',
        price: 400,
        unit: 'booking',
        isActive: true,
        stockPerSlot: null,
      },
    ]);
    expect(pub.facilityServices).toEqual(['Doğum günü organizasyonu', 'Hakem']);
    await put(f.documentId, hidden.id, { ...referee, name: 'Maç videosu', isActive: true });
    expect(await version()).not.toBe(v1);
    const again = (await json<FacilityAnswer>(await api(`/api/facilities/${f.slug}`))).data;
    expect(again.addons.map((a) => a.name)).toEqual(['Hakem', 'Maç videosu']);
    expect(again.facilityServices).toEqual(['Doğum günü organizasyonu', 'Hakem', 'Maç videosu']);
  });
});

describe('a booking with add-ons', () => {
  async function pitchWithAddons() {
    const f = await createFacility({}, { pickup: true });
    await createSlots(f, 1, 2);
    const video = (await json<AddonAnswer>(await post(f.documentId, { ...referee, name: 'Maç videosu', price: 300 })))
      .data;
    const boots = (
      await json<AddonAnswer>(
        await post(f.documentId, { ...referee, name: 'Krampon', unit: 'person', price: 50, stockPerSlot: 12 }),
      )
    ).data;
    const off = (
      await json<AddonAnswer>(await post(f.documentId, { ...referee, name: 'Kapalı hizmet', isActive: false }))
    ).data;
    const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '20:00');
    return { f, video, boots, off, slot };
  }
  const bookingCount = async (facilityId: number) =>
    (await env.DB.prepare('select count(*) as n from bookings where facility_id = ?')
      .bind(facilityId)
      .first<{ n: number }>())!.n;

  it('the server prices them into the total (slot + shuttle + add-ons); tracking shows them as sold', async () => {
    const { f, video, boots, slot } = await pitchWithAddons();
    const [pickup] = await pickupPointsOf(f.id);
    const res = await postBooking(
      bookingForm(f, slot, {
        includesTransportation: true,
        transportationDetails: { pickupPointId: pickup.id },
        addons: [{ id: video.id }, { id: boots.id, quantity: 10 }],
        totalPrice: 1,
        addonsPrice: 1,
      }),
    );
    expect(res.status).toBe(201);
    const created = (await json<BookingAnswer>(res)).data;
    // 1500 slot + 50 shuttle + 300 video + 10 × 50 boots.
    expect(created.totalPrice).toBe(2350);
    expect(created.addonsPrice).toBe(800);
    expect(created.addons).toEqual([
      { name: 'Maç videosu', unit: 'booking', unitPrice: 300, quantity: 1, total: 300 },
      { name: 'Krampon', unit: 'person', unitPrice: 50, quantity: 10, total: 500 },
    ]);
    const row = await env.DB.prepare('select total_price, addons_price from bookings where booking_number = ?')
      .bind(created.bookingNumber)
      .first();
    expect(row).toEqual({ total_price: 235_000, addons_price: 80_000 });
    // A later price change on the pitch never rewrites the booking.
    await put(f.documentId, video.id, { ...referee, name: 'Maç videosu', price: 999 });
    const tracked = (await json<BookingAnswer>(await api(`/api/bookings/track/${created.bookingNumber}`))).data;
    expect(tracked.addons).toEqual(created.addons);
    expect(tracked.totalPrice).toBe(2350);
    // The panel's list (what its CSV / Excel export reads) and the detail carry them as sold too.
    const listed = (await json<BookingListAnswer>(await api(`/api/bookings?q=${created.bookingNumber}`, { token })))
      .data;
    expect(listed.map((b) => [b.bookingNumber, b.addons, b.addonsPrice, b.totalPrice])).toEqual([
      [created.bookingNumber, created.addons, 800, 2350],
    ]);
    const detail = (await json<BookingDetailAnswer>(await api(`/api/bookings/${created.documentId}`, { token }))).data;
    expect([detail.addons, detail.addonsPrice]).toEqual([created.addons, 800]);
  });

  /** What a refused pick is made from: the pitch with its add-ons, and another pitch's add-on. */
  type Picked = Awaited<ReturnType<typeof pitchWithAddons>> & { otherId: number };
  it.each([
    ['an add-on of another pitch', async (x: Picked) => [{ id: x.otherId }], 'Seçilen hizmet bu sahada sunulmuyor'],
    ['an add-on switched off', async (x: Picked) => [{ id: x.off.id }], 'Seçilen hizmet bu sahada sunulmuyor'],
    [
      'a per-booking add-on twice',
      async (x: Picked) => [{ id: x.video.id, quantity: 2 }],
      'Rezervasyon başına ücretlendirilen bir hizmetten yalnızca bir adet seçilebilir',
    ],
    [
      'more than the stock of the hour',
      async (x: Picked) => [{ id: x.boots.id, quantity: 13 }],
      'Krampon için bu saatte en fazla 12 adet seçilebilir',
    ],
    [
      'the same add-on twice',
      async (x: Picked) => [{ id: x.video.id }, { id: x.video.id }],
      'Aynı hizmet birden fazla kez seçilemez',
    ],
    [
      'a quantity of 0',
      async (x: Picked) => [{ id: x.boots.id, quantity: 0 }],
      'Hizmet adedi 1 ile 50 arasında bir tam sayı olmalıdır',
    ],
  ])('refuses %s in Turkish and books nothing', async (_label, picks, message) => {
    const p = await pitchWithAddons();
    const other = await createFacility();
    const theirs = (await json<AddonAnswer>(await post(other.documentId, referee))).data;
    const err = await expectError(
      await postBooking(bookingForm(p.f, p.slot, { addons: await picks({ ...p, otherId: theirs.id }) })),
      400,
    );
    expect([err.message, ...(err.details?.errors ?? []).map((e) => e.message)]).toContain(message);
    expect(await bookingCount(p.f.id)).toBe(0);
  });

  it('an add-on switched off is refused at once, though the pitch object had the pitch in memory', async () => {
    const { f, video, slot } = await pitchWithAddons();
    // A first booking loads the pitch into its object.
    const first = await postBooking(
      bookingForm(f, await slotAt(f.id, addDays(istanbulToday(), 2), '20:00'), {
        addons: [{ id: video.id }],
      }),
    );
    expect(first.status).toBe(201);
    await put(f.documentId, video.id, { ...referee, name: 'Maç videosu', price: 300, isActive: false });
    const err = await expectError<Invalid>(
      await postBooking(bookingForm(f, slot, { addons: [{ id: video.id }] })),
      400,
    );
    expect(err.details.errors[0].message).toBe('Seçilen hizmet bu sahada sunulmuyor');
  });
});
