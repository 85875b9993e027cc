// Every length limit answers the form's own Turkish message, and no validator text (zod's English or its Turkish locale)
// reaches a user on any public booking route, whatever size or type the input has.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { msg } from '../../contracts/messages';
import { MAX_JSON_DEPTH } from '../../worker/src/lib/validate';
import {
  addDays,
  api,
  type BookingAnswer,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  type Invalid,
  istanbulToday,
  json,
  slotAt,
  tokenFor,
} from './fixtures';
import { pitchInput } from './fixtures/images';

const RAW_VALIDATOR_TEXT =
  /Çok büyük|Çok küçük|beklenen|Geçersiz giriş|Geçersiz değer|Invalid|expected|Too big|Too small|received|Required|karakter olmalıdır|<=|>=/;
const count = async (facilityId: number) =>
  (await env.DB.prepare('select count(*) as n from bookings where facility_id = ?')
    .bind(facilityId)
    .first<{ n: number }>())!.n;

async function base() {
  const f = await createFacility();
  await createSlots(f, 1, 1);
  const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '20:00');
  return {
    f,
    body: {
      facility: f.documentId,
      bookingSlot: slot.document_id,
      customerName: 'Ali Veli',
      customerPhone: freshPhone(),
    },
  };
}

function assertTurkishOnly(error: { message: string; details?: { errors?: { message: string }[] } }) {
  expect(error.message).not.toMatch(RAW_VALIDATOR_TEXT);
  for (const e of error.details?.errors ?? []) expect(e.message).not.toMatch(RAW_VALIDATOR_TEXT);
}

describe('length limits of the booking form', () => {
  it('each limit answers its own Turkish message on its field, the one the form shows', async () => {
    const { body } = await base();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ customerName: 'A'.repeat(101) }, 'customerName', 'Ad Soyad en fazla 100 karakter olabilir'],
      [{ notes: 'n'.repeat(1001) }, 'notes', 'Notlar en fazla 1000 karakter olabilir'],
      [{ customerEmail: `${'e'.repeat(250)}@x.co` }, 'customerEmail', 'E-posta adresi en fazla 254 karakter olabilir'],
    ];
    for (const [patch, path, message] of cases) {
      const error = await expectError<Invalid>(
        await api('/api/bookings', { method: 'POST', json: { ...body, ...patch } }),
        400,
      );
      expect(error.message).toBe(message);
      expect(error.details.errors).toContainEqual({ path: [path], message });
    }
    // At the limit it is accepted.
    expect(
      (
        await api('/api/bookings', {
          method: 'POST',
          json: { ...body, customerName: 'A'.repeat(100), notes: 'n'.repeat(1000) },
        })
      ).status,
    ).toBe(201);
  });
});

describe('no raw validator text on any public write route', () => {
  it('oversized and ill-typed create bodies answer 400 in Turkish and book nothing', async () => {
    const { f, body } = await base();
    const patches: Record<string, unknown>[] = [
      { customerName: 12345 },
      { customerName: ['a'] },
      { customerPhone: 5321234567 },
      { customerPhone: '0'.repeat(5000) },
      { customerEmail: 42 },
      { notes: { text: 'x' } },
      { notes: 'n'.repeat(5000) },
      { includesTransportation: 'evet' },
      { transportationDetails: 'servis' },
      { transportationDetails: { pickupPointId: 'p'.repeat(65) } },
      { clientTimestamp: 't'.repeat(65) },
      { clientTimezone: 7 },
      { facility: [] },
      { facility: 'f'.repeat(65) },
      { bookingSlot: -1 },
      { bookingSlot: { id: 1 } },
    ];
    for (const patch of patches) {
      const error = await expectError(await api('/api/bookings', { method: 'POST', json: { ...body, ...patch } }), 400);
      assertTurkishOnly(error);
    }
    for (const whole of [[], 'metin', 42, null, { data: [] }]) {
      assertTurkishOnly(await expectError(await api('/api/bookings', { method: 'POST', json: whole }), 400));
    }
    // A body past the size limit is refused before parsing, still in Turkish (bodyLimit).
    assertTurkishOnly(
      await expectError(
        await api('/api/bookings', { method: 'POST', json: { ...body, notes: 'n'.repeat(100_000) } }),
        413,
      ),
    );
    expect(await count(f.id)).toBe(0);
  });

  it('cancel and the look-ups answer Turkish for oversized and ill-typed input', async () => {
    const { f, body } = await base();
    const created = (await json<BookingAnswer>(await api('/api/bookings', { method: 'POST', json: body }))).data;
    for (const json of [
      { reason: 'r'.repeat(501) },
      { reason: 5 },
      { reason: ['a'] },
      { customerPhone: 123 },
      { customerPhone: 'x'.repeat(300) },
      [],
    ]) {
      const error = await expectError(
        await api(`/api/bookings/cancel/${created.bookingNumber}`, { method: 'POST', json }),
        400,
      );
      assertTurkishOnly(error);
    }
    expect(
      (
        await expectError(
          await api(`/api/bookings/cancel/${created.bookingNumber}`, {
            method: 'POST',
            json: { reason: 'r'.repeat(501) },
          }),
          400,
        )
      ).message,
    ).toBe('İptal sebebi en fazla 500 karakter olabilir');
    for (const path of [`/api/bookings/cancel/${'H'.repeat(300)}`, '/api/bookings/cancel/123'])
      assertTurkishOnly(await expectError(await api(path, { method: 'POST', json: {} }), 400));
    for (const path of [
      `/api/bookings/track/${'X'.repeat(300)}`,
      `/api/bookings/track-by-phone/${'5'.repeat(300)}`,
      `/api/bookings/subscription-info?customerPhone=${'5'.repeat(300)}`,
      '/api/bookings/subscription-info',
    ]) {
      assertTurkishOnly(await expectError(await api(path), 400));
    }
    expect(
      (await env.DB.prepare('select status from bookings where booking_number = ?')
        .bind(created.bookingNumber)
        .first<{ status: string }>())!.status,
    ).toBe('pending');
    expect(await count(f.id)).toBe(1);
  });
});

