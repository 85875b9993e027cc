import { render, screen, waitFor, within } from '@testing-library/react';
import { pitch } from './booking-fixtures';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../../contracts/messages';
import BookingFlow from '../../site/src/islands/BookingFlow';
import { $toasts } from '../../site/src/stores/toast';
import type { Slot } from '../../site/src/stores/booking';

const NOW = new Date('2026-11-18T07:00:00Z');
const EXISTING = 'HSRABCDEFGH2';

const facility = pitch({ address: null, mapsUrl: null, amenities: [] });
const slots: Slot[] = [
  { id: 1, documentId: 's-20', date: '2026-11-20', startTime: '20:00', endTime: '21:00', price: 1500, isAvailable: true, isPending: false, isPast: false, state: 'available', booking: null },
];
const existingBooking = { bookingNumber: EXISTING, customerName: 'Ayşe Yılmaz', facility: 'Mudanya Sahil', date: '2026-11-20', time: '18:00', endTime: '19:00', status: 'approved' };

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
type Reply = [number, unknown];
let calls: Call[] = [];
let route: (c: Call) => Reply;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.history.replaceState(null, '', '/saha/nilufer');
  vi.stubGlobal('WebSocket', class { close() {} });
  calls = [];
  route = (c) =>
    c.method === 'GET'
      ? [200, { data: { slots }, meta: {} }]
      : c.path === '/api/bookings'
        ? [409, { data: null, error: { status: 409, name: 'ConflictError', message: msg.sameDayBooking, details: { existingBooking } } }]
        : [200, { data: { bookingNumber: EXISTING, status: 'cancelled' }, meta: { message: 'Rezervasyon başarıyla iptal edildi.' } }];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const text = req.method === 'GET' ? '' : await req.text();
      const call = { method: req.method, path: decodeURIComponent(url.pathname), body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const [status, body] = route(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

async function submitSameDay() {
  const u = userEvent.setup();
  render(<BookingFlow facility={facility} />);
  await u.click(await screen.findByRole('button', { name: '20:00–21:00, ₺1.500, müsait' }));
  await u.type(screen.getByRole('textbox', { name: /^Ad Soyad/ }), 'Ayşe Yılmaz');
  await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
  await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
  return { u, dialog: await screen.findByRole('alertdialog', { name: 'Rezervasyon Uyarısı' }) };
}

describe("duplicate-booking modal (01 §2 'Duplicate-booking modal', 00 §3 same-day rule)", () => {
  it('a 409 with existingBooking opens Rezervasyon Uyarısı with the existing booking and the way out', async () => {
    const { dialog } = await submitSameDay();
    const d = within(dialog);
    expect(d.getByText(msg.sameDayBooking)).toBeTruthy();
    const rows = Object.fromEntries([...dialog.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(rows).toEqual({
      'Rezervasyon No': EXISTING,
      Müşteri: 'Ayşe Yılmaz',
      Saha: 'Mudanya Sahil',
      Tarih: '20 Kasım 2026 Cuma',
      Saat: '18:00–19:00',
      Durum: 'Onaylandı',
    });
    expect(dialog.textContent).toMatch(/önce mevcut rezervasyonunuzu\s+Rezervasyon Takip\s+sayfasından iptal etmeniz gerekir/);
    expect(d.getByRole('link', { name: 'Rezervasyon Takip' }).getAttribute('href')).toBe(`/rezervasyon-takip?q=${EXISTING}`);
    expect(d.getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' })).toBeTruthy();
    expect(d.getAllByRole('button', { name: 'Kapat' }).length).toBeGreaterThan(0);
    // The form stays behind the modal; no toast for this case.
    expect($toasts.get()).toHaveLength(0);
  });

  it('without a server message the default text is shown', async () => {
    route = (c) =>
      c.method === 'GET' ? [200, { data: { slots }, meta: {} }] : [409, { data: null, error: { status: 409, name: 'ConflictError', message: '', details: { existingBooking } } }];
    const { dialog } = await submitSameDay();
    expect(within(dialog).getByText('Aynı gün içinde onaylanmış rezervasyonunuz bulunmaktadır')).toBeTruthy();
  });

  it('cancelling the existing booking calls the cancel API, closes the modal and says it worked', async () => {
    const { u, dialog } = await submitSameDay();
    await u.click(within(dialog).getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const cancel = calls.find((c) => c.path === `/api/bookings/cancel/${EXISTING}`)!;
    expect(cancel.method).toBe('POST');
    expect(cancel.body).toEqual({ reason: msg.customerCancelReason });
    expect(await screen.findByText('Rezervasyon başarıyla iptal edildi.')).toBeTruthy();
    // Back on the form, ready to submit again.
    expect(screen.getByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
  });

  it('a refused cancel shows the server reason inside the modal, which stays open', async () => {
    const base = route;
    route = (c) => (c.path.startsWith('/api/bookings/cancel/') ? [400, { data: null, error: { status: 400, name: 'ValidationError', message: msg.cancelTooLate, details: {} } }] : base(c));
    const { u, dialog } = await submitSameDay();
    await u.click(within(dialog).getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(msg.cancelTooLate);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('Kapat closes the modal', async () => {
    const { u, dialog } = await submitSameDay();
    const [close] = within(dialog).getAllByRole('button', { name: 'Kapat' });
    await u.click(close);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
