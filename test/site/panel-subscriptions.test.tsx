// The Abonelikler screen (behaviour.md#management-panel 'Subscriptions', #states-and-transitions 'Subscription creation', #validation 'Subscription form', #error-messages, #constants-and-limits): counters,
// renewals, the quick form's every rule and message, the partial and error cards, the subscriber list and the detail.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionMsg } from '../../contracts/subscriptions';
import SubscriptionsManager from '../../site/src/islands/SubscriptionsManager';
import { $subscriberMeta, $subscribers } from '../../site/src/stores/panel-subscriptions';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, mockApi, type Reply } from './fixtures/panel-facility';
import { detail, emptyView, facilities, listMeta, NOW, slotView, subscriber } from './fixtures/subscription';

type Handler = (c: Call) => Reply | Promise<Reply>;
let calls: Call[];
let onList: Handler;
let onSlots: Handler;
let onGenerate: Handler;
let onCreate: Handler;
let onDetail: Handler;

const people = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) =>
    subscriber({ customerId: from + i, customerName: `Abone ${from + i}`, customerPhone: `0532000${1000 + from + i}` }),
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  onList = (c) => {
    const size = Number(c.query.pageSize);
    return [200, { data: people(size === 5 ? 3 : size), meta: listMeta({}, size === 5 ? 3 : 23, size) }];
  };
  onSlots = () => [200, { data: slotView() }];
  onGenerate = () => [200, { data: { facilityName: 'Yeni Saha', message: 'ok' } }];
  onCreate = (c) => {
    const b = c.body as { weekCount: number };
    return [
      201,
      {
        data: {
          status: 'success',
          success: true,
          message: `Abonelik oluşturuldu: ${b.weekCount} haftalık rezervasyon onaylandı.`,
          bookings: [],
        },
      },
    ];
  };
  onDetail = () => [200, { data: detail() }];
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.path === '/api/facilities/all')
      return [200, { data: facilities(), meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } } }];
    if (c.method === 'GET' && c.path.endsWith('/subscription-slots')) return onSlots(c);
    if (c.method === 'POST' && c.path.endsWith('/generate-slots')) return onGenerate(c);
    if (c.method === 'GET' && c.path === '/api/bookings/subscriptions') return onList(c);
    if (c.method === 'POST' && c.path === '/api/bookings/create-subscription') return onCreate(c);
    if (c.method === 'GET' && c.path.startsWith('/api/bookings/customers/')) return onDetail(c);
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
  $subscribers.set([]);
  $subscriberMeta.set(null);
});

const listCalls = () => calls.filter((c) => c.path === '/api/bookings/subscriptions');
const creates = () => calls.filter((c) => c.path === '/api/bookings/create-subscription');
const toastOf = (kind: string) =>
  $toasts
    .get()
    .filter((t) => t.kind === kind)
    .map((t) => t.title);
const combo = (name: string) => screen.getByRole('combobox', { name });
const picked = (name: string) => combo(name) as unknown as { value: string; disabled: boolean };
const box = (name: string) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: 'Abonelik oluştur' }) as HTMLButtonElement;
const optionTexts = (name: string) =>
  within(combo(name))
    .getAllByRole('option')
    .map((o) => o.textContent);
/** Waits for an element and returns it. */
async function appears(selector: string) {
  return waitFor(() => {
    const el = document.querySelector<HTMLElement>(selector);
    expect(el).toBeTruthy();
    return el!;
  });
}
const form = () => document.querySelector<HTMLElement>('[data-subscription-form]')!;

async function shown() {
  render(<SubscriptionsManager />);
  await waitFor(() => expect(document.querySelector('[data-subscriber-list]')).toBeTruthy());
  await waitFor(() => expect(optionTexts('Saha')).toContain('Nilüfer Arena'));
}

async function choose(name: string, value: string) {
  fireEvent.change(combo(name), { target: { value } });
}

async function facilityAndDay(facility = 'fac-1', day = 'tuesday') {
  await choose('Saha', facility);
  await waitFor(() =>
    expect(calls.some((c) => c.path === `/api/facilities/${facility}/subscription-slots`)).toBe(true),
  );
  await choose('Gün', day);
  await waitFor(() => expect(picked('Saat').disabled).toBe(false));
}

