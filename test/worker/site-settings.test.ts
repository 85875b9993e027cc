// Settings are admin-only (behaviour.md#staff-sessions-and-permissions; behaviour.md#validation form rules): an admin updates what the contact page and the page titles show,
// a manager is refused with 403, and a refused or invalid update changes nothing.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createStaff,
  expectError,
  type Invalid,
  json,
  type SeoPageAnswer,
  type SiteSettingsAnswer,
  tokenFor,
} from './fixtures';

let adminToken: string;
let managerToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(await createStaff('admin'), 'admin');
  managerToken = await tokenFor(await createStaff('manager'), 'manager');
});

const current = async () => (await json<SiteSettingsAnswer>(await api('/api/site-settings'))).data;
const put = (body: unknown, token?: string) => api('/api/site-settings', { method: 'PUT', token, json: body });

const valid = {
  siteName: 'Yeşil Saha Bursa',
  tagline: 'Gece gündüz futbol',
  contactPhones: ['0224 123 45 67', '+90 532 111 22 33'],
  contactEmail: 'iletisim@yesilsaha.example',
  address: 'Spor Cad. 10, Nilüfer',
  city: 'Bursa',
  seoTitle: 'Bursa halı saha rezervasyonu',
  seoDescription: 'Bursa’nın halı sahalarında boş saati seçin.',
  instagram: '@yesilsaha',
  facebook: 'https://www.facebook.com/yesilsaha',
  x: null,
  youtube: 'https://www.youtube.com/@yesilsaha',
  whatsapp: '0532 111 22 33',
  maintenanceMode: false,
  maintenanceMessage: null,
  kvkkText: null,
};

describe('an admin updates the settings', () => {
  it('answers the saved settings, and the public read shows them', async () => {
    const res = await put(valid, adminToken);
    expect(res.status).toBe(200);
    const { data } = await json<SiteSettingsAnswer>(res);
    expect(data).toEqual(valid);
    expect(await current()).toEqual(valid);
  });

  it('trims, turns empty optional texts into null and drops blank phone lines; a { data } wrapper is accepted', async () => {
    const res = await put(
      {
        data: {
          siteName: '  Saha Dünyası  ',
          tagline: '   ',
          contactPhones: ['', '0212 555 44 33', '  '],
          contactEmail: '',
          address: '',
          city: ' İstanbul ',
        },
      },
      adminToken,
    );
    expect(res.status).toBe(200);
    expect((await json<SiteSettingsAnswer>(res)).data).toEqual({
      ...valid,
      siteName: 'Saha Dünyası',
      tagline: null,
      contactPhones: ['0212 555 44 33'],
      contactEmail: null,
      address: null,
      city: 'İstanbul',
    });
    // Saved, and the next admin update overwrites it.
    expect((await current()).siteName).toBe('Saha Dünyası');
    expect((await put(valid, adminToken)).status).toBe(200);
    expect(await current()).toEqual(valid);
  });

  it('the page titles take the new site name', async () => {
    await env.DB.prepare(
      "insert or ignore into seo_pages (key, meta_title, meta_description) values ('ayar-testi', 'Başlık', 'Açıklama')",
    ).run();
    expect((await put({ ...valid, siteName: 'Başlık Sahası' }, adminToken)).status).toBe(200);
    const seo = await api('/api/seo/page/ayar-testi');
    expect(seo.status).toBe(200);
    expect((await json<SeoPageAnswer>(seo)).data.siteName).toBe('Başlık Sahası');
    await put(valid, adminToken);
  });
});

describe('the SEO, social, maintenance and KVKK fields', () => {
  it('handles get an @, https links stay as written, and a body without the new fields keeps them as saved', async () => {
    const res = await put({ ...valid, instagram: 'yesilsaha', x: 'https://x.com/yesilsaha' }, adminToken);
    expect(res.status).toBe(200);
    expect((await json<SiteSettingsAnswer>(res)).data).toMatchObject({
      instagram: '@yesilsaha',
      x: 'https://x.com/yesilsaha',
    });
    const {
      seoTitle,
      seoDescription,
      instagram,
      facebook,
      x,
      youtube,
      whatsapp,
      maintenanceMode,
      maintenanceMessage,
      kvkkText,
      ...six
    } = valid;
    expect((await put(six, adminToken)).status).toBe(200);
    expect(await current()).toMatchObject({ seoTitle, instagram: '@yesilsaha', x: 'https://x.com/yesilsaha', youtube });
    await put(valid, adminToken);
  });

  it('the maintenance switch, its message and the KVKK text are saved and read back', async () => {
    const body = {
      ...valid,
      maintenanceMode: true,
      maintenanceMessage: '  Zemin yenileniyor.  ',
      kvkkText: 'Veri sorumlusu biziz.',
    };
    expect((await put(body, adminToken)).status).toBe(200);
    expect(await current()).toMatchObject({
      maintenanceMode: true,
      maintenanceMessage: 'Zemin yenileniyor.',
      kvkkText: 'Veri sorumlusu biziz.',
    });
    expect((await put(valid, adminToken)).status).toBe(200);
    expect((await current()).maintenanceMode).toBe(false);
  });
});

