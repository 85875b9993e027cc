// Bugün and Gün Sonu's islands with the API stubbed: the sheet's links and figures, the desk's two writes on a row
// ('Tahsil et' posts the balance as a payment row, Geldi/Gelmedi the attendance, both only where they apply) and a
// re-read after each; the address keeps the day and pitch; the day-end export names every figure.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayEndWire, DaySheetRowWire, DaySheetWire } from '../../contracts/day-sheet';
import { telHref, whatsappHref } from '../../contracts/phone-links';
import { choiceFromSearch } from '../../site/src/components/panel/day/DayControls';
import { addonsText } from '../../site/src/components/panel/day/DaySheetView';
import TodaySheet from '../../site/src/islands/TodaySheet';
import { MOVEMENT_COLUMNS, SUMMARY_COLUMNS, summaryRows } from '../../site/src/lib/export/day-end';
import { toCsv } from '../../site/src/lib/export/download';
import { type Call, mockApi, type Reply } from './fixtures/panel-booking';

const NOW = new Date('2026-11-18T19:30:00Z'); // 22:30 in Istanbul

function row(over: Partial<DaySheetRowWire> = {}): DaySheetRowWire {
  return {
    id: 1,
    documentId: 'bk-1',
    bookingNumber: 'HS1234567890',
    customerName: 'Zeynep Kaya',
    customerPhone: '05321234567',
    date: '2026-11-18',
    startTime: '20:00',
    endTime: '21:00',
    startsAt: '2026-11-18T17:00:00.000Z',
    started: true,
    status: 'approved',
    paymentStatus: 'paid',
    totalPrice: 1500,
    depositAmount: 300,
    collected: 300,
    balanceDue: 1200,
    attendance: null,
    isSubscriber: false,
    channel: 'phone',
    source: 'panel',
    notes: 'Top getirecek',
    shuttle: null,
    addons: [{ name: 'Yelek', unit: 'person', unitPrice: 50, quantity: 2, total: 100 }],
    addonsPrice: 100,
    ...over,
  };
}
const sheet = (bookings: DaySheetRowWire[]): DaySheetWire => ({
  date: '2026-11-18',
  facility: null,
  sections: [{ facility: { id: 1, documentId: 'f1', name: 'Nilüfer Arena' }, bookings }],
  generatedAt: NOW.toISOString(),
});

let calls: Call[];
let answer: (c: Call) => Reply;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  history.replaceState(null, '', '/yonetim/bugun');
  answer = (c) =>
    c.path === '/api/bookings/day-sheet'
      ? [
          200,
          {
            data: sheet([
              row(),
              row({ id: 2, documentId: 'bk-2', customerName: 'Ali', started: false, balanceDue: 0 }),
            ]),
            meta: {},
          },
        ]
      : c.path.startsWith('/api/facilities')
        ? [200, { data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 0 } } }]
        : [200, { data: {}, meta: {} }];
  calls = mockApi((c) => answer(c));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the sheet’s pieces', () => {
  it('calls and writes the Turkish mobile number with its country code', () => {
    expect(telHref('05321234567')).toBe('tel:+905321234567');
    expect(whatsappHref('05321234567')).toBe('https://wa.me/905321234567');
    // Any way a person writes a Turkish number; another country's code is kept.
    for (const written of ['0532 123 45 67', '+90 532 123 45 67', '532 123 45 67', '905321234567'])
      expect(whatsappHref(written)).toBe('https://wa.me/905321234567');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(whatsappHref('05321234567', 'Saat 21:00 & yarın?')).toBe(
      'https://wa.me/905321234567?text=Saat%2021%3A00%20%26%20yar%C4%B1n%3F',
    );
    expect(addonsText(row())).toBe('Yelek ×2');
  });

  it('reads the day and pitch from the address; a malformed date is today', () => {
    expect(choiceFromSearch('?date=2026-11-20&facility=f1', '2026-11-18')).toEqual({
      date: '2026-11-20',
      facility: 'f1',
    });
    expect(choiceFromSearch('?date=20.11.2026', '2026-11-18')).toEqual({ date: '2026-11-18', facility: '' });
  });
});

