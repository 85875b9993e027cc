import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { facilityMsg } from '../../contracts/facility-form';
import { DayView } from '../../site/src/components/panel/calendar/DayView';
import { WeekTable } from '../../site/src/components/panel/calendar/WeekTable';
import FacilitiesManager from '../../site/src/islands/FacilitiesManager';
import { $toasts } from '../../site/src/stores/toast';
import type { CalendarSlot } from '../../site/src/stores/weekly-calendar';
import { labelInNameBreaches } from './fixtures/label-in-name';
import { apiError, type Call, facility, mockApi } from './fixtures/panel-facility';

// The pitch form's match-length fields (docs/behaviour.md#match-length).
let calls: Call[];
beforeEach(() => {
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.path === '/api/facilities/all') return [200, { data: [facility()], meta: {} }];
    if (c.method === 'GET' && c.path === '/api/facilities/fac-1') return [200, { data: facility() }];
    if (c.method === 'PUT' && c.path === '/api/facilities/fac-1')
      return [200, { data: facility({ ...(c.body as object) }) }];
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => $toasts.set([]));

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const box = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

async function openEdit() {
  render(<FacilitiesManager />);
  await waitFor(() => expect(document.querySelector('[data-facility="fac-1"]')).toBeTruthy());
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Nilüfer Arena işlemleri' }));
  await user.click(await screen.findByRole('menuitem', { name: /Düzenle/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Saha Düzenle' });
  await waitFor(() => expect((screen.getByLabelText(/^Saha Adı/) as HTMLInputElement).value).toBe('Nilüfer Arena'));
  return { user, dialog };
}

describe("the pitch form's match lengths", () => {
  it('offers the lengths that fit the slot, half-hour starts only on a half-hourly pitch, and saves them', async () => {
    const { user, dialog } = await openEdit();
    await user.click(tab('Ayarlar'));
    const group = within(dialog).getByRole('group', { name: 'Maç süreleri' });
    // Hourly: whole hours only; the pitch's own 1 saat is ticked.
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((b) => b.closest('label')?.textContent),
    ).toEqual(['1 saat', '2 saat', '3 saat']);
    expect(box('1 saat').checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: /Buçuklu başlangıçlara izin ver/ })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Yarım saatlik' }));
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((b) => b.closest('label')?.textContent),
    ).toEqual(['30 dk', '1 saat', '1,5 saat', '2 saat', '2,5 saat', '3 saat']);
    // A pitch that offered its one slot offers the new one.
    expect(box('30 dk').checked).toBe(true);
    expect(box('1 saat').checked).toBe(false);
    await user.click(box('30 dk'));
    await user.click(box('1 saat'));
    await user.click(box('1,5 saat'));
    await user.click(box('2 saat'));
    const halfHour = box(/Buçuklu başlangıçlara izin ver/);
    expect(halfHour.checked).toBe(true);
    await user.click(halfHour);

    await user.click(tab('Temel'));
    const perHour = box(/Kapora saat başına/);
    expect(document.querySelector('[data-deposit-example]')!.textContent).toContain('90 dakikalık bir maç da ₺300');
    await user.click(perHour);
    // 300 TL an hour: an hour and a half pays 450.
    expect(document.querySelector('[data-deposit-example]')!.textContent).toContain('90 dakikalık bir maç ₺450 kapora');

    await user.click(within(dialog).getByRole('button', { name: 'Güncelle' }));
    await waitFor(() => expect($toasts.get().map((t) => t.title)).toContain(facilityMsg.updated));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      bookingTimeType: 'half-hourly',
      matchLengths: [60, 90, 120],
      halfHourStarts: false,
      depositPerHour: true,
    });
  });

  it('a length that no longer fits the slot stays shown to be taken off, and the form refuses it', async () => {
    const { user, dialog } = await openEdit();
    await user.click(tab('Ayarlar'));
    await user.click(screen.getByRole('radio', { name: 'Yarım saatlik' }));
    await user.click(box('1,5 saat'));
    await user.click(screen.getByRole('radio', { name: 'Saatlik' }));
    expect(box(/^1,5 saat/).closest('label')!.textContent).toContain('bu slota uymuyor');
    await user.click(within(dialog).getByRole('button', { name: 'Güncelle' }));
    await waitFor(() => expect(screen.getByText(facilityMsg.matchLengthNotFitting)).toBeTruthy());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(box(/^1,5 saat/));
    expect(screen.queryByRole('checkbox', { name: /^1,5 saat/ })).toBeNull();
  });
});

