import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WeeklyCalendar from '../../site/src/islands/WeeklyCalendar';
import { $toasts } from '../../site/src/stores/toast';
import type { CalendarSlot } from '../../site/src/stores/weekly-calendar';
import { labelInNameBreaches } from './fixtures/label-in-name';
import { type Call, detail, mockApi, type Reply } from './fixtures/panel-booking';

// Wednesday 18 November 2026, 10:00 in Istanbul: the week on screen runs Monday 16 … Sunday 22 November.
const NOW = new Date('2026-11-18T07:00:00Z');

const FACILITIES = [
  { id: 1, documentId: 'fac-nilufer', slug: 'nilufer', name: 'Nilüfer Arena', isActive: true, workingHours: {} },
  { id: 2, documentId: 'fac-osmangazi', slug: 'osmangazi', name: 'Osmangazi Spor', isActive: false, workingHours: {} },
];

type SlotBooking = NonNullable<CalendarSlot['booking']>;
let nextId = 1;
/** A slot as GET …/calendar sends it; `overnight` puts its real start on the next calendar day (behaviour.md#time-money-and-identity). */
function slot(
  date: string,
  start: string,
  booking: Partial<SlotBooking> | null = null,
  opts: { overnight?: boolean; price?: number } = {},
): CalendarSlot {
  const id = nextId++;
  const h = Number(start.slice(0, 2));
  const startsAt = new Date(Date.parse(`${date}T${start}:00+03:00`) + (opts.overnight ? 86_400_000 : 0)).toISOString();
  const isPast = Date.parse(startsAt) <= NOW.getTime();
  const b: SlotBooking | null = booking
    ? ({
        documentId: `bk-${date}-${start.replace(':', '')}`,
        bookingNumber: 'HSRK7M2P9QX',
        customerName: 'Ahmet Yılmaz',
        customerPhone: '05321234567',
        status: 'approved',
        paymentStatus: 'pending',
        isSubscriber: false,
        includesTransportation: false,
        ...booking,
      } as SlotBooking)
    : null;
  return {
    id,
    documentId: `${date}-${start}`,
    date,
    startTime: start,
    endTime: `${String((h + 1) % 24).padStart(2, '0')}:${start.slice(3)}`,
    price: opts.price ?? 1500,
    isAvailable: !b && !isPast,
    isPending: b?.status === 'pending',
    isPast,
    startsAt,
    state: b
      ? b.isSubscriber
        ? 'subscriber'
        : b.status === 'pending'
          ? 'pending'
          : 'booked'
      : isPast
        ? 'past'
        : 'available',
    booking: b,
  } as CalendarSlot;
}

/** Nilüfer's week: a past morning, the four states tonight, a shuttle, and an overnight Tuesday. */
const nilufer = (): CalendarSlot[] => [
  slot('2026-11-17', '22:00', { customerName: 'Kemal Sunal' }),
  slot('2026-11-17', '23:00'),
  slot('2026-11-17', '00:00', null, { overnight: true }),
  slot('2026-11-18', '08:00'),
  slot('2026-11-18', '20:00', { customerName: 'Ahmet Yılmaz', status: 'approved' }),
  slot('2026-11-18', '21:00', { customerName: 'Mehmet Can Demir', status: 'pending', includesTransportation: true }),
  slot('2026-11-18', '22:00', { customerName: 'Emre Aydın', status: 'approved', isSubscriber: true }),
  slot('2026-11-18', '23:00'),
  slot('2026-11-18', '01:00', null, { overnight: true }),
  slot('2026-11-20', '20:00'),
];
const osmangazi = (): CalendarSlot[] => [
  slot('2026-11-19', '18:00', null, { price: 1200 }),
  slot('2026-11-26', '18:00', null, { price: 1200 }),
];

let calls: Call[] = [];
let weekOf: (ref: string, from: string) => CalendarSlot[] | 'fail' | Promise<CalendarSlot[]>;
let bookingStatus = 'pending';

