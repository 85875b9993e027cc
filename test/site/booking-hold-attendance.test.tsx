// The booking detail's hold clock ('14:35 · 23 dk kaldı', 'Süreyi uzat') and 'Geldi' / 'Gelmedi' after the start.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdMsg } from '../../contracts/attendance';
import { type BookingDetail, BookingDetailDialog } from '../../site/src/components/panel/BookingDetailDialog';
import { AttendanceButtons } from '../../site/src/components/panel/BookingDetailDialog/Attendance';
import { customMinutes, holdLeftText, holdText } from '../../site/src/components/panel/BookingDetailDialog/hold-model';
import { $toasts } from '../../site/src/stores/toast';
import { type Call, detail, mockApi } from './fixtures/panel-booking';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const MIN = 60_000;
const clock = (ms: number) =>
  new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' }).format(ms);

describe('the hold clock', () => {
  it('says the end as a clock time and what is left', () => {
    const now = Date.parse('2026-11-20T11:12:00.000Z');
    const end = new Date(now + 23 * MIN + 30_000).toISOString();
    expect(holdText(end, now)).toBe('14:35 · 23 dk kaldı');
    // An end after midnight in Istanbul is on another calendar day: its date comes first.
    const late = Date.parse('2026-11-20T20:30:00.000Z');
    expect(holdText(new Date(late + 83 * MIN).toISOString(), late)).toBe('21 Kasım 2026 00:53 · 1 sa 23 dk kaldı');
    expect(holdLeftText(new Date(now + 65 * MIN).toISOString(), now)).toBe('1 sa 5 dk kaldı');
    expect(holdLeftText(new Date(now + 120 * MIN).toISOString(), now)).toBe('2 sa kaldı');
    expect(holdLeftText(new Date(now + 20_000).toISOString(), now)).toBe('1 dk’dan az kaldı');
    expect(holdLeftText(new Date(now - 1).toISOString(), now)).toBe('Süre doldu');
    // Another day: the date is named.
    expect(holdText(new Date(now + 20 * 60 * MIN).toISOString(), now)).toMatch(/^21 Kasım 2026/);
  });

  it('a typed length is whole minutes within the limits', () => {
    expect(customMinutes('45', 15, 1440, 'x')).toBe(45);
    expect(customMinutes(' 1440 ', 15, 1440, 'x')).toBe(1440);
    for (const bad of ['10', '1441', '1,5', '', 'iki']) expect(customMinutes(bad, 15, 1440, 'x')).toBe('x');
  });
});

