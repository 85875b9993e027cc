import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_RULE_DEFAULTS } from '../../contracts/settings';
import type { BookingRulesAnswer, SiteSettingsWire } from '../../contracts/wire/content';
import SettingsManager from '../../site/src/islands/SettingsManager';
import { $settingsStatus } from '../../site/src/stores/panel-settings';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, mockApi, type Reply } from './fixtures/panel-facility';

const SITE: SiteSettingsWire = {
  siteName: 'Yeşil Saha',
  tagline: 'Gece gündüz futbol',
  contactPhones: ['0224 123 45 67'],
  contactEmail: 'iletisim@yesilsaha.example',
  address: 'Spor Cad. 10',
  city: 'Bursa',
  seoTitle: null,
  seoDescription: null,
  instagram: '@yesilsaha',
  facebook: null,
  x: null,
  youtube: null,
  whatsapp: null,
  maintenanceMode: false,
  maintenanceMessage: null,
  kvkkText: null,
};
const RULES: BookingRulesAnswer = {
  stored: { ...BOOKING_RULE_DEFAULTS },
  effective: { ...BOOKING_RULE_DEFAULTS, bookingPerIp: 100000 },
  overridden: ['bookingPerIp'],
};

let calls: Call[];
let onSitePut: (c: Call) => Reply;
let onRulesPut: (c: Call) => Reply;