// Wednesday 18 November 2026, 10:00 in Istanbul.
const NOW = Date.parse('2026-11-18T07:00:00Z');
const DAY = '2026-11-18';
/** An hourly slot; `booking` covering 20:00–22:00 puts the same booking on each covered slot, as the calendar answers. */
function cell(start: string, booking: boolean): CalendarSlot {
  const h = Number(start.slice(0, 2));
  return {
    id: h,
    documentId: `${DAY}-${start}`,
    date: DAY,
    startTime: start,
    endTime: `${String(h + 1).padStart(2, '0')}:00`,
    startsAt: new Date(`${DAY}T${start}:00+03:00`).toISOString(),
    price: 1500,
    isAvailable: !booking,
    isPending: false,
    isPast: false,
    state: booking ? 'booked' : 'available',
    booking: booking
      ? {
          documentId: 'bk-two-hours',
          bookingNumber: 'HSRK7M2P9QXA',
          customerName: 'Ahmet Yılmaz',
          customerPhone: '05321234567',
          status: 'approved',
          paymentStatus: 'pending',
          isSubscriber: false,
          includesTransportation: false,
          startTime: '20:00',
          endTime: '22:00',
          duration: 120,
        }
      : null,
  } as CalendarSlot;
}
const week = ['2026-11-16', '2026-11-17', DAY, '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];

describe('a booking over several slots in the weekly calendar', () => {
  const slots = [cell('19:00', false), cell('20:00', true), cell('21:00', true), cell('22:00', false)];

  it('the desktop table: the first cell names it with its range, the next one is its continuation', () => {
    const opened: string[] = [];
    render(
      <WeekTable dates={week} slots={slots} today={DAY} now={NOW} caption="Hafta" onOpen={(id) => opened.push(id)} />,
    );
    const first = document.querySelector<HTMLElement>(`[data-slot="${DAY}-20:00"]`)!;
    const rest = document.querySelector<HTMLElement>(`[data-slot="${DAY}-21:00"]`)!;
    expect(first.getAttribute('data-part')).toBe('first');
    expect(first.textContent).toContain('Ahmet Yılmaz');
    expect(first.querySelector('[data-booking-range]')!.textContent).toBe('20:00–22:00');
    expect(rest.getAttribute('data-part')).toBe('rest');
    expect(rest.textContent).toContain('devamı');
    expect(rest.getAttribute('aria-label')).toContain('devamı, Ahmet Yılmaz, 20:00–22:00 maçı');
    expect(document.querySelector(`[data-slot="${DAY}-22:00"]`)!.getAttribute('data-part')).toBeNull();
    expect(labelInNameBreaches(document.querySelectorAll('[data-slot][aria-label]'))).toEqual([]);
    rest.click();
    expect(opened).toEqual(['bk-two-hours']);
  });

  it('the mobile day list: the same, with the time first', () => {
    render(<DayView dates={week} slots={slots} day={DAY} today={DAY} now={NOW} onDay={() => {}} onOpen={() => {}} />);
    const list = document.querySelector(`[data-day-list="${DAY}"]`)!;
    const rest = list.querySelector<HTMLElement>(`[data-slot="${DAY}-21:00"]`)!;
    expect(rest.getAttribute('data-part')).toBe('rest');
    expect(rest.textContent).toContain('21:00–22:00');
    expect(list.querySelector(`[data-slot="${DAY}-20:00"] [data-booking-range]`)!.textContent).toBe('20:00–22:00');
    expect(labelInNameBreaches(list.querySelectorAll('[data-slot][aria-label]'))).toEqual([]);
  });
});
