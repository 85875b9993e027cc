import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../../contracts/messages';
import BookingFlow from '../../site/src/islands/BookingFlow';
import { caretAfterDigits, formatPhoneTyping, type Slot } from '../../site/src/stores/booking';
import { $toasts } from '../../site/src/stores/toast';
import { bookingFacility } from './fixtures/booking';

// Wednesday 18 November 2026, 10:00 in Istanbul.
const NOW = new Date('2026-11-18T07:00:00Z');
const NUMBER = 'HSRK7M2P9QXA';

const facility = bookingFacility({
  transport: {
    price: 50,
    description: 'Görükle ve Beşevler’den servis',
    vehicle: 'Minibüs, 14 kişilik',
    pickupPoints: [
      {
        id: 'pp1',
        name: 'Görükle Kampüs Kapısı',
        address: 'Görükle',
        description: null,
        time: '18:40',
        minutesBefore: 50,
      },
      { id: 'pp2', name: 'Beşevler Metro', address: 'Beşevler', description: null, time: null },
    ],
  },
});

function slot(date: string, start: string, state: Slot['state'] = 'available'): Slot {
  const h = Number(start.slice(0, 2));
  return {
    id: h,
    documentId: `${date}-${start}`,
    date,
    startTime: start,
    endTime: `${String(h + 1).padStart(2, '0')}:00`,
    startsAt: new Date(`${date}T${start}:00+03:00`).toISOString(),
    price: 1500,
    isAvailable: state === 'available',
    isPending: false,
    isPast: state === 'past',
    state,
    booking: null,
  };
}

function created(over: Record<string, unknown> = {}) {
  return {
    bookingNumber: NUMBER,
    customerName: 'Ayşe Yılmaz',
    status: 'pending',
    totalPrice: 1550,
    depositAmount: 300,
    isSubscriber: false,
    date: '2026-11-20',
    startTime: '20:00',
    endTime: '21:00',
    includesTransportation: true,
    transportationDetails: {
      pickupPointId: 'pp1',
      pickupPointName: 'Görükle Kampüs Kapısı',
      pickupPointAddress: 'Görükle',
      pickupTime: '18:40',
    },
    facility: {
      name: 'Nilüfer Arena',
      bankName: 'Garanti BBVA',
      recipientName: 'Nilüfer Arena Ltd.',
      depositIban: 'TR330006100519786457841326',
    },
    ...over,
  };
}

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
type Reply = [number, unknown];
let calls: Call[] = [];
let onPost: (c: Call) => Reply = () => [201, { data: created(), meta: {} }];
let slots: Slot[] = [];
/** While set, slot GETs wait on it: the refetch has not answered yet. */
let slotsGate: Promise<void> | null = null;

function mockApi() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const text = req.method === 'GET' ? '' : await req.text();
      const call = {
        method: req.method,
        path: decodeURIComponent(url.pathname),
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      if (req.method === 'GET' && slotsGate) await slotsGate;
      const [status, body] = req.method === 'GET' ? [200, { data: { slots }, meta: {} }] : onPost(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}
const posts = () => calls.filter((c) => c.method === 'POST');
const apiError = (status: number, message: string, details: Record<string, unknown> = {}): Reply => [
  status,
  { data: null, error: { status, name: 'Error', message, details } },
];

class QuietSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.history.replaceState(null, '', '/saha/nilufer');
  vi.stubGlobal('WebSocket', QuietSocket);
  slots = [slot('2026-11-20', '20:00'), slot('2026-11-20', '21:00')];
  onPost = () => [201, { data: created(), meta: {} }];
  slotsGate = null;
  mockApi();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

async function toForm(u = userEvent.setup(), name = '20:00–21:00, ₺1.500, müsait') {
  render(<BookingFlow facility={facility} />);
  await u.click(await screen.findByRole('button', { name }));
  await screen.findByRole('heading', { name: 'Bilgiler' });
  return u;
}
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
const submit = (u: ReturnType<typeof userEvent.setup>) =>
  u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));

