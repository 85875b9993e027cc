import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../../contracts/messages';
import BookingFlow from '../../site/src/islands/BookingFlow';
import type { Slot } from '../../site/src/stores/booking';
import { $toasts } from '../../site/src/stores/toast';
import { bookingFacility } from './fixtures/booking';

const NOW = new Date('2026-11-18T07:00:00Z');
const EXISTING = 'HSRABCDEFGH2';

const facility = bookingFacility({ address: null, mapsUrl: null, amenities: [] });
const slots: Slot[] = [
  {
    id: 1,
    documentId: 's-20',
    date: '2026-11-20',
    startTime: '20:00',
    endTime: '21:00',
    startsAt: '2026-11-20T17:00:00.000Z',
    price: 1500,
    isAvailable: true,
    isPending: false,
    isPast: false,
    state: 'available',
    booking: null,
  },
];
const MASKED = 'HSR••••••GH2';
// The masked shape the server sends: never the full number or the full name.
const existingBooking = {
  bookingNumberMasked: MASKED,
  customerName: 'Ayşe Y.',
  facility: 'Mudanya Sahil',
  date: '2026-11-20',
  time: '18:00',
  endTime: '19:00',
  status: 'approved',
};

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
type Reply = [number, unknown];
let calls: Call[] = [];
let route: (c: Call) => Reply;

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
  vi.stubGlobal(
    'WebSocket',
    class {
      close() {}
    },
  );
  calls = [];
  route = (c) =>
    c.method === 'GET'
      ? [200, { data: { slots }, meta: {} }]
      : c.path === '/api/bookings'
        ? [
            409,
            {
              data: null,
              error: { status: 409, name: 'ConflictError', message: msg.sameDayBooking, details: { existingBooking } },
            },
          ]
        : [
            200,
            {
              data: { bookingNumber: EXISTING, status: 'cancelled' },
              meta: { message: 'Rezervasyon başarıyla iptal edildi.' },
            },
          ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const text = req.method === 'GET' ? '' : await req.text();
      const call = {
        method: req.method,
        path: decodeURIComponent(url.pathname),
        body: text ? JSON.parse(text) : undefined,
      };
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
  await u.type(await screen.findByRole('textbox', { name: /^Ad Soyad/ }), 'Ayşe Yılmaz');
  await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
  await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
  return { u, dialog: await screen.findByRole('alertdialog', { name: 'Rezervasyon Uyarısı' }) };
}

