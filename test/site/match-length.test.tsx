import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../../contracts/messages';
import BookingFlow from '../../site/src/islands/BookingFlow';
import type { BookingFacility, Slot } from '../../site/src/stores/booking';
import { $slots, lengthChoice } from '../../site/src/stores/booking';
import { $toasts } from '../../site/src/stores/toast';
import { bookingFacility } from './fixtures/booking';

// Wednesday 18 November 2026, 10:00 in Istanbul; the week on screen runs Sunday 15 … Saturday 21.
const NOW = new Date('2026-11-18T07:00:00Z');
const DAY = '2026-11-20';

/** A half-hourly pitch offering 60, 90 and 120 minutes (docs/behaviour.md#match-length), 400 TL of deposit per hour. */
const lengthPitch = (overrides: Partial<BookingFacility> = {}) =>
  bookingFacility({
    bookingTimeType: 'half-hourly',
    startTimeOffset: 'full_hour',
    matchLengths: [60, 90, 120],
    halfHourStarts: true,
    depositPerHour: true,
    depositAmount: 400,
    ...overrides,
  });

const pad = (n: number) => String(n).padStart(2, '0');
function half(start: string, state: Slot['state'] = 'available', price = 750): Slot {
  const [h, m] = start.split(':').map(Number);
  const end = h * 60 + m + 30;
  return {
    id: h * 100 + m,
    documentId: `${DAY}-${start}`,
    date: DAY,
    startTime: start,
    endTime: `${pad(Math.floor(end / 60) % 24)}:${pad(end % 60)}`,
    startsAt: new Date(`${DAY}T${start}:00+03:00`).toISOString(),
    price,
    isAvailable: state === 'available',
    isPending: state === 'pending',
    isPast: false,
    state,
    booking: state === 'pending' ? { customerName: 'Zeynep', status: 'pending', isSubscriber: false } : null,
  };
}

let slots: Slot[] = [];
let posted: Record<string, unknown>[] = [];

