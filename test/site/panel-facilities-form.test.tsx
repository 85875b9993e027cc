import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { facilityMsg } from '../../contracts/facility-form';
import type { FacilityWire } from '../../contracts/wire/facility';
import FacilitiesManager from '../../site/src/islands/FacilitiesManager';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, facility, imageFile, mockApi, type Reply } from './fixtures/panel-facility';

let calls: Call[];
let list: FacilityWire[];
let onSave: (c: Call) => Reply | Promise<Reply>;
let onDetail: () => Reply;

beforeEach(() => {
  list = [facility()];
  onSave = (c) => [c.method === 'POST' ? 201 : 200, { data: facility({ ...(c.body as object) }) }];
  onDetail = () => [200, { data: facility() }];
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.path === '/api/facilities/all') return [200, { data: list, meta: {} }];
    if (c.method === 'GET' && c.path === '/api/facilities/fac-1') return onDetail();
    if (c.method === 'POST' && c.path === '/api/facilities') return onSave(c);
    if (c.method === 'PUT' && c.path === '/api/facilities/fac-1') return onSave(c);
    return apiError(404, 'Bulunamadı');
  });
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => `blob:test/${++n}`), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const toastTitles = () => $toasts.get().map((t) => t.title);
const saves = () => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;
/** A working-hours field's value as typed, HH:MM, e.g. '09:00'. */
const time = (name: string) => field(name).value;
/** The error text tied to a field through aria-describedby (TextField's FieldError or a native field's own span). */
function errorOf(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

async function openCreate() {
  render(<FacilitiesManager />);
  await waitFor(() => expect(document.querySelector('[data-facility="fac-1"]')).toBeTruthy());
  await userEvent.click(screen.getByRole('button', { name: 'Yeni Saha' }));
  return screen.findByRole('dialog', { name: 'Yeni Saha Ekle' });
}
async function openEdit() {
  render(<FacilitiesManager />);
  await waitFor(() => expect(document.querySelector('[data-facility="fac-1"]')).toBeTruthy());
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Nilüfer Arena işlemleri' }));
  await user.click(await screen.findByRole('menuitem', { name: /Düzenle/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Saha Düzenle' });
  await waitFor(() => expect(field(/^Saha Adı/).value).toBe('Nilüfer Arena'));
  return dialog;
}
function chooseFiles(files: File[]) {
  const input = screen.getByLabelText('Görsel ekle') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  fireEvent.change(input);
}

describe('create form (behaviour.md#management-panel Pitch create/edit modal, #validation Pitch form)', () => {
  it("on a half-hourly pitch the price field says it is one 30-minute slot's price", async () => {
    await openCreate();
    const hint = () => errorOf(field(/^Saat Ücreti/));
    expect(hint()).not.toContain('30 dk');
    const user = userEvent.setup();
    await user.click(tab('Ayarlar'));
    await user.click(screen.getByRole('radio', { name: 'Yarım saatlik' }));
    await user.click(tab('Temel Bilgiler'));
    expect(hint()).toContain('bir slotun (30 dk) ücretidir');
  });

  it('starts from the defaults of behaviour.md#constants-and-limits', async () => {
    await openCreate();
    expect(field(/^Saat Ücreti/).value).toBe('150');
    expect(field(/^Depozito Tutarı/).value).toBe('0');
    await userEvent.click(tab('Çalışma Saatleri'));
    expect(time('Pazartesi açılış')).toBe('09:00');
    expect(time('Pazar kapanış')).toBe('23:00');
    expect(screen.getAllByRole('switch').filter((s) => (s as HTMLInputElement).checked)).toHaveLength(7);
    await userEvent.click(tab('Ayarlar'));
    expect(field(/^Otomatik İptal Süresi/).value).toBe('60');
    expect(errorOf(field(/^Otomatik İptal Süresi/))).toContain('Rezervasyon onaylanmazsa otomatik iptal süresi');
    expect(field(/^Öncelik/).value).toBe('0');
    expect((screen.getByRole('radio', { name: 'Saatlik' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Tam saat' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: /Saha aktif/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows each message under its field, sends nothing and toasts "Lütfen form hatalarını düzeltin"', async () => {
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.clear(field(/^Saat Ücreti/));
    await user.type(field(/^Saat Ücreti/), '0');
    await user.clear(field(/^Depozito Tutarı/));
    await user.type(field(/^Depozito Tutarı/), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(toastTitles()).toContain(facilityMsg.formInvalid));
    expect(errorOf(field(/^Saha Adı/))).toBe(facilityMsg.nameRequired);
    expect(errorOf(field(/^Saat Ücreti/))).toBe(facilityMsg.hourlyPrice);
    expect(errorOf(field(/^Depozito Tutarı/))).toBe(facilityMsg.depositNegative);
    expect(tab('Temel Bilgiler').getAttribute('aria-selected')).toBe('true');
    expect(saves()).toHaveLength(0);
  });

  it('switches to the first tab with an error (İletişim & Ödeme for a bad e-mail and IBAN, then Ayarlar)', async () => {
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), 'Yeni Saha');
    await user.click(tab('İletişim'));
    await user.type(field('E-posta'), 'olmaz');
    await user.type(field('IBAN'), 'TR12');
    await user.type(field('Telefon 1'), '12');
    await user.click(tab('Ayarlar'));
    await user.clear(field(/^Otomatik İptal Süresi/));
    await user.type(field(/^Otomatik İptal Süresi/), '5');
    await user.click(tab('Temel Bilgiler'));
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(tab('İletişim').getAttribute('aria-selected')).toBe('true'));
    expect(errorOf(field('E-posta'))).toBe(facilityMsg.email);
    expect(errorOf(field('IBAN'))).toBe(facilityMsg.iban);
    expect(screen.getByText(facilityMsg.phones)).toBeTruthy();
    expect(tab('Ayarlar').textContent).toContain('hatalı alan var');
    expect(tab('Temel Bilgiler').textContent).not.toContain('hatalı alan var');
    await user.click(tab('Ayarlar'));
    expect(errorOf(field(/^Otomatik İptal Süresi/))).toContain(facilityMsg.autoApproval);
    expect(saves()).toHaveLength(0);
  });

  it('the other rules show their messages too: a map link elsewhere, priority 101, then a deposit above the price', async () => {
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), 'Kurallı Saha');
    await user.clear(field(/^Depozito Tutarı/));
    await user.type(field(/^Depozito Tutarı/), '500');
    await user.click(tab('İletişim'));
    await user.click(field('Google Haritalar Konumu'));
    await user.paste('https://evil.example/maps/place');
    await user.click(tab('Ayarlar'));
    await user.clear(field(/^Öncelik/));
    await user.type(field(/^Öncelik/), '101');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(toastTitles()).toContain(facilityMsg.formInvalid));
    expect(tab('İletişim').getAttribute('aria-selected')).toBe('true');
    expect(errorOf(field('Google Haritalar Konumu'))).toContain(facilityMsg.mapsUrl);
    await user.click(tab('Ayarlar'));
    expect(errorOf(field(/^Öncelik/))).toContain(facilityMsg.priority);

    // The deposit is weighed against the price once every field reads right (a rule across two fields).
    await user.clear(field(/^Öncelik/));
    await user.type(field(/^Öncelik/), '100');
    await user.click(tab('İletişim'));
    await user.clear(field('Google Haritalar Konumu'));
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(tab('Temel Bilgiler').getAttribute('aria-selected')).toBe('true'));
    expect(errorOf(field(/^Depozito Tutarı/))).toBe(facilityMsg.depositTooHigh);
    expect(saves()).toHaveLength(0);
  });

  it('sends texts trimmed and blank ones as null, the IBAN without spaces, the map snippet’s URL and every Ayarlar choice', async () => {
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), '  Boşluklu Arena  ');
    await user.type(field('Açıklama'), '    ');
    await user.type(field('Adres'), '  Nilüfer, Bursa ');
    await user.click(tab('İletişim'));
    await user.type(field('Telefon 1'), '  0532 111 22 33 ');
    await user.type(field('E-posta'), ' info@arena.com.tr ');
    await user.click(field('IBAN'));
    await user.paste('tr33 0006 1005 1978 6457 8413 26');
    await user.type(field('Banka Adı'), '   ');
    await user.type(field('Alıcı Adı'), ' Ali Veli ');
    await user.click(field('Google Haritalar Konumu'));
    await user.paste('<iframe src="https://www.google.com/maps/embed?pb=1x2" width="600" height="450"></iframe>');
    await user.click(tab('Ayarlar'));
    await user.type(field('SEO Başlığı'), '   ');
    await user.type(field('SEO Açıklaması'), ' Bursa’nın ışıklı sahası ');
    await user.click(screen.getByRole('radio', { name: 'Yarım saatlik' }));
    await user.click(screen.getByRole('radio', { name: 'Buçuklu' }));
    await user.clear(field(/^Otomatik İptal Süresi/));
    await user.type(field(/^Otomatik İptal Süresi/), '1440');
    await user.clear(field(/^Öncelik/));
    await user.type(field(/^Öncelik/), '100');
    await user.click(screen.getByRole('switch', { name: /Saha aktif/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].body).toMatchObject({
      seoDescription: 'Bursa’nın ışıklı sahası',
      bookingTimeType: 'half-hourly',
      startTimeOffset: 'half_hour',
      autoApprovalTimeout: 1440,
      priority: 100,
      isActive: false,
      name: 'Boşluklu Arena',
      description: null,
      address: 'Nilüfer, Bursa',
      phoneNumbers: ['0532 111 22 33'],
      email: 'info@arena.com.tr',
      depositIban: 'TR330006100519786457841326',
      bankName: null,
      recipientName: 'Ali Veli',
      googleMapsLocation: 'https://www.google.com/maps/embed?pb=1x2',
      seoTitle: null,
    });
  });

  it('lists every weekday Pazartesi to Pazar and the ten predefined amenities; a custom one keeps its icon and flag', async () => {
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), 'Tam Liste');
    await user.click(tab('Çalışma Saatleri'));
    expect(
      screen.getAllByRole('switch').map((s) => s.closest('label')?.textContent?.replace(' açık', '').trim()),
    ).toEqual(['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi', 'Pazar']);
    await user.click(tab('İmkanlar'));
    const presets = screen.getByRole('group', { name: 'Hazır İmkanlar' });
    expect(
      within(presets)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent?.trim()),
    ).toEqual([
      'Otopark',
      'Duş',
      'Soyunma Odası',
      'Kantin',
      'WiFi',
      'Güvenlik',
      'Tribün',
      'Gece Aydınlatma',
      'Kapalı Saha',
      'Sentetik Çim',
      'Doğal Çim',
    ]);
    await user.click(within(presets).getByRole('checkbox', { name: 'Doğal Çim' }));
    await user.click(screen.getByRole('button', { name: /İmkan Ekle/ }));
    await user.type(field(/^İmkan 1 Adı/), 'Sauna');
    await user.selectOptions(screen.getByLabelText('Simge'), 'star');
    await user.click(screen.getByRole('checkbox', { name: 'Mevcut' }));
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0].body as { facilities: unknown }).facilities).toEqual([
      { name: 'Doğal Çim', available: true, icon: 'grass' },
      { name: 'Sauna', available: false, icon: 'star' },
    ]);
  });

  it('the phone list always keeps one entry; entries are added and removed', async () => {
    await openCreate();
    const user = userEvent.setup();
    await user.click(tab('İletişim'));
    const remove1 = () => screen.getByRole('button', { name: 'Telefon 1 numarasını kaldır' });
    expect(remove1().hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: /Telefon Ekle/ }));
    await user.click(screen.getByRole('button', { name: /Telefon Ekle/ }));
    expect(document.querySelectorAll('[data-phone-row]')).toHaveLength(3);
    await user.type(field('Telefon 2'), '0532 123 45 67');
    await user.click(remove1());
    await user.click(remove1());
    expect(document.querySelectorAll('[data-phone-row]')).toHaveLength(1);
    expect(field('Telefon 1').value).toBe('');
    expect(remove1().hasAttribute('disabled')).toBe(true);
  });

  it('shuttle fields show only while the service is on, and it needs a pickup point with a name', async () => {
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), 'Servisli Saha');
    await user.click(tab('İmkanlar'));
    expect(document.querySelector('[data-transport-fields]')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Servis hizmeti var' }));
    expect(field(/^Servis Ücreti/).getAttribute('step')).toBe('0.01');
    expect(field(/^Servis Ücreti/).getAttribute('min')).toBe('0');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    expect(await screen.findByText(facilityMsg.pickupPointsRequired)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Alış Noktası Ekle/ }));
    await user.type(field('Kaç dakika önce'), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(errorOf(field(/^Alış Noktası 1 Adı/))).toBe(facilityMsg.pickupNameRequired));
    expect(errorOf(field('Kaç dakika önce'))).toContain(facilityMsg.minutesBefore);
    await user.clear(field(/^Araç Kapasitesi/));
    await user.type(field(/^Araç Kapasitesi/), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(errorOf(field(/^Araç Kapasitesi/))).toBe(facilityMsg.vehicleCapacity));
    expect(saves()).toHaveLength(0);
  });

  it('sends multipart data and files.images, shows Kaydediliyor..., toasts success and reads the list again', async () => {
    let release!: () => void;
    onSave = (c) =>
      new Promise((r) => {
        release = () =>
          r([
            201,
            {
              data: facility({ ...(c.body as object), documentId: 'fac-9' }),
              meta: { slotsCreated: 420, horizonDays: 30 },
            },
          ]);
      });
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), '  Yeni Arena  ');
    chooseFiles([imageFile('a.jpg'), imageFile('b.webp', 2048, 'image/webp')]);
    expect(document.querySelectorAll('[data-new-image]')).toHaveLength(2);
    await user.click(tab('İmkanlar'));
    await user.click(screen.getByRole('checkbox', { name: 'Otopark' }));
    await user.click(screen.getByRole('button', { name: /İmkan Ekle/ }));
    await user.type(field(/^İmkan 1 Adı/), 'Top kiralama');
    await user.selectOptions(screen.getByLabelText('Simge'), 'ball');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Kaydediliyor...' })).toBeTruthy());
    const post = saves()[0];
    expect(post.method).toBe('POST');
    expect(post.contentType).toBe('multipart/form-data');
    expect(post.files.map((f) => f.name)).toEqual(['a.jpg', 'b.webp']);
    expect(post.body).toMatchObject({
      name: 'Yeni Arena',
      hourlyPrice: 150,
      depositAmount: 0,
      description: null,
      phoneNumbers: [],
      autoApprovalTimeout: 60,
      isActive: true,
      facilities: [
        { name: 'Otopark', available: true, icon: 'parking' },
        { name: 'Top kiralama', available: true, icon: 'ball' },
      ],
      workingHours: { monday: { isOpen: true, start: '09:00', end: '23:00' } },
    });
    expect(post.body).not.toHaveProperty('imagesToDelete');
    const before = calls.filter((c) => c.path === '/api/facilities/all').length;
    release();
    await waitFor(() => expect(toastTitles()).toContain(facilityMsg.created));
    // The new pitch is bookable at once, and the toast says for how long and how many hours.
    expect($toasts.get().find((t) => t.title === facilityMsg.created)?.description).toBe(
      'Yeni Arena sahası oluşturuldu; önümüzdeki 30 gün için 420 saat rezervasyona açık',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/facilities/all').length).toBe(before + 1));
  });

  it('hours are typed 24-hour; an end before the start is labelled "ertesi gün" and a closed day is sent closed', async () => {
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), 'Gece Sahası');
    await user.click(tab('Çalışma Saatleri'));
    expect(document.querySelector('[data-day="monday"] [data-overnight]')).toBeNull();
    await user.clear(field('Pazartesi kapanış'));
    await user.type(field('Pazartesi kapanış'), '2');
    await user.tab();
    await waitFor(() => expect(time('Pazartesi kapanış')).toBe('02:00'));
    expect(document.querySelector('[data-day="monday"] [data-overnight]')!.textContent).toBe('ertesi gün');
    await user.click(screen.getByRole('switch', { name: /^Pazar açık/ }));
    expect(document.querySelector('[data-day="sunday"]')!.textContent).toContain('Kapalı');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].body).toMatchObject({
      workingHours: {
        monday: { isOpen: true, start: '09:00', end: '02:00' },
        sunday: { isOpen: false, start: '09:00', end: '23:00' },
      },
    });
  });

  it('a closing time of 24:00 stays 24:00 (midnight, the same day), never 04:00; what is not a time is refused', async () => {
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), 'Gece Yarısı Sahası');
    await user.click(tab('Çalışma Saatleri'));
    await user.clear(field('Pazartesi kapanış'));
    await user.type(field('Pazartesi kapanış'), '24:00');
    await user.tab();
    expect(time('Pazartesi kapanış')).toBe('24:00');
    expect(document.querySelector('[data-day="monday"] [data-overnight]')).toBeNull();
    // Typed without the colon it is tidied to the same.
    await user.clear(field('Salı kapanış'));
    await user.type(field('Salı kapanış'), '2400');
    await user.tab();
    expect(time('Salı kapanış')).toBe('24:00');
    await user.clear(field('Çarşamba kapanış'));
    await user.type(field('Çarşamba kapanış'), '25:00');
    await user.clear(field('Perşembe açılış'));
    await user.type(field('Perşembe açılış'), 'sabah');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(errorOf(field('Çarşamba kapanış'))).toBe(facilityMsg.closingInvalid));
    expect(errorOf(field('Perşembe açılış'))).toBe(facilityMsg.openingInvalid);
    expect(saves()).toHaveLength(0);
    await user.clear(field('Çarşamba kapanış'));
    await user.type(field('Çarşamba kapanış'), '23:00');
    await user.clear(field('Perşembe açılış'));
    await user.type(field('Perşembe açılış'), '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    // Sent as the midnight that ends the day: 00:00 after a start, which every reader takes as that midnight.
    expect(saves()[0].body).toMatchObject({
      workingHours: {
        monday: { isOpen: true, start: '09:00', end: '00:00' },
        tuesday: { isOpen: true, start: '09:00', end: '00:00' },
      },
    });
  });

  it('maps the server field errors to their fields and tab, and toasts its message', async () => {
    onSave = () =>
      apiError(400, 'Geçersiz saha bilgileri', { errors: [{ path: ['email'], message: 'Bu e-posta kullanılamaz' }] });
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), 'Arena');
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(toastTitles()).toContain('Geçersiz saha bilgileri'));
    expect(tab('İletişim').getAttribute('aria-selected')).toBe('true');
    expect(errorOf(field('E-posta'))).toBe('Bu e-posta kullanılamaz');
    expect(screen.getByRole('dialog', { name: 'Yeni Saha Ekle' })).toBeTruthy();
  });

  it('a refused image (server path files.images.N) shows under the images on Temel Bilgiler', async () => {
    const message = 'Görsel dosyası bozuk veya desteklenmiyor';
    onSave = () => apiError(400, message, { errors: [{ path: ['files.images', '0'], message }] });
    const dialog = await openCreate();
    const user = userEvent.setup();
    await user.type(field(/^Saha Adı/), 'Arena');
    chooseFiles([imageFile('a.jpg')]);
    await user.click(tab('Ayarlar'));
    await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(tab('Temel Bilgiler').getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(errorOf(screen.getByLabelText('Görsel ekle'))).toContain(message);
  });

  it('an upload waits 30 s, not 10 (api.md); one that times out toasts "Saha oluşturulurken hata oluştu" and keeps the form', async () => {
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    onSave = () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    };
    try {
      const dialog = await openCreate();
      const user = userEvent.setup();
      await user.type(field(/^Saha Adı/), 'Yavaş Hat');
      chooseFiles([imageFile('a.jpg')]);
      await user.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
      await waitFor(() => expect(toastTitles()).toContain('Saha oluşturulurken hata oluştu'));
      expect(timeouts).toHaveBeenCalledWith(30_000);
      expect(saves()).toHaveLength(1);
      expect(screen.getByRole('dialog', { name: 'Yeni Saha Ekle' })).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Oluştur' })).toBeTruthy();
      expect(field(/^Saha Adı/).value).toBe('Yavaş Hat');
    } finally {
      timeouts.mockRestore();
    }
  });

  it('a failure without a message toasts "Saha oluşturulurken hata oluştu"', async () => {
    onSave = () => [500, { data: null, error: { status: 500, name: 'Error', message: '', details: {} } }];
    const dialog = await openCreate();
    await userEvent.type(field(/^Saha Adı/), 'Arena');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(toastTitles()).toContain('Saha oluşturulurken hata oluştu'));
  });
});

