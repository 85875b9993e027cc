// While the slots load, each day of the pitch page's calendar holds as many placeholder blocks as the pitch's hours
// give that day (today's started hours hidden on a phone, as the loaded list folds them), so nothing below moves when
// the answer lands. The placeholders come from the instant the server drew the page, so hydration an hour later draws
// the same blocks (no React #418).
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkingHoursWire } from '../../contracts/wire/facility';
import BookingFlow from '../../site/src/islands/BookingFlow';
import { expectedDay } from '../../site/src/stores/booking/placeholder';
import { bookingFacility } from './fixtures/booking';

const open = (start: string, end: string) => ({ isOpen: true, start, end });
const closed = { isOpen: false, start: '09:00', end: '23:00' };
const hours = (over: Partial<WorkingHoursWire> = {}): WorkingHoursWire => ({
  monday: open('09:00', '24:00'),
  tuesday: open('09:00', '24:00'),
  wednesday: open('09:00', '24:00'),
  thursday: open('09:00', '24:00'),
  friday: open('18:00', '02:00'),
  saturday: open('09:00', '24:00'),
  sunday: closed,
  ...over,
});
const facility = bookingFacility({ workingHours: hours(), bookingTimeType: 'hourly', startTimeOffset: 'full_hour' });
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+03:00`);

describe('expectedDay', () => {
  it("counts a day's slots from the weekly hours, the overnight ones apart", () => {
    // Thursday 26 November 2026, long before opening.
    expect(expectedDay(facility, '2026-11-26', at('2026-11-20', '12:00'))).toEqual({
      started: 0,
      evening: 15,
      night: 0,
    });
    // Friday runs 18:00–02:00: six hours before midnight, two after it.
    expect(expectedDay(facility, '2026-11-27', at('2026-11-20', '12:00'))).toEqual({
      started: 0,
      evening: 6,
      night: 2,
    });
    // Sunday is closed.
    expect(expectedDay(facility, '2026-11-29', at('2026-11-20', '12:00'))).toEqual({
      started: 0,
      evening: 0,
      night: 0,
    });
  });

  it('counts the hours already started at the instant given, overnight ones included', () => {
    expect(expectedDay(facility, '2026-11-26', at('2026-11-26', '11:30'))?.started).toBe(3);
    expect(expectedDay(facility, '2026-11-26', at('2026-11-26', '09:00'))?.started).toBe(1);
    expect(expectedDay(facility, '2026-11-27', at('2026-11-28', '00:10'))?.started).toBe(7);
  });

  it('knows nothing without the hours, and halves an hour on a half-hourly pitch', () => {
    expect(expectedDay(bookingFacility(), '2026-11-26', 0)).toBeNull();
    const half = bookingFacility({
      workingHours: hours({ thursday: open('18:00', '20:00') }),
      bookingTimeType: 'half-hourly',
      startTimeOffset: 'full_hour',
    });
    expect(expectedDay(half, '2026-11-26', 0)).toEqual({ started: 0, evening: 4, night: 0 });
  });
});

describe('the placeholders on the page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('draws one block per expected slot on the server, and hydrates the same an hour later', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    // Thursday 26 November 2026, 11:30 in Istanbul: the week Sunday 22 … Saturday 28 is on screen.
    const drawn = at('2026-11-26', '11:30');
    vi.useFakeTimers({ toFake: ['Date'], now: drawn });
    const html = renderToString(<BookingFlow facility={facility} today="2026-11-26" renderedAt={drawn} />);
    const blocks = (s: string) => s.match(/h-14 rounded-lg bg-slate-200/g)?.length ?? 0;
    const folded = (s: string) => s.match(/h-14 rounded-lg bg-slate-200 dark:bg-slate-800 max-lg:hidden/g)?.length ?? 0;
    // Thursday 15, Friday 8, Saturday 15 (Sunday to Wednesday are over: one line above the open days).
    expect(blocks(html)).toBe(15 + 8 + 15);
    // Today's three started hours are hidden on a phone, as the loaded list folds them.
    expect(folded(html)).toBe(3);

    // An hour later in the browser, with the slots still on their way.
    vi.setSystemTime(drawn + 3_600_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <BookingFlow facility={facility} today="2026-11-26" renderedAt={drawn} />, {
        onRecoverableError: (e) => console.error(e),
      });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(blocks(container.innerHTML)).toBe(15 + 8 + 15);
    expect(folded(container.innerHTML)).toBe(3);
    errors.mockRestore();
    act(() => root!.unmount());
    container.remove();
  });
});