async function filled(opts: { facility?: string; time?: string } = {}) {
  await shown();
  fireEvent.change(box('Ad soyad'), { target: { value: 'Mehmet Demir' } });
  fireEvent.change(box('Telefon'), { target: { value: '0555 123 45 67' } });
  await facilityAndDay(opts.facility);
  await choose('Saat', opts.time ?? '20:00');
}

describe('counters and renewals', () => {
  it('shows the four counters from meta.summary', async () => {
    await shown();
    const stat = (k: string) => document.querySelector(`[data-stat="${k}"]`)!;
    expect(stat('totalSubscribers').textContent).toBe('Toplam abone17');
    expect(stat('todayBookings').textContent).toBe('Bugünkü abone maçları3');
    expect(stat('monthBookings').textContent).toBe('Bu ayki abone rezervasyonları42');
    expect(stat('activeBookings').textContent).toBe('Aktif abone rezervasyonları88');
  });

  it('shows the top two renewals (1 left red and urgent, 2 left amber and soon) and all of them in the modal table', async () => {
    const renewals = [
      subscriber({ customerId: 7, customerName: 'Son Bir', remainingBookings: 1, customerPhone: '05320000007' }),
      subscriber({ customerId: 8, customerName: 'Son İki', remainingBookings: 2, lastBookingDate: '2026-12-01' }),
      subscriber({ customerId: 9, customerName: 'Üçüncü Kişi', remainingBookings: 2 }),
    ];
    onList = (c) => [200, { data: people(3), meta: listMeta({ renewals }, 3, Number(c.query.pageSize)) }];
    await shown();
    const card = document.querySelector<HTMLElement>('[data-renewals]')!;
    await waitFor(() => expect(card.querySelectorAll('[data-renewal]').length).toBe(2));
    expect(within(card).getByRole('heading', { name: /Yenilenmesi gereken abonelikler/ }).textContent).toContain('3');
    const [first, second] = [...card.querySelectorAll<HTMLElement>('[data-renewal]')];
    expect(first.textContent).toContain('Son Bir');
    const urgent = first.querySelector('[data-remaining]')!;
    expect(urgent.getAttribute('data-level')).toBe('urgent');
    expect(urgent.className).toContain('bg-red-50');
    expect(urgent.textContent).toBe('Acil · 1 rezervasyon kaldı');
    const soon = second.querySelector('[data-remaining]')!;
    expect(soon.className).toContain('bg-amber-50');
    expect(soon.textContent).toBe('Yakında · 2 rezervasyon kaldı');
    expect(card.textContent).not.toContain('Üçüncü Kişi');

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Tümünü gör' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yenilenmesi gereken abonelikler' });
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Müşteri', 'İletişim', 'Saha', 'Kalan', 'Son rezervasyon', 'İşlem']);
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual(['Son Bir', 'Son İki', 'Üçüncü Kişi']);
    expect(rows[0].textContent).toContain('0532 000 00 07');
    expect(rows[0].textContent).toContain('Nilüfer Arena · Salı 20:00');
    expect(rows[1].textContent).toContain('01.12.2026');
    await user.click(within(rows[1]).getByRole('button', { name: 'Detay: Son İki' }));
    await screen.findByRole('dialog', { name: 'Abone: Son İki' });
    expect(calls.some((c) => c.path === '/api/bookings/customers/8')).toBe(true);
  });

  it('says so when no subscription needs renewal', async () => {
    await shown();
    expect(document.querySelector('[data-renewals]')!.textContent).toContain('Yenilenmesi gereken abonelik yok.');
  });
});