function serve(current: { b: BookingDetail }) {
  return mockApi((c: Call) => {
    if (c.method === 'GET' && c.path === '/api/bookings/bk-1') return [200, { data: current.b, meta: {} }];
    if (c.method === 'POST' && c.path === '/api/bookings/bk-1/extend-hold') {
      const minutes = Number(c.body?.minutes);
      current.b = {
        ...current.b,
        expiresAt: new Date(Date.parse(current.b.expiresAt!) + minutes * MIN).toISOString(),
        history: [
          ...current.b.history,
          {
            id: 9,
            fromStatus: 'pending',
            toStatus: 'pending',
            reason: `${c.body?.reason}: 1 saat uzatıldı`,
            event: 'hold_extended',
            actorType: 'staff',
            actorLabel: 'Test Yönetici',
            createdAt: new Date().toISOString(),
          },
        ],
      } as BookingDetail;
      return [200, { data: current.b, meta: {} }];
    }
    if (c.method === 'POST' && c.path === '/api/bookings/bk-1/attendance') {
      current.b = {
        ...current.b,
        attendance: c.body?.attendance,
        attendanceAt: new Date().toISOString(),
        attendanceBy: 'Test Yönetici',
      } as BookingDetail;
      return [200, { data: current.b, meta: {} }];
    }
    return [404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Bulunamadı' } }];
  });
}

describe('in the booking detail', () => {
  it('a pending hold shows its end and countdown; extending by 1 saat with a reason moves it', async () => {
    // 14:12 in Istanbul, so both ends fall on the same calendar day (a next-day end shows its date first).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-20T11:12:00.000Z') });
    const expiresAt = new Date(Date.now() + 23 * MIN + 30_000).toISOString();
    const current = { b: detail({ status: 'pending', expiresAt }) };
    const calls = serve(current);
    render(<BookingDetailDialog documentId="bk-1" onClose={() => {}} />);
    const d = await screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
    const left = await within(d).findByText(/dk kaldı$/);
    expect(left.textContent).toBe(`${clock(Date.parse(expiresAt))} · 23 dk kaldı`);
    const user = userEvent.setup();
    await user.click(within(d).getByRole('button', { name: 'Süreyi uzat' }));
    await user.click(within(d).getByRole('button', { name: '1 saat' }));
    await user.type(within(d).getByLabelText('Neden (isteğe bağlı)'), 'Müşteri ödediğini söyledi');
    await user.click(within(d).getByRole('button', { name: 'Uzat' }));
    await waitFor(() => expect(left.textContent).toBe(`${clock(Date.parse(expiresAt) + 60 * MIN)} · 1 sa 23 dk kaldı`));
    expect(calls.find((c) => c.path.endsWith('/extend-hold'))?.body).toEqual({
      minutes: 60,
      reason: 'Müşteri ödediğini söyledi',
    });
    // The history names the extension and its reason.
    expect(within(d).getByText('Müşteri ödediğini söyledi: 1 saat uzatıldı')).toBeTruthy();
  });

  it('a custom length outside the limits is refused on the spot, nothing sent', async () => {
    const current = { b: detail({ status: 'pending', expiresAt: new Date(Date.now() + 30 * MIN).toISOString() }) };
    const calls = serve(current);
    render(<BookingDetailDialog documentId="bk-1" onClose={() => {}} />);
    const d = await screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
    const user = userEvent.setup();
    await user.click(await within(d).findByRole('button', { name: 'Süreyi uzat' }));
    await user.click(within(d).getByRole('button', { name: 'Özel' }));
    await user.type(within(d).getByLabelText('Dakika'), '5');
    await user.click(within(d).getByRole('button', { name: 'Uzat' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(holdMsg.minutesRange);
    expect(calls.some((c) => c.path.endsWith('/extend-hold'))).toBe(false);
  });

  it("no clock for a paid hold (no deadline) or an approved booking; 'Geldi' / 'Gelmedi' only once the match started", async () => {
    const current = {
      b: detail({ status: 'approved', expiresAt: null, startsAt: new Date(Date.now() + 60 * MIN).toISOString() }),
    };
    serve(current);
    const first = render(<BookingDetailDialog documentId="bk-1" onClose={() => {}} />);
    const d = await screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
    await within(d).findByText('HSRK7M2P9QX');
    expect(within(d).queryByText(/kaldı$/)).toBeNull();
    expect(within(d).queryByRole('button', { name: 'Gelmedi' })).toBeNull();
    first.unmount();

    current.b = detail({ status: 'approved', isPast: true, startsAt: new Date(Date.now() - 30 * MIN).toISOString() });
    render(<BookingDetailDialog documentId="bk-1" onClose={() => {}} />);
    const d2 = await screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
    expect(await within(d2).findByText(/Henüz işaretlenmedi/)).toBeTruthy();
    await userEvent.setup().click(within(d2).getByRole('button', { name: 'Gelmedi' }));
    await waitFor(() =>
      expect(d2.querySelector('[data-attendance-state]')?.textContent).toMatch(/^Gelmedi · Test Yönetici · /),
    );
    expect(within(d2).getByRole('button', { name: 'Gelmedi' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('AttendanceButtons (shared with the Bugün sheet)', () => {
  it('posts the mark and hands the answer on', async () => {
    const current = { b: detail({ status: 'approved', startsAt: new Date(Date.now() - MIN).toISOString() }) };
    const calls = serve(current);
    const onChanged = vi.fn();
    render(<AttendanceButtons documentId="bk-1" attendance={null} onChanged={onChanged} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Geldi' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/bookings/bk-1/attendance',
      body: { attendance: 'played' },
    });
    expect(onChanged.mock.calls[0][0]).toMatchObject({ attendance: 'played' });
    expect(onChanged.mock.calls[0][1]).toBe('Katılım işaretlendi: Geldi');
  });
});
