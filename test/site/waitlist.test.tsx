// The waitlist on the pitch page and the device (docs/behaviour.md#waitlist): 'Boşalınca haber ver' under a taken hour,
// the held slot's look, the claim link (hak read, then out of the address; the booking posts it), and the device list.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitlistTexts } from '../../contracts/waitlist';
import { HELD_TEXT } from '../../site/src/components/booking/SlotCalendar';
import BookingFlow from '../../site/src/islands/BookingFlow';
import MyBookings from '../../site/src/islands/MyBookings';
import { CLAIM_KEY, WAIT_KEY } from '../../site/src/lib/waitlist-device';
import type { Slot } from '../../site/src/stores/booking';
import { $claim } from '../../site/src/stores/booking/claim';
import { $waitFor } from '../../site/src/stores/booking/flow';
import { $toasts } from '../../site/src/stores/toast';
import { bookingFacility } from './fixtures/booking';

// Wednesday 18 November 2026, 10:00 in Istanbul.
const NOW = new Date('2026-11-18T07:00:00Z');
const facility = bookingFacility();

function slot(start: string, state: string, booking: Slot['booking'] = null): Slot {
  const h = Number(start.slice(0, 2));
  return {
    id: h,
    documentId: `s-${start}`,
    date: '2026-11-18',
    startTime: start,
    endTime: `${String(h + 1).padStart(2, '0')}:00`,
    startsAt: new Date(Date.parse(`2026-11-18T${start}:00+03:00`)).toISOString(),
    price: 1500,
    isAvailable: state === 'available',
    isPending: state === 'pending',
    isPast: state === 'past',
    state: state as Slot['state'],
    booking,
  };
}
const day = () => [
  slot('19:00', 'available'),
  slot('20:00', 'booked', { customerName: 'Mehmet Y.', status: 'approved', isSubscriber: false }),
  slot('21:00', 'held'),
  slot('08:00', 'past'),
];

const entry = (over: Record<string, unknown> = {}) => ({
  key: 'wl_secretkey_1',
  status: 'waiting',
  position: 2,
  target: {
    kind: 'slot',
    date: '2026-11-18',
    from: '20:00',
    to: '20:00',
    duration: null,
    facilities: [{ slug: 'nilufer', name: facility.name }],
  },
  offer: null,
  claimMinutes: 25,
  createdAt: '2026-11-18T07:00:00.000Z',
  ...over,
});

type Call = { method: string; path: string; url: string; body: unknown };
let calls: Call[] = [];
let waitlistAnswer: (call: Call) => { status: number; body: unknown } = () => ({
  status: 201,
  body: { data: entry() },
});

function mockApi() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const text = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.text();
      const call = { method: req.method, path: url.pathname, url: req.url, body: text ? JSON.parse(text) : null };
      calls.push(call);
      const json = (status: number, body: unknown) =>
        new Response(status === 204 ? null : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname.endsWith('/slots'))
        return json(200, { data: { facility: {}, slots: day(), bookableUntil: undefined, asOf: NOW.getTime() } });
      if (url.pathname.startsWith('/api/waitlist')) {
        const a = waitlistAnswer(call);
        return json(a.status, a.body);
      }
      if (url.pathname === '/api/bookings' && req.method === 'POST')
        return json(201, {
          data: {
            bookingNumber: 'HSR-K4G3NB82G',
            status: 'pending',
            date: '2026-11-18',
            startTime: '21:00',
            endTime: '22:00',
            startsAt: '2026-11-18T18:00:00.000Z',
            customerName: 'Ayşe Kaya',
            facility: { name: facility.name, slug: 'nilufer' },
          },
        });
      return json(200, { data: [] });
    }),
  );
}

class FakeSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

