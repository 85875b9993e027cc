import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../../contracts/messages';
import BookingFlow from '../../site/src/islands/BookingFlow';
import type { Slot } from '../../site/src/stores/booking';
import { $toasts } from '../../site/src/stores/toast';
import { bookingFacility } from './fixtures/booking';

// Wednesday 18 November 2026, 10:00 in Istanbul: the week on screen runs Sunday 15 … Saturday 21.
const NOW = new Date('2026-11-18T07:00:00Z');
const NUMBER = 'HSRK7M2P9QXA';
const facility = bookingFacility();

function slot(date: string, start: string, state: Slot['state'] = 'available'): Slot {
  const h = Number(start.slice(0, 2));
  return {
    id: h * 100 + Number(start.slice(3)),
    documentId: `${date}-${start}`,
    date,
    startTime: start,
    endTime: `${String(h + 1).padStart(2, '0')}:${start.slice(3)}`,
    startsAt: new Date(`${date}T${start}:00+03:00`).toISOString(),
    price: 1500,
    isAvailable: state === 'available',
    isPending: state === 'pending',
    isPast: state === 'past',
    state,
    booking: state === 'pending' ? { customerName: 'Zeynep', status: 'pending', isSubscriber: false } : null,
  };
}

type Call = { method: string; path: string };
let calls: Call[] = [];
let slots: Slot[] = [];
/** 'offline': the request never reaches a server (fetch rejects with a TypeError, as a browser's does). */
let onPost: () => [number, unknown] | 'offline' = () => [201, { data: created(), meta: {} }];

function created() {
  return {
    bookingNumber: NUMBER,
    customerName: 'Ayşe Yılmaz',
    status: 'pending',
    totalPrice: 1500,
    depositAmount: 300,
    isSubscriber: false,
    date: '2026-11-20',
    startTime: '20:00',
    endTime: '21:00',
    startsAt: '2026-11-20T17:00:00.000Z',
    includesTransportation: false,
    facility: { name: 'Nilüfer Arena', slug: 'nilufer' },
  };
}

function mockApi() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      calls.push({ method: req.method, path: url.pathname });
      if (req.method === 'GET') {
        const { from = '', to = '' } = Object.fromEntries(url.searchParams);
        const body = { data: { slots: slots.filter((s) => s.date >= from && s.date <= to), asOf: 0 }, meta: {} };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      const reply = onPost();
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply[1]), {
        status: reply[0],
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}
const posts = () => calls.filter((c) => c.method === 'POST');

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.closed = true;
  }
  open() {
    act(() => this.onopen?.());
  }
  push(event: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }
}
const lastSocket = () => FakeSocket.all[FakeSocket.all.length - 1];

