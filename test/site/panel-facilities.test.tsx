import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FacilityWire } from '../../contracts/wire/facility';
import FacilitiesManager from '../../site/src/islands/FacilitiesManager';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, facility, mockApi, type Reply } from './fixtures/panel-facility';

const second = () =>
  facility({
    id: 2,
    documentId: 'fac-2',
    slug: 'gorukle',
    name: 'Görükle Halı Saha',
    description: null,
    address: 'Görükle',
    isActive: false,
    images: [],
    facilities: [{ name: 'Otopark', available: true, icon: 'parking' }],
    phoneNumbers: ['05551112233'],
    bankName: null,
    googleMapsLocation: null,
    facilityServices: [],
    startTimeOffset: 'full_hour',
    transportationService: {
      isActive: false,
      price: 0,
      description: null,
      vehicleInfo: { type: null, capacity: null },
      pickupPoints: [],
    },
  });

let calls: Call[];
let list: FacilityWire[];
let onList: (c: Call) => Reply;
let onDelete: (c: Call) => Reply;
let onToggle: (c: Call) => Reply;

beforeEach(() => {
  list = [facility(), second()];
  onList = () => [200, { data: list, meta: {} }];
  onDelete = (c) => [200, { data: { id: 1, documentId: c.path.split('/')[3], name: 'x', cancelledBookings: 0 } }];
  onToggle = (c) => [200, { data: { ...list[0], isActive: (c.body as { isActive: boolean }).isActive } }];
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.path === '/api/facilities/all') return onList(c);
    if (c.method === 'PATCH' && c.path.endsWith('/toggle-status')) return onToggle(c);
    if (c.method === 'DELETE') return onDelete(c);
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const lists = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/facilities/all');
const card = (id: string) => document.querySelector<HTMLElement>(`[data-facility="${id}"]`)!;
const toastTitles = () => $toasts.get().map((t) => t.title);
async function shown() {
  render(<FacilitiesManager />);
  await waitFor(() => expect(card('fac-1')).toBeTruthy());
}
async function chooseAction(id: string, action: RegExp) {
  const user = userEvent.setup();
  await user.click(within(card(id)).getByRole('button', { name: /işlemleri$/ }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('pitch list (behaviour.md#management-panel Saha Yönetimi)', () => {
  it('reads every pitch with page size 100 and shows the count line and the Toplam / Aktif / Pasif cards', async () => {
    await shown();
    expect(screen.getByRole('heading', { level: 1, name: 'Saha Yönetimi' })).toBeTruthy();
    expect(lists()[0].query['pagination[pageSize]']).toBe('100');
    expect(document.querySelector('[data-count]')!.textContent).toBe('2 saha bulundu');
    const stat = (k: string) => document.querySelector(`[data-stat="${k}"] dd`)!.textContent;
    expect([stat('total'), stat('active'), stat('inactive')]).toEqual(['2', '1', '1']);
    expect(screen.getByRole('button', { name: 'Yeni Saha' })).toBeTruthy();
  });

  it('reads page after page when there are more pitches than one page holds, and counts them all', async () => {
    const many = Array.from({ length: 103 }, (_, i) =>
      facility({
        id: i + 1,
        documentId: `fac-${i + 1}`,
        slug: `saha-${i + 1}`,
        name: `Saha ${i + 1}`,
        isActive: i % 3 > 0,
      }),
    );
    onList = (c) => {
      const page = Number(c.query['pagination[page]']);
      const size = Number(c.query['pagination[pageSize]']);
      const pagination = { page, pageSize: size, pageCount: Math.ceil(many.length / size), total: many.length };
      return [200, { data: many.slice((page - 1) * size, page * size), meta: { pagination } }];
    };
    render(<FacilitiesManager />);
    await waitFor(() => expect(document.querySelector('[data-count]')!.textContent).toBe('103 saha bulundu'));
    expect(lists().map((c) => [c.query['pagination[page]'], c.query['pagination[pageSize]']])).toEqual([
      ['1', '100'],
      ['2', '100'],
    ]);
    const stat = (k: string) => document.querySelector(`[data-stat="${k}"] dd`)!.textContent;
    expect([stat('total'), stat('active'), stat('inactive')]).toEqual(['103', '68', '35']);
    expect(card('fac-103')).toBeTruthy();
  });

  it('filters by status and by search text on the client, with "Saha bulunamadı" when nothing matches', async () => {
    await shown();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Pasif' }));
    expect(document.querySelector('[data-facility="fac-1"]')).toBeNull();
    expect(card('fac-2')).toBeTruthy();
    expect(document.querySelector('[data-count]')!.textContent).toBe('1 saha bulundu');
    await user.click(screen.getByRole('radio', { name: 'Aktif' }));
    expect(card('fac-1')).toBeTruthy();
    expect(document.querySelector('[data-facility="fac-2"]')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Tümü' }));
    await user.type(screen.getByRole('searchbox', { name: 'Ara' }), 'görükle');
    expect(document.querySelector('[data-facility="fac-1"]')).toBeNull();
    expect(card('fac-2')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Ara' }), ' yok böyle');
    expect(screen.getByText('Saha bulunamadı')).toBeTruthy();
    expect(screen.queryByText('Henüz saha eklenmemiş')).toBeNull();
    expect(lists()).toHaveLength(1);
  });

  it('with no pitches shows "Henüz saha eklenmemiş" and its button opens the create form', async () => {
    list = [];
    render(<FacilitiesManager />);
    await screen.findByText('Henüz saha eklenmemiş');
    expect(document.querySelector('[data-count]')!.textContent).toBe('0 saha bulundu');
    await userEvent.click(screen.getByRole('button', { name: 'İlk Sahanızı Ekleyin' }));
    expect(await screen.findByRole('dialog', { name: 'Yeni Saha Ekle' })).toBeTruthy();
  });

  it('a failed load shows "Sahalar yüklenirken hata oluştu" and Tekrar Dene reads again', async () => {
    onList = () => apiError(500, 'Sunucu hatası');
    render(<FacilitiesManager />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sahalar yüklenirken hata oluştu');
    onList = () => [200, { data: list, meta: {} }];
    await userEvent.click(within(alert).getByRole('button', { name: /Tekrar Dene/ }));
    await waitFor(() => expect(card('fac-1')).toBeTruthy());
    expect(lists()).toHaveLength(2);
  });
});

describe('pitch card (behaviour.md#management-panel Pitch card)', () => {
  it('shows image, badge, contact, price, services, four amenities and +N, transport and slot start', async () => {
    await shown();
    const c = card('fac-1');
    const img = c.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/img/nilufer-1.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('450');
    expect(c.querySelector('[data-active]')!.textContent).toBe('Aktif');
    expect(within(c).getByRole('heading', { name: 'Nilüfer Arena' })).toBeTruthy();
    expect(c.querySelector('[data-contact="phone"]')!.textContent).toBe('3 telefon');
    expect(c.querySelector('[data-contact="bank"]')!.textContent).toBe('Ziraat Bankası');
    expect(c.querySelector('[data-contact="map"]')!.textContent).toBe('Harita konumu mevcut');
    expect(c.querySelector('[data-price]')!.textContent).toBe('₺1.200 / saat');
    expect(c.querySelector('[data-services]')!.textContent).toBe('2 hizmet');
    const chips = [...c.querySelectorAll('[data-amenities] li')].map((li) => li.textContent);
    // Six available (Kantin is not): four shown, then +2.
    expect(chips).toEqual(['Otopark', 'Duş', 'WiFi', 'Tribün', '+2ve 2 imkan daha']);
    expect(c.querySelector('[data-transport]')!.textContent?.trim()).toBe('Servis +₺50');
    expect(c.querySelector('[data-offset]')!.textContent?.trim()).toBe('Buçuklu');

    const d = card('fac-2');
    expect(d.querySelector('img')).toBeNull();
    expect(d.querySelector('[data-placeholder]')).toBeTruthy();
    expect(d.querySelector('[data-active]')!.textContent).toBe('Pasif');
    expect(d.querySelector('[data-contact="phone"]')!.textContent).toBe('0555 111 22 33');
    expect(d.querySelector('[data-contact="bank"]')).toBeNull();
    expect(d.querySelector('[data-contact="map"]')).toBeNull();
    expect(d.querySelector('[data-transport]')).toBeNull();
    expect(d.querySelector('[data-offset]')!.textContent?.trim()).toBe('Tam Saat');
    expect(d.querySelector('[data-services]')!.textContent).toBe('0 hizmet');
  });

  it('the menu opens from the keyboard and offers Düzenle, Pasif Yap / Aktif Yap, Slot Oluştur and Sil', async () => {
    await shown();
    const user = userEvent.setup();
    within(card('fac-1')).getByRole('button', { name: 'Nilüfer Arena işlemleri' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent?.trim()),
    ).toEqual(['Düzenle', 'Pasif Yap', 'Slot Oluştur', 'Sil']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await user.click(within(card('fac-2')).getByRole('button', { name: 'Görükle Halı Saha işlemleri' }));
    expect(await screen.findByRole('menuitem', { name: /Aktif Yap/ })).toBeTruthy();
  });
});

describe('slot generation from the card', () => {
  it('Slot Oluştur opens the generation dialog for that pitch; closing it unmounts it', async () => {
    await shown();
    await chooseAction('fac-2', /Slot Oluştur/);
    const dialog = await screen.findByRole('dialog', { name: 'Slot Oluştur' });
    expect(dialog.textContent).toContain('Görükle Halı Saha');
    await userEvent.click(within(dialog).getByRole('button', { name: 'İptal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('toggle (behaviour.md#states-and-transitions Pitch)', () => {
  it('Pasif Yap sends isActive false, toasts "<name> sahası pasif yapıldı" and reads the list again', async () => {
    await shown();
    await chooseAction('fac-1', /Pasif Yap/);
    await waitFor(() => expect(toastTitles()).toContain('Nilüfer Arena sahası pasif yapıldı'));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/api/facilities/fac-1/toggle-status');
    expect(patch.body).toEqual({ isActive: false });
    await waitFor(() => expect(lists()).toHaveLength(2));
  });

  it('Aktif Yap on an inactive pitch sends true; a failure toasts "Saha durumu değiştirilirken hata oluştu"', async () => {
    await shown();
    await chooseAction('fac-2', /Aktif Yap/);
    await waitFor(() => expect(toastTitles()).toContain('Görükle Halı Saha sahası aktif yapıldı'));
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ isActive: true });
    onToggle = () => [500, { data: null, error: { status: 500, name: 'Error', message: '', details: {} } }];
    await chooseAction('fac-1', /Pasif Yap/);
    await waitFor(() => expect(toastTitles()).toContain('Saha durumu değiştirilirken hata oluştu'));
  });
});

describe('delete (behaviour.md#states-and-transitions Pitch)', () => {
  it('asks for confirmation, deletes, toasts "Saha silindi" and reads the list again', async () => {
    await shown();
    await chooseAction('fac-2', /^Sil$/);
    const dialog = await screen.findByRole('alertdialog', { name: 'Sahayı Sil' });
    expect(dialog.textContent).toContain('Görükle Halı Saha');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Sil$/ }));
    await waitFor(() => expect(toastTitles()).toContain('Saha silindi'));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.path).toBe('/api/facilities/fac-2');
    expect(del.query).toEqual({});
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(lists()).toHaveLength(2));
  });

  it('"aktif randevu" offers Zorla Sil (naming the bookings to cancel) and Pasif Yap for an active pitch', async () => {
    const message =
      'Bu sahada 3 aktif randevu bulunuyor. Silmek için önce randevuları iptal edin ya da sahayı pasif yapın.';
    onDelete = (c) =>
      c.query.force === 'true'
        ? [200, { data: { id: 1, documentId: 'fac-1', name: 'Nilüfer Arena', cancelledBookings: 3 } }]
        : apiError(409, message, { activeBookings: 3, isActive: true });
    await shown();
    await chooseAction('fac-1', /^Sil$/);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Sil$/ }));
    const conflict = await within(dialog).findByRole('alert');
    expect(conflict.textContent).toContain(message);
    expect(conflict.textContent).toContain('3 randevu iptal edilecek');
    expect(within(dialog).getByRole('button', { name: /Pasif Yap/ })).toBeTruthy();
    expect(toastTitles()).not.toContain('Saha silindi');
    await userEvent.click(within(dialog).getByRole('button', { name: /Zorla Sil/ }));
    await waitFor(() => expect(toastTitles()).toContain('Saha silindi'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.query.force)).toEqual([undefined, 'true']);
  });

  it('a forced delete lists the bookings it cancels (call, WhatsApp, date, deposit) and sends the deposit decision', async () => {
    const booking = (over: Record<string, unknown>) => ({
      documentId: 'b-1',
      bookingNumber: 'HSRAAAA11111',
      status: 'approved',
      customerName: 'Ali Veli',
      customerPhone: '05321234567',
      date: '2026-12-01',
      calendarDate: '2026-12-01',
      startTime: '21:00',
      endTime: '22:00',
      startsAt: '2026-12-01T18:00:00.000Z',
      depositAmount: 300,
      collected: 300,
      paymentStatus: 'paid',
      isSubscriber: false,
      ...over,
    });
    const active = [
      booking({}),
      booking({
        documentId: 'b-2',
        bookingNumber: 'HSRBBBB22222',
        status: 'pending',
        customerName: 'Gece Oyuncusu',
        customerPhone: null,
        date: '2026-12-01',
        calendarDate: '2026-12-02',
        startTime: '00:30',
        endTime: '01:30',
        depositAmount: 0,
        collected: 0,
        paymentStatus: 'pending',
      }),
    ];
    calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/api/facilities/all') return onList(c);
      if (c.method === 'GET' && c.path === '/api/facilities/fac-1/active-bookings') return [200, { data: active }];
      if (c.method === 'DELETE')
        return c.query.force === 'true'
          ? [200, { data: { id: 1, documentId: 'fac-1', name: 'Nilüfer Arena', cancelledBookings: 2 } }]
          : apiError(409, 'Bu sahada 2 aktif randevu bulunuyor.', { activeBookings: 2, isActive: true });
      return apiError(404, 'Bulunamadı');
    });
    await shown();
    await chooseAction('fac-1', /^Sil$/);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Sil$/ }));
    const list = await within(dialog).findByRole('list', { name: 'İptal edilecek rezervasyonlar' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Ali Veli');
    expect(items[0].textContent).toContain('1 Aralık Salı · 21:00–22:00');
    expect(items[0].textContent).toContain('Kapora ₺300 · alınan ₺300 · Kapora Alındı');
    expect(
      within(items[0])
        .getByRole('link', { name: /05321234567/ })
        .getAttribute('href'),
    ).toBe('tel:+905321234567');
    const wa = within(items[0]).getByRole('link', { name: 'WhatsApp ile bildir' }).getAttribute('href')!;
    expect(wa.startsWith('https://wa.me/905321234567?text=')).toBe(true);
    expect(decodeURIComponent(wa.split('text=')[1])).toContain('Merhaba Ali, 1 Aralık Salı saat 21:00 Nilüfer Arena');
    // After midnight: the real calendar date; an erased phone is never shown.
    expect(items[1].textContent).toContain('2 Aralık Çarşamba · 00:30–01:30 · Onay bekliyor');
    expect(items[1].textContent).toContain('Telefon silinmiş (KVKK)');
    expect(within(items[1]).queryByRole('link')).toBeNull();

    const choice = within(dialog).getByRole('radiogroup', { name: /Alınan kaporalar \(1 rezervasyon\)/ });
    expect(within(choice).getByRole('radio', { name: 'Sonra karar verilecek' })).toHaveProperty('checked', true);
    await userEvent.click(within(choice).getByRole('radio', { name: 'İade edilecek' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Zorla Sil/ }));
    await waitFor(() => expect(toastTitles()).toContain('Saha silindi'));
    expect(calls.filter((c) => c.method === 'DELETE').at(-1)!.query).toEqual({ force: 'true', deposit: 'refund' });
  });

  it('Pasif Yap in the conflict deactivates instead; an inactive pitch is offered only Zorla Sil', async () => {
    onDelete = () => apiError(409, 'Bu sahada 2 aktif randevu bulunuyor.', { activeBookings: 2, isActive: true });
    await shown();
    await chooseAction('fac-1', /^Sil$/);
    let dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Sil$/ }));
    await userEvent.click(await within(dialog).findByRole('button', { name: /Pasif Yap/ }));
    await waitFor(() => expect(toastTitles()).toContain('Nilüfer Arena sahası pasif yapıldı'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ isActive: false });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    onDelete = () => apiError(409, 'Bu sahada 2 aktif randevu bulunuyor.', { activeBookings: 2, isActive: false });
    await chooseAction('fac-2', /^Sil$/);
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Sil$/ }));
    expect(await within(dialog).findByRole('button', { name: /Zorla Sil/ })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Pasif Yap/ })).toBeNull();
  });

  it('another failure toasts the server message or "Saha silinirken hata oluştu"', async () => {
    onDelete = () => [500, { data: null, error: { status: 500, name: 'Error', message: '', details: {} } }];
    await shown();
    await chooseAction('fac-1', /^Sil$/);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Sil$/ }));
    await waitFor(() => expect(toastTitles()).toContain('Saha silinirken hata oluştu'));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