describe("duplicate-booking modal (behaviour.md#public-site 'Duplicate-booking modal', behaviour.md#bookings same-day rule)", () => {
  it('a 409 opens Rezervasyon Uyarısı with the masked booking and the way out', async () => {
    const { dialog } = await submitSameDay();
    const d = within(dialog);
    expect(d.getByText(msg.sameDayBooking)).toBeTruthy();
    const rows = Object.fromEntries(
      [...dialog.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(rows).toEqual({
      'Rezervasyon No': MASKED,
      Müşteri: 'Ayşe Y.',
      Saha: 'Mudanya Sahil',
      Tarih: '20 Kasım 2026 Cuma',
      Saat: '18:00–19:00',
      Durum: 'Onaylandı',
    });
    expect(dialog.textContent).not.toContain(EXISTING);
    expect(d.getByRole('link', { name: 'Rezervasyon Takip' }).getAttribute('href')).toBe('/rezervasyon-takip');
    expect(d.getByRole('textbox', { name: 'Rezervasyon numaranız' })).toBeTruthy();
    expect(d.getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' })).toBeTruthy();
    expect(d.getAllByRole('button', { name: 'Kapat' }).length).toBeGreaterThan(0);
    // The form stays behind the modal; no toast for this case.
    expect($toasts.get()).toHaveLength(0);
  });

  it('without a server message the default text is shown', async () => {
    route = (c) =>
      c.method === 'GET'
        ? [200, { data: { slots }, meta: {} }]
        : [
            409,
            { data: null, error: { status: 409, name: 'ConflictError', message: '', details: { existingBooking } } },
          ];
    const { dialog } = await submitSameDay();
    expect(within(dialog).getByText('Aynı gün içinde onaylanmış rezervasyonunuz bulunmaktadır')).toBeTruthy();
  });

  it.each([
    ['no message', ''],
    ["an older server's 'onaylanmış'", msg.sameDayBooking],
    ['the pending message', msg.sameDayBookingPending],
  ])('a pending booking is worded as pending, never "onaylanmış" (%s)', async (_, message) => {
    const pending = { ...existingBooking, status: 'pending' };
    route = (c) =>
      c.method === 'GET'
        ? [200, { data: { slots }, meta: {} }]
        : [
            409,
            {
              data: null,
              error: { status: 409, name: 'ConflictError', message, details: { existingBooking: pending } },
            },
          ];
    const { dialog } = await submitSameDay();
    expect(within(dialog).getByText('Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır')).toBeTruthy();
    expect(dialog.textContent).not.toContain('onaylanmış');
    expect(dialog.textContent).toContain('Beklemede');
  });

  it('cancelling needs the full number and a confirmation; then it calls the cancel API with the phone, closes and says it worked', async () => {
    const { u, dialog } = await submitSameDay();
    const d = within(dialog);
    // Nothing typed: refused on the spot, no call, no confirmation.
    await u.click(d.getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' }));
    expect((await d.findByRole('alert')).textContent).toBe(msg.bookingNumberInvalid);
    expect(calls.some((c) => c.path.startsWith('/api/bookings/cancel/'))).toBe(false);
    await u.type(d.getByRole('textbox', { name: 'Rezervasyon numaranız' }), EXISTING.toLowerCase());
    await u.click(d.getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' }));
    // The confirmation step: 'Vazgeç' goes back without a call.
    expect(d.getByRole('alert').textContent).toContain(
      `${EXISTING} numaralı rezervasyonu iptal etmek istediğinize emin misiniz?`,
    );
    await u.click(d.getByRole('button', { name: 'Vazgeç' }));
    expect(d.queryByRole('button', { name: 'Evet, iptal et' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/bookings/cancel/'))).toBe(false);
    await u.click(d.getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' }));
    await u.click(d.getByRole('button', { name: 'Evet, iptal et' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const cancel = calls.find((c) => c.path === `/api/bookings/cancel/${EXISTING}`)!;
    expect(cancel.method).toBe('POST');
    expect(cancel.body).toEqual({ reason: msg.customerCancelReason, customerPhone: '05321234567' });
    expect(await screen.findByText('Rezervasyon başarıyla iptal edildi.')).toBeTruthy();
    // Back on the form, ready to submit again.
    expect(screen.getByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
  });

  it('a number pasted with dashes and a closing dot cancels that booking: nothing is cut off', async () => {
    const { u, dialog } = await submitSameDay();
    const d = within(dialog);
    const box = d.getByRole('textbox', { name: 'Rezervasyon numaranız' }) as HTMLInputElement;
    await u.click(box);
    await u.paste(` ${EXISTING.slice(0, 3)}-${EXISTING.slice(3, 7)}-${EXISTING.slice(7)}. `);
    expect(box.value).toBe(EXISTING);
    await u.click(d.getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' }));
    await u.click(d.getByRole('button', { name: 'Evet, iptal et' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/bookings/cancel/${EXISTING}`)).toBe(true));
  });

  it("a wrong number is refused with the server's Turkish reason inside the modal, which stays open", async () => {
    const base = route;
    route = (c) =>
      c.path.startsWith('/api/bookings/cancel/')
        ? [
            400,
            {
              data: null,
              error: {
                status: 400,
                name: 'ValidationError',
                message: msg.bookingNumberMismatch,
                details: { errors: [{ path: ['bookingNumber'], message: msg.bookingNumberMismatch }] },
              },
            },
          ]
        : base(c);
    const { u, dialog } = await submitSameDay();
    const d = within(dialog);
    await u.type(d.getByRole('textbox', { name: 'Rezervasyon numaranız' }), 'HSRZZZZZZGH2');
    await u.click(d.getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' }));
    await u.click(d.getByRole('button', { name: 'Evet, iptal et' }));
    await waitFor(() => expect(d.getByRole('alert').textContent).toBe(msg.bookingNumberMismatch));
    expect(d.getByRole('textbox', { name: 'Rezervasyon numaranız' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('Kapat closes the modal', async () => {
    const { u, dialog } = await submitSameDay();
    const [close] = within(dialog).getAllByRole('button', { name: 'Kapat' });
    await u.click(close);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