beforeAll(async () => {
  await Promise.all([
    import('../../site/src/components/booking/BookingForm'),
    import('../../site/src/components/booking/Confirmation'),
  ]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.history.replaceState(null, '', '/saha/nilufer');
  sessionStorage.clear();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  slots = [slot('2026-11-20', '20:00'), slot('2026-11-20', '21:00')];
  onPost = () => [201, { data: created(), meta: {} }];
  mockApi();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

/** The notice on the form (the toasts' live region is an alert too, always present). */
const gone = () => document.querySelector<HTMLElement>('[data-slot-gone]');
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
async function toForm(u = userEvent.setup(), name = '20:00–21:00, ₺1.500, müsait') {
  render(<BookingFlow facility={facility} />);
  await u.click(await screen.findByRole('button', { name }));
  await screen.findByRole('heading', { name: 'Bilgiler' });
  return u;
}
/** The browser's Back or Forward: the history moves and the page hears a popstate. */
async function travel(direction: 'back' | 'forward') {
  await act(async () => {
    const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    if (direction === 'back') history.back();
    else history.forward();
    await moved;
  });
}

describe('the steps are history entries (behaviour.md#public-site)', () => {
  it('Back on the form returns to the calendar with the slot chosen; Forward returns to the form with what was typed', async () => {
    const u = await toForm();
    expect(history.state).toEqual({ hs: 2, slot: '2026-11-20-20:00' });
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    await u.type(field('Notlar'), '10 kişiyiz');

    await travel('back');
    expect(await screen.findByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '20:00–21:00, ₺1.500, seçili' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await travel('forward');
    expect(await screen.findByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
    expect(field('Ad Soyad').value).toBe('Ayşe Yılmaz');
    expect(field('Notlar').value).toBe('10 kişiyiz');
    expect(document.querySelector('[data-summary-time]')!.textContent).toBe('20:00–21:00');
  });

  it("'Saati Değiştir' is the Back of the history: Forward still brings the form back", async () => {
    const u = await toForm();
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    await u.click(screen.getByRole('button', { name: 'Saati Değiştir' }));
    expect(await screen.findByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    await act(async () => {
      await moved;
    });
    await travel('forward');
    expect(await screen.findByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
    expect(field('Ad Soyad').value).toBe('Ayşe Yılmaz');
  });

  it('after booking, Back leads to the calendar and Forward shows the confirmation again without sending twice', async () => {
    const u = await toForm();
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
    await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
    await screen.findByRole('heading', { name: 'Rezervasyonunuz alındı' });
    expect(history.state).toEqual({ hs: 3 });
    // The live channel follows the calendar and the form, not the confirmation.
    expect(lastSocket().closed).toBe(true);

    await travel('back');
    expect(await screen.findByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    await travel('forward');
    expect(await screen.findByRole('heading', { name: 'Rezervasyonunuz alındı' })).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it('a reload on the form starts again from the calendar, and its entry becomes the calendar', async () => {
    window.history.replaceState({ hs: 2, slot: '2026-11-20-20:00' }, '');
    render(<BookingFlow facility={facility} />);
    expect(await screen.findByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    expect(history.state).toEqual({ hs: 1 });
  });
});

describe('the form is told at once when its slot goes (behaviour.md#public-site)', () => {
  it('a slot taken elsewhere while the form is open: a notice on the form, the typed text kept, a way back', async () => {
    const u = await toForm();
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    const ws = lastSocket();
    expect(ws.closed).toBe(false);
    ws.open();
    ws.push({ type: 'slot', facility: 'fac-doc', slot: slot('2026-11-20', '20:00', 'pending') });
    await waitFor(() => expect(gone()).not.toBeNull());
    const alert = gone()!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(msg.slotTaken);
    expect(alert.getAttribute('data-slot-gone')).toBe('taken');
    expect(field('Ad Soyad').value).toBe('Ayşe Yılmaz');
    expect(posts()).toHaveLength(0);

    await u.click(within(alert).getByRole('button', { name: 'Başka Saat Seç' }));
    expect(await screen.findByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '20:00–21:00, Beklemede' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '21:00–22:00, ₺1.500, müsait' }));
    expect(field('Ad Soyad').value).toBe('Ayşe Yılmaz');
    expect(gone()).toBeNull();
  });

  it("the live event of this form's own booking, arriving before the answer, is not told as taken", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    onPost = () => [201, { data: created(), meta: {} }];
    const u = await toForm();
    lastSocket().open();
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
    const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn<typeof fetch>>;
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((input instanceof Request ? input.method : init?.method) === 'POST') await answered;
      return real(input, init);
    });
    await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
    lastSocket().push({ type: 'slot', facility: 'fac-doc', slot: slot('2026-11-20', '20:00', 'pending') });
    expect(gone()).toBeNull();
    answer();
    expect(await screen.findByRole('heading', { name: 'Rezervasyonunuz alındı' })).toBeTruthy();
  });

  it('a slot whose start passes while the form is open: the notice says so (a timer at its start, no polling)', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: NOW });
    slots = [slot('2026-11-18', '10:30'), slot('2026-11-18', '20:00')];
    render(<BookingFlow facility={facility} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    act(() => screen.getByRole('button', { name: '10:30–11:30, ₺1.500, müsait' }).click());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
    expect(gone()).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29 * 60_000);
    });
    expect(gone()).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    const alert = gone()!;
    expect(alert.getAttribute('data-slot-gone')).toBe('started');
    expect(alert.textContent).toContain(msg.pastSlot);
  });
});

describe('a slot turns past on the calendar when its start passes, without a reload (behaviour.md#public-site)', () => {
  it('at its start, by one timer', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: NOW });
    slots = [slot('2026-11-18', '10:30'), slot('2026-11-18', '11:30'), slot('2026-11-18', '20:00')];
    render(<BookingFlow facility={facility} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    const gets = calls.length;
    expect(screen.getByRole('button', { name: '10:30–11:30, ₺1.500, müsait' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30 * 60_000 + 100);
    });
    const past = screen.getByRole('button', { name: '10:30–11:30, Geçti' }) as HTMLButtonElement;
    expect(past.disabled).toBe(true);
    expect(screen.getByRole('button', { name: '11:30–12:30, ₺1.500, müsait' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60 * 60_000);
    });
    expect(screen.getByRole('button', { name: '11:30–12:30, Geçti' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '20:00–21:00, ₺1.500, müsait' })).toBeTruthy();
    // No request was needed for it.
    expect(calls.length).toBe(gets);
  });

  it('a tab back in view checks at once (a phone freezes the timers of a tab in the background)', async () => {
    slots = [slot('2026-11-18', '10:30'), slot('2026-11-18', '20:00')];
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: '10:30–11:30, ₺1.500, müsait' });
    // Only the clock moves (the timer is frozen): back in view, the slot has passed.
    vi.setSystemTime(new Date('2026-11-18T07:45:00Z'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('button', { name: '10:30–11:30, Geçti' })).toBeTruthy();
  });

  it("on a phone the day's started hours fold into one line above the first bookable one", async () => {
    slots = [slot('2026-11-18', '08:00', 'past'), slot('2026-11-18', '09:00', 'past'), slot('2026-11-18', '20:00')];
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    const line = document.querySelector('[data-started-hours]')!;
    expect(line.textContent).toBe('Geçti: 08:00–10:00');
    expect(line.className).toContain('lg:hidden');
    const item = (name: string) => screen.getByRole('button', { name }).closest('li')!;
    expect(item('08:00–09:00, Geçti').className).toContain('max-lg:hidden');
    expect(item('20:00–21:00, ₺1.500, müsait').className).not.toContain('hidden');
  });

  it("the desktop week folds the days already over into one narrow first column, not 'Geçmiş gün' columns", async () => {
    slots = [slot('2026-11-18', '20:00'), slot('2026-11-19', '21:00')];
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    const line = document.querySelector('[data-past-days]')!;
    expect(line.textContent).toBe('15–17 Kasım 2026: geçmiş günler');
    expect(line.className).not.toContain('lg:hidden');
    expect(screen.queryByText('Geçmiş gün')).toBeNull();
    expect(document.querySelectorAll('[data-day]')).toHaveLength(4);
    const grid = line.parentElement!;
    expect(grid.className).toContain('lg:grid-cols-[minmax(0,7rem)_repeat(var(--open-days),minmax(0,1fr))]');
    expect(grid.style.getPropertyValue('--open-days')).toBe('4');
  });

  it('today joins the folded days once every one of its hours has started; a closed today does not', async () => {
    slots = [slot('2026-11-18', '08:00', 'past'), slot('2026-11-18', '09:00', 'pending'), slot('2026-11-19', '20:00')];
    const { unmount } = render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    expect(document.querySelector('[data-past-days]')!.textContent).toBe('15–18 Kasım 2026: geçmiş günler');
    expect(document.querySelector('[data-day="2026-11-18"]')).toBeNull();
    unmount();

    slots = [slot('2026-11-19', '20:00')];
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    expect(document.querySelector('[data-past-days]')!.textContent).toBe('15–17 Kasım 2026: geçmiş günler');
    expect(document.querySelector('[data-day="2026-11-18"]')!.textContent).toContain(
      'Bu tarihte uygun saat bulunmuyor.',
    );
  });
});

describe('sending offline (behaviour.md#error-messages)', () => {
  it('says the connection is down and keeps what was typed, whether the browser knows it is offline or not', async () => {
    const u = await toForm();
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');

    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
    expect(await screen.findByText(msg.networkDown)).toBeTruthy();
    expect(msg.networkDown).toContain('İnternet bağlantınızı kontrol edin');
    expect(posts()).toHaveLength(0);
    online.mockRestore();

    // The browser thinks it is online, but the request never arrives.
    $toasts.set([]);
    onPost = () => 'offline';
    await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
    await waitFor(() => expect($toasts.get()[0]).toMatchObject({ kind: 'error', title: msg.networkDown }));
    expect(screen.getByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
    expect(field('Ad Soyad').value).toBe('Ayşe Yılmaz');
    expect((screen.getByRole('textbox', { name: /^Telefon/ }) as HTMLInputElement).value).toBe('0532 123 45 67');
  });
});