describe('Bugün', () => {
  it('asks for the day in the address and shows each row with its money and links', async () => {
    history.replaceState(null, '', '/yonetim/bugun?date=2026-11-18');
    render(<TodaySheet />);
    const first = await screen.findByText('Zeynep Kaya');
    const sheetCall = calls.find((c) => c.path === '/api/bookings/day-sheet')!;
    expect(sheetCall.query).toEqual({ date: '2026-11-18' });
    const li = first.closest('li')!;
    expect(li.querySelector('[data-balance-due]')?.textContent).toBe('₺1.200');
    expect(li.textContent).toContain('Kapora Alındı');
    expect(li.textContent).toContain('Ek hizmetler: Yelek ×2');
    expect(li.textContent).toContain('Not: Top getirecek');
    expect(li.querySelector('[data-tel]')?.getAttribute('href')).toBe('tel:+905321234567');
    expect(screen.getByRole('heading', { level: 2, name: /Maç listesi: 18 Kasım 2026 Çarşamba/ })).toBeTruthy();
  });

  it("'Tahsil et' posts the balance as a payment row and reads the sheet again", async () => {
    const u = userEvent.setup();
    render(<TodaySheet />);
    const li = (await screen.findByText('Zeynep Kaya')).closest('li')!;
    // Nothing to collect on the second row (paid up), and it has not started: no buttons at all.
    const second = screen.getByText('Ali').closest('li')!;
    expect(within(second).queryAllByRole('button')).toEqual([]);
    await u.click(within(li).getByRole('button', { name: 'Tahsil et' }));
    const form = within(li).getByRole('form');
    const amount = within(form).getByRole('textbox', { name: /Tutar/ });
    expect((amount as HTMLInputElement).value).toBe('1200');
    await u.clear(amount);
    await u.type(amount, '1000');
    await u.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/bookings/bk-1/payments');
    expect(post.body).toEqual({ kind: 'balance', amount: 1000, method: 'cash' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/bookings/day-sheet')).toHaveLength(2));
  });

  it('Geldi / Gelmedi only once the match started and not yet marked; posts the mark', async () => {
    const u = userEvent.setup();
    render(<TodaySheet />);
    const li = (await screen.findByText('Zeynep Kaya')).closest('li')!;
    await u.click(within(li).getByRole('button', { name: 'Gelmedi' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/bookings/bk-1/attendance');
    expect(post.body).toEqual({ attendance: 'no_show' });
    expect(within(screen.getByText('Ali').closest('li')!).queryByRole('button', { name: 'Geldi' })).toBeNull();
  });
});

describe('Gün Sonu export', () => {
  it('names every figure for what it counts, and lists each movement', () => {
    const r: DayEndWire = {
      date: '2026-11-18',
      facility: null,
      totals: { received: 2100, refunded: 300, net: 1800, kept: 300, expected: 2700, expectedBookings: 2 },
      byMethod: [{ method: 'cash', received: 1200, refunded: 0, net: 1200 }],
      byStaff: [{ staffName: 'Ayşe Kasa', received: 2100, refunded: 300, net: 1800 }],
      byFacility: [
        {
          facility: { id: 1, documentId: 'f1', name: 'A Sahası' },
          received: 2100,
          refunded: 300,
          net: 1800,
          kept: 300,
          expected: 2700,
          expectedBookings: 2,
        },
      ],
      movements: [
        {
          id: 9,
          at: '2026-11-18T09:05:00.000Z',
          bookingId: 1,
          bookingDocumentId: 'bk-1',
          bookingNumber: 'HS1234567890',
          customerName: 'Zeynep Kaya',
          facilityName: 'A Sahası',
          kind: 'deposit',
          method: 'cash',
          amount: -300,
          staffName: 'Ayşe Kasa',
          note: 'Yanlış kayıt',
          reversal: true,
        },
      ],
      generatedAt: NOW.toISOString(),
    };
    const summary = toCsv(summaryRows(r), SUMMARY_COLUMNS).replace('\uFEFF', '').split('\r\n');
    expect(summary[0]).toBe(
      'Grup;Ad;Tahsil edilen (TL);İade edilen (TL);Net kasa (TL);Tutulan kapora (TL);Beklenen kalan (TL)',
    );
    expect(summary.slice(1, 5)).toEqual([
      'Toplam;Tüm gün;2100;300;1800;300;2700',
      'Yöntem;Nakit;1200;0;1200;;',
      'Personel;Ayşe Kasa;2100;300;1800;;',
      'Saha;A Sahası;2100;300;1800;300;2700',
    ]);
    const moves = toCsv(r.movements, MOVEMENT_COLUMNS).replace('\uFEFF', '').split('\r\n');
    expect(moves[1]).toBe(
      '12:05;HS1234567890;Zeynep Kaya;A Sahası;Kapora alındı (geri alma);Nakit;-300;Ayşe Kasa;Yanlış kayıt',
    );
  });
});
