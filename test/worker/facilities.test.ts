import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FacilityWire } from '../../contracts/wire/facility';
import { facilityImages } from '../../worker/src/db/schema';
import { newBookingNumber, newDocumentId } from '../../worker/src/lib/ids';
import {
  addDays,
  api,
  createFacility,
  createSlots,
  createStaff,
  db,
  expectError,
  type FacilityAnswer,
  type FacilityListAnswer,
  freshPhone,
  type Invalid,
  istanbulToday,
  json,
  type SlotsAnswer,
  slotAt,
  tokenFor,
} from './fixtures';

/** A tag unique to this run, so name filters only ever see this file's pitches. */
const tag = () => `q${Math.random().toString(36).slice(2, 9)}`;

async function list(query: string, token?: string) {
  const res = await api(`/api/facilities${query ? `?${query}` : ''}`, { token });
  const body = await json<FacilityListAnswer>(res);
  return { res, body, slugs: (body.data ?? []).map((f) => f.slug) };
}

async function insertBooking(
  slot: { id: number; starts_at: number },
  facilityId: number,
  date: string,
  time: string,
  name: string,
  phone: string,
  status = 'pending',
) {
  await env.DB.prepare(
    `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date, start_time, end_time, starts_at, slot_price, total_price, status)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 150000, 150000, ?)`,
  )
    .bind(
      newDocumentId(),
      newBookingNumber(),
      facilityId,
      slot.id,
      name,
      phone,
      date,
      time,
      time,
      slot.starts_at,
      status,
    )
    .run();
}

