// create-subscription refusals: no token, bad input with the form's Turkish messages (behaviour.md#validation), another pitch's pickup
// point, a pitch without a shuttle, an inactive or unknown pitch. Bad input changes nothing.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  addDays,
  api,
  createFacility,
  expectError,
  freshPhone,
  type Invalid,
  istanbulToday,
  pickupPointsOf,
  tokenFor,
} from './fixtures';
import { pitchWithMonth, request, rows, staffToken, subscribe } from './fixtures/subscriptions';

const nothingFor = async (phone: string) => {
  expect(await rows('select id from bookings where customer_phone = ?', phone)).toEqual([]);
  expect(await rows('select id from customers where phone = ?', phone)).toEqual([]);
};

describe('who may create a subscription', () => {
  it('answers 401 without a token and with a bad one, and books nothing', async () => {
    const f = await pitchWithMonth();
    const phone = freshPhone();
    expect((await expectError(await subscribe(undefined, request(f, phone)), 401)).name).toBe('UnauthorizedError');
    expect((await expectError(await subscribe('not-a-token', request(f, phone)), 401)).name).toBe('UnauthorizedError');
    await nothingFor(phone);
  });

  it('refuses an expired token with the session message, and serves an admin token and the session cookie alone', async () => {
    const f = await pitchWithMonth();
    const { user } = await staffToken('admin');
    const phone = freshPhone();
    const expired = await expectError(await subscribe(await tokenFor(user, 'admin', -60), request(f, phone)), 401);
    expect(expired.message).toBe('Oturumunuzun süresi doldu, lütfen tekrar giriş yapın');
    await nothingFor(phone);
    // The panel's HttpOnly session cookie alone, from the panel's own origin.
    const viaCookie = await api('/api/bookings/create-subscription', {
      method: 'POST',
      headers: { cookie: `hs_session=${await tokenFor(user, 'admin')}`, origin: 'http://localhost' },
      json: request(f, phone, { weekCount: 2 }),
    });
    expect(viaCookie.status).toBe(201);
    expect(await rows('select id from bookings where customer_phone = ?', phone)).toHaveLength(2);
    expect(
      (await subscribe(await tokenFor(user, 'admin'), request(f, freshPhone(), { timeSlot: '21:00' }))).status,
    ).toBe(201);
  });
});

describe('validation (behaviour.md#validation Subscription form, in Turkish)', () => {
  it('missing required fields: "Lütfen tüm zorunlu alanları doldurun" on each', async () => {
    const { token } = await staffToken();
    const error = await expectError<Invalid>(await subscribe(token, {}), 400);
    expect(error.message).toBe('Lütfen tüm zorunlu alanları doldurun');
    const paths = error.details.errors.map((e) => e.path.join('.'));
    expect(paths).toEqual(['customerName', 'customerPhone', 'facility', 'dayOfWeek', 'timeSlot', 'startDate']);
    for (const e of error.details.errors) expect(e.message).toBe('Lütfen tüm zorunlu alanları doldurun');
  });

  it('each wrong field gets its own Turkish message and nothing is written', async () => {
    const f = await pitchWithMonth();
    const { token } = await staffToken();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ customerPhone: '0212 123 45 67' }, 'customerPhone', 'Geçerli bir telefon numarası girin (örn. 05551234567)'],
      [{ customerName: 'A' }, 'customerName', 'Ad Soyad en az 2 karakter olmalı'],
      [{ customerEmail: 'abc' }, 'customerEmail', 'Geçerli bir e-posta adresi girin'],
      [{ dayOfWeek: 'pazartesi' }, 'dayOfWeek', 'Geçerli bir gün seçin'],
      [{ timeSlot: '24:00' }, 'timeSlot', 'Saat SS:DD biçiminde olmalı'],
      [{ startDate: '2026-02-30' }, 'startDate', 'Tarih YYYY-MM-DD biçiminde olmalı'],
      [{ startDate: addDays(istanbulToday(), -1) }, 'startDate', 'Başlangıç tarihi geçmiş bir gün olamaz'],
      [{ weekCount: 0 }, 'weekCount', 'Hafta sayısı 1 ile 52 arasında bir tam sayı olmalı'],
      [{ weekCount: 53 }, 'weekCount', 'Hafta sayısı 1 ile 52 arasında bir tam sayı olmalı'],
      [{ weekCount: 2.5 }, 'weekCount', 'Hafta sayısı 1 ile 52 arasında bir tam sayı olmalı'],
      [
        { includesTransportation: true },
        'transportationDetails.pickupPointId',
        'Ulaşım hizmeti seçtiniz, lütfen bir alış noktası seçin',
      ],
    ];
    for (const [change, path, message] of cases) {
      const phone = freshPhone();
      const error = await expectError<Invalid>(await subscribe(token, request(f, phone, change)), 400);
      expect({ path: error.details.errors[0].path.join('.'), message: error.message }).toEqual({ path, message });
      await nothingFor(phone);
    }
  });
});

describe('the pitch and its shuttle', () => {
  it("refuses another pitch's pickup point", async () => {
    const f = await pitchWithMonth({ pickup: true });
    const other = await createFacility({}, { pickup: true });
    const [foreign] = await pickupPointsOf(other.id);
    const { token } = await staffToken();
    const phone = freshPhone();
    const error = await expectError<Invalid>(
      await subscribe(
        token,
        request(f, phone, { includesTransportation: true, transportationDetails: { pickupPointId: foreign.id } }),
      ),
      400,
    );
    expect(error.message).toBe('Seçilen alış noktası bu sahanın servis hizmetine ait değil');
    expect(error.details.errors[0].path).toEqual(['transportationDetails', 'pickupPointId']);
    await nothingFor(phone);
  });

  it('refuses a shuttle on a pitch whose service is not active, even with its own pickup point', async () => {
    const f = await pitchWithMonth({ pickup: true });
    const [own] = await pickupPointsOf(f.id);
    await env.DB.prepare('update facilities set transport_is_active = 0 where id = ?').bind(f.id).run();
    const { token } = await staffToken();
    const phone = freshPhone();
    // The object caches the pitch briefly; a staff edit tells it to forget, as this direct write does here.
    await facilityStub(env, f.id).forget();
    const error = await expectError(
      await subscribe(
        token,
        request(f, phone, { includesTransportation: true, transportationDetails: { pickupPointId: own.id } }),
      ),
      400,
    );
    expect(error.message).toBe('Bu sahada servis hizmeti bulunmuyor');
    await nothingFor(phone);
  });

  it('an inactive pitch takes no subscription (409) and an unknown one is 404', async () => {
    const f = await pitchWithMonth();
    await env.DB.prepare('update facilities set is_active = 0 where id = ?').bind(f.id).run();
    const { token } = await staffToken();
    const phone = freshPhone();
    expect((await expectError(await subscribe(token, request(f, phone)), 409)).message).toBe(
      'Bu saha şu anda rezervasyona kapalı',
    );
    expect(
      (await expectError(await subscribe(token, request({ documentId: 'yok-boyle-saha' }, phone)), 404)).message,
    ).toBe('Saha bulunamadı');
    await nothingFor(phone);
  });
});
