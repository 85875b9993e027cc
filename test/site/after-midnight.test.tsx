// An overnight pitch (open 18:00–02:00) lists 00:00 and 01:00 under the business day of the evening before. Wherever a
// person reads a date and time it is the real calendar one, with the business day as context:
// '28 Kasım 2026 Cumartesi · 00:00–01:00 · Cuma gecesi', never 'Cuma 27 Kasım 00:00'.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessHourOrder, realStart, slotDateText, slotStartText } from '../../contracts/slot-start';
import type { BookingListItem } from '../../contracts/wire/booking';
import { BookingCards, BookingTable } from '../../site/src/components/panel/bookings/BookingList';
import { cellView } from '../../site/src/components/panel/calendar/slot-view';
import { heatGrid } from '../../site/src/components/panel/reports/model';
import { BookingDetails } from '../../site/src/components/tracking/BookingDetails';
import BookingFlow from '../../site/src/islands/BookingFlow';
import { BOOKING_EXPORT_COLUMNS } from '../../site/src/lib/export/bookings';
import { toCsv } from '../../site/src/lib/export/download';
import type { Slot } from '../../site/src/stores/booking';
import type { CalendarSlot } from '../../site/src/stores/weekly-calendar';
import { bookingFacility } from './fixtures/booking';
import { listItem } from './fixtures/panel-booking';