describe('GET /api/facilities', () => {
  it('lists active pitches only', async () => {
    const t = tag();
    const active = await createFacility({ name: `Aktif ${t}` });
    const inactive = await createFacility({ name: `Pasif ${t}`, isActive: false });
    const { res, slugs } = await list(`filters[name][$containsi]=${t}`);
    expect(res.status).toBe(200);
    expect(slugs).toContain(active.slug);
    expect(slugs).not.toContain(inactive.slug);
  });

  it('sorts by priority (higher first), then by name in Turkish alphabetical order', async () => {
    const t = tag();
    // Turkish order: C < Ç < D, I (dotless) < İ, O < Ö < P; code-point order would put Ç, İ and Ö after Z.
    const names = ['Zeytin', 'Ömür', 'Orman', 'Dere', 'Çınar', 'Cennet', 'İnci', 'Irmak'];
    for (const n of names) await createFacility({ name: `${n} ${t}`, priority: n === 'Zeytin' ? 10 : 0 });
    const { body } = await list(`filters[name][$containsi]=${t}`);
    expect(body.data.map((f) => f.name.split(' ')[0])).toEqual([
      'Zeytin',
      'Cennet',
      'Çınar',
      'Dere',
      'Irmak',
      'İnci',
      'Orman',
      'Ömür',
    ]);
  });

  it('gives each pitch its images, amenities, shuttle with pickup points and prices in TL', async () => {
    const t = tag();
    const f = await createFacility(
      { name: `Detaylı ${t}`, hourlyPrice: 150_000, depositAmount: 30_000 },
      { pickup: true },
    );
    await db()
      .insert(facilityImages)
      .values([
        {
          facilityId: f.id,
          key: `facilities/${f.id}/b-${t}.webp`,
          name: 'b.webp',
          mime: 'image/webp',
          size: 1000,
          sortOrder: 2,
        },
        {
          facilityId: f.id,
          key: `facilities/${f.id}/a-${t}.webp`,
          name: 'a.webp',
          alternativeText: 'Saha girişi',
          mime: 'image/webp',
          size: 1000,
          sortOrder: 1,
        },
      ]);
    const { body } = await list(`filters[name][$containsi]=${t}`);
    const wire = body.data.find((x) => x.slug === f.slug)!;
    expect(wire.hourlyPrice).toBe(1500);
    expect(wire.depositAmount).toBe(300);
    expect(wire.images.map((i) => i.url)).toEqual([
      `/api/images/facilities/${f.id}/a-${t}.webp`,
      `/api/images/facilities/${f.id}/b-${t}.webp`,
    ]);
    expect(wire.images[0].alternativeText).toBe('Saha girişi');
    expect(wire.images[1].alternativeText).toBe(f.name);
    expect(wire.facilities).toEqual([
      { name: 'Duş', available: true, icon: 'shower' },
      { name: 'Kantin', available: false, icon: 'coffee' },
    ]);
    expect(wire.transportationService.isActive).toBe(true);
    expect(wire.transportationService.price).toBe(50);
    expect(wire.transportationService.pickupPoints.map((p) => p.name)).toEqual(['Merkez Durak', 'Üniversite']);
    expect(wire.transportationService.pickupPoints[0]).toMatchObject({ address: 'Atatürk Cad.', time: '19:30' });
    expect(typeof wire.transportationService.pickupPoints[0].id).toBe('string');
    expect(wire.workingHours.monday).toEqual({ isOpen: true, start: '09:00', end: '23:00' });
  });

  it('answers meta.pagination and honours pagination[page] and pagination[pageSize]', async () => {
    const t = tag();
    for (const n of ['A', 'B', 'C', 'D', 'E']) await createFacility({ name: `${n} ${t}` });
    const { body } = await list(`filters[name][$containsi]=${t}&pagination[page]=2&pagination[pageSize]=2`);
    expect(body.data.map((f) => f.name)).toEqual([`C ${t}`, `D ${t}`]);
    expect(body.meta.pagination).toEqual({ page: 2, pageSize: 2, pageCount: 3, total: 5 });
    const last = await list(`filters[name][$containsi]=${t}&pagination[page]=3&pagination[pageSize]=2`);
    expect(last.body.data.map((f) => f.name)).toEqual([`E ${t}`]);
  });

  it('rejects a pageSize over the limit with the error shape', async () => {
    const err = await expectError(await api('/api/facilities?pagination[pageSize]=1000'), 400);
    expect(err.name).toBe('ValidationError');
  });

  it('sorts by hourlyPrice:desc', async () => {
    const t = tag();
    await createFacility({ name: `Ucuz ${t}`, hourlyPrice: 100_000, priority: 5 });
    await createFacility({ name: `Pahalı ${t}`, hourlyPrice: 200_000 });
    await createFacility({ name: `Orta ${t}`, hourlyPrice: 150_000 });
    const { body } = await list(`filters[name][$containsi]=${t}&sort=hourlyPrice:desc`);
    expect(body.data.map((f) => f.hourlyPrice)).toEqual([2000, 1500, 1000]);
  });

  it('filters by name case-insensitively', async () => {
    const t = tag();
    const f = await createFacility({ name: `Yıldız Arena ${t}` });
    const other = await createFacility({ name: `Başka Saha ${t}` });
    const { slugs } = await list(`filters[name][$containsi]=${encodeURIComponent(`YILDIZ arena ${t}`)}`);
    expect(slugs).toEqual([f.slug]);
    expect(slugs).not.toContain(other.slug);
  });

  it('matches Turkish dotted and dotless I in the name filter (İzmir ↔ izmir, IĞDIR ↔ Iğdır)', async () => {
    const t = tag();
    const izmir = await createFacility({ name: `İzmir Kale ${t}` });
    const igdir = await createFacility({ name: `Iğdır Spor ${t}` });
    expect((await list(`filters[name][$containsi]=${encodeURIComponent(`izmir kale ${t}`)}`)).slugs).toEqual([
      izmir.slug,
    ]);
    expect((await list(`filters[name][$containsi]=${encodeURIComponent(`İZMİR KALE ${t}`)}`)).slugs).toEqual([
      izmir.slug,
    ]);
    expect((await list(`filters[name][$containsi]=${encodeURIComponent(`IĞDIR SPOR ${t}`)}`)).slugs).toEqual([
      igdir.slug,
    ]);
    expect((await list(`filters[name][$containsi]=${encodeURIComponent(`ığdır spor ${t}`)}`)).slugs).toEqual([
      igdir.slug,
    ]);
  });

  it('filters by hourlyPrice $lte in TL', async () => {
    const t = tag();
    const cheap = await createFacility({ name: `Ucuz ${t}`, hourlyPrice: 100_000 });
    const exact = await createFacility({ name: `Tam ${t}`, hourlyPrice: 150_000 });
    const dear = await createFacility({ name: `Pahalı ${t}`, hourlyPrice: 150_100 });
    const { slugs } = await list(`filters[name][$containsi]=${t}&filters[hourlyPrice][$lte]=1500`);
    expect(slugs.sort()).toEqual([cheap.slug, exact.slug].sort());
    expect(slugs).not.toContain(dear.slug);
  });

  it('accepts populate=* and still returns the full pitch', async () => {
    const t = tag();
    const f = await createFacility({ name: `Populate ${t}` }, { pickup: true });
    const { res, body } = await list(`filters[name][$containsi]=${t}&populate=*`);
    expect(res.status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].slug).toBe(f.slug);
    expect(body.data[0].transportationService.pickupPoints).toHaveLength(2);
  });

  it('answers an unknown filters[...] key with 400 and the error shape', async () => {
    const err = await expectError<Invalid>(await api('/api/facilities?filters[color][$eq]=red'), 400);
    expect(err.name).toBe('ValidationError');
    expect(err.details.errors[0].path).toEqual(['filters[color][$eq]']);
    expect(err.message).toContain('filters[color][$eq]');
  });

  it('answers an unknown sort field with 400', async () => {
    await expectError(await api('/api/facilities?sort=phone:asc'), 400);
  });
});