function answer(c: Call): Reply | Promise<Reply> {
  if (c.path === '/api/facilities/all')
    return [200, { data: FACILITIES, meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } } }];
  const cal = c.path.match(/^\/api\/facilities\/([^/]+)\/calendar$/);
  if (cal) {
    const reply = (slots: CalendarSlot[]): Reply => {
      const f = FACILITIES.find((x) => x.slug === cal[1])!;
      const inWeek = slots.filter((s) => s.date >= c.query.from && s.date <= c.query.to);
      return [
        200,
        {
          data: {
            facility: { documentId: f.documentId, slug: f.slug, name: f.name, workingHours: {} },
            from: c.query.from,
            to: c.query.to,
            slots: inWeek,
          },
          meta: {},
        },
      ];
    };
    const result = weekOf(cal[1], c.query.from);
    if (result === 'fail')
      return [
        500,
        { data: null, error: { status: 500, name: 'ApplicationError', message: 'Bir hata oluştu', details: {} } },
      ];
    return result instanceof Promise ? result.then(reply) : reply(result);
  }
  const approve = c.path.match(/^\/api\/bookings\/([^/]+)\/approve$/);
  if (approve) {
    bookingStatus = 'approved';
    return [200, { data: detail({ documentId: approve[1], status: 'approved' }) }];
  }
  const one = c.path.match(/^\/api\/bookings\/([^/]+)$/);
  if (one)
    return [
      200,
      { data: detail({ documentId: one[1], customerName: 'Mehmet Can Demir', status: bookingStatus as 'pending' }) },
    ];
  return [404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Yok', details: {} } }];
}

const calendarCalls = () => calls.filter((c) => c.path.endsWith('/calendar'));

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
const liveSockets = () => FakeSocket.all.filter((s) => !s.closed);

function setViewport(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.history.replaceState(null, '', '/yonetim/haftalik-takvim');
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setViewport(true);
  nextId = 1;
  bookingStatus = 'pending';
  weekOf = (ref) => (ref === 'nilufer' ? nilufer() : osmangazi());
  calls = mockApi(answer);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const user = () => userEvent.setup();
const cell = (documentId: string) => document.querySelector<HTMLElement>(`[data-slot="${documentId}"]`);
const table = () => screen.findByRole('table');
const rowHeadings = (t: HTMLElement) =>
  within(t)
    .getAllByRole('rowheader')
    .map((th) => th.textContent!.slice(0, 5));
const search = () => new URLSearchParams(window.location.search);

describe('the first render agrees with the server (no 1969 week, no hydration error #418)', () => {
  it("renders the server's today week on the server even when the module was loaded at the epoch, and hydrates without an error", async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { $week } = await import('../../site/src/stores/weekly-calendar');
    // What a Worker's module scope sees: Date.now() is 0 until a request runs.
    $week.set({ facility: null, monday: '1969-12-29', day: '1970-01-01' });
    const html = renderToString(<WeeklyCalendar today="2026-11-18" />);
    expect(html).toContain('16 – 22 Kasım 2026');
    expect(html).not.toContain('1969');
    expect(html).not.toContain('1970');

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <WeeklyCalendar today="2026-11-18" />, {
        onRecoverableError: (e) => console.error(e),
      });
    });
    await waitFor(() => expect(container.querySelector('table')).toBeTruthy());
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-week-range]')!.textContent).toBe('16 – 22 Kasım 2026');
    errors.mockRestore();
    act(() => root!.unmount());
    container.remove();
  });
});