describe('nesting depth of a JSON body', () => {
  // `levels` objects inside one another: {"a":{"a":…{}…}}.
  const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
  const post = (path: string, text: string, init: { method?: string; token?: string } = {}) =>
    api(path, {
      method: init.method ?? 'POST',
      token: init.token,
      headers: { 'content-type': 'application/json' },
      body: text,
    });

  it('3,000 levels inside transportationDetails answer 400 in the one error shape, not 500, and book nothing', async () => {
    const { f, body } = await base();
    const text = JSON.stringify({ ...body, transportationDetails: { pickupPointId: null, x: '§' } }).replace(
      '"§"',
      nested(3000),
    );
    const error = await expectError(await post('/api/bookings', text), 400);
    expect(error.message).toBe(msg.jsonTooDeep);
    // Arrays count too, and a body that is not even valid JSON past the limit is refused the same way.
    const arrays = JSON.stringify({ ...body, notes: '§' }).replace('"§"', `${'['.repeat(3000)}${']'.repeat(3000)}`);
    expect((await expectError(await post('/api/bookings', arrays), 400)).message).toBe(msg.jsonTooDeep);
    expect((await expectError(await post('/api/bookings', '['.repeat(50)), 400)).message).toBe(msg.jsonTooDeep);
    expect(await count(f.id)).toBe(0);
  });

  it('the limit is MAX_JSON_DEPTH levels in all; brackets inside strings are text, not nesting', async () => {
    const { f, body } = await base();
    // The body is level 1 and transportationDetails level 2, so its `x` may nest MAX_JSON_DEPTH - 2 levels more.
    const at = (levels: number) =>
      JSON.stringify({ ...body, transportationDetails: { pickupPointId: null, x: '§' } }).replace(
        '"§"',
        nested(levels),
      );
    expect((await expectError(await post('/api/bookings', at(MAX_JSON_DEPTH - 1)), 400)).message).toBe(msg.jsonTooDeep);
    expect((await post('/api/bookings', at(MAX_JSON_DEPTH - 2))).status).toBe(201);
    expect(await count(f.id)).toBe(1);
    const other = await base();
    const quoted = { ...other.body, notes: `[{"\\"${'[{'.repeat(400)}` };
    expect((await post('/api/bookings', JSON.stringify(quoted))).status).toBe(201);
  });

  it('every JSON route refuses it: a staff write, and the pitch form as JSON and as multipart', async () => {
    const admin = await createStaff('admin');
    const token = await tokenFor(admin);
    const deep = JSON.stringify({ siteName: 'Derin', x: '§' }).replace('"§"', nested(3000));
    for (const [path, method] of [
      ['/api/site-settings', 'PUT'],
      ['/api/facilities', 'POST'],
      ['/api/staff-users', 'POST'],
      ['/api/auth/local', 'POST'],
    ] as const) {
      const res = await post(path, deep, { method, token });
      expect([path, res.status]).toEqual([path, 400]);
      expect((await expectError(res, 400)).message).toBe(msg.jsonTooDeep);
    }
    const form = new FormData();
    form.set('data', JSON.stringify({ ...pitchInput(), x: '§' }).replace('"§"', nested(3000)));
    const error = await expectError(await api('/api/facilities', { method: 'POST', token, body: form }), 400);
    expect(error.message).toBe(msg.jsonTooDeep);
  });
});

