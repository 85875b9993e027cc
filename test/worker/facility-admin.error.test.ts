// Refusals of the pitch form (behaviour.md#validation 'Pitch form', behaviour.md#errors-and-input): each with its Turkish message and field path, and
// nothing stored.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilityMsg } from '../../contracts/facility-form';
import { msg } from '../../contracts/messages';
import { UPLOAD_BODY_BYTES } from '../../worker/src/app';
import { api, createStaff, expectError, type FacilityAnswer, type Invalid, json, tokenFor } from './fixtures';
import { pitchForm, pitchInput } from './fixtures/images';

let token: string;
let staffId: number;
beforeAll(async () => {
  const staff = await createStaff('admin');
  staffId = staff.id;
  token = await tokenFor(staff);
});

const facilityCount = async () =>
  (await env.DB.prepare('select count(*) as n from facilities').first<{ n: number }>())?.n ?? 0;

async function refused(data: unknown, path: string[], message: string) {
  const before = await facilityCount();
  const err = await expectError<Invalid>(await api('/api/facilities', { method: 'POST', json: { data }, token }), 400);
  expect(err.name).toBe('ValidationError');
  expect(err.details.errors).toContainEqual({ path, message });
  expect(err.message).toBe(err.details.errors[0].message);
  expect(await facilityCount()).toBe(before);
  return err;
}

