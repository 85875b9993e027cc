import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import BookingFlow from '../../site/src/islands/BookingFlow';
import { POLL_MS, type Slot } from '../../site/src/stores/booking';
import { $toasts } from '../../site/src/stores/toast';
import { bookingFacility } from './fixtures/booking';
import { labelInNameBreaches } from './fixtures/label-in-name';

// Wednesday 18 November 2026, 10:00 in Istanbul: the week on screen runs Sunday 15 … Saturday 21.
const NOW = new Date('2026-11-18T07:00:00Z');

const facility = bookingFacility();

let nextId = 1;
const weekFixture = (): Slot[] => [
  slot('2026-11-18', '08:00', 'past'),
  slot('2026-11-18', '20:00', 'available'),
  slot('2026-11-18', '21:00', 'pending', { customerName: 'Ahmet', status: 'pending', isSubscriber: false }),
  slot('2026-11-18', '22:00', 'booked', { customerName: 'Mehmet Y.', status: 'approved', isSubscriber: false }),
  slot('2026-11-18', '23:00', 'subscriber', { customerName: 'Emre', status: 'approved', isSubscriber: true }),
  slot('2026-11-19', '19:00', 'booked', { customerName: 'Ali', status: 'pending', isSubscriber: false }),
];
function slot(date: string, start: string, state: Slot['state'], booking: Slot['booking'] = null, end?: string): Slot {
  const h = Number(start.slice(0, 2));
  return {
    id: nextId++,
    documentId: `${date}-${start}`,
    date,
    startTime: start,
    endTime: end ?? `${String((h + 1) % 24).padStart(2, '0')}:${start.slice(3)}`,
    // The real instant: an hour before 06:00 is the overnight one, played the day after its business date.
    startsAt: new Date(Date.parse(`${date}T${start}:00+03:00`) + (h < 6 ? 86_400_000 : 0)).toISOString(),
    price: 1500,
    isAvailable: state === 'available',
    isPending: state === 'pending',
    isPast: state === 'past',
    state,
    booking,
  };
}

type Call = { method: string; path: string; query: Record<string, string> };
let calls: Call[] = [];
let slotsFor: (q: Record<string, string>) => Slot[] | 'fail' = () => [];
/** The answer's last generated date; undefined: an answer that does not say. */
let bookableUntil: string | undefined;
/** The server instant the answer's read began (the server keeps answers up to a second, availability-memo.ts). */
let asOf = 0;

function mockApi() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const query = Object.fromEntries(url.searchParams);
      calls.push({ method: req.method, path: url.pathname, query });
      const result = slotsFor(query);
      if (result === 'fail')
        return new Response(
          JSON.stringify({
            data: null,
            error: { status: 500, name: 'ApplicationError', message: 'Bir hata oluştu', details: {} },
          }),
          { status: 500 },
        );
      return new Response(
        JSON.stringify({ data: { ...query, facility: {}, slots: result, bookableUntil, asOf }, meta: {} }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
}
const slotCalls = () => calls.filter((c) => c.path === '/api/facilities/nilufer/slots');

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
  /** The server side: open, push an event, drop. */
  open() {
    act(() => this.onopen?.());
  }
  push(event: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }
  drop() {
    act(() => this.onclose?.());
  }
}
const lastSocket = () => FakeSocket.all[FakeSocket.all.length - 1];

