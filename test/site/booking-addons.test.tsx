// The booking form's add-ons: offered after the shuttle option, the total follows each choice, a per-person
// add-on takes a quantity within its cap, what is sent is only ids and quantities (the server prices them), a server
// refusal shows under the add-ons, and the confirmation lists what was bought.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BookingFlow from '../../site/src/islands/BookingFlow';
import { resetForm, type Slot } from '../../site/src/stores/booking';
import { $toasts } from '../../site/src/stores/toast';
import { bookingFacility } from './fixtures/booking';

const NOW = new Date('2026-11-18T07:00:00Z');
const facility = bookingFacility({
  addons: [
    { id: 7, name: 'Maç videosu', description: 'Maçın tamamı kaydedilir', price: 300, unit: 'booking', max: 1 },
    { id: 8, name: 'Krampon kiralama', description: null, price: 50, unit: 'person', max: 12 },
  ],
});
const slot: Slot = {
  id: 20,
  documentId: 'slot-20',
  date: '2026-11-20',
  startTime: '20:00',
  endTime: '21:00',
  startsAt: '2026-11-20T17:00:00.000Z',
  price: 2000,
  isAvailable: true,
  isPending: false,
  isPast: false,
  state: 'available',
  booking: null,
};

type Call = { method: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let onPost: () => [number, unknown];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.history.replaceState(null, '', '/saha/nilufer');
  vi.stubGlobal(
    'WebSocket',
    class {
      send() {}
      close() {}
    },
  );
  calls = [];
  onPost = () => [
    201,
    {
      data: {
        bookingNumber: 'HSRK7M2P9QXA',
        customerName: 'Ayşe Yılmaz',
        status: 'pending',
        totalPrice: 2450,
        depositAmount: 300,
        isSubscriber: false,
        date: '2026-11-20',
        startTime: '20:00',
        endTime: '21:00',
        includesTransportation: false,
        transportationDetails: null,
        addons: [
          { name: 'Maç videosu', unit: 'booking', unitPrice: 300, quantity: 1, total: 300 },
          { name: 'Krampon kiralama', unit: 'person', unitPrice: 50, quantity: 3, total: 150 },
        ],
        addonsPrice: 450,
        facility: {
          name: 'Nilüfer Arena',
          bankName: 'Garanti BBVA',
          recipientName: 'X',
          depositIban: 'TR330006100519786457841326',
        },
      },
      meta: {},
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const text = req.method === 'GET' ? '' : await req.text();
      calls.push({ method: req.method, body: text ? JSON.parse(text) : undefined });
      const [status, body] = req.method === 'GET' ? [200, { data: { slots: [slot] }, meta: {} }] : onPost();
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
  resetForm();
});

async function toForm() {
  const u = userEvent.setup();
  render(<BookingFlow facility={facility} />);
  await u.click(await screen.findByRole('button', { name: '20:00–21:00, ₺2.000, müsait' }));
  await screen.findByRole('heading', { name: 'Bilgiler' });
  await u.type(screen.getByRole('textbox', { name: /^Ad Soyad/ }), 'Ayşe Yılmaz');
  await u.type(screen.getByRole('textbox', { name: /^Telefon/ }), '05321234567');
  return u;
}
const total = () => document.querySelector('[data-total-amount]')!.textContent!.replace(/\u00a0/g, ' ');

describe('booking form add-ons', () => {
  it('the total follows the choices; only ids and quantities are sent; the confirmation lists them', async () => {
    const u = await toForm();
    const group = screen.getByRole('group', { name: 'Ek Hizmetler' });
    expect(total()).toBe('₺2.000');
    await u.click(within(group).getByRole('checkbox', { name: /Maç videosu/ }));
    expect(total()).toBe('₺2.300');
    await u.click(within(group).getByRole('checkbox', { name: /Krampon kiralama/ }));
    const people = within(group).getByRole('spinbutton', { name: /Kişi sayısı/ }) as HTMLInputElement;
    expect(people.max).toBe('12');
    await u.clear(people);
    await u.type(people, '3');
    expect(total()).toBe('₺2.450');
    expect(document.querySelector('[data-total-addon="Krampon kiralama"]')!.textContent).toContain('× 3');
    // More than the cap is held at the cap.
    await u.clear(people);
    await u.type(people, '40');
    expect(people.value).toBe('12');
    await u.clear(people);
    await u.type(people, '3');
    await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body!;
    expect(body.addons).toEqual([
      { id: 7, quantity: 1 },
      { id: 8, quantity: 3 },
    ]);
    expect(body).not.toHaveProperty('totalPrice');
    expect(await screen.findByText(/Maç videosu \(₺300\), Krampon kiralama × 3 \(₺150\)/)).toBeTruthy();
  });

  it('a server refusal of an add-on shows under the add-ons and keeps the form', async () => {
    onPost = () => [
      400,
      {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'Seçilen hizmet bu sahada sunulmuyor',
          details: { errors: [{ path: ['addons', '0', 'id'], message: 'Seçilen hizmet bu sahada sunulmuyor' }] },
        },
      },
    ];
    const u = await toForm();
    await u.click(screen.getByRole('checkbox', { name: /Maç videosu/ }));
    await u.click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
    const group = screen.getByRole('group', { name: 'Ek Hizmetler' });
    expect(await within(group).findByText('Seçilen hizmet bu sahada sunulmuyor')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
  });

  it('a pitch without add-ons shows no add-on group', async () => {
    render(<BookingFlow facility={bookingFacility()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: '20:00–21:00, ₺2.000, müsait' }));
    await screen.findByRole('heading', { name: 'Bilgiler' });
    expect(screen.queryByRole('group', { name: 'Ek Hizmetler' })).toBeNull();
  });
});