describe('quick subscription form: rules and messages (behaviour.md#validation)', () => {
  it('keeps submit disabled until name, phone, pitch, day and time are all there', async () => {
    await shown();
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(box('Ad soyad'), { target: { value: 'Mehmet Demir' } });
    fireEvent.change(box('Telefon'), { target: { value: '05551234567' } });
    expect(submitButton().disabled).toBe(true);
    await facilityAndDay();
    expect(submitButton().disabled).toBe(true);
    await choose('Saat', '20:00');
    expect(submitButton().disabled).toBe(false);
    fireEvent.change(box('Telefon'), { target: { value: '' } });
    expect(submitButton().disabled).toBe(true);
  });

  it('a blank name says every required field must be filled, by the form and by the field, and sends nothing', async () => {
    await filled();
    fireEvent.change(box('Ad soyad'), { target: { value: '   ' } });
    fireEvent.submit(form());
    const alert = await within(form()).findByText(subscriptionMsg.required, { selector: '[data-form-error]' });
    expect(alert.getAttribute('role')).toBe('alert');
    expect(box('Ad soyad').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box('Ad soyad')));
    expect(creates()).toHaveLength(0);
  });

  it('a phone that is not a Turkish mobile gets the example message; spaces and +90 are accepted', async () => {
    await filled();
    fireEvent.change(box('Telefon'), { target: { value: '0212 123 45 67' } });
    fireEvent.submit(form());
    await waitFor(() => expect(form().textContent).toContain(subscriptionMsg.phoneInvalid));
    expect(subscriptionMsg.phoneInvalid).toBe('Geçerli bir telefon numarası girin (örn. 05551234567)');
    expect(creates()).toHaveLength(0);
    fireEvent.change(box('Telefon'), { target: { value: '+90 555 123 45 67' } });
    fireEvent.submit(form());
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0].body!.customerPhone).toBe('05551234567');
  });

  it('a bad e-mail is refused; an empty one is fine', async () => {
    await filled();
    fireEvent.change(box('E-posta (isteğe bağlı)'), { target: { value: 'ayse@' } });
    fireEvent.submit(form());
    await waitFor(() => expect(form().textContent).toContain(subscriptionMsg.emailInvalid));
    expect(creates()).toHaveLength(0);
  });

  it('offers the shuttle only for a pitch whose service is active, requires a pickup point, and clears it on switching', async () => {
    await filled();
    const user = userEvent.setup();
    const shuttle = () => screen.queryByRole('checkbox', { name: /Servis dahil/ });
    expect(shuttle()).toBeTruthy();
    expect(shuttle()!.closest('label')!.textContent).toContain('Servis dahil (₺50 / rezervasyon)');
    await user.click(shuttle()!);
    expect(combo('Alınış noktası')).toBeTruthy();
    fireEvent.submit(form());
    await waitFor(() => expect(form().textContent).toContain(subscriptionMsg.pickupPointRequired));
    expect(creates()).toHaveLength(0);

    // Another pitch without a shuttle: the option goes away and the choice is cleared.
    await choose('Saha', 'fac-2');
    await waitFor(() => expect(shuttle()).toBeNull());
    expect(screen.queryByRole('combobox', { name: 'Alınış noktası' })).toBeNull();
    // Back to the first pitch: the shuttle is offered again, not chosen.
    await choose('Saha', 'fac-1');
    await waitFor(() => expect(shuttle()).toBeTruthy());
    expect((shuttle() as HTMLInputElement).checked).toBe(false);
  });

  it('limits the start date to the slot range, from the first slot date, and refuses a date past the last one', async () => {
    onSlots = () => [200, { data: slotView('2026-12-31') }];
    await filled();
    const group = screen.getByRole('group', { name: 'Başlangıç tarihi' });
    // Defaults to the first slot date.
    await waitFor(() => expect(group.textContent).toContain('24.11.2026'));
    expect(form().textContent).toContain('Slot aralığı: 24.11.2026 – 31.12.2026');
    const [day] = within(group).getAllByRole('spinbutton');
    const user = userEvent.setup();
    act(() => day.focus());
    await user.keyboard('05012027');
    await waitFor(() =>
      expect(form().textContent).toContain('Başlangıç tarihi sahanın slot aralığında olmalı (24.11.2026 – 31.12.2026)'),
    );
    fireEvent.submit(form());
    await waitFor(() => expect(form().querySelector('[data-form-error]')).toBeTruthy());
    expect(creates()).toHaveLength(0);
  });

  it('without slots the start date begins tomorrow', async () => {
    onSlots = () => [200, { data: emptyView() }];
    onGenerate = () => apiError(500, 'Sunucu hatası');
    await shown();
    await choose('Saha', 'fac-3');
    await waitFor(() => expect(form().textContent).toContain('Bu sahada slot yok; en erken 24.11.2026'));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Başlangıç tarihi' }).textContent).toContain('24.11.2026'),
    );
    expect(toastOf('warning')).toEqual(['Slot oluşturulamadı; çalışma saatleri gösteriliyor']);
  });

  it('offers the week counts that fit the range plus the maximum, 12 by default when it fits', async () => {
    await filled();
    // Tuesdays from 24.11.2026 to 23.02.2027: 14 weeks.
    expect(optionTexts('Süre')).toEqual([
      '1 hafta',
      '2 hafta',
      '3 hafta',
      '4 hafta (1 ay)',
      '8 hafta (2 ay)',
      '12 hafta (3 ay)',
      'En fazla: 14 hafta',
    ]);
    expect(picked('Süre').value).toBe('12');
  });

  it('with a shorter range the maximum is the default and the longer options are gone', async () => {
    onSlots = () => [200, { data: slotView('2026-12-31') }];
    await filled();
    // Tuesdays 24.11 … 29.12: 6 weeks.
    expect(optionTexts('Süre')).toEqual(['1 hafta', '2 hafta', '3 hafta', '4 hafta (1 ay)', 'En fazla: 6 hafta']);
    expect(picked('Süre').value).toBe('6');
  });

  it('names a fixed option as the maximum when it is one, capped at 52 weeks', async () => {
    onSlots = () => [200, { data: slotView('2026-12-15') }];
    await filled();
    // Tuesdays 24.11 … 15.12: 4 weeks.
    expect(optionTexts('Süre')).toEqual(['1 hafta', '2 hafta', '3 hafta', '4 hafta (1 ay) · en fazla']);
    const { maxWeeks } = await import('../../site/src/components/panel/subscriptions/rules');
    expect(maxWeeks('2026-11-24', 'tuesday', '2028-12-31')).toBe(52);
  });

  it('shows the total as (slot price + shuttle fee) × weeks, with no deposit', async () => {
    await filled();
    const total = () => document.querySelector('[data-total-amount]')!.textContent;
    expect(total()).toBe('₺18.000');
    expect(document.querySelector('[data-total]')!.textContent).toContain('Abonelerden kapora alınmaz');
    await choose('Süre', '4');
    expect(total()).toBe('₺6.000');
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Servis dahil/ }));
    expect(total()).toBe('₺6.200');
    expect(document.querySelector('[data-total]')!.textContent).toContain('4 hafta × (₺1.500 saha + ₺50 servis)');
  });
});