describe('refused updates change nothing', () => {
  beforeAll(async () => {
    expect((await put(valid, adminToken)).status).toBe(200);
  });

  it('a manager gets 403 with the Turkish message', async () => {
    const error = await expectError(await put({ ...valid, siteName: 'Müdürün Sahası' }, managerToken), 403);
    expect(error.name).toBe('ForbiddenError');
    expect(error.message).toBe('Bu işlem için yetkiniz yok');
    expect(await current()).toEqual(valid);
  });

  it('a manager is refused even with an invalid body (the role is checked first)', async () => {
    await expectError(await put({ siteName: 'x' }, managerToken), 403);
  });

  it('an anonymous caller gets 401', async () => {
    await expectError(await put({ ...valid, siteName: 'Anonim Saha' }), 401);
    expect(await current()).toEqual(valid);
  });

  it('each form rule has its own Turkish message and field path', async () => {
    const cases: Array<[Record<string, unknown>, string[], string]> = [
      [{ siteName: 'A' }, ['siteName'], 'Site adı en az 2 karakter olmalı'],
      [{ siteName: '   ' }, ['siteName'], 'Site adı en az 2 karakter olmalı'],
      [{ siteName: undefined }, ['siteName'], 'Site adı en az 2 karakter olmalı'],
      [{ contactPhones: ['123'] }, ['contactPhones', '0'], 'Geçerli telefon numaraları giriniz'],
      [
        { contactPhones: ['0224 123 45 67', 'telefon yok'] },
        ['contactPhones', '1'],
        'Geçerli telefon numaraları giriniz',
      ],
      [{ contactEmail: 'iletisim' }, ['contactEmail'], 'Geçerli bir e-posta adresi giriniz'],
      [{ contactEmail: 'a@b' }, ['contactEmail'], 'Geçerli bir e-posta adresi giriniz'],
      // Social links are https addresses or handles, never another scheme.
      [
        { instagram: 'javascript:alert(1)' },
        ['instagram'],
        'Geçerli bir bağlantı (https://…) ya da @kullanıcıadı giriniz',
      ],
      [
        { facebook: 'http://facebook.com/x' },
        ['facebook'],
        'Geçerli bir bağlantı (https://…) ya da @kullanıcıadı giriniz',
      ],
      [{ x: 'iki kelime' }, ['x'], 'Geçerli bir bağlantı (https://…) ya da @kullanıcıadı giriniz'],
      [
        { whatsapp: 'https://example.com/wa' },
        ['whatsapp'],
        'Geçerli bir WhatsApp numarası ya da wa.me bağlantısı giriniz',
      ],
      [{ maintenanceMessage: 'a'.repeat(501) }, ['maintenanceMessage'], 'Bakım mesajı en fazla 500 karakter olabilir'],
      [{ kvkkText: 'a'.repeat(50_001) }, ['kvkkText'], 'KVKK metni en fazla 50000 karakter olabilir'],
    ];
    for (const [patch, path, message] of cases) {
      const error = await expectError<Invalid>(await put({ ...valid, ...patch }, adminToken), 400);
      expect(error.message, JSON.stringify(patch)).toBe(message);
      expect(error.details.errors).toContainEqual({ path, message });
    }
    expect(await current()).toEqual(valid);
  });

  it('more than five phone numbers, or a body that is not JSON, is refused', async () => {
    await expectError(
      await put({ ...valid, contactPhones: Array.from({ length: 6 }, () => '0224 123 45 67') }, adminToken),
      400,
    );
    const malformed = await api('/api/site-settings', {
      method: 'PUT',
      token: adminToken,
      headers: { 'content-type': 'application/json' },
      body: '{"siteName":',
    });
    expect((await expectError(malformed, 400)).message).toBe('İstek gövdesi geçerli bir JSON değil');
    expect(await current()).toEqual(valid);
  });
});
