// The date primitive: dd.mm.yyyy in every browser (react-aria with locale tr-TR), YYYY-MM-DD on the wire.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DATE_OUTSIDE_RANGE,
  DatePicker,
  dateFromIso,
  IsoDatePicker,
  isoFromDate,
} from '../../site/src/components/ui/DatePicker';
import BookingsManager from '../../site/src/islands/BookingsManager';
import { $toasts } from '../../site/src/stores/toast';
import { type Call, listItem, mockApi } from './fixtures/panel-booking';

function Harness({ initial = '' }: { initial?: string }) {
  const [iso, setIso] = useState(initial);
  return (
    <>
      <DatePicker label="Başlangıç tarihi" value={dateFromIso(iso)} onChange={(d) => setIso(isoFromDate(d))} />
      <output data-testid="iso">{iso}</output>
    </>
  );
}

/** A field that allows November 2026 only. */
function Bounded() {
  const [iso, setIso] = useState('');
  return <IsoDatePicker label="Bitiş tarihi" value={iso} onChange={setIso} min="2026-11-01" max="2026-11-30" />;
}

const segmentsOf = (name: string) => within(screen.getByRole('group', { name })).getAllByRole('spinbutton');

async function typeDate(name: string, day: string, month: string, year: string) {
  const u = userEvent.setup();
  const [d] = segmentsOf(name);
  act(() => d.focus());
  // Each full segment moves the focus on to the next one, as a person types 15112026.
  await u.keyboard(day + month + year);
}

describe('DatePicker (ui primitive)', () => {
  it('shows a stored YYYY-MM-DD as dd.mm.yyyy: day, month, year, dot-separated', () => {
    render(<Harness initial="2026-11-05" />);
    const segments = segmentsOf('Başlangıç tarihi');
    expect(segments.map((s) => s.getAttribute('data-type'))).toEqual(['day', 'month', 'year']);
    expect(segments.map((s) => s.textContent)).toEqual(['05', '11', '2026']);
    expect(screen.getByRole('group', { name: 'Başlangıç tarihi' }).textContent).toContain('05.11.2026');
  });

  it('an empty field reads gg.aa.yyyy, never mm/dd/yyyy', () => {
    render(<Harness />);
    const text = screen.getByRole('group', { name: 'Başlangıç tarihi' }).textContent ?? '';
    expect(text).toMatch(/^gg\.aa\.yyyy/);
    expect(text).not.toContain('/');
  });

  it('typing 15 11 2026 gives 2026-11-15', async () => {
    render(<Harness />);
    await typeDate('Başlangıç tarihi', '15', '11', '2026');
    expect(screen.getByTestId('iso').textContent).toBe('2026-11-15');
  });

  it('a typed date past its maximum is refused in Turkish, never in the words react-aria takes from the browser', async () => {
    render(<Bounded />);
    await typeDate('Bitiş tarihi', '05', '12', '2026');
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    const root = screen.getByRole('group', { name: 'Bitiş tarihi' }).parentElement!;
    await waitFor(() => expect(root.querySelector('[slot="errorMessage"]')?.textContent).toBe(DATE_OUTSIDE_RANGE));
    expect(root.textContent).not.toMatch(/Value must|or earlier|or later/);
  });

  it('converts between the wire format and calendar dates, refusing what is not YYYY-MM-DD', () => {
    expect(isoFromDate(dateFromIso('2026-02-28'))).toBe('2026-02-28');
    expect(dateFromIso('28.02.2026')).toBeNull();
    expect(dateFromIso('2026-02-30')).toBeNull();
    expect(dateFromIso('')).toBeNull();
    expect(isoFromDate(null)).toBe('');
  });
});

describe('the bookings filter bar uses it (behaviour.md#management-panel date range)', () => {
  let calls: Call[];
  beforeEach(() => {
    window.history.replaceState(null, '', '/yonetim/rezervasyonlar?from=2026-11-01');
    calls = mockApi((c) =>
      c.method === 'GET' && c.path === '/api/bookings'
        ? [
            200,
            {
              data: [listItem()],
              meta: {
                pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 },
                counts: { all: 1, today: 0, upcoming: 1, pending: 1, approved: 0, rejected: 0, cancelled: 0 },
              },
            },
          ]
        : [404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Bulunamadı', details: {} } }],
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    $toasts.set([]);
  });

  it('shows the range from the address as dd.mm.yyyy and sends a typed end date as YYYY-MM-DD', async () => {
    render(<BookingsManager />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/bookings')).toBe(true));
    expect(screen.getByRole('group', { name: 'Başlangıç tarihi' }).textContent).toContain('01.11.2026');
    // No native date box (the browser's mm/dd/yyyy): only react-aria's hidden form input, out of the tab order.
    expect(
      [...document.querySelectorAll('input[type="date"]')].filter((i) => i.getAttribute('tabindex') !== '-1'),
    ).toEqual([]);
    await typeDate('Bitiş tarihi', '30', '11', '2026');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/bookings').at(-1)!.query).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );
    // The half-typed years (0002, 0020, 0202) never reached the server nor moved the start date.
    expect(calls.filter((c) => c.path === '/api/bookings').map((c) => c.query.to ?? null)).toEqual([
      null,
      '2026-11-30',
    ]);
    expect(window.location.search).toBe('?from=2026-11-01&to=2026-11-30');
  });
});