describe('control characters in text', () => {
  const nameMessage = 'Ad Soyad geçersiz (görünmeyen) bir karakter içeriyor';

  it('a NUL, another C0 character, DEL or a C1 character in any text of a booking is refused, and nothing is stored', async () => {
    const { f, body } = await base();
    const cases: Array<[Record<string, unknown>, (string | number)[], string]> = [
      [{ customerName: 'Ali\u0000Veli' }, ['customerName'], nameMessage],
      [{ customerName: 'Ali \u001b[31mVeli' }, ['customerName'], nameMessage],
      [{ customerName: 'Ali Veli\u007f' }, ['customerName'], nameMessage],
      [{ notes: 'Saat\u0085 20:00' }, ['notes'], 'Notlar geçersiz (görünmeyen) bir karakter içeriyor'],
      [
        { customerEmail: 'ali@ornek.com\u0000' },
        ['customerEmail'],
        'E-posta geçersiz (görünmeyen) bir karakter içeriyor',
      ],
      [{ addons: [{ id: 1, x: '\u0000' }] }, ['addons', 0, 'x'], msg.controlChars],
      [
        { clientTimezone: 'Europe/Istanbul\u0000' },
        ['clientTimezone'],
        'İstemci saat dilimi geçersiz (görünmeyen) bir karakter içeriyor',
      ],
      // A text the schema passes through untouched, and an object's key, are checked too.
      [
        { transportationDetails: { memo: 'x\u0000' } },
        ['transportationDetails', 'memo'],
        'Servis bilgisi geçersiz (görünmeyen) bir karakter içeriyor',
      ],
      [
        { transportationDetails: { 'a\u0000': 1 } },
        ['transportationDetails', 'a\u0000'],
        'Servis bilgisi geçersiz (görünmeyen) bir karakter içeriyor',
      ],
    ];
    for (const [patch, path, message] of cases) {
      const error = await expectError<Invalid>(
        await api('/api/bookings', { method: 'POST', json: { ...body, ...patch } }),
        400,
      );
      expect(error.message, JSON.stringify(patch)).toBe(message);
      expect(error.details.errors).toContainEqual({ path: path.map(String), message });
    }
    // Wrapped as { data: {...} } the path is the field's own, as the form reads it.
    const wrapped = await expectError<Invalid>(
      await api('/api/bookings', { method: 'POST', json: { data: { ...body, customerName: '\u0000' } } }),
      400,
    );
    expect(wrapped.details.errors).toContainEqual({ path: ['customerName'], message: nameMessage });
    expect(await count(f.id)).toBe(0);
    // Tab and line breaks are what a multi-line note is made of: kept.
    const res = await api('/api/bookings', {
      method: 'POST',
      json: { ...body, notes: 'Birinci satır\r\n\tİkinci satır' },
    });
    expect(res.status).toBe(201);
    expect((await json<BookingAnswer>(res)).data.notes).toBe('Birinci satır\r\n\tİkinci satır');
  });

  it('staff forms, queries and the pitch form refuse them the same way', async () => {
    const admin = await createStaff('admin');
    const token = await tokenFor(admin);
    const staff = await expectError<Invalid>(
      await api('/api/staff-users', {
        method: 'POST',
        token,
        json: {
          username: `nul${Date.now()}`,
          email: `nul${Date.now()}@ornek.com`,
          firstName: '\u0000',
          role: 'manager',
        },
      }),
      400,
    );
    expect(staff.details.errors).toContainEqual({
      path: ['firstName'],
      message: 'Ad geçersiz (görünmeyen) bir karakter içeriyor',
    });
    const search = await expectError(await api('/api/bookings?q=Ali%00', { token }), 400);
    expect(search.message).toBe('Arama geçersiz (görünmeyen) bir karakter içeriyor');
    const form = new FormData();
    form.set('data', JSON.stringify(pitchInput({ name: 'Saha\u0001' })));
    const pitch = await expectError<Invalid>(await api('/api/facilities', { method: 'POST', token, body: form }), 400);
    expect(pitch.details.errors).toContainEqual({
      path: ['name'],
      message: 'Ad geçersiz (görünmeyen) bir karakter içeriyor',
    });
  });
});