describe('GET /api/facilities/{ref}', () => {
  let f: Awaited<ReturnType<typeof createFacility>>;
  beforeAll(async () => {
    f = await createFacility({ name: `Tekil ${tag()}` }, { pickup: true });
  });

  it('returns the same pitch by documentId, slug and numeric id', async () => {
    const answers: FacilityWire[] = [];
    for (const ref of [f.documentId, f.slug, String(f.id)]) {
      const res = await api(`/api/facilities/${ref}`);
      expect(res.status).toBe(200);
      answers.push((await json<FacilityAnswer>(res)).data);
    }
    expect(answers[0].id).toBe(f.id);
    expect(answers[0].documentId).toBe(f.documentId);
    expect(answers[0].hourlyPrice).toBe(1500);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('answers an unknown pitch with 404 Saha bulunamadı', async () => {
    const err = await expectError(await api('/api/facilities/yok-boyle-bir-saha-xyz'), 404);
    expect(err.message).toBe('Saha bulunamadı');
    expect((await expectError(await api('/api/facilities/999999999'), 404)).message).toBe('Saha bulunamadı');
  });

  it('hides an inactive pitch from visitors but shows it to staff', async () => {
    const hidden = await createFacility({ name: `Gizli ${tag()}`, isActive: false });
    expect((await expectError(await api(`/api/facilities/${hidden.slug}`), 404)).message).toBe('Saha bulunamadı');
    const staff = await createStaff('manager');
    const res = await api(`/api/facilities/${hidden.slug}`, { token: await tokenFor(staff, 'manager') });
    expect(res.status).toBe(200);
    const body = await json<FacilityAnswer>(res);
    expect(body.data.slug).toBe(hidden.slug);
    expect(body.data.isActive).toBe(false);
  });
});

describe('customer privacy', () => {
  it('never shows a customer phone number in the list or the detail', async () => {
    const t = tag();
    const f = await createFacility({ name: `Gizlilik ${t}` });
    await createSlots(f, 1, 1);
    const date = addDays(istanbulToday(), 1);
    const slot = await slotAt(f.id, date, '20:00');
    const phone = freshPhone();
    await insertBooking(slot, f.id, date, '20:00', 'Ahmet Yılmaz', phone, 'approved');
    const listText = await (await api(`/api/facilities?filters[name][$containsi]=${t}`)).text();
    const detailText = await (await api(`/api/facilities/${f.slug}`)).text();
    expect(listText).toContain(f.slug);
    expect(detailText).toContain(f.slug);
    for (const text of [listText, detailText]) {
      expect(text).not.toContain(phone);
      expect(text).not.toContain(phone.slice(1)); // without the leading 0
      expect(text).not.toContain('customerPhone');
    }
  });
});

describe('pitch references', () => {
  it('a reference that merely starts with digits is not read as a numeric id', async () => {
    const f = await createFacility();
    const ref = `${f.id}-olmayan-saha`;
    expect((await api(`/api/facilities/${ref}/slots?date=${istanbulToday()}`)).status).toBe(404);
    expect((await api(`/api/facilities/${ref}`)).status).toBe(404);
  });

  it('a slug that starts with digits finds its own pitch, not the pitch with that id', async () => {
    const first = await createFacility();
    const named = await createFacility({ slug: `${first.id}-yildiz-saha` });
    const res = await api(`/api/facilities/${named.slug}/slots?date=${istanbulToday()}`);
    expect(res.status).toBe(200);
    expect((await json<SlotsAnswer>(res)).data.facility.documentId).toBe(named.documentId);
  });
});