function mockApi() {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      if (req.method === 'GET') {
        const { from = '', to = '' } = Object.fromEntries(url.searchParams);
        const body = { data: { slots: slots.filter((s) => s.date >= from && s.date <= to), asOf: 0 }, meta: {} };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      posted.push(await req.json());
      const booking = {
        bookingNumber: 'HSRK7M2P9QXA',
        customerName: 'Ayşe Yılmaz',
        status: 'pending',
        totalPrice: 2250,
        depositAmount: 600,
        isSubscriber: false,
        date: DAY,
        startTime: '20:00',
        endTime: '21:30',
        duration: 90,
        startsAt: '2026-11-20T17:00:00.000Z',
        includesTransportation: false,
        addons: [],
        facility: { name: 'Nilüfer Arena', slug: 'nilufer' },
      };
      return new Response(JSON.stringify({ data: booking, meta: {} }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

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
    import('../../site/src/components/booking/LengthChooser'),
  ]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.history.replaceState(null, '', '/saha/nilufer');
  sessionStorage.clear();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  // 20:00 … 22:30 free in half hours, except 21:30 (taken): from 20:00 an hour and an hour and a half fit, two do not.
  slots = ['20:00', '20:30', '21:00', '21:30', '22:00', '22:30'].map((t) =>
    half(t, t === '21:30' ? 'pending' : undefined),
  );
  slots[2] = { ...slots[2], price: 900 };
  mockApi();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const chooser = () => document.querySelector<HTMLElement>('[data-length-chooser]');
const radio = (name: RegExp) => within(chooser()!).getByRole('radio', { name }) as HTMLInputElement;
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
async function travel(direction: 'back' | 'forward') {
  await act(async () => {
    const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    if (direction === 'back') history.back();
    else history.forward();
    await moved;
  });
}

async function tapEight(facility = lengthPitch()) {
  const u = userEvent.setup();
  render(<BookingFlow facility={facility} />);
  await u.click(await screen.findByRole('button', { name: /^20:00–20:30, ₺750, 30 dk/ }));
  await waitFor(() => expect(chooser()).not.toBeNull());
  return u;
}

describe('the lengths from a tapped start (docs/behaviour.md#match-length)', () => {
  it('offers the lengths that fit with their summed price; one that does not is disabled with why', async () => {
    await tapEight();
    expect(screen.getByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    const group = within(chooser()!).getByRole('group', { name: 'Maç süresi · 20:00 başlangıç' });
    expect(group).toBeTruthy();
    // The shortest that fits is chosen first.
    expect(radio(/^1 saat/).checked).toBe(true);
    expect(radio(/^1 saat/).closest('label')!.textContent).toContain('20:00–21:00 · ₺1.500');
    // 20:00 + 20:30 + 21:00 (900) = 2.400.
    expect(radio(/^1,5 saat/).closest('label')!.textContent).toContain('20:00–21:30 · ₺2.400');
    const two = radio(/^2 saat/);
    expect(two.disabled).toBe(true);
    expect(two.closest('label')!.textContent).toContain('21:30 dolu');
  });

  it('the chosen range is highlighted over the covered slots', async () => {
    const u = await tapEight();
    await u.click(radio(/^1,5 saat/));
    const state = (t: string) => document.querySelector(`[data-start="${t}"]`)!.getAttribute('data-state');
    expect(state('20:00')).toBe('selected');
    expect(state('20:30')).toBe('covered');
    expect(state('21:00')).toBe('covered');
    expect(state('22:00')).toBe('available');
    expect(screen.getByRole('button', { name: '20:30–21:00, maça dahil, ₺750, 30 dk' })).toBeTruthy();
  });

  it('the form shows the range, the length, the summed price and the deposit per hour; the booking posts its duration', async () => {
    const u = await tapEight();
    await u.click(radio(/^1,5 saat/));
    await u.click(within(chooser()!).getByRole('button', { name: 'Devam Et · 20:00–21:30' }));
    await screen.findByRole('heading', { name: 'Bilgiler' });
    expect(document.querySelector('[data-summary-time]')!.textContent).toBe('20:00–21:30');
    expect(document.querySelector('[data-summary-length]')!.textContent).toBe('1,5 saat');
    expect(document.querySelector('[data-total-field]')!.textContent).toBe('₺2.400');
    expect(document.querySelector('[data-total-amount]')!.textContent).toBe('₺2.400');
    // 400 TL an hour for an hour and a half.
    expect(document.querySelector('[data-total-deposit]')!.textContent).toContain('₺600 kapora');
    expect(history.state).toEqual({ hs: 2, slot: `${DAY}-20:00`, sure: 90 });

    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
    await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
    await screen.findByRole('heading', { name: 'Rezervasyonunuz alındı' });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ bookingSlot: `${DAY}-20:00`, duration: 90 });
    const confirmation = document.querySelector('[data-booking-step="3"]')!;
    expect(confirmation.textContent).toContain('20:00–21:30');
    expect(confirmation.textContent).toContain('1,5 saat');
    // Every covered slot is taken at once in the page's own copy.
    const own = $slots.get()[DAY];
    expect(own.slice(0, 3).map((s) => s.state)).toEqual(['pending', 'pending', 'pending']);
    expect(own[4].state).toBe('available');
  });

  it('Back keeps the start and the length on the calendar; Forward returns to the form with them', async () => {
    const u = await tapEight();
    await u.click(radio(/^1,5 saat/));
    await u.click(within(chooser()!).getByRole('button', { name: /^Devam Et/ }));
    await screen.findByRole('heading', { name: 'Bilgiler' });
    await u.type(field('Ad Soyad'), 'Ayşe Yılmaz');

    await travel('back');
    expect(await screen.findByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    await waitFor(() => expect(chooser()).not.toBeNull());
    expect(radio(/^1,5 saat/).checked).toBe(true);

    // Another length on the calendar, then Forward: the entry's own length (the form that was left) comes back.
    await u.click(radio(/^1 saat/));
    await travel('forward');
    expect(await screen.findByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
    expect(document.querySelector('[data-summary-time]')!.textContent).toBe('20:00–21:30');
    expect(field('Ad Soyad').value).toBe('Ayşe Yılmaz');
  });

  it('a covered slot taken elsewhere while the form is open: the same notice as for the start', async () => {
    const u = await tapEight();
    await u.click(radio(/^1,5 saat/));
    await u.click(within(chooser()!).getByRole('button', { name: /^Devam Et/ }));
    await screen.findByRole('heading', { name: 'Bilgiler' });
    const ws = lastSocket();
    ws.open();
    // A slot the match does not cover changes nothing.
    ws.push({ type: 'slot', facility: 'fac-doc', slot: half('22:00', 'pending') });
    expect(document.querySelector('[data-slot-gone]')).toBeNull();
    ws.push({ type: 'slot', facility: 'fac-doc', slot: half('21:00', 'pending', 900) });
    await waitFor(() => expect(document.querySelector('[data-slot-gone]')).not.toBeNull());
    const notice = document.querySelector('[data-slot-gone]')!;
    expect(notice.getAttribute('data-slot-gone')).toBe('taken');
    expect(notice.textContent).toContain(msg.slotTaken);
  });

  it('a half-hour start on a pitch whose matches start on the hour: said why, nothing to continue with', async () => {
    const u = userEvent.setup();
    render(<BookingFlow facility={lengthPitch({ halfHourStarts: false })} />);
    await u.click(await screen.findByRole('button', { name: /^20:30–21:00, ₺750, 30 dk/ }));
    await waitFor(() => expect(chooser()).not.toBeNull());
    expect(chooser()!.querySelector('[data-length-problem]')!.textContent).toContain('tam saatlerde');
    expect(
      within(chooser()!)
        .getAllByRole('radio')
        .every((r) => (r as HTMLInputElement).disabled),
    ).toBe(true);
    expect((within(chooser()!).getByRole('button', { name: 'Devam Et' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a pitch offering one length books as always: no chooser, the form at once, the entry as before', async () => {
    const u = userEvent.setup();
    render(<BookingFlow facility={lengthPitch({ matchLengths: [30], depositPerHour: false })} />);
    await u.click(await screen.findByRole('button', { name: /^20:00–20:30, ₺750, 30 dk/ }));
    await screen.findByRole('heading', { name: 'Bilgiler' });
    expect(chooser()).toBeNull();
    expect(history.state).toEqual({ hs: 2, slot: `${DAY}-20:00` });
    expect(document.querySelector('[data-summary-length]')!.textContent).toBe('30 dakika');
    expect(document.querySelector('[data-total-deposit]')!.textContent).toContain('₺400 kapora');
  });
});

describe("a start found by 'Boş saat bul' with a length (#gun=&slot=&sure=)", () => {
  it('opens the form for that length while it fits there', async () => {
    window.history.replaceState(null, '', `/saha/nilufer#gun=${DAY}&slot=${DAY}-20:00&sure=90`);
    render(<BookingFlow facility={lengthPitch()} />);
    await screen.findByRole('heading', { name: 'Bilgiler' });
    expect(document.querySelector('[data-summary-time]')!.textContent).toBe('20:00–21:30');
    expect(history.state).toEqual({ hs: 2, slot: `${DAY}-20:00`, sure: 90 });
  });

  it("without a length ('Farketmez'): the form at once for the shortest that fits", async () => {
    window.history.replaceState(null, '', `/saha/nilufer#gun=${DAY}&slot=${DAY}-20:00`);
    render(<BookingFlow facility={lengthPitch()} />);
    await screen.findByRole('heading', { name: 'Bilgiler' });
    expect(document.querySelector('[data-summary-time]')!.textContent).toBe('20:00–21:00');
    expect(history.state).toEqual({ hs: 2, slot: `${DAY}-20:00`, sure: 60 });
  });

  it('a length that no longer fits: said so, the start chosen with the lengths that do', async () => {
    window.history.replaceState(null, '', `/saha/nilufer#gun=${DAY}&slot=${DAY}-20:00&sure=120`);
    render(<BookingFlow facility={lengthPitch()} />);
    await waitFor(() => expect(chooser()).not.toBeNull());
    expect(screen.getByRole('heading', { name: 'Saat Seçimi' })).toBeTruthy();
    expect(radio(/^1 saat/).checked).toBe(true);
    expect($toasts.get().map((t) => t.title)).toContain(
      'Seçtiğiniz süre bu saatten artık sığmıyor: sığan sürelerden birini seçin.',
    );
  });
});

describe('lengthChoice', () => {
  it('a length running past the last slot does not fit: the pitch closes', () => {
    const choice = lengthChoice(lengthPitch(), half('22:00'), { [DAY]: [half('22:00'), half('22:30')] }, NOW.getTime());
    expect(choice.options.map((o) => [o.minutes, o.fits, o.why])).toEqual([
      [60, true, null],
      [90, false, 'Kapanış saatine sığmıyor'],
      [120, false, 'Kapanış saatine sığmıyor'],
    ]);
  });
});