// The form, the confirmation, the same-day dialog and the date fields are chunks loaded on demand: fetched
// once here, so each test's first render of them does not wait on a cold transform.
beforeAll(async () => {
  await Promise.all([
    import('../../site/src/components/booking/BookingForm'),
    import('../../site/src/components/booking/Confirmation'),
    import('../../site/src/components/booking/DuplicateBookingModal'),
    import('../../site/src/components/ui/DatePicker'),
  ]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.history.replaceState(null, '', '/saha/nilufer');
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  nextId = 1;
  bookableUntil = undefined;
  asOf = NOW.getTime();
  slotsFor = ({ from, to }) => weekFixture().filter((s) => s.date >= from && s.date <= to);
  mockApi();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const user = () => userEvent.setup();
const day = (date: string) =>
  screen.getByRole('region', { name: new RegExp(date === '2026-11-18' ? '18 Kasım Çarşamba' : date) });

describe('slot calendar (behaviour.md#public-site Slot calendar)', () => {
  it('opens on the week that holds today, Sunday to Saturday, fetched in ONE range request', async () => {
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    expect(slotCalls()).toHaveLength(1);
    expect(slotCalls()[0].query).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(screen.getByText('15–21 Kasım 2026')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Haftalık', checked: true })).toBeTruthy();
  });

  it('shows every slot state with its text, not by colour alone', async () => {
    render(<BookingFlow facility={facility} />);
    const available = await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    expect(available.textContent).toContain('₺1.500');
    expect((available as HTMLButtonElement).disabled).toBe(false);

    const past = screen.getByRole('button', { name: '08:00–09:00, Geçti' });
    expect((past as HTMLButtonElement).disabled).toBe(true);
    expect(past.textContent).toContain('Geçti');

    const pending = screen.getByRole('button', { name: '21:00–22:00, Beklemede' });
    expect(pending.textContent).toContain('Beklemede');
    // A taken hour still ahead opens 'Boşalınca haber ver' (docs/behaviour.md#waitlist), never the booking form.
    expect((pending as HTMLButtonElement).disabled).toBe(false);
    expect(pending.getAttribute('aria-expanded')).toBe('false');
    expect(pending.hasAttribute('aria-pressed')).toBe(false);

    // Approved: 'Mehmet Y.'; not yet approved: the first name only (the API trims both).
    expect(screen.getByRole('button', { name: '22:00–23:00, Dolu, Mehmet Y.' }).textContent).toContain(
      'Dolu · Mehmet Y.',
    );
    expect(screen.getByRole('button', { name: '19:00–20:00, Dolu, Ali' }).textContent).toContain('Dolu · Ali');

    const subscriber = screen.getByRole('button', { name: '23:00–00:00, Abone, Emre' });
    expect(subscriber.textContent).toContain('Abone');
    expect(subscriber.querySelector('svg')).not.toBeNull(); // the crown
  });

  it('every slot button names its visible words in the order shown (label in name, WCAG 2.5.3)', async () => {
    // axe's label-content-name-mismatch: the visible text (text nodes joined as they stand) split into
    // words must be a run inside the name. A 'Geçti' slot once read '10:00–11:00Geçti' to it.
    slotsFor = ({ from, to }) =>
      [...weekFixture(), slot('2026-11-18', '18:30', 'available', null, '20:00')].filter(
        (s) => s.date >= from && s.date <= to,
      );
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    await user().click(screen.getByRole('button', { name: '18:30–20:00, ₺1.500, 90 dk, müsait' }));
    await user().click(await screen.findByRole('button', { name: 'Saati Değiştir' }));
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-slot]')];
    expect(new Set(buttons.map((b) => b.dataset.state))).toEqual(
      new Set(['past', 'available', 'selected', 'pending', 'booked', 'subscriber']),
    );
    expect(labelInNameBreaches(buttons)).toEqual([]);
  });

  it('a chosen slot moves to the form; back on the calendar it reads as selected', async () => {
    const u = user();
    render(<BookingFlow facility={facility} />);
    await u.click(await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' }));
    expect(await screen.findByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Saati Değiştir' }));
    const selected = await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, seçili' });
    expect(selected.getAttribute('aria-pressed')).toBe('true');
    expect(selected.textContent).toContain('Seçili');
  });

  it('keeps the API order, so an overnight pitch lists 00:00 and 01:00 after 23:00', async () => {
    slotsFor = () => [
      slot('2026-11-19', '22:00', 'available'),
      slot('2026-11-19', '23:00', 'available'),
      slot('2026-11-19', '00:00', 'available'),
      slot('2026-11-19', '01:00', 'available'),
    ];
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: /^00:00–01:00/ });
    const times = within(day('19 Kasım'))
      .getAllByRole('button')
      .map((b) => b.getAttribute('data-start'));
    expect(times).toEqual(['22:00', '23:00', '00:00', '01:00']);
  });

  it('daily view asks for one day; next and previous move a day; no going back before today', async () => {
    const u = user();
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: /müsait/ });
    await u.click(screen.getByRole('radio', { name: 'Günlük' }));
    await waitFor(() => expect(slotCalls().at(-1)!.query).toEqual({ from: '2026-11-18', to: '2026-11-18' }));
    expect((screen.getByRole('button', { name: 'Önceki gün' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Sonraki gün' }));
    await waitFor(() => expect(slotCalls().at(-1)!.query).toEqual({ from: '2026-11-19', to: '2026-11-19' }));
    expect(screen.getByText('19 Kasım 2026 Perşembe')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Önceki gün' }));
    await waitFor(() => expect(slotCalls().at(-1)!.query).toEqual({ from: '2026-11-18', to: '2026-11-18' }));
  });

  it('weekly next goes to the following Sunday … Saturday in one request', async () => {
    const u = user();
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: /müsait/ });
    await u.click(screen.getByRole('button', { name: 'Sonraki hafta' }));
    await waitFor(() => expect(slotCalls().at(-1)!.query).toEqual({ from: '2026-11-22', to: '2026-11-28' }));
    expect(slotCalls()).toHaveLength(2);
  });

  it('monthly view is one request for the calendar month and lists the chosen day under the grid', async () => {
    const u = user();
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: /müsait/ });
    await u.click(screen.getByRole('radio', { name: 'Aylık' }));
    await waitFor(() => expect(slotCalls().at(-1)!.query).toEqual({ from: '2026-11-01', to: '2026-11-30' }));
    expect(slotCalls()).toHaveLength(2);
    // Today is chosen first; past days cannot be chosen; the day cell tells how many hours are free.
    const today = await screen.findByRole('button', { name: /18 Kasım 2026 Çarşamba, 1 müsait/ });
    expect(today.getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('button', { name: /^17 Kasım 2026 Salı/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '20:00–21:00, ₺1.500, müsait' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /^19 Kasım 2026 Perşembe, Dolu/ }));
    expect(screen.getByRole('button', { name: '19:00–20:00, Dolu, Ali' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Sonraki ay' }));
    await waitFor(() => expect(slotCalls().at(-1)!.query).toEqual({ from: '2026-12-01', to: '2026-12-31' }));
  });

  it("past the generated horizon a day says 'Henüz açılmadı', not 'Kapalı', and 'Sonraki' stops there", async () => {
    bookableUntil = '2026-12-18';
    // December: slots up to the 17th except the closed Mondays; nothing generated after the 18th yet.
    slotsFor = (q) =>
      q.from === '2026-12-01'
        ? Array.from({ length: 17 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`)
            .filter((d) => new Date(d + 'T00:00:00Z').getUTCDay() !== 1)
            .map((d) => slot(d, '20:00', 'available'))
        : weekFixture();
    const u = user();
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: /müsait/ });
    await u.click(screen.getByRole('radio', { name: 'Aylık' }));
    await screen.findByRole('button', { name: /18 Kasım 2026 Çarşamba/ });
    await u.click(screen.getByRole('button', { name: 'Sonraki ay' }));
    await waitFor(() => expect(slotCalls().at(-1)!.query).toEqual({ from: '2026-12-01', to: '2026-12-31' }));
    const cell = (d: string) => document.querySelector(`[data-month-day="${d}"]`) as HTMLButtonElement;
    await waitFor(() => expect(cell('2026-12-02').dataset.summary).toBe('1 müsait'));
    expect(cell('2026-12-07').dataset.summary).toBe('Kapalı'); // a Monday the pitch is closed
    expect(cell('2026-12-18').dataset.summary).toBe('Kapalı'); // within the horizon, no slots: closed
    expect(cell('2026-12-19').dataset.summary).toBe('Henüz açılmadı');
    expect(cell('2026-12-31').dataset.summary).toBe('Henüz açılmadı');
    expect(cell('2026-12-19').disabled).toBe(true);
    const next = screen.getByRole('button', { name: 'Sonraki ay' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await u.click(next);
    expect(slotCalls().at(-1)!.query).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('custom range defaults to today … today + 7, has no previous/next, and refuses a start after the end', async () => {
    const u = user();
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: /müsait/ });
    await u.click(screen.getByRole('radio', { name: 'Özel Aralık' }));
    await waitFor(() => expect(slotCalls().at(-1)!.query).toEqual({ from: '2026-11-18', to: '2026-11-25' }));
    // dd.mm.yyyy fields (react-aria, tr-TR), loaded on first use of 'Özel Aralık'.
    const start = await screen.findByRole('group', { name: 'Başlangıç tarihi' });
    const end = screen.getByRole('group', { name: 'Bitiş tarihi' });
    expect([start.textContent, end.textContent]).toEqual([
      expect.stringContaining('18.11.2026'),
      expect.stringContaining('25.11.2026'),
    ]);
    expect(start.textContent).not.toContain('/');
    expect((screen.getByRole('button', { name: 'Önceki' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Sonraki' }) as HTMLButtonElement).disabled).toBe(true);

    const [day] = within(start).getAllByRole('spinbutton');
    act(() => day.focus());
    await u.keyboard('30');
    const alert = await screen.findByText('Başlangıç tarihi bitiş tarihinden sonra olamaz!');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(slotCalls().some((c) => c.query.from === '2026-11-30')).toBe(false);
  });

  it('says so when the slots cannot be loaded, and tries again on request', async () => {
    slotsFor = () => 'fail';
    const u = user();
    render(<BookingFlow facility={facility} />);
    const error = await screen.findByText('Slotlar yüklenirken hata oluştu');
    expect(error.closest('[role=alert]')).not.toBeNull();
    slotsFor = () => [slot('2026-11-20', '20:00', 'available')];
    await u.click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
  });
});

describe('live slot updates (behaviour.md#notifications)', () => {
  it('opens the pitch socket and turns a slot taken elsewhere into Beklemede in place, with no refetch', async () => {
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    const ws = lastSocket();
    expect(ws.url).toMatch(/^ws:\/\/[^/]+\/api\/facilities\/nilufer\/live$/);
    ws.open();
    const before = slotCalls().length;
    ws.push({
      type: 'slot',
      facility: 'fac-doc',
      slot: slot('2026-11-18', '20:00', 'pending', { customerName: 'Zeynep', status: 'pending', isSubscriber: false }),
    });
    expect(screen.getByRole('button', { name: '20:00–21:00, Beklemede' })).toBeTruthy();
    expect(slotCalls()).toHaveLength(before);
    // Another pitch's event is ignored.
    ws.push({ type: 'slot', facility: 'other', slot: slot('2026-11-18', '22:00', 'available') });
    expect(screen.getByRole('button', { name: '22:00–23:00, Dolu, Mehmet Y.' })).toBeTruthy();
  });

  it('a page left open past midnight moves Bugün to the new day when the tab is back in view (the days are memoised)', async () => {
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    const badge = (region: HTMLElement) => within(region).queryByText('Bugün', { exact: true });
    expect(badge(day('2026-11-18'))).not.toBeNull();
    // 00:05 in Istanbul on the 19th: a phone froze the midnight timer of the tab in the background; back in view, the
    // calendar reads the clock again (the 18th's own slots unchanged).
    vi.setSystemTime(new Date('2026-11-18T21:05:00Z'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(badge(screen.getByRole('region', { name: /19 Kasım/ }))).not.toBeNull());
    // The day that ended folds into the past days' line (on a phone above the days, on a desktop its first column).
    await waitFor(() => expect(screen.getByText(/: geçmiş günler?$/).textContent).toMatch(/15–18 Kasım/));
    expect(screen.queryByRole('region', { name: /18 Kasım/ })).toBeNull();
  });

  it("just after midnight an overnight pitch's evening is not a 'Geçmiş gün': its 01:00 is still ahead and bookable", async () => {
    // 00:20 in Istanbul on Thursday the 19th: Wednesday's 01:00 (played on the 19th at 01:00) has not started.
    vi.setSystemTime(new Date('2026-11-18T21:20:00Z'));
    slotsFor = () => [
      slot('2026-11-18', '23:00', 'past'),
      slot('2026-11-18', '00:00', 'past'),
      slot('2026-11-18', '01:00', 'available'),
      slot('2026-11-19', '20:00', 'available'),
      slot('2026-11-17', '01:00', 'past'),
    ];
    render(<BookingFlow facility={facility} />);
    const night = await screen.findByRole('button', { name: /01:00–02:00, ₺1\.500, müsait/ });
    expect(day('2026-11-18').contains(night)).toBe(true);
    expect(within(day('2026-11-18')).queryByText('Geçmiş gün')).toBeNull();
    // The day before, all of whose hours have passed, is over: folded into the past days' line.
    expect(screen.getByText(/: geçmiş günler?$/).textContent).toMatch(/17 Kasım/);
    expect(screen.getByText(/: geçmiş günler?$/).textContent).not.toMatch(/18 Kasım/);
    expect(screen.queryByRole('region', { name: /17 Kasım/ })).toBeNull();
  });

  it('refetches on slots-regenerated', async () => {
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: /müsait/ });
    lastSocket().open();
    const before = slotCalls().length;
    lastSocket().push({ type: 'slots-regenerated', from: '2026-11-18', to: '2026-12-18' });
    await waitFor(() => expect(slotCalls()).toHaveLength(before + 1));
  });

  it("reads again past the server's memory when the live channel says the pitch changed after the answer was read", async () => {
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: /müsait/ });
    const ws = lastSocket();
    ws.open();
    const before = slotCalls().length;
    expect(slotCalls().every((c) => c.query.fresh === undefined)).toBe(true);
    // Changed well before the answer was read: nothing to do.
    ws.push({ type: 'hello', changedAt: asOf - 60_000 });
    await act(async () => {
      await Promise.resolve();
    });
    expect(slotCalls()).toHaveLength(before);
    // Changed after the read began: one fresh read, and that one is not read again.
    slotsFor = ({ from, to }) =>
      weekFixture()
        .filter((s) => s.date >= from && s.date <= to)
        .map((s) => (s.state === 'available' ? { ...s, state: 'pending', isAvailable: false, isPending: true } : s));
    ws.push({ type: 'hello', changedAt: asOf + 5 });
    await waitFor(() => expect(slotCalls()).toHaveLength(before + 1));
    expect(slotCalls()[before].query.fresh).toBe('1');
    await waitFor(() => expect(screen.queryByRole('button', { name: /müsait/ })).toBeNull());
    expect(slotCalls()).toHaveLength(before + 1);
  });

  it('an answer older than a change the live channel already told of is read again, fresh', async () => {
    const u = user();
    render(<BookingFlow facility={facility} />);
    await screen.findByRole('button', { name: /müsait/ });
    const ws = lastSocket();
    ws.open();
    ws.push({ type: 'hello', changedAt: asOf + 5 });
    await waitFor(() => expect(slotCalls().filter((c) => c.query.fresh === '1')).toHaveLength(1));
    // The next week's answer comes from the server's memory, read before that change: it is read again, fresh.
    asOf -= 500;
    await u.click(screen.getByRole('button', { name: 'Sonraki hafta' }));
    await waitFor(() =>
      expect(
        slotCalls()
          .filter((c) => c.query.from === '2026-11-22')
          .map((c) => c.query.fresh ?? ''),
      ).toEqual(['', '1']),
    );
    // An answer read after the change is kept as it is.
    asOf += 10_000;
    await u.click(screen.getByRole('button', { name: 'Sonraki hafta' }));
    await waitFor(() => expect(slotCalls().filter((c) => c.query.from === '2026-11-29')).toHaveLength(1));
    await act(async () => {
      await Promise.resolve();
    });
    expect(slotCalls().filter((c) => c.query.from === '2026-11-29')).toHaveLength(1);
  });

  it('when the socket drops: refetch at once, poll every 15 s, reconnect with backoff, stop polling once back', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    render(<BookingFlow facility={facility} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('button', { name: /müsait/ })).toBeTruthy();
    const first = lastSocket();
    first.open();
    const before = slotCalls().length;
    first.drop();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(slotCalls()).toHaveLength(before + 1);
    expect(screen.getByText(/15 saniyede bir yenileniyor/)).toBeTruthy();

    // Backoff (lib/live-socket.ts backoffDelay): the first reconnect comes within a second; keep it failing and the
    // next waits longer, one to two seconds.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(FakeSocket.all).toHaveLength(2);
    lastSocket().drop();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(FakeSocket.all).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1001);
    });
    expect(FakeSocket.all).toHaveLength(3);

    const polled = slotCalls().length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    expect(slotCalls().length).toBeGreaterThan(polled);

    lastSocket().open();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    const settled = slotCalls().length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    });
    expect(slotCalls()).toHaveLength(settled);
    expect(screen.getByText('Canlı: değişiklikler anında görünür')).toBeTruthy();
  });

  it('keeps the socket open on the form, whose slot may be taken meanwhile, and opens no second one', async () => {
    const u = user();
    render(<BookingFlow facility={facility} />);
    await u.click(await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' }));
    await screen.findByRole('heading', { name: 'Bilgiler' });
    expect(FakeSocket.all).toHaveLength(1);
    expect(lastSocket().closed).toBe(false);
  });
});

describe('a page rendered before midnight and opened after it', () => {
  // Saturday 21 November 23:59:58 in Istanbul: the server renders the week of 15–21 November.
  const BEFORE = new Date('2026-11-21T20:59:58Z');
  // Two seconds later it is Sunday 22 November, the first day of the next week.
  const AFTER = new Date('2026-11-21T21:00:00Z');

  it("hydrates the server's calendar without an error (React #418), then starts again from the new day", async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    vi.setSystemTime(BEFORE);
    const html = renderToString(<BookingFlow facility={facility} today="2026-11-21" />);
    expect(html).toContain('15–21 Kasım 2026');

    vi.setSystemTime(AFTER);
    slotsFor = ({ from, to }) =>
      [slot('2026-11-22', '20:00', 'available')].filter((s) => s.date >= from && s.date <= to);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <BookingFlow facility={facility} today="2026-11-21" />, {
        onRecoverableError: (e) => console.error(e),
      });
    });
    await waitFor(() => expect(container.textContent).toContain('22–28 Kasım 2026'));
    await within(container).findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' });
    expect(errors).not.toHaveBeenCalled();
    // The week that ended is never asked for: the first request is already the new day's week.
    expect(slotCalls().map((c) => c.query)).toEqual([{ from: '2026-11-22', to: '2026-11-28' }]);
    errors.mockRestore();
    act(() => root!.unmount());
    container.remove();
  });

  it('while the tab stays open, the day that ended becomes a past day at midnight', async () => {
    const { followIstanbulDay } = await import('../../site/src/stores/booking/start');
    const { $today, resetCalendar } = await import('../../site/src/stores/booking/calendar');
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: new Date('2026-11-21T20:59:00Z') });
    resetCalendar('2026-11-21');
    const stop = followIstanbulDay();
    expect($today.get()).toBe('2026-11-21');
    vi.advanceTimersByTime(58_000);
    expect($today.get()).toBe('2026-11-21');
    vi.advanceTimersByTime(5_000);
    expect($today.get()).toBe('2026-11-22');
    // …and again the next midnight; stopped, it no longer moves.
    vi.advanceTimersByTime(86_400_000);
    expect($today.get()).toBe('2026-11-23');
    stop();
    vi.advanceTimersByTime(86_400_000);
    expect($today.get()).toBe('2026-11-23');
  });
});