describe('phone formatting while typing (behaviour.md#validation)', () => {
  it.each([
    ['0532', '0532'],
    ['05321', '0532 1'],
    ['05321234567', '0532 123 45 67'],
    // A digit too many stays on screen (the rule refuses it), never cut to another number.
    ['0532 123 45 67 8', '0532 123 45 67 8'],
    ['5321234567', '0532 123 45 67'],
    ['+9', '+9'],
    // Every form a visitor types or pastes ends as 05XX XXX XX XX.
    ['+90', '0'],
    ['+905', '05'],
    ['+905321234567', '0532 123 45 67'],
    ['+90 (532) 123-4567', '0532 123 45 67'],
    ['90 532 123 45 67', '0532 123 45 67'],
    ['0090 532 123 45 67', '0532 123 45 67'],
    ['0532-123-45-67', '0532 123 45 67'],
  ])('%s → %s', (raw, shown) => expect(formatPhoneTyping(raw)).toBe(shown));

  it('keeps the caret after the same digit when a digit is inserted in the middle', () => {
    // '0532 123 45 67' with a 9 typed after '0532 1' (caret at 7 in the raw text).
    const raw = '0532 1923 45 67';
    const shown = formatPhoneTyping(raw);
    // The digit pushed past the eleventh stays on screen (the rule refuses it), never dropped.
    expect(shown).toBe('0532 192 34 56 7');
    expect(caretAfterDigits(raw, 7, shown)).toBe(7);
  });

  it('formats the field as the visitor types', async () => {
    const u = await toForm();
    const phone = screen.getByRole('textbox', { name: /^Telefon/ }) as HTMLInputElement;
    await u.type(phone, '05321234567');
    expect(phone.value).toBe('0532 123 45 67');
    await u.clear(phone);
    await u.type(phone, '+905321234567');
    expect(phone.value).toBe('0532 123 45 67');
    await u.clear(phone);
    await u.paste('0090 532 123 45 67');
    expect(phone.value).toBe('0532 123 45 67');
  });

  it('a pasted 12-digit phone stays whole and is refused with the phone message, nothing sent', async () => {
    const u = await toForm();
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    const phone = screen.getByRole('textbox', { name: /^Telefon/ }) as HTMLInputElement;
    await u.click(phone);
    await u.paste('053212345678');
    expect(phone.value).toBe('0532 123 45 67 8');
    await submit(u);
    expect(await screen.findByText(msg.phoneInvalid)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });
});

describe('limits, field errors, the KVKK note, pickup time and half-hour price on the form', () => {
  it('every length limit: maxLength on the input, the Turkish message on the field, the same one the server sends', async () => {
    const u = await toForm();
    expect(field('Ad Soyad').maxLength).toBe(100);
    expect(field('E-posta').maxLength).toBe(254);
    expect(field('Notlar').maxLength).toBe(1000);
    // A value past the limit (autofill, a script) is refused on the field before any request.
    fireEvent.change(field('Ad Soyad'), { target: { value: 'A'.repeat(101) } });
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
    await submit(u);
    expect(await screen.findByText(msg.nameTooLong)).toBeTruthy();
    expect(field('Ad Soyad').getAttribute('aria-invalid')).toBe('true');
    expect(msg.nameTooLong).toBe('Ad Soyad en fazla 100 karakter olabilir');
    expect(posts()).toHaveLength(0);
  });

  it("the server's field errors land on their fields, never as raw text in a toast", async () => {
    onPost = () => apiError(400, msg.notesTooLong, { errors: [{ path: ['notes'], message: msg.notesTooLong }] });
    const u = await toForm();
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
    await u.type(field('Notlar'), 'Kısa not');
    await submit(u);
    expect(await screen.findByText('Notlar en fazla 1000 karakter olabilir')).toBeTruthy();
    expect(field('Notlar').getAttribute('aria-invalid')).toBe('true');
    expect($toasts.get()).toHaveLength(0);
  });

  it('the KVKK note and its link sit next to the phone field', async () => {
    await toForm();
    const note = document.querySelector('[data-kvkk-note]')!;
    expect(note.textContent).toBe('Telefon numaranız rezervasyonunuzu yönetmek için işlenir — Aydınlatma Metni');
    expect(
      within(note as HTMLElement)
        .getByRole('link', { name: 'Aydınlatma Metni' })
        .getAttribute('href'),
    ).toBe('/aydinlatma-metni');
    expect(screen.getByRole('textbox', { name: /^Telefon/ }).getAttribute('aria-describedby')).toContain(note.id);
  });

  it('the shuttle pickup time follows the chosen hour, never a stored clock time', async () => {
    slots = [{ ...slot('2026-11-20', '10:00'), endTime: '11:00' }];
    const u = await toForm(userEvent.setup(), '10:00–11:00, ₺1.500, müsait');
    await u.click(screen.getByRole('checkbox', { name: /Servis hizmeti istiyorum/ }));
    const times = [...document.querySelectorAll('[data-pickup-time]')].map((e) => e.textContent);
    expect(times).toEqual(['Kalkış: 09:10 (maçtan 50 dakika önce)']);
    expect(document.body.textContent).not.toContain('18:40');
  });

  it("a half-hour slot shows its own price and length, not '/ saat'; the time range never breaks", async () => {
    slots = [{ ...slot('2026-11-20', '12:00'), endTime: '12:30', price: 750 }];
    await toForm(userEvent.setup(), '12:00–12:30, ₺750, 30 dk, müsait');
    const price = document.querySelector('[data-summary-price]')!;
    expect(price.textContent).toBe('₺750 · 30 dakika');
    expect(price.textContent).not.toContain('saat');
    expect(document.querySelector('[data-summary-time]')!.className).toContain('whitespace-nowrap');
  });
});

describe('booking form rules (behaviour.md#validation), shown on submit, cleared when the field is edited', () => {
  it('an empty form: name and phone are required, nothing is sent', async () => {
    const u = await toForm();
    await submit(u);
    expect(await screen.findByText(msg.nameRequired)).toBeTruthy();
    expect(screen.getByText(msg.phoneRequired)).toBeTruthy();
    expect(posts()).toHaveLength(0);
    // The first field with an error gets focus.
    await waitFor(() => expect(document.activeElement).toBe(field('Ad Soyad')));
  });

  it('a short name, a wrong phone and an e-mail without @ each get their own message', async () => {
    const u = await toForm();
    await u.type(field('Ad Soyad'), ' A ');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '0212 123 45 67');
    await u.type(field('E-posta'), 'ayse.example.com');
    await submit(u);
    expect(await screen.findByText(msg.nameTooShort)).toBeTruthy();
    expect(screen.getByText(msg.phoneInvalid)).toBeTruthy();
    expect(screen.getByText(msg.customerEmailInvalid)).toBeTruthy();
    expect(msg.phoneInvalid).toBe('Geçerli bir telefon numarası girin (05XX XXX XX XX)');
    expect(posts()).toHaveLength(0);

    await u.type(field('Ad Soyad'), 'yşe');
    expect(screen.queryByText(msg.nameTooShort)).toBeNull();
    expect(screen.getByText(msg.phoneInvalid)).toBeTruthy();
  });

  it('transport ticked without a pickup point asks for one; choosing one clears it', async () => {
    const u = await toForm();
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
    await u.click(screen.getByRole('checkbox', { name: /Servis hizmeti istiyorum/ }));
    await submit(u);
    expect(await screen.findByText('Ulaşım hizmeti seçtiniz, lütfen bir alış noktası seçin')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    await u.click(screen.getByRole('radio', { name: /Beşevler Metro/ }));
    expect(screen.queryByText(msg.pickupPointRequired)).toBeNull();
  });

  it('the total is the price, plus the transport price when ticked', async () => {
    const u = await toForm();
    const total = () => document.querySelector('[data-total-amount]')!.textContent;
    expect(total()).toBe('₺1.500');
    await u.click(screen.getByRole('checkbox', { name: /Servis hizmeti istiyorum/ }));
    expect(total()).toBe('₺1.550');
    await u.click(screen.getByRole('checkbox', { name: /Servis hizmeti istiyorum/ }));
    expect(total()).toBe('₺1.500');
  });

  it('a slot that has started by submit time: toast, back to the calendar, nothing sent', async () => {
    // Chosen at 10:00; the 10:30 slot begins while the form is filled (its timer frozen, as in a background tab).
    slots = [slot('2026-11-18', '10:30'), slot('2026-11-18', '20:00')];
    const u = await toForm(undefined, '10:30–11:00, ₺1.500, 30 dk, müsait');
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
    vi.setSystemTime(new Date('2026-11-18T07:31:00Z'));
    await submit(u);
    expect(
      await screen.findByText('Geçmiş tarih ve saatlere rezervasyon yapılamaz. Lütfen güncel bir slot seçin.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});

describe('creating the booking and the confirmation (behaviour.md#public-site Confirmation)', () => {
  async function book(u: ReturnType<typeof userEvent.setup>, transport = true) {
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
    await u.type(field('Notlar'), '10 kişiyiz');
    if (transport) {
      await u.click(screen.getByRole('checkbox', { name: /Servis hizmeti istiyorum/ }));
      await u.click(screen.getByRole('radio', { name: /Görükle Kampüs Kapısı/ }));
    }
    await submit(u);
  }

  it('sends the pitch, the slot and the form, then shows the number, the deposit box and the next steps', async () => {
    const u = await toForm();
    await book(u);
    expect((await screen.findByRole('heading', { name: 'Rezervasyonunuz alındı' })) === document.activeElement).toBe(
      true,
    );
    const [post] = posts();
    expect(post.path).toBe('/api/bookings');
    expect(post.body).toMatchObject({
      facility: 'fac-doc',
      bookingSlot: '2026-11-20-20:00',
      customerName: 'Ayşe Yılmaz',
      customerPhone: '0532 123 45 67',
      notes: '10 kişiyiz',
      includesTransportation: true,
      transportationDetails: {
        pickupPointId: 'pp1',
        pickupPointName: 'Görükle Kampüs Kapısı',
        pickupPointAddress: 'Görükle',
      },
    });
    expect(typeof post.body!.clientTimestamp).toBe('string');
    expect(post.body!.clientTimezone).toBeTruthy();

    expect(document.querySelector('[data-booking-number]')!.textContent).toBe(NUMBER);
    const deposit = screen.getByRole('region', { name: 'Kapora: ₺300' });
    expect(within(deposit).getByText('Garanti BBVA')).toBeTruthy();
    expect(within(deposit).getByText('Nilüfer Arena Ltd.')).toBeTruthy();
    expect(within(deposit).getByText('TR33 0006 1005 1978 6457 8413 26')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sonraki adımlar' })).toBeTruthy();
    // The number never goes into the address: the link hands it to tracking in the tab (docs/behaviour.md#public-site 'Tracking').
    const track = screen.getByRole('link', { name: 'Rezervasyonu Takip Et' });
    expect(track.getAttribute('href')).toBe('/rezervasyon-takip');
    track.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(track);
    expect(sessionStorage.getItem('hs:takip')).toContain(NUMBER);
    expect(screen.getByRole('link', { name: 'Ana Sayfa' }).getAttribute('href')).toBe('/');

    // 'Yeni Rezervasyon' returns to slot selection with fresh slots.
    const gets = calls.filter((c) => c.method === 'GET').length;
    await u.click(screen.getByRole('button', { name: 'Yeni Rezervasyon' }));
    expect(await screen.findByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBe(gets + 1));
  });

  it("'Yeni Rezervasyon' shows the slot just booked as Beklemede before the refetch answers", async () => {
    const u = await toForm();
    await book(u);
    await screen.findByRole('heading', { name: 'Rezervasyonunuz alındı' });
    let open!: () => void;
    slotsGate = new Promise((resolve) => (open = resolve));
    await u.click(screen.getByRole('button', { name: 'Yeni Rezervasyon' }));
    const mine = await screen.findByRole('button', { name: '20:00–21:00, Beklemede' });
    // Taken: a tap opens 'Boşalınca haber ver' under it (docs/behaviour.md#waitlist), never the booking form.
    expect(mine.getAttribute('aria-expanded')).toBe('false');
    expect(mine.getAttribute('data-state')).toBe('pending');
    expect(screen.getByRole('button', { name: '21:00–22:00, ₺1.500, müsait' }).hasAttribute('disabled')).toBe(false);
    open();
  });

  it('no deposit box for a subscriber, nor when the deposit is 0', async () => {
    onPost = () => [201, { data: created({ isSubscriber: true, depositAmount: 0 }), meta: {} }];
    const u = await toForm();
    await book(u, false);
    await screen.findByRole('heading', { name: 'Rezervasyonunuz alındı' });
    expect(document.querySelector('[data-deposit]')).toBeNull();
    expect(screen.getByText('Abone olduğunuz için kapora ödemeniz gerekmez.')).toBeTruthy();
  });

  it('copying the number shows "Kopyalandı" for exactly 2 s; a failed copy stays silent', async () => {
    const u = await toForm();
    await book(u, false);
    await screen.findByRole('heading', { name: 'Rezervasyonunuz alındı' });
    const copy = screen.getByRole('button', { name: 'Rezervasyon numarasını kopyala' });

    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: NOW });
    fireEvent.click(copy);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(await navigator.clipboard.readText()).toBe(NUMBER);
    expect(copy.textContent).toContain('Kopyalandı');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(copy.textContent).toContain('Kopyalandı');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(copy.textContent).not.toContain('Kopyalandı');

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    fireEvent.click(copy);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(copy.textContent).not.toContain('Kopyalandı');
    expect($toasts.get()).toHaveLength(0);
  });

  it('a creation error is an error toast with the server message, or the fallback text', async () => {
    onPost = () => apiError(400, msg.pickupPointInvalid);
    const u = await toForm();
    await book(u, false);
    expect(await screen.findByText(msg.pickupPointInvalid)).toBeTruthy();
    expect($toasts.get()[0]).toMatchObject({ kind: 'error', title: msg.pickupPointInvalid });
    expect(screen.getByRole('heading', { name: 'Bilgiler' })).toBeTruthy();

    $toasts.set([]);
    onPost = () => [500, {}];
    await submit(u);
    expect(await screen.findByText('Rezervasyon oluşturulurken bir hata oluştu')).toBeTruthy();

    $toasts.set([]);
    onPost = () => [201, { data: created({ bookingNumber: undefined }), meta: {} }];
    await submit(u);
    expect(await screen.findByText('Booking number not received')).toBeTruthy();
  });

  it('a slot taken meanwhile: the toast says so and the visitor is back on the calendar', async () => {
    onPost = () => apiError(409, msg.slotTaken, { slot: '2026-11-20-20:00' });
    const u = await toForm();
    await book(u, false);
    expect(await screen.findByText(msg.slotTaken)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
  });
});