describe('times, slot warnings and slot generation', () => {
  it('lists the pitch slots of that weekday, marking a time with no free week', async () => {
    const view = slotView();
    view.days.tuesday = [
      { startTime: '19:00', endTime: '20:00', price: 1500, weeks: 13, freeWeeks: 0 },
      { startTime: '21:00', endTime: '22:00', price: 1700, weeks: 13, freeWeeks: 5 },
    ];
    onSlots = () => [200, { data: view }];
    await shown();
    await facilityAndDay();
    expect(optionTexts('Saat')).toEqual(['Saat seçin', '19:00 (dolu)', '21:00']);
    await choose('Saat', '21:00');
    expect(document.querySelector('[data-total-amount]')!.textContent).toBe('₺20.400');
  });

  it('all times taken on that weekday: the no-free-slot warning', async () => {
    onSlots = () => [
      200,
      {
        data: slotView('2027-02-23', {
          days: {
            ...slotView().days,
            tuesday: [{ startTime: '19:00', endTime: '20:00', price: 1, weeks: 1, freeWeeks: 0 }],
          },
        }),
      },
    ];
    await shown();
    await facilityAndDay();
    expect(form().textContent).toContain('Seçilen gün için müsait slot bulunmuyor');
  });

  it('no slots that weekday: the working hours, with the warning; a closed day: the default hours', async () => {
    onSlots = () => [200, { data: slotView('2027-02-23', { days: { ...slotView().days, friday: [], sunday: [] } }) }];
    await shown();
    await facilityAndDay('fac-1', 'friday');
    // Friday 18:00–02:00, slots starting at :30 (startTimeOffset half_hour).
    expect(optionTexts('Saat').slice(1)).toEqual(['18:30', '19:30', '20:30', '21:30', '22:30', '23:30', '00:30']);
    expect(form().textContent).toContain('Bu gün için slot yok, çalışma saatleri gösteriliyor');
    await choose('Gün', 'sunday');
    await waitFor(() => expect(optionTexts('Saat')[1]).toBe('09:00'));
    expect(optionTexts('Saat').at(-1)).toBe('21:00');
    expect(form().textContent).toContain('Varsayılan saatler (09:00–22:00) gösteriliyor');
  });

  it('a failed slot read falls back to working hours with the loading error', async () => {
    onSlots = () => apiError(500, 'Sunucu hatası');
    await shown();
    await facilityAndDay();
    expect(optionTexts('Saat')[1]).toBe('09:30');
    expect(form().textContent).toContain('Slotlar yüklenirken hata oluştu');
  });

  it('a pitch with no slots in the next 3 months gets a month generated, then the range is read again', async () => {
    let generated = false;
    onSlots = () => [200, { data: generated ? slotView('2026-12-23') : emptyView() }];
    onGenerate = () => {
      generated = true;
      return [200, { data: { facilityName: 'Yeni Saha', message: 'ok' } }];
    };
    await shown();
    await choose('Saha', 'fac-3');
    await waitFor(() => expect(form().textContent).toContain('Slot aralığı: 24.11.2026 – 23.12.2026'));
    const gen = calls.filter((c) => c.path === '/api/facilities/fac-3/generate-slots');
    expect(gen).toHaveLength(1);
    expect(gen[0].body).toEqual({ startDate: '2026-11-23', endDate: '2026-12-23', overwrite: false });
    expect(calls.filter((c) => c.path === '/api/facilities/fac-3/subscription-slots')).toHaveLength(2);
  });

  it('offers active pitches only', async () => {
    await shown();
    expect(optionTexts('Saha')).toEqual(['Saha seçin', 'Nilüfer Arena', 'Görükle Halı Saha', 'Yeni Saha']);
  });
});