beforeAll(async () => {
  await Promise.all([
    import('../../site/src/components/booking/WaitlistJoin'),
    import('../../site/src/components/booking/BookingForm'),
    import('../../site/src/stores/booking/deep-link'),
    import('../../site/src/stores/booking/claim-link'),
  ]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  window.history.replaceState(null, '', '/saha/nilufer');
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('WebSocket', FakeSocket);
  waitlistAnswer = () => ({ status: 201, body: { data: entry() } });
  $waitFor.set(null);
  $claim.set(null);
  mockApi();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const user = () => userEvent.setup();

describe('Boşalınca haber ver on the pitch page', () => {
  it('a taken hour opens the form; the answer gives the place, what comes next and Listeden çık', async () => {
    render(<BookingFlow facility={facility} />);
    const taken = await screen.findByRole('button', { name: /20:00–21:00, Dolu, Mehmet Y\./ });
    expect((taken as HTMLButtonElement).disabled).toBe(false);
    expect(taken.getAttribute('aria-expanded')).toBe('false');
    await user().click(taken);
    const form = await screen.findByRole('form', { name: waitlistTexts.join });
    expect(taken.getAttribute('aria-expanded')).toBe('true');

    // Missing fields are said on the fields, nothing is sent.
    await user().click(within(form).getByRole('button', { name: waitlistTexts.join }));
    expect(await within(form).findByText('Ad soyad gerekli')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/waitlist')).toBe(false);

    await user().type(within(form).getByLabelText(/Ad Soyad/), 'Ayşe Kaya');
    await user().type(within(form).getByLabelText(/Telefon/), '05321234567');
    await user().click(within(form).getByRole('button', { name: waitlistTexts.join }));

    expect(await screen.findByText('Sıraya eklendiniz. Sıranız: 2.')).toBeTruthy();
    expect(screen.getByText(waitlistTexts.explain(25))).toBeTruthy();
    const post = calls.find((c) => c.path === '/api/waitlist' && c.method === 'POST');
    expect(post?.body).toEqual({
      facility: facility.documentId,
      bookingSlot: 's-20:00',
      customerName: 'Ayşe Kaya',
      customerPhone: '0532 123 45 67',
    });
    // Kept on the device like a booking: key, pitch, day, hour; nothing personal.
    const kept = JSON.parse(localStorage.getItem(WAIT_KEY) ?? '[]');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      key: 'wl_secretkey_1',
      facilitySlug: 'nilufer',
      date: '2026-11-18',
      from: '20:00',
    });
    expect(JSON.stringify(kept)).not.toContain('Ayşe');
    expect(JSON.stringify(kept)).not.toContain('0532');

    waitlistAnswer = () => ({ status: 204, body: null });
    await user().click(screen.getByRole('button', { name: waitlistTexts.leave }));
    expect(await screen.findByText('Listeden çıktınız.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/waitlist/wl_secretkey_1')).toBe(true);
    expect(JSON.parse(localStorage.getItem(WAIT_KEY) ?? '[]')).toHaveLength(0);
  });

  it("says the server's refusal in Turkish", async () => {
    waitlistAnswer = () => ({
      status: 409,
      body: {
        data: null,
        error: { status: 409, name: 'ConflictError', message: 'Bu saat için zaten sıradasınız', details: {} },
      },
    });
    render(<BookingFlow facility={facility} />);
    await user().click(await screen.findByRole('button', { name: /20:00–21:00, Dolu/ }));
    const form = await screen.findByRole('form', { name: waitlistTexts.join });
    await user().type(within(form).getByLabelText(/Ad Soyad/), 'Ayşe Kaya');
    await user().type(within(form).getByLabelText(/Telefon/), '05321234567');
    await user().click(within(form).getByRole('button', { name: waitlistTexts.join }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Bu saat için zaten sıradasınız');
  });

  it('a held hour reads Ayrıldı with its own name and cannot be booked', async () => {
    expect(HELD_TEXT).toBe(waitlistTexts.held);
    render(<BookingFlow facility={facility} />);
    const held = await screen.findByRole('button', { name: `21:00–22:00, Ayrıldı: ${waitlistTexts.held}` });
    expect(held.textContent).toContain('Ayrıldı');
    expect(held.getAttribute('data-state')).toBe('held');
    // A tap offers the waitlist, never the booking form.
    await user().click(held);
    expect(await screen.findByRole('form', { name: waitlistTexts.join })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Bilgiler' })).toBeNull();
  });
});

describe('the claim link', () => {
  it('reads hak, takes it out of the address, opens the form reserved and posts the claim', async () => {
    localStorage.setItem(
      WAIT_KEY,
      JSON.stringify([
        {
          key: 'wl_secretkey_1',
          kind: 'slot',
          facilityName: facility.name,
          facilitySlug: 'nilufer',
          date: '2026-11-18',
          from: '21:00',
          to: '21:00',
          madeAt: NOW.toISOString(),
        },
      ]),
    );
    waitlistAnswer = () => ({
      status: 200,
      body: {
        data: entry({
          status: 'offered',
          position: null,
          offer: {
            facility: { slug: 'nilufer', name: facility.name },
            date: '2026-11-18',
            startTime: '21:00',
            endTime: '22:00',
            expiresAt: '2026-11-18T07:15:00.000Z',
            claimUrl: '/saha/nilufer#gun=2026-11-18&slot=s-21:00&hak=claimsecret123',
          },
        }),
      },
    });
    const before = history.length;
    window.history.replaceState(null, '', '/saha/nilufer#gun=2026-11-18&slot=s-21:00&hak=claimsecret123');
    render(<BookingFlow facility={facility} />);
    expect(await screen.findByRole('heading', { name: 'Bilgiler' })).toBeTruthy();
    // Out of the address at once, kept for this tab only.
    expect(location.href).not.toContain('claimsecret123');
    expect(JSON.stringify(history.state ?? null)).not.toContain('claimsecret123');
    expect(history.length).toBe(before + 1);
    expect(sessionStorage.getItem(CLAIM_KEY)).toContain('claimsecret123');
    // Until when, from the device's own entry.
    expect(await screen.findByText(waitlistTexts.offered('10:15'))).toBeTruthy();
    // The held hour is theirs: no 'taken' warning on the form.
    expect(document.querySelector('[data-slot-gone]')).toBeNull();

    await user().type(screen.getByLabelText(/Ad Soyad/), 'Ayşe Kaya');
    await user().type(screen.getByLabelText(/Telefon/), '05321234567');
    await user().click(screen.getByRole('button', { name: 'Rezervasyonu Tamamla' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/bookings' && c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.path === '/api/bookings' && c.method === 'POST');
    expect(post?.body).toMatchObject({ bookingSlot: 's-21:00', claim: 'claimsecret123' });
    // Never in a request line.
    expect(calls.some((c) => c.url.includes('claimsecret123'))).toBe(false);
    // Used once: forgotten here.
    await waitFor(() => expect(sessionStorage.getItem(CLAIM_KEY)).toBeNull());
  });
});

describe("the device's waitlist entries (Rezervasyonlarım)", () => {
  it('lists each entry with its live place; offered: Sıra sizde! with the claim link and the time; Listeden çık', async () => {
    localStorage.setItem(
      WAIT_KEY,
      JSON.stringify([
        {
          key: 'wl_a',
          kind: 'slot',
          facilityName: facility.name,
          facilitySlug: 'nilufer',
          date: '2026-11-18',
          from: '21:00',
          to: '21:00',
          madeAt: NOW.toISOString(),
        },
        {
          key: 'wl_b',
          kind: 'window',
          facilityName: 'Gürsu Arena, Mudanya Spor',
          facilitySlug: null,
          date: '2026-11-19',
          from: '20:00',
          to: '22:00',
          madeAt: NOW.toISOString(),
        },
      ]),
    );
    waitlistAnswer = (c) =>
      c.path.endsWith('/wl_a')
        ? c.method === 'DELETE'
          ? { status: 204, body: null }
          : {
              status: 200,
              body: {
                data: entry({
                  key: 'wl_a',
                  status: 'offered',
                  position: null,
                  offer: {
                    facility: { slug: 'nilufer', name: facility.name },
                    date: '2026-11-18',
                    startTime: '21:00',
                    endTime: '22:00',
                    expiresAt: '2026-11-18T07:15:00.000Z',
                    claimUrl: '/saha/nilufer#gun=2026-11-18&slot=s-21:00&hak=sec',
                  },
                }),
              },
            }
        : { status: 200, body: { data: entry({ key: 'wl_b', position: 3 }) } };
    render(<MyBookings />);
    const list = await screen.findByRole('list', { name: 'Bekleme listelerim' });
    const offered = await within(list).findByText(/Sıra sizde!/);
    expect(offered.textContent).toContain('10:15');
    const link = within(list).getByRole('link', { name: /Rezervasyonu tamamla/ });
    expect(link.getAttribute('href')).toBe('/saha/nilufer#gun=2026-11-18&slot=s-21:00&hak=sec');
    expect(await within(list).findByText('Sıranız: 3')).toBeTruthy();
    expect(within(list).getByText(/Gürsu Arena, Mudanya Spor/)).toBeTruthy();

    const rows = within(list).getAllByRole('listitem');
    await user().click(within(rows[0]).getByRole('button', { name: /Listeden çık/ }));
    await waitFor(() => expect(within(list).queryByText(/Sıra sizde!/)).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/waitlist/wl_a')).toBe(true);
    expect(JSON.parse(localStorage.getItem(WAIT_KEY) ?? '[]').map((e: { key: string }) => e.key)).toEqual(['wl_b']);
  });
});

describe("'Boş saat bul' with nothing free: the window's form", () => {
  it('sends the search as a window entry and shows the place, what comes next and Listeden çık', async () => {
    const { submitWindow } = await import('../../site/src/lib/waitlist-window');
    document.body.innerHTML = `<section>
      <form data-gun="2026-11-19" data-saat="20:00-22:00" data-ilce="Nilüfer" data-servis="1" data-kapali="" data-aydinlatma=""
        data-sure="90" data-claim-minutes="20">
        <input name="customerName" /><span data-error-for="customerName" hidden></span>
        <input name="customerPhone" /><span data-error-for="customerPhone" hidden></span>
        <button type="submit">Boşalınca haber ver</button><p data-waitlist-error hidden></p>
      </form>
      <div data-waitlist-answer hidden></div></section>`;
    const form = document.querySelector('form') as HTMLFormElement;
    await submitWindow(form);
    expect(document.querySelector('[data-error-for="customerName"]')?.textContent).toBe('Ad soyad gerekli');
    expect(calls).toHaveLength(0);

    (form.elements.namedItem('customerName') as HTMLInputElement).value = 'Ayşe Kaya';
    (form.elements.namedItem('customerPhone') as HTMLInputElement).value = '0532 123 45 67';
    waitlistAnswer = () => ({
      status: 201,
      body: { data: entry({ position: 1, target: { ...entry().target, kind: 'window', from: '20:00', to: '22:00' } }) },
    });
    await submitWindow(form);
    expect(calls[0].body).toEqual({
      gun: '2026-11-19',
      saat: '20:00-22:00',
      ilce: 'Nilüfer',
      servis: true,
      duration: 90,
      customerName: 'Ayşe Kaya',
      customerPhone: '0532 123 45 67',
    });
    const answer = document.querySelector('[data-waitlist-answer]') as HTMLElement;
    expect(answer.hidden).toBe(false);
    expect(form.hidden).toBe(true);
    expect(answer.textContent).toContain('Sıraya eklendiniz. Sıranız: 1.');
    expect(answer.textContent).toContain(waitlistTexts.explain(20));
    expect(JSON.parse(localStorage.getItem(WAIT_KEY) ?? '[]')[0]).toMatchObject({ kind: 'window', facilitySlug: null });

    waitlistAnswer = () => ({ status: 204, body: null });
    (answer.querySelector('[data-waitlist-leave]') as HTMLButtonElement).click();
    await waitFor(() => expect(answer.textContent).toBe('Listeden çıktınız.'));
    document.body.innerHTML = '';
  });
});
