// Staff create, update and toggle pitches (behaviour.md#management-panel 'Pitch administration', api.md Pitches, #constants-and-limits defaults).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { FACILITY_DEFAULTS } from '../../contracts/facility-form';
import { msg } from '../../contracts/messages';
import { activeFacilities, publicFacility, sitemapFacilities } from '../../worker/src/services/facilities';
import {
  addDays,
  api,
  bookingForm,
  createStaff,
  db,
  expectError,
  type FacilityAnswer,
  type FacilityListAnswer,
  istanbulToday,
  json,
  postBooking,
  slotAt,
  type ToggleStatusAnswer,
  tokenFor,
} from './fixtures';
import { file, JPEG_2x2, PNG_1x1, pitchForm, pitchInput } from './fixtures/images';

let token: string;
let managerToken: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'));
  managerToken = await tokenFor(await createStaff('manager'), 'manager');
});

const unique = () => Math.random().toString(36).slice(2, 8);

async function create(data: unknown, t = token) {
  const res = await api('/api/facilities', { method: 'POST', json: data, token: t });
  return { res, body: await json<FacilityAnswer>(res) };
}

describe('POST /api/facilities', () => {
  it('creates a pitch from { data } with the documented defaults, trimmed texts and blank phones removed; answers it as GET does', async () => {
    const name = `Yıldız Halı Saha ${unique()}`;
    const { res, body } = await create({
      data: pitchInput({
        name: `  ${name}  `,
        description: '   ',
        address: '  Nilüfer, Bursa ',
        phoneNumbers: ['0224 111 22 33', '   ', ''],
        email: '',
        facilities: [
          { name: 'Duş', icon: 'shower' },
          { name: 'Kantin', available: false },
        ],
      }),
    });
    expect(res.status).toBe(201);
    const f = body.data;
    expect(f.name).toBe(name);
    expect(f.slug).toBe(`yildiz-hali-saha-${name.split(' ').pop()}`);
    expect(f.documentId).toMatch(/^[a-z0-9]{24}$/);
    expect(f.description).toBeNull();
    expect(f.address).toBe('Nilüfer, Bursa');
    expect(f.email).toBeNull();
    expect(f.phoneNumbers).toEqual(['0224 111 22 33']);
    expect(f.hourlyPrice).toBe(200);
    expect(f.depositAmount).toBe(FACILITY_DEFAULTS.depositAmount);
    expect(f.autoApprovalTimeout).toBe(FACILITY_DEFAULTS.autoApprovalTimeout);
    expect(f.priority).toBe(FACILITY_DEFAULTS.priority);
    expect(f.isActive).toBe(true);
    expect(f.bookingTimeType).toBe('hourly');
    expect(f.startTimeOffset).toBe('full_hour');
    expect(f.facilities).toEqual([
      { name: 'Duş', available: true, icon: 'shower' },
      { name: 'Kantin', available: false, icon: null },
    ]);
    expect(f.transportationService).toEqual({
      isActive: false,
      price: 0,
      description: null,
      vehicleInfo: { type: null, capacity: null },
      pickupPoints: [],
    });
    // Stored in kuruş, spoken in TL.
    const row = await env.DB.prepare('select hourly_price, deleted_at from facilities where id = ?')
      .bind(f.id)
      .first<{ hourly_price: number; deleted_at: number | null }>();
    expect(row).toEqual({ hourly_price: 20000, deleted_at: null });
    const detail = await json<FacilityAnswer>(await api(`/api/facilities/${f.slug}`));
    expect(detail.data).toEqual(f);
  });

  it('gives the same name -2, -3 … and transliterates every Turkish letter', async () => {
    const name = `Çağrı Şükrü Öğün IĞDIR ${unique()}`;
    const a = await create(pitchInput({ name }));
    const b = await create(pitchInput({ name }));
    const c = await create(pitchInput({ name }));
    const base = `cagri-sukru-ogun-igdir-${name.split(' ').pop()}`;
    expect([a.body.data.slug, b.body.data.slug, c.body.data.slug]).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('takes a 120-character name twice: the long slug gets its -2 too (no LIKE pattern D1 finds too complex)', async () => {
    const name = `${'Ç'.repeat(100)}${unique()}`.slice(0, 120);
    const a = await create(pitchInput({ name }));
    const b = await create(pitchInput({ name }));
    expect([a.res.status, b.res.status]).toEqual([201, 201]);
    expect(a.body.data.slug).toMatch(/^c{80}$/);
    expect(b.body.data.slug).toBe(`${a.body.data.slug}-2`);
  });

  it('keeps sent pickup point ids and generates the missing ones; stores only the Maps URL of an embed snippet', async () => {
    const { res, body } = await create(
      pitchInput({
        name: `Servisli ${unique()}`,
        googleMapsLocation:
          '<iframe src="https://www.google.com/maps/embed?pb=!1m18&amp;x=1" width="600" onload="alert(1)"></iframe>',
        transportationService: {
          isActive: true,
          price: 25.5,
          vehicleInfo: { type: 'Minibüs', capacity: 14 },
          pickupPoints: [
            { id: 'pickup-1700000000123', name: 'Merkez', address: ' Atatürk Cad. ', time: '19:30' },
            { name: 'Kampüs', minutesBefore: 45 },
          ],
        },
      }),
    );
    expect(res.status).toBe(201);
    const t = body.data.transportationService;
    expect(body.data.googleMapsLocation).toBe('https://www.google.com/maps/embed?pb=!1m18&x=1');
    expect(t.isActive).toBe(true);
    expect(t.price).toBe(25.5);
    expect(t.vehicleInfo).toEqual({ type: 'Minibüs', capacity: 14 });
    expect(t.pickupPoints[0]).toEqual({
      id: 'pickup-1700000000123',
      name: 'Merkez',
      address: 'Atatürk Cad.',
      description: null,
      time: '19:30',
      minutesBefore: null,
    });
    expect(t.pickupPoints[1].id).toMatch(/^pickup-\d{1,16}$/);
    expect(t.pickupPoints[1].minutesBefore).toBe(45);
  });

  it('does not hand another pitch a pickup point id it already owns', async () => {
    const first = await create(
      pitchInput({
        name: `Birinci ${unique()}`,
        transportationService: { isActive: true, pickupPoints: [{ id: 'pickup-4242', name: 'A' }] },
      }),
    );
    const second = await create(
      pitchInput({
        name: `İkinci ${unique()}`,
        transportationService: { isActive: true, pickupPoints: [{ id: 'pickup-4242', name: 'B' }] },
      }),
    );
    expect(first.body.data.transportationService.pickupPoints[0].id).toBe('pickup-4242');
    const other = second.body.data.transportationService.pickupPoints[0];
    expect(other.id).not.toBe('pickup-4242');
    expect(other.name).toBe('B');
    const again = await json<FacilityAnswer>(await api(`/api/facilities/${first.body.data.documentId}`));
    expect(again.data.transportationService.pickupPoints[0].name).toBe('A');
  });

  it('takes multipart with data and images; stores them in R2 with their sniffed type and dimensions', async () => {
    const form = pitchForm(pitchInput({ name: `Görselli ${unique()}` }), [
      file(PNG_1x1, 'saha.png', 'image/png'),
      file(JPEG_2x2, 'giris.jpeg', 'image/jpeg'),
    ]);
    const res = await api('/api/facilities', { method: 'POST', body: form, token: managerToken });
    expect(res.status).toBe(201);
    const f = (await json<FacilityAnswer>(res)).data;
    expect(f.images.map((i) => [i.name, i.width, i.height])).toEqual([
      ['saha.png', 1, 1],
      ['giris.jpeg', 2, 2],
    ]);
    for (const img of f.images)
      expect(img.url).toMatch(new RegExp(`^/api/images/facilities/${f.documentId}/[a-z0-9]+\\.(png|jpg)$`));
    const served = await api(f.images[1].url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG_2x2);
  });
});

describe('PUT /api/facilities/:ref', () => {
  it('updates fields, replaces amenities and pickup points as sent, keeps kept ids and the slug', async () => {
    const created = (
      await create(
        pitchInput({
          name: `Eski Ad ${unique()}`,
          facilities: [{ name: 'Duş' }, { name: 'WiFi' }],
          transportationService: {
            isActive: true,
            pickupPoints: [
              { id: 'pickup-111', name: 'Kalan' },
              { id: 'pickup-222', name: 'Giden' },
            ],
          },
        }),
      )
    ).body.data;
    const res = await api(`/api/facilities/${created.documentId}`, {
      method: 'PUT',
      token,
      json: {
        data: pitchInput({
          name: 'Yeni Ad',
          hourlyPrice: 300,
          depositAmount: 50,
          priority: 7,
          bookingTimeType: 'half-hourly',
          startTimeOffset: 'half_hour',
          facilities: [{ name: 'Otopark', icon: 'parking' }],
          transportationService: {
            isActive: true,
            pickupPoints: [{ id: 'pickup-111', name: 'Kalan (yeni adres)' }, { name: 'Yeni nokta' }],
          },
        }),
      },
    });
    expect(res.status).toBe(200);
    const f = (await json<FacilityAnswer>(res)).data;
    expect(f.slug).toBe(created.slug);
    expect(f.name).toBe('Yeni Ad');
    expect([f.hourlyPrice, f.depositAmount, f.priority]).toEqual([300, 50, 7]);
    expect([f.bookingTimeType, f.startTimeOffset]).toEqual(['half-hourly', 'half_hour']);
    expect(f.facilities).toEqual([{ name: 'Otopark', available: true, icon: 'parking' }]);
    const pps = f.transportationService.pickupPoints;
    expect(pps.map((p) => p.name)).toEqual(['Kalan (yeni adres)', 'Yeni nokta']);
    expect(pps[0].id).toBe('pickup-111');
    expect(pps.some((p) => p.id === 'pickup-222')).toBe(false);
    expect(new Date(f.updatedAt!).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt!).getTime());
    // The old slug still finds it; the public detail, the server-rendered pitch page and home list show it at once.
    expect((await json<FacilityAnswer>(await api(`/api/facilities/${created.slug}`))).data.name).toBe('Yeni Ad');
    expect((await publicFacility(db(), created.slug))?.name).toBe('Yeni Ad');
    expect((await activeFacilities(db())).find((p) => p.slug === created.slug)?.name).toBe('Yeni Ad');
  });

  it('adds new images after the existing ones and removes the ones in imagesToDelete from D1 and R2', async () => {
    const form = pitchForm(pitchInput({ name: `Resimli ${unique()}` }), [
      file(PNG_1x1, 'bir.png'),
      file(PNG_1x1, 'iki.png'),
    ]);
    const created = (await json<FacilityAnswer>(await api('/api/facilities', { method: 'POST', body: form, token })))
      .data;
    const [gone, kept] = created.images;
    const goneKey = gone.url.replace('/api/images/', '');
    expect(await env.BUCKET.head(goneKey)).not.toBeNull();
    const res = await api(`/api/facilities/${created.id}`, {
      method: 'PUT',
      token,
      body: pitchForm(pitchInput({ name: created.name, imagesToDelete: [gone.id] }), [file(JPEG_2x2, 'uc.jpg')]),
    });
    expect(res.status).toBe(200);
    const f = (await json<FacilityAnswer>(res)).data;
    expect(f.images.map((i) => i.name)).toEqual(['iki.png', 'uc.jpg']);
    expect(f.images[0].id).toBe(kept.id);
    expect(await env.BUCKET.head(goneKey)).toBeNull();
    expect((await api(gone.url)).status).toBe(404);
    const rows = await env.DB.prepare('select count(*) as n from facility_images where facility_id = ?')
      .bind(f.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
  });
});

describe('PATCH /api/facilities/:ref/toggle-status', () => {
  it('hides the pitch from the public list and detail at once, and shows it again', async () => {
    const created = (await create(pitchInput({ name: `Anahtar ${unique()}` }))).body.data;
    const inList = async () =>
      (await json<FacilityListAnswer>(await api(`/api/facilities?filters[slug][$eq]=${created.slug}`))).data.length;
    expect(await inList()).toBe(1);

    const off = await api(`/api/facilities/${created.slug}/toggle-status`, {
      method: 'PATCH',
      token,
      json: { data: { isActive: false } },
    });
    expect(off.status).toBe(200);
    expect((await json<ToggleStatusAnswer>(off)).data.isActive).toBe(false);
    expect(await inList()).toBe(0);
    expect((await api(`/api/facilities/${created.slug}`)).status).toBe(404);
    // The server-rendered pages read through the same services, uncached: the home list, the pitch page, the sitemap.
    expect((await activeFacilities(db())).map((f) => f.slug)).not.toContain(created.slug);
    expect(await publicFacility(db(), created.slug)).toBeNull();
    expect((await sitemapFacilities(db())).facilities.map((p) => p.slug)).not.toContain(created.slug);

    const on = await api(`/api/facilities/${created.slug}/toggle-status`, {
      method: 'PATCH',
      token: managerToken,
      json: { isActive: true },
    });
    expect((await json<ToggleStatusAnswer>(on)).data.isActive).toBe(true);
    expect(await inList()).toBe(1);
    expect((await publicFacility(db(), created.slug))?.name).toBe(created.name);
    expect((await sitemapFacilities(db())).facilities.map((p) => p.slug)).toContain(created.slug);
  });

  it('an inactive pitch takes no booking from the moment it is toggled, and takes them again once active', async () => {
    const created = (await create(pitchInput({ name: `Kapanan ${unique()}` }))).body.data;
    const day = addDays(istanbulToday(), 1);
    const gen = await api(`/api/facilities/${created.documentId}/generate-slots`, {
      method: 'POST',
      token,
      json: { startDate: day, endDate: day },
    });
    expect(gen.status).toBe(200);
    // The pitch's object has read the pitch once (a booking), so a stale copy of it would still say active.
    expect((await postBooking(bookingForm(created, await slotAt(created.id, day, '10:00')))).status).toBe(201);
    const toggle = (isActive: boolean) =>
      api(`/api/facilities/${created.documentId}/toggle-status`, { method: 'PATCH', token, json: { isActive } });
    expect((await toggle(false)).status).toBe(200);
    expect(
      (await expectError(await postBooking(bookingForm(created, await slotAt(created.id, day, '11:00'))), 409)).message,
    ).toBe(msg.facilityInactive);
    const count = async () =>
      (await env.DB.prepare('select count(*) as n from bookings where facility_id = ?').bind(created.id).first<{
        n: number;
      }>())!.n;
    expect(await count()).toBe(1);
    expect((await toggle(true)).status).toBe(200);
    expect((await postBooking(bookingForm(created, await slotAt(created.id, day, '11:00')))).status).toBe(201);
    expect(await count()).toBe(2);
  });
});