describe('sending (behaviour.md#states-and-transitions Subscription creation)', () => {
  it('sends the checked body, then toasts the server message, resets the form and refreshes the list', async () => {
    await filled();
    fireEvent.change(box('E-posta (isteğe bağlı)'), { target: { value: ' mehmet@example.com ' } });
    fireEvent.change(box('Notlar (isteğe bağlı)'), { target: { value: 'Kapıda ödeme' } });
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Servis dahil/ }));
    await choose('Alınış noktası', 'pickup-1700000000000');
    const before = listCalls().length;
    await userEvent.setup().click(submitButton());
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0].body).toEqual({
      customerName: 'Mehmet Demir',
      customerPhone: '05551234567',
      customerEmail: 'mehmet@example.com',
      facility: 'fac-1',
      dayOfWeek: 'tuesday',
      timeSlot: '20:00',
      startDate: '2026-11-24',
      weekCount: 12,
      notes: 'Kapıda ödeme',
      includesTransportation: true,
      transportationDetails: { pickupPointId: 'pickup-1700000000000' },
      confirmPartial: false,
    });
    await waitFor(() =>
      expect(toastOf('success')).toEqual(['Abonelik oluşturuldu: 12 haftalık rezervasyon onaylandı.']),
    );
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
    expect((box('Ad soyad') as HTMLInputElement).value).toBe('');
    expect(picked('Saha').value).toBe('');
    expect(submitButton().disabled).toBe(true);
  });

  it('partial answer: the card with weeks, rate and dates; continuing resends with confirmPartial', async () => {
    const partial = {
      status: 'partial',
      success: false,
      message: 'İstenen 4 haftanın yalnızca 3 haftası müsait. Müsait haftalar için devam etmek ister misiniz?',
      requestedWeeks: 4,
      availableWeeks: 3,
      successRate: 75,
      availableDates: [
        { date: '2026-11-24', day: 'Salı' },
        { date: '2026-12-08', day: 'Salı' },
      ],
      conflictedDates: [{ date: '2026-12-01', day: 'Salı', reason: 'Bu saat dolu', currentCustomer: 'Ali' }],
      nonExistentDates: [{ date: '2026-12-15', day: 'Salı' }],
    };
    onCreate = (c) =>
      (c.body as { confirmPartial: boolean }).confirmPartial
        ? [
            201,
            {
              data: {
                status: 'success',
                success: true,
                message: 'Abonelik oluşturuldu: istenen 4 haftanın 3 haftası için rezervasyon onaylandı.',
              },
            },
          ]
        : [200, { data: partial }];
    await filled();
    await choose('Süre', '4');
    fireEvent.submit(form());
    const card = await appears('[data-partial]');
    expect(card.querySelector('[data-requested]')!.textContent).toBe('4 hafta');
    expect(card.querySelector('[data-available]')!.textContent).toBe('3 hafta');
    expect(card.querySelector('[data-rate]')!.textContent).toBe('%75');
    expect(card.querySelector('[data-dates="available"]')!.textContent).toContain('24.11.2026 Salı');
    expect(card.querySelector('[data-dates="conflicted"]')!.textContent).toBe('01.12.2026 Salı – Bu saat dolu (Ali)');
    expect(card.querySelector('[data-dates="missing"]')!.textContent).toBe('15.12.2026 Salı');
    expect(card.textContent).toContain(partial.message);

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Müsait haftalar için devam et' }));
    await waitFor(() => expect(creates()).toHaveLength(2));
    expect(creates()[1].body).toEqual({ ...creates()[0].body, confirmPartial: true });
    expect(creates()[0].body!.confirmPartial).toBe(false);
    await waitFor(() => expect(document.querySelector('[data-partial]')).toBeNull());
    expect(toastOf('success')).toEqual([
      'Abonelik oluşturuldu: istenen 4 haftanın 3 haftası için rezervasyon onaylandı.',
    ]);
  });

  it("'Vazgeç' closes the partial card and books nothing", async () => {
    onCreate = () => [
      200,
      {
        data: {
          status: 'partial',
          success: false,
          message: 'Kısmi',
          requestedWeeks: 2,
          availableWeeks: 1,
          successRate: 50,
          availableDates: [{ date: '2026-11-24', day: 'Salı' }],
          conflictedDates: [{ date: '2026-12-01', day: 'Salı', reason: 'Bu saat dolu', currentCustomer: null }],
          nonExistentDates: [],
        },
      },
    ];
    await filled();
    fireEvent.submit(form());
    const card = await appears('[data-partial]');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Vazgeç' }));
    expect(document.querySelector('[data-partial]')).toBeNull();
    expect(creates()).toHaveLength(1);
    expect((box('Ad soyad') as HTMLInputElement).value).toBe('Mehmet Demir');
  });

  it('none available (409): a toast and the red card with the dates, which hides itself after 10 s', async () => {
    onCreate = () =>
      apiError(409, subscriptionMsg.noneAvailable, {
        requestedWeeks: 2,
        availableWeeks: 0,
        successRate: 0,
        availableDates: [],
        conflictedDates: [
          { date: '2026-11-24', day: 'Salı', reason: 'Bu saat başka bir aboneye ait', currentCustomer: 'Veli' },
        ],
        nonExistentDates: [{ date: '2026-12-01', day: 'Salı' }],
      });
    await filled();
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    fireEvent.submit(form());
    await vi.waitFor(() => expect(document.querySelector('[data-error-card]')).toBeTruthy());
    const card = document.querySelector<HTMLElement>('[data-error-card]')!;
    expect(card.getAttribute('role')).toBe('alert');
    expect(card.textContent).toContain(subscriptionMsg.notCreated);
    expect(card.textContent).toContain(subscriptionMsg.noneAvailable);
    expect(card.querySelector('[data-dates="conflicted"]')!.textContent).toBe(
      '24.11.2026 Salı – Bu saat başka bir aboneye ait (Veli)',
    );
    expect(card.querySelector('[data-dates="missing"]')!.textContent).toBe('01.12.2026 Salı');
    expect(toastOf('error')).toEqual([subscriptionMsg.noneAvailable]);
    act(() => vi.advanceTimersByTime(9_900));
    expect(document.querySelector('[data-error-card]')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(document.querySelector('[data-error-card]')).toBeNull();
  });

  it("the error card closes with 'Tamam'; a failure without text falls back to the form's message", async () => {
    onCreate = () => [500, {}];
    await filled();
    fireEvent.submit(form());
    const card = await appears('[data-error-card]');
    expect(card.textContent).toContain('Bir hata oluştu');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Tamam' }));
    expect(document.querySelector('[data-error-card]')).toBeNull();
  });

  it("the server's field messages show by their fields", async () => {
    onCreate = () =>
      apiError(400, 'Geçersiz alınış noktası', {
        errors: [{ path: ['transportationDetails', 'pickupPointId'], message: 'Geçersiz alınış noktası' }],
      });
    await filled();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Servis dahil/ }));
    await choose('Alınış noktası', 'pickup-1700000000000');
    fireEvent.submit(form());
    await waitFor(() => expect(combo('Alınış noktası').getAttribute('aria-invalid')).toBe('true'));
    const described = combo('Alınış noktası').getAttribute('aria-describedby')!;
    expect(document.getElementById(described.split(' ')[0])!.textContent).toBe('Geçersiz alınış noktası');
    expect(toastOf('error')).toEqual(['Geçersiz alınış noktası']);
  });
});