beforeEach(() => {
  $settingsStatus.set('idle');
  onSitePut = (c) => [200, { data: { ...SITE, ...(c.body as object) } }];
  onRulesPut = (c) => [200, { data: { ...RULES, stored: c.body } }];
  calls = mockApi((c) => {
    if (c.path === '/api/site-settings' && c.method === 'GET') return [200, { data: SITE }];
    if (c.path === '/api/booking-rules' && c.method === 'GET') return [200, { data: RULES }];
    if (c.path === '/api/site-settings' && c.method === 'PUT') return onSitePut(c);
    if (c.path === '/api/booking-rules' && c.method === 'PUT') return onRulesPut(c);
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const toastTitles = () => $toasts.get().map((t) => t.title);
const puts = (path: string) => calls.filter((c) => c.method === 'PUT' && c.path === path);
const siteForm = () => document.querySelector<HTMLElement>('[data-site-settings]')!;
const rulesForm = () => document.querySelector<HTMLElement>('[data-booking-rules]')!;

async function shown() {
  render(<SettingsManager />);
  await waitFor(() => expect(siteForm()).toBeTruthy());
}

describe('Ayarlar', () => {
  it('reads both settings and fills the forms; a variable-overridden limit says what applies', async () => {
    await shown();
    expect(screen.getByRole('heading', { level: 1, name: 'Ayarlar' })).toBeTruthy();
    expect((screen.getByLabelText(/^Site adı/) as HTMLInputElement).value).toBe('Yeşil Saha');
    expect((screen.getByLabelText('Instagram') as HTMLInputElement).value).toBe('@yesilsaha');
    expect((screen.getByLabelText('Müşteri iptal süresi (saat)') as HTMLInputElement).value).toBe('24');
    expect(screen.getByRole('switch', { name: /Aynı gün kuralı/ })).toHaveProperty('checked', true);
    expect(rulesForm().textContent).toContain('Sunucu ayarı bu değeri geçersiz kılıyor: şu an 100000 uygulanıyor.');
  });

  it('saves the site form on its own, with the maintenance switch, and toasts success', async () => {
    await shown();
    const user = userEvent.setup();
    const name = screen.getByLabelText(/^Site adı/);
    await user.clear(name);
    await user.type(name, 'Saha Dünyası');
    await user.click(screen.getByRole('switch', { name: 'Siteyi bakıma al' }));
    await user.click(screen.getByRole('button', { name: 'Site ayarlarını kaydet' }));
    await waitFor(() => expect(toastTitles()).toContain('Site ayarları kaydedildi'));
    const [put] = puts('/api/site-settings');
    expect(put.body).toMatchObject({
      siteName: 'Saha Dünyası',
      maintenanceMode: true,
      contactPhones: ['0224 123 45 67'],
    });
    expect(puts('/api/booking-rules')).toHaveLength(0);
  });

  it('refuses a bad social link and a short name on the client with the server’s texts; nothing is sent', async () => {
    await shown();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^Site adı/));
    await user.type(screen.getByLabelText(/^Site adı/), 'A');
    await user.type(screen.getByLabelText('Facebook'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Site ayarlarını kaydet' }));
    expect(await within(siteForm()).findByText('Site adı en az 2 karakter olmalı')).toBeTruthy();
    expect(within(siteForm()).getByText('Geçerli bir bağlantı (https://…) ya da @kullanıcıadı giriniz')).toBeTruthy();
    expect(toastTitles()).toContain('Lütfen işaretli alanları düzeltin');
    expect(puts('/api/site-settings')).toHaveLength(0);
  });

  it('adds and removes phone lines (at most five)', async () => {
    await shown();
    const user = userEvent.setup();
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: 'Telefon ekle' }));
    expect(screen.getByLabelText('Telefon 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Telefon ekle' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Telefon 5 kaldır' }));
    expect(screen.queryByLabelText('Telefon 5')).toBeNull();
  });

  it('refuses a loose limit under behaviour.md#staff-sessions-and-permissions floor before sending; a valid change is saved and toasted', async () => {
    await shown();
    const user = userEvent.setup();
    const perIp = screen.getByLabelText('Rezervasyon — adres başına');
    await user.clear(perIp);
    await user.type(perIp, '50');
    await user.click(screen.getByRole('button', { name: 'Kuralları kaydet' }));
    expect(
      await within(rulesForm()).findByText('Adres başına rezervasyon denemesi en az 100 olmalı (10 dakikada)'),
    ).toBeTruthy();
    expect(puts('/api/booking-rules')).toHaveLength(0);

    await user.clear(perIp);
    await user.type(perIp, '200');
    const cancel = screen.getByLabelText('Müşteri iptal süresi (saat)');
    await user.clear(cancel);
    await user.type(cancel, '48');
    await user.click(screen.getByRole('switch', { name: /Aynı gün kuralı/ }));
    await user.click(screen.getByRole('button', { name: 'Kuralları kaydet' }));
    await waitFor(() => expect(toastTitles()).toContain('Rezervasyon kuralları kaydedildi'));
    expect(puts('/api/booking-rules')[0].body).toEqual({
      ...BOOKING_RULE_DEFAULTS,
      bookingPerIp: 200,
      cancelWindowHours: 48,
      sameDayRule: false,
    });
    expect(puts('/api/site-settings')).toHaveLength(0);
  });

  it('sets the deposit rule: Kapora tutma süresi, 0–168 hours, checked before sending', async () => {
    await shown();
    const user = userEvent.setup();
    const keep = screen.getByLabelText('Kapora tutma süresi (saat)');
    await user.clear(keep);
    await user.type(keep, '200');
    await user.click(screen.getByRole('button', { name: 'Kuralları kaydet' }));
    expect(await within(rulesForm()).findByText('Kapora tutma süresi 0 ile 168 saat arasında olmalı')).toBeTruthy();
    expect(puts('/api/booking-rules')).toHaveLength(0);
    await user.clear(keep);
    await user.type(keep, '12');
    await user.click(screen.getByRole('button', { name: 'Kuralları kaydet' }));
    await waitFor(() => expect(toastTitles()).toContain('Rezervasyon kuralları kaydedildi'));
    expect(puts('/api/booking-rules')[0].body).toMatchObject({ depositKeepHours: 12 });
  });

  it('shows the server’s refusal on the field and as an error toast', async () => {
    onRulesPut = () =>
      apiError(400, 'Takvim ufku 7 ile 93 gün arasında olmalı', {
        errors: [{ path: ['slotHorizonDays'], message: 'Takvim ufku 7 ile 93 gün arasında olmalı' }],
      });
    await shown();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kuralları kaydet' }));
    await waitFor(() => expect(toastTitles()).toContain('Takvim ufku 7 ile 93 gün arasında olmalı'));
    expect(within(rulesForm()).getByText('Takvim ufku 7 ile 93 gün arasında olmalı')).toBeTruthy();
  });

  it('says so when the settings cannot be read, and reads again on request', async () => {
    let fail = true;
    calls = mockApi((c) => {
      if (fail) return apiError(500, 'Bir hata oluştu');
      if (c.path === '/api/site-settings') return [200, { data: SITE }];
      return [200, { data: RULES }];
    });
    render(<SettingsManager />);
    expect(await screen.findByText('Ayarlar yüklenirken hata oluştu')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tekrar dene' }));
    await waitFor(() => expect(siteForm()).toBeTruthy());
  });
});