describe('POST /api/facilities: the pitch form rules, each with its message and path', () => {
  const cases: Array<[string, Record<string, unknown>, string[], string]> = [
    ['a missing name', { name: undefined }, ['name'], facilityMsg.nameRequired],
    ['a blank name', { name: '    ' }, ['name'], 'Saha adı gereklidir'],
    ['a name of 121 characters', { name: 'Ç'.repeat(121) }, ['name'], facilityMsg.nameTooLong],
    ['an hourly price of 0', { hourlyPrice: 0 }, ['hourlyPrice'], "Saat ücreti 0'dan büyük olmalıdır"],
    ['a price that is no number', { hourlyPrice: 'çok' }, ['hourlyPrice'], facilityMsg.hourlyPrice],
    ['a negative deposit', { depositAmount: -1 }, ['depositAmount'], 'Depozito tutarı negatif olamaz'],
    ['a deposit above the hourly price', { depositAmount: 500 }, ['depositAmount'], facilityMsg.depositTooHigh],
    // A number field takes a number or a numeric text: true is not 1, and [], null and '' are not 0.
    ['a deposit of true', { depositAmount: true }, ['depositAmount'], facilityMsg.depositNegative],
    ['a deposit of []', { depositAmount: [] }, ['depositAmount'], facilityMsg.depositNegative],
    ['a deposit of null', { depositAmount: null }, ['depositAmount'], facilityMsg.depositNegative],
    ['an hourly price of true', { hourlyPrice: true }, ['hourlyPrice'], facilityMsg.hourlyPrice],
    ['an hourly price in hex', { hourlyPrice: '0x100' }, ['hourlyPrice'], facilityMsg.hourlyPrice],
    ['a priority of null', { priority: null }, ['priority'], facilityMsg.priority],
    ['a priority of []', { priority: [] }, ['priority'], facilityMsg.priority],
    ['a latitude of true', { latitude: true }, ['latitude'], 'Enlem geçersiz'],
    ['a malformed e-mail', { email: 'ali@' }, ['email'], 'Geçerli bir e-posta adresi giriniz'],
    ['a short phone', { phoneNumbers: ['0224 111', ''] }, ['phoneNumbers'], 'Geçerli telefon numaraları giriniz'],
    ['a phone with letters', { phoneNumbers: ['0532 ABC 12 34'] }, ['phoneNumbers'], facilityMsg.phones],
    ['a malformed IBAN', { depositIban: 'TR12 3456' }, ['depositIban'], 'Geçerli bir IBAN numarası giriniz'],
    ['an approval timeout of 14', { autoApprovalTimeout: 14 }, ['autoApprovalTimeout'], facilityMsg.autoApproval],
    ['an approval timeout of 1441', { autoApprovalTimeout: 1441 }, ['autoApprovalTimeout'], facilityMsg.autoApproval],
    ['a priority of 101', { priority: 101 }, ['priority'], facilityMsg.priority],
    [
      'a negative shuttle price',
      { transportationService: { price: -1 } },
      ['transportationService', 'price'],
      facilityMsg.transportPrice,
    ],
    [
      'a fractional vehicle capacity',
      { transportationService: { vehicleInfo: { capacity: 1.5 } } },
      ['transportationService', 'vehicleInfo', 'capacity'],
      facilityMsg.vehicleCapacity,
    ],
    [
      'an active shuttle without pickup points',
      { transportationService: { isActive: true, pickupPoints: [] } },
      ['transportationService', 'pickupPoints'],
      facilityMsg.pickupPointsRequired,
    ],
    [
      'a pickup point without a name',
      { transportationService: { isActive: true, pickupPoints: [{ name: ' ' }] } },
      ['transportationService', 'pickupPoints', '0', 'name'],
      facilityMsg.pickupNameRequired,
    ],
    [
      'the same amenity twice',
      { facilities: [{ name: 'Duş' }, { name: 'duş' }] },
      ['facilities'],
      facilityMsg.amenityDuplicate,
    ],
    [
      'a map link to another site',
      { googleMapsLocation: 'https://evil.example/maps' },
      ['googleMapsLocation'],
      facilityMsg.mapsUrl,
    ],
    [
      'an iframe pointing elsewhere',
      { googleMapsLocation: '<iframe src="javascript:alert(1)"></iframe>' },
      ['googleMapsLocation'],
      facilityMsg.mapsUrl,
    ],
    ...(
      [
        ['a plain-http map link', 'http://maps.google.com/?q=Bursa'],
        ['a look-alike map host', 'https://www.google.com.evil.example/maps/place/x'],
        ['a map link hiding another host behind credentials', 'https://maps.google.com@evil.example/maps'],
        ['a Google link that is no map', 'https://www.google.com/search?q=hali+saha'],
        ['a snippet of markup without an iframe src', '<div onclick="alert(1)">https://maps.google.com/</div>'],
      ] as const
    ).map(([what, link]): [string, Record<string, unknown>, string[], string] => [
      what,
      { googleMapsLocation: link },
      ['googleMapsLocation'],
      facilityMsg.mapsUrl,
    ]),
    ['working hours that are no week', { workingHours: 'her gün' }, ['workingHours'], 'Çalışma saatleri geçersiz'],
    ['an unknown slot length', { bookingTimeType: 'daily' }, ['bookingTimeType'], 'Rezervasyon süresi geçersiz'],
    ['an isActive that is no boolean', { isActive: 'evet' }, ['isActive'], 'Aktiflik durumu geçersiz'],
  ];
  for (const [what, overrides, path, message] of cases) {
    it(`refuses ${what}`, async () => {
      await refused(pitchInput(overrides), path, message);
    });
  }

  it('reads numbers written as text (the form sends its inputs so) as those numbers', async () => {
    const res = await api('/api/facilities', {
      method: 'POST',
      token,
      json: { data: pitchInput({ hourlyPrice: ' 250 ', depositAmount: '50.5', priority: '3', latitude: '40.19' }) },
    });
    expect(res.status).toBe(201);
    expect((await json<FacilityAnswer>(res)).data).toMatchObject({
      hourlyPrice: 250,
      depositAmount: 50.5,
      priority: 3,
      latitude: 40.19,
    });
  });

  it('refuses a malformed opening hour with a Turkish message, never a validator text', async () => {
    const hours = pitchInput().workingHours as Record<string, unknown>;
    const err = await expectError<Invalid>(
      await api('/api/facilities', {
        method: 'POST',
        token,
        json: pitchInput({ workingHours: { ...hours, monday: { isOpen: true, start: '9', end: '23:00' } } }),
      }),
      400,
    );
    expect(err.details.errors[0].path).toEqual(['workingHours', 'monday', 'start']);
    expect(err.details.errors[0].message).not.toMatch(/expected|invalid|beklenen/i);
  });

  it('refuses a multipart body whose data is not JSON', async () => {
    const form = new FormData();
    form.set('data', '{name: bozuk');
    const err = await expectError<Invalid>(await api('/api/facilities', { method: 'POST', body: form, token }), 400);
    expect(err.message).toBe(msg.malformedJson);
    expect(err.details.errors).toEqual([{ path: ['data'], message: msg.malformedJson }]);
  });

  it('refuses a JSON body that is not JSON, and a text/plain body with 415', async () => {
    const bad = await api('/api/facilities', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect((await expectError(bad, 400)).message).toBe(msg.malformedJson);
    const plain = await api('/api/facilities', {
      method: 'POST',
      token,
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(pitchInput()),
    });
    await expectError(plain, 415);
  });
});

describe('PUT /api/facilities/:ref: the same rules on update, and nothing changes', () => {
  const rules: Array<[Record<string, unknown>, string[], string]> = [
    [{ name: ' ' }, ['name'], facilityMsg.nameRequired],
    [{ hourlyPrice: -5 }, ['hourlyPrice'], facilityMsg.hourlyPrice],
    [{ depositAmount: -1 }, ['depositAmount'], facilityMsg.depositNegative],
    [{ email: 'yok@' }, ['email'], facilityMsg.email],
    [{ phoneNumbers: ['12345'] }, ['phoneNumbers'], facilityMsg.phones],
    [{ depositIban: 'TR00 ABCD' }, ['depositIban'], facilityMsg.iban],
    [{ autoApprovalTimeout: 10 }, ['autoApprovalTimeout'], facilityMsg.autoApproval],
    [{ priority: -1 }, ['priority'], facilityMsg.priority],
    [{ googleMapsLocation: 'https://maps.evil.example/x' }, ['googleMapsLocation'], facilityMsg.mapsUrl],
  ];
  it('refuses each rule with its message and path; the stored pitch stays as it was', async () => {
    const created = (
      await json<FacilityAnswer>(
        await api('/api/facilities', { method: 'POST', json: pitchInput({ name: 'Değişmeyen Saha' }), token }),
      )
    ).data;
    const stored = async () =>
      env.DB.prepare('select * from facilities where id = ?').bind(created.id).first<Record<string, unknown>>();
    const before = await stored();
    for (const [overrides, path, message] of rules) {
      const err = await expectError<Invalid>(
        await api(`/api/facilities/${created.documentId}`, {
          method: 'PUT',
          token,
          json: { data: pitchInput({ name: 'Yeni Ad', ...overrides }) },
        }),
        400,
      );
      expect(err.details.errors, JSON.stringify(overrides)).toContainEqual({ path, message });
    }
    expect(await stored()).toEqual(before);
  });
});

describe('who may write', () => {
  it('answers 401 without a token, and creates nothing', async () => {
    const before = await facilityCount();
    const res = await api('/api/facilities', { method: 'POST', json: pitchInput() });
    expect((await expectError(res, 401)).name).toBe('UnauthorizedError');
    expect(await facilityCount()).toBe(before);
    await expectError(await api('/api/facilities/1', { method: 'PUT', json: pitchInput() }), 401);
    await expectError(
      await api('/api/facilities/1/toggle-status', { method: 'PATCH', json: { isActive: false } }),
      401,
    );
    await expectError(await api('/api/facilities/1', { method: 'DELETE' }), 401);
  });

  it('answers 401 to an update, toggle or delete of a real pitch without a valid token, and changes nothing', async () => {
    const created = (
      await json<FacilityAnswer>(
        await api('/api/facilities', { method: 'POST', json: pitchInput({ name: 'Korunan Saha' }), token }),
      )
    ).data;
    const stored = async () =>
      env.DB.prepare('select * from facilities where id = ?').bind(created.id).first<Record<string, unknown>>();
    const before = await stored();
    const ref = `/api/facilities/${created.documentId}`;
    for (const auth of [undefined, 'gecersiz-anahtar']) {
      await expectError(
        await api(ref, { method: 'PUT', token: auth, json: pitchInput({ name: 'Ele Geçirildi' }) }),
        401,
      );
      await expectError(
        await api(`${ref}/toggle-status`, { method: 'PATCH', token: auth, json: { isActive: false } }),
        401,
      );
      await expectError(await api(`${ref}?force=true`, { method: 'DELETE', token: auth }), 401);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 403 to a cookie-authenticated write from another site, and creates nothing', async () => {
    const cookie = await tokenFor({ id: staffId });
    const before = await facilityCount();
    const res = await api('/api/facilities', {
      method: 'POST',
      body: pitchForm(pitchInput({ name: 'Sahte Saha' })),
      headers: { cookie: `hs_session=${cookie}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect((await expectError(res, 403)).message).toBe(msg.csrfRefused);
    expect(await facilityCount()).toBe(before);
    // The same write from the panel's own page goes through.
    const own = await api('/api/facilities', {
      method: 'POST',
      body: pitchForm(pitchInput({ name: 'Gerçek Saha' })),
      headers: { cookie: `hs_session=${cookie}`, origin: 'http://localhost' },
    });
    expect(own.status).toBe(201);
  });
});

describe('body limits', () => {
  it('keeps 64 KB for JSON: a larger pitch JSON gets 413 in the one error shape', async () => {
    const big = pitchInput({ description: 'x'.repeat(70_000) });
    const err = await expectError(await api('/api/facilities', { method: 'POST', token, json: big }), 413);
    expect(err.message).toBe(msg.bodyTooLarge);
  });

  it('lets a multipart upload past 64 KB, but not past the photos, their copies and the form (UPLOAD_BODY_BYTES)', async () => {
    const form = new FormData();
    form.set('data', JSON.stringify(pitchInput({ name: 'Büyük Yükleme' })));
    form.append('files.images', new File([new Uint8Array(UPLOAD_BODY_BYTES + 1)], 'kocaman.jpg'));
    const before = await facilityCount();
    const err = await expectError(await api('/api/facilities', { method: 'POST', body: form, token }), 413);
    expect(err.name).toBe('PayloadTooLargeError');
    expect(await facilityCount()).toBe(before);
    // 100 KB of multipart is not refused by the limit: it reaches the image check.
    const small = new FormData();
    small.set('data', JSON.stringify(pitchInput({ name: 'Orta Yükleme' })));
    small.append('files.images', new File([new Uint8Array(100 * 1024)], 'orta.jpg'));
    const res = await api('/api/facilities', { method: 'POST', body: small, token });
    expect((await expectError(res, 400)).message).toBe(facilityMsg.imageType);
  });
});

describe('PUT, PATCH and DELETE on what is not there', () => {
  it('answers 404 Saha bulunamadı for an unknown pitch', async () => {
    for (const [path, method, body] of [
      ['/api/facilities/yok-boyle-saha', 'PUT', pitchInput()],
      ['/api/facilities/yok-boyle-saha/toggle-status', 'PATCH', { isActive: true }],
      ['/api/facilities/yok-boyle-saha', 'DELETE', undefined],
    ] as const) {
      const err = await expectError(await api(path, { method, token, json: body }), 404);
      expect(err.message).toBe(msg.facilityNotFound);
    }
  });

  it('refuses a toggle without a boolean', async () => {
    const created = (
      await json<FacilityAnswer>(await api('/api/facilities', { method: 'POST', json: pitchInput(), token }))
    ).data;
    const err = await expectError<Invalid>(
      await api(`/api/facilities/${created.id}/toggle-status`, { method: 'PATCH', token, json: { isActive: 'evet' } }),
      400,
    );
    expect(err.details.errors[0].path).toEqual(['isActive']);
    expect((await json<FacilityAnswer>(await api(`/api/facilities/${created.id}`))).data.isActive).toBe(true);
  });

  it('refuses an update with another pitch’s image id, and changes nothing', async () => {
    const a = (
      await json<FacilityAnswer>(
        await api('/api/facilities', { method: 'POST', json: pitchInput({ name: 'A Saha' }), token }),
      )
    ).data;
    await env.DB.prepare(
      "insert into facility_images (facility_id, r2_key, name, mime, size) values (?, 'facilities/x/y.png', 'y.png', 'image/png', 1)",
    )
      .bind(a.id)
      .run();
    const foreign = await env.DB.prepare('select id from facility_images where facility_id = ?')
      .bind(a.id)
      .first<{ id: number }>();
    const b = (
      await json<FacilityAnswer>(
        await api('/api/facilities', { method: 'POST', json: pitchInput({ name: 'B Saha' }), token }),
      )
    ).data;
    const err = await expectError<Invalid>(
      await api(`/api/facilities/${b.id}`, {
        method: 'PUT',
        token,
        json: pitchInput({ name: 'B Değişti', imagesToDelete: [foreign!.id] }),
      }),
      400,
    );
    expect(err.details.errors[0].path).toEqual(['imagesToDelete', '0']);
    expect((await json<FacilityAnswer>(await api(`/api/facilities/${b.id}`))).data.name).toBe('B Saha');
    expect((await json<FacilityAnswer>(await api(`/api/facilities/${a.id}`))).data.images).toHaveLength(1);
  });
});