describe('subscriber list (latest 5, search, all)', () => {
  it('asks for the latest 5 first and shows the loyal badge above 10 bookings', async () => {
    onList = () => [
      200,
      {
        data: [
          subscriber({ customerId: 1, customerName: 'Sadık Kişi', totalBookings: 11, isLoyal: true }),
          subscriber({ customerId: 2, customerName: 'Yeni Kişi', totalBookings: 10, isLoyal: false }),
        ],
        meta: listMeta({}, 2),
      },
    ];
    await shown();
    expect(listCalls()[0].query).toEqual({ page: '1', pageSize: '5' });
    const row = (id: number) => document.querySelector(`[data-subscriber="${id}"]`)!;
    expect(row(1).querySelector('[data-loyal]')!.textContent).toBe('Sadık müşteri');
    expect(row(2).querySelector('[data-loyal]')).toBeNull();
    expect(row(1).textContent).toContain('0532 111 22 33');
    expect(row(1).textContent).toContain('Sıradaki: 24.11.2026 20:00');
  });

  it('an after-midnight weekly hour reads on its real weekday and date, with the business night', async () => {
    onList = () => [
      200,
      {
        data: [
          subscriber({
            customerId: 7,
            customerName: 'Gece Abonesi',
            day: 'Pazartesi',
            timeSlot: '00:00',
            slotText: 'Salı 00:00 · Pazartesi gecesi',
            nextBooking: { date: '2026-11-30', time: '00:00', startsAt: '2026-11-30T21:00:00.000Z' },
          }),
        ],
        meta: listMeta({}, 1),
      },
    ];
    await shown();
    const row = document.querySelector('[data-subscriber="7"]')!;
    expect(row.textContent).toContain('Nilüfer Arena · Salı 00:00 · Pazartesi gecesi');
    expect(row.textContent).toContain('Sıradaki: 01.12.2026 00:00 · Pazartesi gecesi');
    expect(screen.getByRole('heading', { name: 'Son aboneler' })).toBeTruthy();
  });

  it('searches from 2 characters, after a pause, showing the first 10', async () => {
    await shown();
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const search = screen.getByRole('searchbox', { name: 'Abone ara' });
    const before = listCalls().length;
    fireEvent.change(search, { target: { value: 'A' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(listCalls().length).toBe(before);
    fireEvent.change(search, { target: { value: 'Ay' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(search, { target: { value: 'Ayş' } });
    act(() => vi.advanceTimersByTime(299));
    expect(listCalls().length).toBe(before);
    act(() => vi.advanceTimersByTime(1));
    await vi.waitFor(() => expect(listCalls().length).toBe(before + 1));
    expect(listCalls().at(-1)!.query).toEqual({ page: '1', pageSize: '10', search: 'Ayş' });
    await vi.waitFor(() => expect(document.querySelectorAll('[data-subscriber]').length).toBe(10));
    expect(screen.getByRole('heading', { name: 'Arama sonuçları' })).toBeTruthy();
    // Back under 2 characters: the latest 5 again.
    fireEvent.change(search, { target: { value: 'A' } });
    act(() => vi.advanceTimersByTime(300));
    await vi.waitFor(() => expect(listCalls().at(-1)!.query).toEqual({ page: '1', pageSize: '5' }));
  });

  it("'Tümünü gör' gives pages of 10 with the pager", async () => {
    await shown();
    const user = userEvent.setup();
    const list = screen.getByRole('heading', { name: 'Son aboneler' }).closest('section')!;
    await user.click(within(list).getByRole('button', { name: 'Tümünü gör' }));
    await waitFor(() => expect(listCalls().at(-1)!.query).toEqual({ page: '1', pageSize: '10' }));
    const pager = await screen.findByRole('navigation', { name: 'Sayfalama' });
    expect(pager.textContent).toContain('23 abone · Sayfa 1 / 3');
    await user.click(within(pager).getByRole('button', { name: 'Sonraki' }));
    await waitFor(() => expect(listCalls().at(-1)!.query).toEqual({ page: '2', pageSize: '10' }));
    await user.click(within(list).getByRole('button', { name: 'Son aboneleri göster' }));
    await waitFor(() => expect(listCalls().at(-1)!.query).toEqual({ page: '1', pageSize: '5' }));
    expect(screen.queryByRole('navigation', { name: 'Sayfalama' })).toBeNull();
  });
});

describe('subscriber detail modal', () => {
  it('opens with Genel, Rezervasyonlar and Geçmiş', async () => {
    await shown();
    const user = userEvent.setup();
    await user.click(
      within(document.querySelector<HTMLElement>('[data-subscriber="1"]')!).getByRole('button', {
        name: 'Detay: Abone 1',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Abone: Abone 1' });
    await waitFor(() => expect(dialog.querySelector('[data-subscriber-detail]')).toBeTruthy());
    expect(calls.some((c) => c.path === '/api/bookings/customers/1')).toBe(true);
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Genel', 'Rezervasyonlar', 'Geçmiş']);

    // Genel: start, last activity, cancellations, the next 5 upcoming in date order.
    const overview = within(dialog).getByRole('tabpanel');
    expect(overview.textContent).toContain('Abonelik başlangıcı06.10.2026');
    expect(overview.textContent).toContain('Toplam iptal1');
    expect(overview.textContent).toContain('Ardışık iptal0');
    expect(overview.textContent).toMatch(/Son etkinlik20 Kasım 2026/);
    const upcoming = [...dialog.querySelectorAll('[data-upcoming] li')].map((li) => li.textContent!.slice(0, 16));
    expect(upcoming).toEqual([
      '24.11.2026 20:00',
      '01.12.2026 20:00',
      '08.12.2026 20:00',
      '15.12.2026 20:00',
      '22.12.2026 20:00',
    ]);

    await user.click(within(dialog).getByRole('tab', { name: 'Rezervasyonlar' }));
    const table = dialog.querySelector<HTMLElement>('[data-detail-bookings]')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tarih', 'Saat', 'Saha', 'Durum', 'Tutar', 'Rezervasyon no']);
    const cancelled = within(table).getByText('HSRCANCELED2').closest('tr')!;
    expect(cancelled.textContent).toContain('10.11.2026');
    expect(cancelled.textContent).toContain('20:00–21:00');
    expect(cancelled.textContent).toContain('Nilüfer Arena');
    expect(cancelled.querySelector('[data-status]')!.getAttribute('data-status')).toBe('cancelled');
    expect(cancelled.textContent).toContain('₺1.550');

    await user.click(within(dialog).getByRole('tab', { name: 'Geçmiş' }));
    const history = within(dialog).getByRole('tabpanel');
    // The server's count of approved matches already played.
    expect(history.textContent).toContain('Oynanan maç1');
    expect(history.textContent).toContain('İptal oranı%12.5');
    expect(dialog.querySelectorAll('[data-activities] li')).toHaveLength(5);
    expect(dialog.querySelector('[data-activities] li')!.textContent).toContain('20 Kasım 2026');
  });

  it('a failed detail closes with the Turkish toast', async () => {
    onDetail = () => apiError(500, 'Sunucu hatası');
    await shown();
    await userEvent.setup().click(
      within(document.querySelector<HTMLElement>('[data-subscriber="2"]')!).getByRole('button', {
        name: 'Detay: Abone 2',
      }),
    );
    await waitFor(() => expect(toastOf('error')).toEqual([subscriptionMsg.detailFailed]));
    expect(subscriptionMsg.detailFailed).toBe('Abone bilgileri yüklenemedi');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