const NOW = new Date('2026-11-26T07:00:00Z');
const BUSINESS = '2026-11-27'; // a Friday; its 00:00 and 01:00 are played on Saturday 28 November
const at = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`).toISOString();
const MIDNIGHT = at('2026-11-28', '00:00');

describe('the shared formatter', () => {
  it('takes the real calendar date from the start instant, or from the opening hour when no instant is known', () => {
    expect(realStart({ date: '2026-11-30', startTime: '00:00', startsAt: at('2026-12-01', '00:00') })).toEqual({
      businessDate: '2026-11-30',
      calendarDate: '2026-12-01',
      time: '00:00',
      overnight: true,
    });
    expect(realStart({ date: '2026-11-30', startTime: '01:00' }, '18:00').calendarDate).toBe('2026-12-01');
    expect(realStart({ date: '2026-11-30', startTime: '19:00' }, '18:00').overnight).toBe(false);
    expect(
      realStart({ date: '2026-11-30', startTime: '23:00', startsAt: Date.parse(at('2026-11-30', '23:00')) }),
    ).toMatchObject({
      calendarDate: '2026-11-30',
      overnight: false,
    });
  });

  it("writes '1 Aralık 2026 Salı 00:00 · Pazartesi gecesi', with or without the year, and the date alone", () => {
    const s = { date: '2026-11-30', startTime: '00:00', startsAt: at('2026-12-01', '00:00') };
    expect(slotStartText(s)).toBe('1 Aralık 2026 Salı 00:00 · Pazartesi gecesi');
    expect(slotStartText(s, { year: false })).toBe('1 Aralık Salı 00:00 · Pazartesi gecesi');
    expect(slotDateText(s)).toBe('1 Aralık 2026 Salı · Pazartesi gecesi');
    expect(slotStartText({ date: '2026-11-30', startTime: '20:00', startsAt: at('2026-11-30', '20:00') })).toBe(
      '30 Kasım 2026 Pazartesi 20:00',
    );
    expect(slotStartText({ date: '2026-12-31', startTime: '01:30', startsAt: at('2027-01-01', '01:30') })).toBe(
      '1 Ocak 2027 Cuma 01:30 · Perşembe gecesi',
    );
  });

  it('orders start hours as a business day: after-midnight hours follow the late evening', () => {
    expect(businessHourOrder(['00:00', '01:00', '18:00', '23:00', '19:00'])).toEqual([
      '18:00',
      '19:00',
      '23:00',
      '00:00',
      '01:00',
    ]);
    // A pitch open 08:00–01:00: the night is the gap between 01:00 and 08:00.
    const day = Array.from({ length: 16 }, (_, i) => `${String(i + 8).padStart(2, '0')}:00`);
    expect(businessHourOrder(['00:00', ...day].reverse())).toEqual([...day, '00:00']);
    const clock = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
    expect(businessHourOrder([...clock].reverse())).toEqual(clock);
  });
});

// ---------- the booking flow: calendar, summary, confirmation ----------

function slot(time: string, id: number): Slot {
  const next = time < '06:00';
  return {
    id,
    documentId: `s-${time}`,
    date: BUSINESS,
    startTime: time,
    endTime: `${String((Number(time.slice(0, 2)) + 1) % 24).padStart(2, '0')}:00`,
    startsAt: at(next ? '2026-11-28' : BUSINESS, time),
    price: 1500,
    isAvailable: true,
    isPending: false,
    isPast: false,
    state: 'available',
    booking: null,
  };
}
const SLOTS = [slot('22:00', 1), slot('23:00', 2), slot('00:00', 3), slot('01:00', 4)];

const created = {
  id: 9,
  documentId: 'b-9',
  bookingNumber: 'HSRGECE2345',
  customerName: 'Gece Oyuncu',
  status: 'pending',
  paymentStatus: 'pending',
  totalPrice: 1500,
  depositAmount: 300,
  isSubscriber: false,
  date: BUSINESS,
  time: '00:00',
  startTime: '00:00',
  endTime: '01:00',
  startsAt: MIDNIGHT,
  isPast: false,
  includesTransportation: false,
  transportationPrice: 0,
  transportationDetails: null,
  addons: [],
  addonsPrice: 0,
  facility: { name: 'Gece Arena', bankName: null, recipientName: null, depositIban: null },
};

class QuietSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

beforeAll(async () => {
  await Promise.all([
    import('../../site/src/components/booking/BookingForm'),
    import('../../site/src/components/booking/Confirmation'),
  ]);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.history.replaceState(null, '', '/saha/gece');
  vi.stubGlobal('WebSocket', QuietSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const body = req.method === 'GET' ? { data: { slots: SLOTS }, meta: {} } : { data: created, meta: {} };
      return new Response(JSON.stringify(body), {
        status: req.method === 'GET' ? 200 : 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the booking flow of an overnight pitch', () => {
  it('lists the hours after midnight under their real date, and the summary and confirmation name it', async () => {
    const u = userEvent.setup();
    render(<BookingFlow facility={bookingFacility({ name: 'Gece Arena', slug: 'gece' })} />);
    const night = await waitFor(() => {
      const h = document.querySelector(`[data-day="${BUSINESS}"] [data-night-heading]`);
      expect(h).toBeTruthy();
      return h!;
    });
    expect(night.textContent).toBe('28 Kasım Cumartesi · Cuma gecesi');
    // The list under that heading holds 00:00 and 01:00 only; 22:00 and 23:00 stay under Friday.
    const nightList = screen.getByRole('list', { name: '28 Kasım Cumartesi · Cuma gecesi' });
    expect(
      within(nightList)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-start')),
    ).toEqual(['00:00', '01:00']);

    await u.click(within(nightList).getByRole('button', { name: /^00:00–01:00/ }));
    const summary = await waitFor(() => {
      const s = document.querySelector('[data-summary]');
      expect(s).toBeTruthy();
      return s!;
    });
    expect(summary.textContent).toContain('28 Kasım 2026 Cumartesi · 00:00–01:00 · Cuma gecesi');
    expect(summary.textContent).not.toContain('27 Kasım');

    await u.type(screen.getByRole('textbox', { name: /^Ad Soyad/ }), 'Gece Oyuncu');
    await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
    await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
    await waitFor(() => expect(document.querySelector('[data-booking-number]')).toBeTruthy());
    const step = document.querySelector('[data-booking-step="3"]')!;
    expect(step.textContent).toContain('28 Kasım 2026 Cumartesi · Cuma gecesi');
    expect(step.textContent).not.toContain('27 Kasım');
  });
});

// ---------- tracking, the panel list, the weekly calendar, the export, the heatmap ----------

const tracked = {
  ...created,
  customerPhone: '05321234567',
  notes: null,
  isRecurring: false,
  recurringGroupId: null,
  facility: {
    documentId: 'f1',
    slug: 'gece',
    name: 'Gece Arena',
    address: null,
    phone: null,
    phoneNumbers: [],
    bankName: null,
    recipientName: null,
    depositIban: null,
  },
  bookingSlot: { date: BUSINESS, startTime: '00:00', endTime: '01:00', price: 1500 },
  approvedAt: null,
  rejectionReason: null,
  cancellationReason: null,
  cancelledAt: null,
  createdAt: '2026-11-26T06:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
  clientTimestamp: null,
  clientTimezone: null,
};

const item: BookingListItem = listItem({
  bookingNumber: 'HSRGECE2345',
  date: BUSINESS,
  startTime: '00:00',
  endTime: '01:00',
  startsAt: MIDNIGHT,
});

describe('what staff and the tracking page read', () => {
  it('tracking: the date row is the real calendar date with the business night', () => {
    render(
      <BookingDetails
        booking={tracked as never}
        now={NOW.getTime()}
        onCopy={() => {}}
        onNewSearch={() => {}}
        onCancel={() => {}}
      />,
    );
    const row = screen.getByText('Tarih').parentElement!;
    expect(row.textContent).toContain('28 Kasım 2026 Cumartesi · Cuma gecesi');
    expect(document.body.textContent).not.toContain('27 Kasım');
  });

  it('the bookings list, table and cards, shows the real date and names the night', () => {
    const { unmount } = render(<BookingTable items={[item]} onOpen={() => {}} />);
    const row = document.querySelector('tbody tr')!;
    expect(row.textContent).toContain('28 Kasım 2026');
    expect(row.textContent).toContain('00:00–01:00 · Cuma gecesi');
    expect(row.textContent).not.toContain('27 Kasım');
    unmount();
    render(<BookingCards items={[item]} onOpen={() => {}} />);
    expect(document.body.textContent).toContain('28 Kasım 2026 00:00–01:00 · Cuma gecesi');
  });

  it("the weekly calendar's cell names the real day", () => {
    const cell: CalendarSlot = {
      ...slot('00:00', 3),
      closure: null,
      waitlist: 0,
      booking: {
        documentId: 'b-9',
        bookingNumber: 'HSRGECE2345',
        customerName: 'Gece Oyuncu',
        customerPhone: '05321234567',
        status: 'approved',
        paymentStatus: 'pending',
        isSubscriber: false,
        includesTransportation: false,
        startTime: '00:00',
        endTime: '01:00',
        duration: 60,
      },
      startsAt: MIDNIGHT,
    };
    const v = cellView(cell, NOW.getTime());
    expect(v.label).toBe('00:00–01:00 Cumartesi 28 Kasım · Cuma gecesi, Gece Oyuncu, Onaylı');
  });

  it('the bookings export writes the real date and the night beside the time', () => {
    const [, line] = toCsv([item], BOOKING_EXPORT_COLUMNS)
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    const [, date, time] = line.split(';');
    expect(date).toBe('28.11.2026');
    expect(time).toBe('00:00–01:00 · Cuma gecesi');
  });

  it('the occupancy heatmap lists the hours after midnight after the late evening', () => {
    const cells = ['00:00', '01:00', '18:00', '23:00'].map((hour) => ({ weekday: 5, hour, generated: 4, booked: 1 }));
    expect(heatGrid(cells).hours).toEqual(['18:00', '23:00', '00:00', '01:00']);
    // ...and says those rows are played on the next calendar day.
    expect(heatGrid(cells).night).toEqual([false, false, true, true]);
    const day = ['09:00', '10:00', '11:00'].map((hour) => ({ weekday: 1, hour, generated: 1, booked: 0 }));
    expect(heatGrid(day).night).toEqual([false, false, false]);
  });
});