describe('the mobile day strip', () => {
  it('lays the seven days out in seven columns that fit, so Pazar is never cut off', async () => {
    setViewport(false);
    render(<WeeklyCalendar />);
    const strip = await screen.findByRole('tablist', { name: 'Günler' });
    expect(strip.className).toContain('grid-cols-7');
    expect(strip.className).not.toContain('overflow-x-auto');
    const sunday = within(strip).getByRole('tab', { name: /Pazar 22 Kasım/ });
    expect(sunday.className).toContain('min-w-0');
    expect(sunday.className).not.toMatch(/min-w-\[/);
  });
});

describe('weekly calendar (behaviour.md#management-panel Weekly calendar)', () => {
  it('opens this week of the first pitch, Monday to Sunday, from ONE request', async () => {
    render(<WeeklyCalendar />);
    const t = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Haftalık Takvim' })).toBeTruthy();
    expect(calendarCalls()).toHaveLength(1);
    expect(calendarCalls()[0]).toMatchObject({
      method: 'GET',
      path: '/api/facilities/nilufer/calendar',
      query: { from: '2026-11-16', to: '2026-11-22' },
    });
    const columns = within(t)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(columns).toEqual([
      'Saat',
      'Pazartesi16 Kasım',
      'Salı17 Kasım',
      'Çarşamba18 KasımBugün',
      'Perşembe19 Kasım',
      'Cuma20 Kasım',
      'Cumartesi21 Kasım',
      'Pazar22 Kasım',
    ]);
    expect(screen.getByText('16 – 22 Kasım 2026')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Saha' })).toHaveProperty('value', 'nilufer');
    expect(search().get('saha')).toBe('nilufer');
    expect(search().get('hafta')).toBe('2026-11-16');
  });

  it('shows the pitch with the hours its slots cover and the five counters', async () => {
    render(<WeeklyCalendar />);
    await table();
    const facilityLine = document.querySelector('[data-week-facility]')!;
    expect(facilityLine.textContent).toContain('Nilüfer Arena');
    // 08:00 is the first start, the overnight 01:00 the last: it ends at 02:00.
    expect(facilityLine.textContent).toContain('08:00 – 02:00');
    const counter = (key: string) => document.querySelector(`[data-counter="${key}"]`)!.textContent;
    expect(counter('total')).toBe('Toplam10');
    expect(counter('available')).toBe('Müsait3'); // Wed 23:00, the overnight 01:00 after it, Fri 20:00
    expect(counter('pending')).toBe('Beklemede1');
    // Kemal Sunal's Tuesday 22:00 is over: only Toplam counts played slots.
    expect(counter('booked')).toBe('Onaylı1');
    expect(counter('subscriber')).toBe('Abone1');
  });

  it('a week that is over counts its slots in Toplam only: no Abone, Onaylı or Beklemede for played slots', async () => {
    weekOf = () => [
      slot('2026-11-09', '20:00', { customerName: 'Emre Aydın', isSubscriber: true }),
      slot('2026-11-10', '20:00', { customerName: 'Emre Aydın', isSubscriber: true }),
      slot('2026-11-11', '21:00', { customerName: 'Ahmet Yılmaz' }),
      slot('2026-11-12', '21:00'),
    ];
    window.history.replaceState(null, '', '/yonetim/haftalik-takvim?hafta=2026-11-09');
    render(<WeeklyCalendar />);
    await table();
    const counter = (key: string) => document.querySelector(`[data-counter="${key}"]`)!.textContent;
    expect(counter('total')).toBe('Toplam4');
    expect(counter('subscriber')).toBe('Abone0');
    expect(counter('booked')).toBe('Onaylı0');
    expect(counter('available')).toBe('Müsait0');
  });

  it('gives each slot its state in text and icons: price, the full name (pending too), crown, shuttle', async () => {
    render(<WeeklyCalendar />);
    await table();
    const free = cell('2026-11-20-20:00')!;
    expect(free.dataset.state).toBe('available');
    expect(free.textContent).toContain('₺1.500');
    // A free hour still ahead opens the new-booking form (behaviour.md#bookings 'Staff bookings').
    expect(free.tagName).toBe('BUTTON');
    expect(free.getAttribute('aria-label')).toBe(
      'Boş saat: 20:00–21:00 Cuma 20 Kasım, ₺1.500 için rezervasyon oluştur',
    );

    const approved = screen.getByRole('button', { name: '20:00–21:00 Çarşamba 18 Kasım, Ahmet Yılmaz, Onaylı' });
    expect(approved.dataset.slot).toBe('2026-11-18-20:00');
    expect(approved.dataset.state).toBe('booked');
    expect(approved.textContent).toBe('Ahmet Yılmaz');

    // Staff see full names everywhere: a pending booking's holder is not cut to a first name.
    const pending = screen.getByRole('button', {
      name: '21:00–22:00 Çarşamba 18 Kasım, Mehmet Can Demir, Beklemede, Servis',
    });
    expect(pending.dataset.state).toBe('pending');
    expect(pending.textContent).toBe('Mehmet Can Demir');
    expect(pending.querySelector('[title="Onay bekliyor"] svg')).not.toBeNull();
    expect(pending.querySelector('[title="Servis"] svg')).not.toBeNull();
    expect(approved.querySelector('[title="Servis"]')).toBeNull();

    const subscriber = screen.getByRole('button', { name: '22:00–23:00 Çarşamba 18 Kasım, Emre Aydın, Abone' });
    expect(subscriber.dataset.state).toBe('subscriber');
    expect(subscriber.querySelectorAll('svg')).toHaveLength(1); // the crown

    const legend = within(screen.getByRole('list', { name: 'Açıklamalar' }));
    for (const text of ['Müsait', 'Beklemede', 'Onaylı', 'Abone', 'Onay bekliyor', 'Servis'])
      expect(legend.getByText(text)).toBeTruthy();
  });

  it('lists overnight 00:00 and 01:00 after 23:00 and judges them past by their real instant', async () => {
    render(<WeeklyCalendar />);
    const t = await table();
    expect(rowHeadings(t)).toEqual(['08:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00']);
    // Tuesday's 00:00 began on Wednesday 00:00: past at Wednesday 10:00.
    expect(cell('2026-11-17-00:00')!.dataset.past).toBe('true');
    expect(cell('2026-11-17-00:00')!.dataset.state).toBe('past');
    // Wednesday's 01:00 begins on Thursday 01:00: still ahead, although 01:00 < 10:00 on the clock.
    expect(cell('2026-11-18-01:00')!.dataset.past).toBeUndefined();
    expect(cell('2026-11-18-01:00')!.dataset.state).toBe('available');
    // Each sits in its own business date's column.
    const wednesday = within(t)
      .getAllByRole('columnheader')
      .findIndex((th) => th.textContent!.startsWith('Çarşamba'));
    const lastRow = within(t).getAllByRole('row').at(-1)!;
    expect(
      within(lastRow).getAllByRole('cell')[wednesday - 1].querySelector('[data-slot]')!.getAttribute('data-slot'),
    ).toBe('2026-11-18-01:00');
  });

  it('dims past slots without hiding them: a grey ground, no opacity, and Geçmiş in the name', async () => {
    render(<WeeklyCalendar />);
    await table();
    const pastFree = cell('2026-11-18-08:00')!;
    expect(pastFree.dataset.state).toBe('past');
    expect(pastFree.textContent).toContain('₺1.500');
    expect(pastFree.textContent).toContain('Geçmiş');
    expect(pastFree.className).toContain('bg-slate-100');
    expect(pastFree.className).not.toMatch(/opacity/);

    const pastBooked = screen.getByRole('button', { name: '22:00–23:00 Salı 17 Kasım, Kemal Sunal, Onaylı, Geçmiş' });
    expect(pastBooked.dataset.past).toBe('true');
    expect(pastBooked.className).toContain('bg-slate-100');
    expect(cell('2026-11-18-20:00')!.className).not.toContain('bg-slate-100');
  });

  it('opens the booking detail dialog for a booked slot, and refetches the week after a change there', async () => {
    const u = user();
    render(<WeeklyCalendar />);
    await table();
    await u.click(screen.getByRole('button', { name: /^21:00–22:00 Çarşamba 18 Kasım, Mehmet/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
    await within(dialog).findByText('Mehmet Can Demir');
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/bookings/bk-2026-11-18-2100')).toBe(true);
    expect(calendarCalls()).toHaveLength(1);

    await u.click(within(dialog).getByRole('button', { name: /Onayla/ }));
    // A deposit is due and none is recorded: approved here without recording it.
    const question = await within(dialog).findByRole('region', { name: 'Kapora geldi mi?' });
    await u.click(within(question).getByRole('button', { name: 'Kaydetmeden onayla' }));
    await waitFor(() => expect(calendarCalls()).toHaveLength(2));
    expect(calendarCalls()[1].query).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // The table stays on screen while the fresh week comes.
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('steps weeks with one request per new week, keeping answers for 60 s', async () => {
    const u = user();
    render(<WeeklyCalendar />);
    await table();
    expect(calendarCalls()).toHaveLength(1);

    await u.click(screen.getByRole('button', { name: 'Sonraki hafta' }));
    await screen.findByText('23 – 29 Kasım 2026');
    await waitFor(() => expect(calendarCalls()).toHaveLength(2));
    expect(calendarCalls()[1].query).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(search().get('hafta')).toBe('2026-11-23');
    expect(await screen.findByText('Bu hafta için slot bulunamadı')).toBeTruthy();

    // Back within a minute: the kept answer, no request.
    await u.click(screen.getByRole('button', { name: 'Önceki hafta' }));
    await table();
    expect(calendarCalls()).toHaveLength(2);
    expect(search().get('hafta')).toBe('2026-11-16');

    await u.click(screen.getByRole('button', { name: 'Önceki hafta' }));
    await screen.findByText('9 – 15 Kasım 2026');
    await waitFor(() => expect(calendarCalls()).toHaveLength(3));
    expect(calendarCalls()[2].query.from).toBe('2026-11-09');

    // 'Bu Hafta' after the minute has passed asks again.
    vi.setSystemTime(NOW.getTime() + 61_000);
    await u.click(screen.getByRole('button', { name: 'Bu Hafta' }));
    await screen.findByText('16 – 22 Kasım 2026');
    await waitFor(() => expect(calendarCalls()).toHaveLength(4));
    expect(calendarCalls()[3].query.from).toBe('2026-11-16');
    await table();
  });

  it('shows only the newest week when an older answer arrives late', async () => {
    let release: (slots: CalendarSlot[]) => void = () => {};
    weekOf = (_ref, from) =>
      from === '2026-11-16' ? new Promise((r) => (release = r)) : [slot('2026-11-24', '19:00')];
    const u = user();
    render(<WeeklyCalendar />);
    await waitFor(() => expect(calendarCalls()).toHaveLength(1));
    await u.click(screen.getByRole('button', { name: 'Sonraki hafta' }));
    await table();
    expect(cell('2026-11-24-19:00')).not.toBeNull();
    await act(async () => release(nilufer()));
    expect(cell('2026-11-18-20:00')).toBeNull();
    expect(cell('2026-11-24-19:00')).not.toBeNull();
    expect(screen.getByText('23 – 29 Kasım 2026')).toBeTruthy();
  });

  it('switching pitch fetches its week and remembers it in the address', async () => {
    const u = user();
    render(<WeeklyCalendar />);
    await table();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Saha' }), 'osmangazi');
    await waitFor(() => expect(cell('2026-11-19-18:00')).not.toBeNull());
    expect(calendarCalls()).toHaveLength(2);
    expect(calendarCalls()[1]).toMatchObject({
      path: '/api/facilities/osmangazi/calendar',
      query: { from: '2026-11-16', to: '2026-11-22' },
    });
    expect(search().get('saha')).toBe('osmangazi');
    expect(document.querySelector('[data-week-facility]')!.textContent).toContain('Pasif');
    expect(cell('2026-11-19-18:00')!.textContent).toContain('₺1.200');
  });

  it('opens the pitch and week the address names, the week read as its Monday', async () => {
    window.history.replaceState(null, '', '/yonetim/haftalik-takvim?saha=osmangazi&hafta=2026-11-25');
    render(<WeeklyCalendar />);
    await table();
    expect(calendarCalls()).toHaveLength(1);
    expect(calendarCalls()[0]).toMatchObject({
      path: '/api/facilities/osmangazi/calendar',
      query: { from: '2026-11-23', to: '2026-11-29' },
    });
    expect(cell('2026-11-26-18:00')).not.toBeNull();
    expect(screen.getByText('23 – 29 Kasım 2026')).toBeTruthy();
    expect(search().get('hafta')).toBe('2026-11-23');
  });

  it('falls back to the first pitch and this week when the address names neither', async () => {
    window.history.replaceState(null, '', '/yonetim/haftalik-takvim?saha=yok&hafta=dun');
    render(<WeeklyCalendar />);
    await table();
    expect(calendarCalls()[0]).toMatchObject({
      path: '/api/facilities/nilufer/calendar',
      query: { from: '2026-11-16', to: '2026-11-22' },
    });
    expect(search().get('saha')).toBe('nilufer');
  });

  it('refetches the week silently, past the cache, on a live slot change', async () => {
    render(<WeeklyCalendar />);
    await table();
    expect(liveSockets()).toHaveLength(1);
    expect(liveSockets()[0].url).toMatch(/\/api\/facilities\/nilufer\/live$/);
    liveSockets()[0].open();

    weekOf = () =>
      nilufer().map((s) =>
        s.documentId === '2026-11-20-20:00'
          ? slot('2026-11-20', '20:00', { customerName: 'Zeynep Kaya', status: 'pending' })
          : s,
      );
    // The event as the pitch's channel sends it (contracts/socket/facility.ts); the calendar refetches rather than patch in place.
    const wire = {
      id: 1,
      documentId: '2026-11-20-20:00',
      date: '2026-11-20',
      startTime: '20:00',
      endTime: '21:00',
      startsAt: '2026-11-20T17:00:00.000Z',
      price: 1500,
    };
    const booking = { customerName: 'Zeynep', status: 'pending' as const, isSubscriber: false };
    const changed = { ...wire, isAvailable: false, isPending: true, isPast: false, state: 'pending' as const, booking };
    liveSockets()[0].push({ type: 'slot', facility: 'fac-nilufer', slot: changed });
    expect(screen.getByRole('table')).toBeTruthy(); // no skeleton meanwhile
    await waitFor(() => expect(cell('2026-11-20-20:00')!.dataset.state).toBe('pending'));
    expect(calendarCalls()).toHaveLength(2);

    liveSockets()[0].push({ type: 'slots-regenerated', from: '2026-11-16', to: '2026-12-16' });
    await waitFor(() => expect(calendarCalls()).toHaveLength(3));
    liveSockets()[0].push({ type: 'hello' });
    await act(async () => {});
    expect(calendarCalls()).toHaveLength(3);
  });

  it('watches the chosen pitch only: switching pitch moves the live channel', async () => {
    const u = user();
    render(<WeeklyCalendar />);
    await table();
    const first = liveSockets()[0];
    await u.selectOptions(screen.getByRole('combobox', { name: 'Saha' }), 'osmangazi');
    await waitFor(() => expect(first.closed).toBe(true));
    expect(liveSockets()).toHaveLength(1);
    expect(liveSockets()[0].url).toMatch(/\/api\/facilities\/osmangazi\/live$/);
    await waitFor(() => expect(calendarCalls()).toHaveLength(2));
    // A late event from the closed socket changes nothing.
    first.push({ type: 'slot' });
    await act(async () => {});
    expect(calendarCalls()).toHaveLength(2);
  });

  it("says when the week cannot be loaded, and 'Tekrar Dene' asks again", async () => {
    weekOf = () => 'fail';
    const u = user();
    render(<WeeklyCalendar />);
    expect((await screen.findByRole('alert')).textContent).toContain('Takvim yüklenirken hata oluştu');
    weekOf = () => nilufer();
    await u.click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    await table();
    expect(calendarCalls()).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a loading state until the week arrives', async () => {
    let release: (slots: CalendarSlot[]) => void = () => {};
    weekOf = () => new Promise((r) => (release = r));
    render(<WeeklyCalendar />);
    expect((await screen.findByRole('status')).textContent).toContain('Takvim yükleniyor');
    await waitFor(() => expect(calendarCalls()).toHaveLength(1));
    await act(async () => release(nilufer()));
    await table();
    expect(screen.queryByText('Takvim yükleniyor…')).toBeNull();
  });
});

describe('weekly calendar on a phone (under 1024 px)', () => {
  beforeEach(() => setViewport(false));

  it('shows a day strip with today chosen and marked, and the chosen day as a list', async () => {
    const u = user();
    render(<WeeklyCalendar />);
    const tabs = await screen.findAllByRole('tab');
    expect(screen.queryByRole('table')).toBeNull();
    expect(tabs.map((t) => t.getAttribute('aria-label'))).toEqual([
      'Pzt 16, Pazartesi 16 Kasım',
      'Sal 17, Salı 17 Kasım',
      'Çar 18 Bugün, Çarşamba 18 Kasım',
      'Per 19, Perşembe 19 Kasım',
      'Cum 20, Cuma 20 Kasım',
      'Cmt 21, Cumartesi 21 Kasım',
      'Paz 22, Pazar 22 Kasım',
    ]);
    expect(labelInNameBreaches(tabs)).toEqual([]);
    const today = screen.getByRole('tab', { name: 'Çar 18 Bugün, Çarşamba 18 Kasım' });
    expect(today.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(cell('2026-11-18-20:00')).not.toBeNull());
    const list = within(screen.getByRole('tabpanel'));
    expect(
      list.getAllByRole('listitem').map((li) => li.querySelector('[data-slot]')!.getAttribute('data-slot')),
    ).toEqual([
      '2026-11-18-08:00',
      '2026-11-18-20:00',
      '2026-11-18-21:00',
      '2026-11-18-22:00',
      '2026-11-18-23:00',
      '2026-11-18-01:00',
    ]);
    expect(cell('2026-11-17-22:00')).toBeNull();

    await u.click(screen.getByRole('tab', { name: 'Sal 17, Salı 17 Kasım' }));
    expect(cell('2026-11-17-22:00')).not.toBeNull();
    expect(cell('2026-11-18-20:00')).toBeNull();
    expect(calendarCalls()).toHaveLength(1);
  });

  it('opens the detail dialog from a booked slot in the list', async () => {
    const u = user();
    render(<WeeklyCalendar />);
    await waitFor(() => expect(cell('2026-11-18-20:00')).not.toBeNull());
    // The row shows the time, then the name: its accessible name says them in that order.
    expect(labelInNameBreaches(document.querySelectorAll('[data-day-list] button'))).toEqual([]);
    await u.click(screen.getByRole('button', { name: '20:00–21:00, Ahmet Yılmaz, Onaylı, Çarşamba 18 Kasım' }));
    await screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
    expect(calls.some((c) => c.path === '/api/bookings/bk-2026-11-18-2000')).toBe(true);
  });
});
