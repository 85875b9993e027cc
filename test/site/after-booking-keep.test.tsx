// After booking, the player keeps it (behaviour.md#public-site 'Rezervasyonlarım', 'Tracking'): the device list and the
// tab's confirmation in the browser's storage, the deposit box with its clock time and balance, and the page that
// lists the device's bookings with their live status.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DepositBox } from '../../site/src/components/booking/DepositBox';
import MyBookings from '../../site/src/islands/MyBookings';
import Tracking from '../../site/src/islands/Tracking';
import { balanceAtPitch, clockDative, depositDue, holdUntilText } from '../../site/src/lib/deposit';
import {
  DEVICE_KEY,
  DEVICE_MAX,
  deviceBookings,
  dropConfirmation,
  forgetBooking,
  keepConfirmation,
  keptConfirmation,
  rememberBooking,
  TRACK_KEY,
} from '../../site/src/lib/device-bookings';

const NUMBER = 'HSRABCDEFGH2';
const OTHER = 'HSRKLMNPQRS3';

function booking(over: Record<string, unknown> = {}) {
  return {
    bookingNumber: NUMBER,
    customerName: 'Ahmet Yılmaz',
    customerPhoneMasked: '0532 *** ** 67',
    notes: null,
    status: 'pending',
    paymentStatus: 'pending',
    totalPrice: 1500,
    depositAmount: 300,
    isSubscriber: false,
    isRecurring: false,
    recurringGroupId: null,
    date: '2030-05-18',
    time: '20:00',
    startTime: '20:00',
    endTime: '21:00',
    startsAt: '2030-05-18T17:00:00.000Z',
    isPast: false,
    includesTransportation: false,
    transportationPrice: 0,
    transportationDetails: null,
    addons: [],
    addonsPrice: 0,
    facility: {
      documentId: 'f1',
      slug: 'nilufer-arena',
      name: 'Nilüfer Arena',
      address: 'Özlüce Mah. No: 24',
      phone: null,
      phoneNumbers: [],
      bankName: 'Ziraat Bankası',
      recipientName: 'Nilüfer Spor Tesisleri Ltd.',
      depositIban: 'TR330006100519786457841326',
    },
    bookingSlot: { date: '2030-05-18', startTime: '20:00', endTime: '21:00', price: 1500 },
    approvedAt: null,
    expiresAt: '2030-05-10T18:35:00.000Z',
    rejectionReason: null,
    cancellationReason: null,
    cancelledAt: null,
    createdAt: '2030-05-10T17:35:00.000Z',
    updatedAt: '2030-05-10T17:35:00.000Z',
    clientTimestamp: null,
    clientTimezone: null,
    ...over,
  };
}

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
function mockApi(route: (c: Call) => [number, unknown]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const text = req.method === 'GET' ? '' : await req.text();
      const call = {
        method: req.method,
        path: decodeURIComponent(new URL(req.url).pathname),
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const [status, body] = route(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

// Tracking's result view is a chunk loaded on demand: fetched once here, so the first result does not wait on a cold
// transform.
beforeAll(async () => {
  await Promise.all([
    import('../../site/src/components/tracking/BookingDetails'),
    import('../../site/src/components/tracking/CancelDialog'),
  ]);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the device list (localStorage)', () => {
  it('keeps number, pitch, date, hours and when; newest first; once per number; removes on request', () => {
    rememberBooking(booking(), Date.parse('2030-05-10T17:36:00Z'));
    rememberBooking(booking({ bookingNumber: OTHER, createdAt: null }), Date.parse('2030-05-11T08:00:00Z'));
    expect(deviceBookings().map((b) => b.bookingNumber)).toEqual([OTHER, NUMBER]);
    expect(deviceBookings()[1]).toEqual({
      bookingNumber: NUMBER,
      facilityName: 'Nilüfer Arena',
      facilitySlug: 'nilufer-arena',
      date: '2030-05-18',
      startTime: '20:00',
      endTime: '21:00',
      startsAt: '2030-05-18T17:00:00.000Z',
      madeAt: '2030-05-10T17:35:00.000Z',
    });
    expect(deviceBookings()[0].madeAt).toBe('2030-05-11T08:00:00.000Z');
    // Nothing personal is kept: no name, no phone.
    expect(localStorage.getItem(DEVICE_KEY)).not.toContain('Ahmet');
    expect(localStorage.getItem(DEVICE_KEY)).not.toContain('0532');
    // Tracked again: moved to the top, kept once, its first 'made at' kept.
    rememberBooking(booking());
    expect(deviceBookings().map((b) => b.bookingNumber)).toEqual([NUMBER, OTHER]);
    expect(deviceBookings()[0].madeAt).toBe('2030-05-10T17:35:00.000Z');
    forgetBooking(NUMBER);
    expect(deviceBookings().map((b) => b.bookingNumber)).toEqual([OTHER]);
  });

  it('stays bounded, and a broken or foreign value reads as an empty list', () => {
    for (let i = 0; i < DEVICE_MAX + 5; i++) rememberBooking(booking({ bookingNumber: `HSRAAAAAA${100 + i}` }));
    expect(deviceBookings()).toHaveLength(DEVICE_MAX);
    localStorage.setItem(DEVICE_KEY, '{not json');
    expect(deviceBookings()).toEqual([]);
    localStorage.setItem(DEVICE_KEY, JSON.stringify([{ bookingNumber: 5 }, 'x', null]));
    expect(deviceBookings()).toEqual([]);
  });
});

describe("the tab's confirmation (sessionStorage)", () => {
  it('is shown again for the same pitch until the match starts, or until dropped', () => {
    keepConfirmation('nilufer-arena', booking());
    const before = Date.parse('2030-05-18T16:59:00Z');
    expect(keptConfirmation<{ bookingNumber: string }>('nilufer-arena', before)?.bookingNumber).toBe(NUMBER);
    expect(keptConfirmation('another-pitch', before)).toBeNull();
    // Once the match has started it is gone for good.
    expect(keptConfirmation('nilufer-arena', Date.parse('2030-05-18T17:00:00Z'))).toBeNull();
    expect(keptConfirmation('nilufer-arena', before)).toBeNull();
    keepConfirmation('nilufer-arena', booking());
    dropConfirmation('nilufer-arena');
    expect(keptConfirmation('nilufer-arena', before)).toBeNull();
  });
});

describe('the deposit rules', () => {
  it("says the hold's end the Turkish way", () => {
    expect(clockDative('21:35')).toBe("21:35'e");
    expect(clockDative('21:30')).toBe("21:30'a");
    expect(clockDative('22:00')).toBe("22:00'ye");
    expect(clockDative('09:06')).toBe("09:06'ya");
    expect(clockDative('19:40')).toBe("19:40'a");
    expect(clockDative('20:50')).toBe("20:50'ye");
    expect(clockDative('00:00')).toBe("00:00'a");
    expect(clockDative('10:00')).toBe("10:00'a");
    expect(clockDative('13:00')).toBe("13:00'e");
    // Istanbul time; the day is named when it is not today.
    const now = Date.parse('2030-05-10T17:40:00Z');
    expect(holdUntilText('2030-05-10T18:35:00.000Z', now)).toBe("Saat 21:35'e kadar");
    expect(holdUntilText('2030-05-10T21:15:00.000Z', now)).toBe("11 Mayıs Cumartesi saat 00:15'e kadar");
    expect(holdUntilText(null, now)).toBeNull();
  });

  it('a deposit is due only while pending, unpaid, owed and not a subscriber; the rest is paid at the pitch', () => {
    expect(depositDue(booking())).toBe(true);
    expect(depositDue(booking({ status: 'approved' }))).toBe(false);
    expect(depositDue(booking({ paymentStatus: 'paid' }))).toBe(false);
    expect(depositDue(booking({ isSubscriber: true }))).toBe(false);
    expect(depositDue(booking({ depositAmount: 0 }))).toBe(false);
    expect(balanceAtPitch(booking())).toBe(1200);
    expect(balanceAtPitch(booking({ depositAmount: 2000 }))).toBe(0);
  });
});

describe('the deposit box', () => {
  it('shows amount, bank, recipient, IBAN and the description to type, each copyable, the clock time and the balance', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<DepositBox booking={booking()} now={Date.parse('2030-05-10T17:40:00Z')} />);
    const box = screen.getByRole('region', { name: 'Kapora: ₺300' });
    expect(within(box).getByText('Ziraat Bankası')).toBeTruthy();
    expect(within(box).getByText('Nilüfer Spor Tesisleri Ltd.')).toBeTruthy();
    expect(box.querySelector('[data-iban]')!.textContent).toBe('TR33 0006 1005 1978 6457 8413 26');
    expect(box.querySelector('[data-transfer-description]')!.textContent).toBe(NUMBER);
    expect(box.querySelector('[data-hold-until]')!.textContent).toContain("Saat 21:35'e kadar");
    expect(box.querySelector('[data-balance]')!.textContent).toBe('Kalan ₺1.200 sahada ödenir.');
    await userEvent.click(within(box).getByRole('button', { name: "IBAN'ı kopyala" }));
    expect(writeText).toHaveBeenLastCalledWith('TR330006100519786457841326');
    await userEvent.click(within(box).getByRole('button', { name: 'Açıklamayı kopyala' }));
    expect(writeText).toHaveBeenLastCalledWith(NUMBER);
  });

  it('is not shown once nothing is due', () => {
    for (const over of [
      { status: 'approved' },
      { paymentStatus: 'paid' },
      { isSubscriber: true },
      { depositAmount: 0 },
    ]) {
      const { container, unmount } = render(<DepositBox booking={booking(over)} />);
      expect(container.querySelector('[data-deposit]'), JSON.stringify(over)).toBeNull();
      unmount();
    }
  });
});

describe('tracking', () => {
  it('opens the number handed over in this tab, shows the deposit box, keeps it on the device, and never puts it in the address', async () => {
    window.history.replaceState(null, '', '/rezervasyon-takip');
    sessionStorage.setItem(TRACK_KEY, NUMBER);
    mockApi(() => [200, { data: booking(), meta: {} }]);
    render(<Tracking />);
    const view = await screen.findByRole('article');
    expect(calls.map((c) => c.path)).toEqual([`/api/bookings/track/${NUMBER}`]);
    const box = await within(view).findByRole('region', { name: 'Kapora: ₺300' });
    expect(box.querySelector('[data-iban]')!.textContent).toBe('TR33 0006 1005 1978 6457 8413 26');
    expect(window.location.search).toBe('');
    expect(sessionStorage.getItem(TRACK_KEY)).toBe(NUMBER);
    expect(deviceBookings().map((b) => b.bookingNumber)).toEqual([NUMBER]);
  });

  it('a ?q= link (the panel opens those on staff devices) does not join the device list, and leaves the address', async () => {
    window.history.replaceState(null, '', `/rezervasyon-takip?q=${NUMBER}`);
    mockApi(() => [200, { data: booking(), meta: {} }]);
    render(<Tracking />);
    await screen.findByRole('article');
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(deviceBookings()).toEqual([]);
  });
});

describe('Rezervasyonlarım', () => {
  it('lists the kept bookings with their live status, asking with the numbers alone; a row can be removed', async () => {
    rememberBooking(
      booking({ bookingNumber: OTHER, startTime: '00:30', endTime: '01:30', startsAt: '2030-05-18T21:30:00.000Z' }),
    );
    rememberBooking(booking());
    mockApi(() => [200, { data: [{ bookingNumber: NUMBER, status: 'approved', paymentStatus: 'paid' }], meta: {} }]);
    render(<MyBookings />);
    const row = (await screen.findByText(NUMBER)).closest('li')!;
    await within(row).findByText('Onaylandı');
    expect(within(row).getByText('Kapora Alındı', { exact: false })).toBeTruthy();
    expect(row.textContent).toContain('Nilüfer Arena');
    expect(row.textContent).toContain('18 Mayıs 2030 Cumartesi · 20:00–21:00');
    expect(calls).toEqual([
      { method: 'POST', path: '/api/bookings/track/statuses', body: { numbers: [NUMBER, OTHER] } },
    ]);
    // The after-midnight one reads its real calendar day; a number the server no longer knows says so.
    const night = screen.getByText(OTHER).closest('li')!;
    expect(night.textContent).toContain('19 Mayıs 2030 Pazar · Cumartesi gecesi · 00:30–01:30');
    expect(night.textContent).toContain('Bu numarayla bir rezervasyon bulunamadı');
    // A row opens tracking with the number handed over, not in the address.
    const link = within(row).getByRole('link', { name: /Ayrıntılar ve iptal/ });
    expect(link.getAttribute('href')).toBe('/rezervasyon-takip');
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link);
    expect(sessionStorage.getItem(TRACK_KEY)).toBe(NUMBER);

    await userEvent.click(
      within(row).getByRole('button', { name: `${NUMBER} numaralı rezervasyonu bu cihazdan kaldır` }),
    );
    await waitFor(() => expect(screen.queryByText(NUMBER)).toBeNull());
    expect(deviceBookings().map((b) => b.bookingNumber)).toEqual([OTHER]);
  });

  it('removing a booking this device hears also stops the device hearing it, on the server and here', async () => {
    rememberBooking(booking());
    rememberBooking(booking({ bookingNumber: OTHER }));
    const endpoint = 'https://fcm.googleapis.com/fcm/send/bu-cihaz';
    const startsAt = Date.now() + 86_400_000;
    localStorage.setItem(
      'hs:bildirimler',
      JSON.stringify({ [NUMBER]: { endpoint, startsAt }, [OTHER]: { endpoint, startsAt } }),
    );
    mockApi((c) =>
      c.method === 'DELETE'
        ? [200, { data: { subscribed: false }, meta: {} }]
        : [200, { data: [{ bookingNumber: NUMBER, status: 'approved', paymentStatus: 'paid' }], meta: {} }],
    );
    render(<MyBookings />);
    const row = (await screen.findByText(NUMBER)).closest('li')!;
    await userEvent.click(
      within(row).getByRole('button', { name: `${NUMBER} numaralı rezervasyonu bu cihazdan kaldır` }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
        { method: 'DELETE', path: `/api/bookings/track/${NUMBER}/push`, body: { endpoint } },
      ]),
    );
    // The other booking still hears through the same browser subscription.
    expect(Object.keys(JSON.parse(localStorage.getItem('hs:bildirimler')!))).toEqual([OTHER]);
  });

  it('says so when the device keeps nothing, and asks the server nothing', async () => {
    mockApi(() => [500, {}]);
    render(<MyBookings />);
    await screen.findByText('Bu cihazda kayıtlı rezervasyon yok.');
    expect(calls).toEqual([]);
  });
});

describe('the keys the islands check before loading the device module', () => {
  it('are the device module’s own', async () => {
    const device = await import('../../site/src/lib/device-bookings');
    const flow = await import('../../site/src/islands/BookingFlow');
    const tracking = await import('../../site/src/islands/Tracking');
    expect(flow.CONFIRMATION_PREFIX).toBe(device.CONFIRMATION_PREFIX);
    expect(tracking.TRACK_KEY).toBe(device.TRACK_KEY);
  });
});