describe('images (behaviour.md#validation, #constants-and-limits)', () => {
  it('refuses more than 5 in all, files of 5MB or more and non-images, with the messages of behaviour.md#validation', async () => {
    await openCreate();
    chooseFiles(Array.from({ length: 6 }, (_, i) => imageFile(`${i}.jpg`)));
    expect(screen.getByRole('alert').textContent).toBe(facilityMsg.tooManyImages(0));
    expect(document.querySelectorAll('[data-new-image]')).toHaveLength(0);
    chooseFiles([imageFile('big.jpg', 5 * 1024 * 1024)]);
    expect(screen.getByRole('alert').textContent).toBe(facilityMsg.imageTooLarge);
    chooseFiles([imageFile('doc.pdf', 100, 'application/pdf')]);
    expect(screen.getByRole('alert').textContent).toBe(facilityMsg.imageType);
    chooseFiles([imageFile('ok.png', 5 * 1024 * 1024 - 1, 'image/png')]);
    expect(document.querySelectorAll('[data-new-image]')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    const input = screen.getByLabelText('Görsel ekle') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,image/avif');
    expect(input.multiple).toBe(true);
  });

  it('counts the existing images: with one kept, five more are refused and the message says so', async () => {
    await openEdit();
    chooseFiles(Array.from({ length: 5 }, (_, i) => imageFile(`${i}.jpg`)));
    expect(screen.getByRole('alert').textContent).toBe(facilityMsg.tooManyImages(1));
    chooseFiles(Array.from({ length: 4 }, (_, i) => imageFile(`${i}.jpg`)));
    expect(document.querySelectorAll('[data-new-image]')).toHaveLength(4);
  });
});

describe('edit form', () => {
  it('loads the detail, shows overnight hours as "ertesi gün", marks an image for deletion and sends PUT', async () => {
    const dialog = await openEdit();
    const user = userEvent.setup();
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/facilities/fac-1')).toBe(true);
    expect(field(/^Saat Ücreti/).value).toBe('1200');
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(toastTitles()).toContain('Görsel silinmek üzere işaretlendi. Değişikliği uygulamak için kaydedin.');
    expect(document.querySelector('[data-existing-image="11"]')!.getAttribute('data-marked')).toBe('true');
    await user.click(tab('Çalışma Saatleri'));
    const friday = document.querySelector('[data-day="friday"]')!;
    expect(friday.querySelector('[data-overnight]')!.textContent).toBe('ertesi gün');
    expect(document.querySelector('[data-day="monday"] [data-overnight]')).toBeNull();
    expect(document.querySelector('[data-day="sunday"]')!.textContent).toContain('Kapalı');
    await user.click(tab('İletişim'));
    expect(document.querySelectorAll('[data-phone-row]')).toHaveLength(3);
    await user.click(tab('İmkanlar'));
    expect((screen.getByRole('checkbox', { name: 'Otopark' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Kantin' }) as HTMLInputElement).checked).toBe(false);
    expect(field(/^İmkan 1 Adı/).value).toBe('Top');
    expect(field(/^Alış Noktası 1 Adı/).value).toBe('Görükle Kampüs Kapısı');
    const listReads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/facilities/all').length;
    const detailReads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/facilities/fac-1').length;
    const [listsBefore, detailsBefore] = [listReads(), detailReads()];
    await user.click(within(dialog).getByRole('button', { name: 'Güncelle' }));
    await waitFor(() => expect(toastTitles()).toContain(facilityMsg.updated));
    const put = saves()[0];
    expect(put.method).toBe('PUT');
    expect(put.path).toBe('/api/facilities/fac-1');
    expect(put.body).toMatchObject({
      name: 'Nilüfer Arena',
      imagesToDelete: [11],
      hourlyPrice: 1200,
      phoneNumbers: ['05321234567', '02241234567', '05441234567'],
      workingHours: { friday: { isOpen: true, start: '18:00', end: '02:00' }, sunday: { isOpen: false } },
      transportationService: { isActive: true, price: 50, vehicleInfo: { type: 'Minibüs', capacity: 14 } },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again, and the next edit reads the detail afresh: nothing stale is kept.
    await waitFor(() => expect(listReads()).toBe(listsBefore + 1));
    await user.click(screen.getByRole('button', { name: 'Nilüfer Arena işlemleri' }));
    await user.click(await screen.findByRole('menuitem', { name: /Düzenle/ }));
    await screen.findByRole('dialog', { name: 'Saha Düzenle' });
    await waitFor(() => expect(detailReads()).toBe(detailsBefore + 1));
  });

  it('a pitch stored closing at 00:00 after its opening shows 24:00, the end of that day, not "ertesi gün"', async () => {
    const day = { isOpen: true, start: '10:00', end: '00:00' };
    onDetail = () => [
      200,
      {
        data: facility({
          workingHours: {
            monday: day,
            tuesday: day,
            wednesday: day,
            thursday: day,
            friday: day,
            saturday: day,
            sunday: { isOpen: true, start: '00:00', end: '00:00' },
          },
        }),
      },
    ];
    await openEdit();
    await userEvent.click(tab('Çalışma Saatleri'));
    expect(time('Pazartesi kapanış')).toBe('24:00');
    expect(document.querySelector('[data-day="monday"] [data-overnight]')).toBeNull();
    expect([time('Pazar açılış'), time('Pazar kapanış')]).toEqual(['00:00', '24:00']);
  });

  it('a failed detail read shows "Saha bilgileri yüklenirken hata oluştu" and can retry', async () => {
    onDetail = () => apiError(500, 'x');
    render(<FacilitiesManager />);
    await waitFor(() => expect(document.querySelector('[data-facility="fac-1"]')).toBeTruthy());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nilüfer Arena işlemleri' }));
    await user.click(await screen.findByRole('menuitem', { name: /Düzenle/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Saha Düzenle' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Saha bilgileri yüklenirken hata oluştu');
    expect(toastTitles()).toContain('Saha bilgileri yüklenirken hata oluştu');
    expect(within(dialog).getByRole('button', { name: 'Güncelle' }).hasAttribute('disabled')).toBe(true);
    onDetail = () => [200, { data: facility() }];
    await user.click(within(dialog).getByRole('button', { name: /Tekrar Dene/ }));
    await waitFor(() => expect(field(/^Saha Adı/).value).toBe('Nilüfer Arena'));
  });

  it('a failed update toasts "Saha güncellenirken hata oluştu"', async () => {
    onSave = () => [500, { data: null, error: { status: 500, name: 'Error', message: '', details: {} } }];
    const dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Güncelle' }));
    await waitFor(() => expect(toastTitles()).toContain('Saha güncellenirken hata oluştu'));
  });
});
