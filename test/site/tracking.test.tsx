import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../../contracts/texts';
import Tracking from '../../site/src/islands/Tracking';
import {
  bookingStatus,
  cancelOption,
  counters,
  customerNotes,
  DEFAULT_LIST,
  displayPhone,
  facilityNames,
  filterAndSort,
  isAlreadyProcessed,
  loyaltyText,
  paymentState,
  phoneDigits,
  phoneForLookup,
  rejectionReason,
  statusLabel,
  successRate,
} from '../../site/src/lib/tracking';
import { $toasts } from '../../site/src/stores/toast';

// ---------- fixtures ----------

const NUMBER = 'HSRABCDEFGH2';

function booking(over: Record<string, unknown> = {}) {
  return {
    id: 1,
    documentId: 'doc1',
    bookingNumber: NUMBER,
    customerName: 'Ahmet Yılmaz',
    customerPhoneMasked: '0532 *** ** 67',
    notes: null,
    status: 'pending',
    paymentStatus: 'pending',
    totalPrice: 1400,
    depositAmount: 300,
    isSubscriber: false,
    isRecurring: false,
    recurringGroupId: null,
    date: '2030-05-18',
    time: '20:00',
    startTime: '20:00',
    endTime: '21:00',
    isPast: false,
    includesTransportation: true,
    transportationPrice: 200,
    transportationDetails: {
      pickupPointId: 'p1',
      pickupPointName: 'Nilüfer Meydan',
      pickupPointAddress: 'Nilüfer Belediyesi önü',
      pickupTime: '19:15',
    },
    facility: {
      documentId: 'f1',
      slug: 'nilufer',
      name: 'Nilüfer Arena',
      address: 'Özlüce Mah. No: 24',
      phone: '0224 111 22 33',
      phoneNumbers: ['0224 111 22 33'],
      bankName: null,
      recipientName: null,
      depositIban: null,
    },
    bookingSlot: { date: '2030-05-18', startTime: '20:00', endTime: '21:00', price: 1200 },
    approvedAt: null,
    rejectionReason: null,
    cancellationReason: null,
    cancelledAt: null,
    createdAt: '2030-05-10T09:30:00.000Z',
    updatedAt: '2030-05-10T09:30:00.000Z',
    clientTimestamp: null,
    clientTimezone: null,
    ...over,
  };
}

/** A booking as a phone look-up lists it: masked number, 'Emre K.', no e-mail or notes. */
function listed(number: string, over: Record<string, unknown> = {}) {
  const { bookingNumber: _full, ...rest } = booking({ documentId: `doc-${number}`, customerName: 'Emre K.', ...over });
  return { ...rest, bookingNumberMasked: `HSR••••••${number.slice(-3)}` };
}

type Call = { method: string; path: string; body: unknown };
type Reply = [number, unknown];
let calls: Call[] = [];

/** A fetch that answers like the API: `route` gets method and path and returns [status, body]. */
function mockApi(route: (c: Call) => Reply | Promise<Reply>) {
  calls = [];
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
      const [status, body] = await route(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const apiError = (status: number, message: string): Reply => [
  status,
  { data: null, error: { status, name: 'Error', message, details: {} } },
];

// The result views and the cancel dialog are chunks loaded on demand: fetched once here, so a test's first
// result does not wait on a cold transform.
beforeAll(async () => {
  await Promise.all([
    import('../../site/src/components/tracking/BookingDetails'),
    import('../../site/src/components/tracking/SubscriberView'),
    import('../../site/src/components/tracking/CancelDialog'),
  ]);
});

beforeEach(() => {
  window.history.replaceState(null, '', '/rezervasyon-takip');
  // What a tab or the device kept (the number on screen, 'Rezervasyonlarım') must not leak from one test to the next.
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $toasts.set([]);
});

// ---------- pure rules ----------

describe('tracking rules (behaviour.md#public-site, #states-and-transitions)', () => {
  it('takes the rejection reason from its own field first', () => {
    expect(rejectionReason({ rejectionReason: 'Saha bakımda', notes: 'Red nedeni: başka' })).toBe('Saha bakımda');
  });

  it('otherwise reads the rejection reason from notes after "Red nedeni:" up to the end of that line', () => {
    const notes = 'Top getirilecek\nRed nedeni: Kapora yatırılmadı\nAdmin notu: arandı';
    expect(rejectionReason({ rejectionReason: null, notes })).toBe('Kapora yatırılmadı');
    expect(rejectionReason({ rejectionReason: '  ', notes: 'Red nedeni:Saha kapalı' })).toBe('Saha kapalı');
    expect(rejectionReason({ rejectionReason: null, notes: 'Sadece not' })).toBeNull();
    expect(rejectionReason({ rejectionReason: null, notes: 'Red nedeni:   ' })).toBeNull();
    expect(customerNotes(notes)).toBe('Top getirilecek\nAdmin notu: arandı');
  });

  it('keeps the phone input to digits and forces a leading 0, never cutting a digit too many', () => {
    expect(phoneDigits('5321234567')).toBe('05321234567');
    expect(phoneDigits('abc 0532-123 45 67')).toBe('05321234567');
    expect(phoneDigits('abc 0532-123 45 67 89')).toBe('0532123456789');
    expect(phoneDigits('')).toBe('');
    expect(phoneDigits('x')).toBe('');
  });

  it('shows the phone as 0XXX XXX XX XX while typing and sends it without spaces', () => {
    expect(displayPhone('0532')).toBe('0532');
    expect(displayPhone('05321')).toBe('0532 1');
    expect(displayPhone('053212345')).toBe('0532 123 45');
    expect(displayPhone('5321234567')).toBe('0532 123 45 67');
    expect(phoneForLookup('0532 123 45 67')).toBe('05321234567');
  });

  it('labels every status in Turkish, an unknown one as pending', () => {
    expect(['pending', 'approved', 'rejected', 'cancelled', 'expired'].map(statusLabel)).toEqual([
      'Beklemede',
      'Onaylandı',
      'Reddedildi',
      'İptal Edildi',
      'Süresi Geçti',
    ]);
    expect(statusLabel('on_hold')).toBe('Beklemede');
    expect(statusLabel(undefined)).toBe('Beklemede');
    expect(bookingStatus('weird')).toBe('pending');
  });

  it('success rate is approved over total, rounded; 0 without bookings', () => {
    const s = (list: string[]) => successRate(list.map((status) => ({ status })));
    expect(s(['approved', 'approved', 'cancelled'])).toBe(67);
    expect(s(['approved', 'pending', 'rejected', 'expired', 'cancelled', 'approved'])).toBe(33);
    expect(s(['approved'])).toBe(100);
    expect(s([])).toBe(0);
  });

  it('sorts by date descending by default; filters by status (cancelled covers every ended booking) and facility', () => {
    const list = [
      booking({ bookingNumber: 'A', date: '2030-05-01', status: 'approved' }),
      booking({ bookingNumber: 'B', date: '2030-05-08', status: 'cancelled', facility: { name: 'Osmangazi' } }),
      booking({ bookingNumber: 'C', date: '2030-05-15', status: 'rejected' }),
      booking({ bookingNumber: 'D', date: '2030-05-08', startTime: '22:00', status: 'pending' }),
    ];
    const numbers = (o = {}) => filterAndSort(list, { ...DEFAULT_LIST, ...o }).map((b) => b.bookingNumber);
    expect(numbers()).toEqual(['C', 'D', 'B', 'A']);
    expect(numbers({ dir: 'asc' })).toEqual(['A', 'B', 'D', 'C']);
    expect(numbers({ status: 'cancelled' })).toEqual(['C', 'B']);
    expect(numbers({ status: 'approved' })).toEqual(['A']);
    expect(numbers({ facility: 'Osmangazi' })).toEqual(['B']);
    expect(numbers({ sort: 'status', dir: 'asc' })).toEqual(['D', 'A', 'C', 'B']);
    expect(numbers({ sort: 'facility', dir: 'asc' })[3]).toBe('B');
    expect(facilityNames(list)).toEqual(['Nilüfer Arena', 'Osmangazi']);
    expect(counters(list)).toEqual({ total: 4, approved: 1, pending: 1, cancelled: 2, upcoming: 2 });
  });

  it('recognises an already-processed refusal in Turkish or English', () => {
    expect(isAlreadyProcessed('Bu rezervasyon zaten işlem görmüş')).toBe(true);
    expect(isAlreadyProcessed('Booking already processed')).toBe(true);
    expect(isAlreadyProcessed('Rezervasyon saatine 24 saatten az kaldığı için iptal edilemez.')).toBe(false);
  });
});

// ---------- the island ----------

describe('tracking page', () => {
  it('searches the booking number from ?q= at once and shows every field', async () => {
    mockApi(() => [
      200,
      {
        data: booking({
          status: 'rejected',
          notes: 'Not: top\nRed nedeni: Kapora yatırılmadı',
          paymentStatus: 'refunded',
        }),
        meta: {},
      },
    ]);
    render(<Tracking initialQuery={NUMBER.toLowerCase()} />);
    await screen.findByRole('heading', { name: NUMBER });
    expect(calls).toEqual([{ method: 'GET', path: `/api/bookings/track/${NUMBER}`, body: undefined }]);
    const view = screen.getByRole('article');
    for (const text of [
      'Reddedildi',
      'İade Edildi',
      'Ahmet Yılmaz',
      '0532 *** ** 67',
      'Abone değil',
      'Nilüfer Arena',
      'Özlüce Mah. No: 24',
      '0224 111 22 33',
      '18 Mayıs 2030 Cumartesi',
      '20:00',
      '21:00',
      'Nilüfer Meydan',
      'Nilüfer Belediyesi önü',
      '19:15',
      'Kapora yatırılmadı',
    ]) {
      expect(within(view).getAllByText(text, { exact: false }).length, text).toBeGreaterThan(0);
    }
    expect(within(view).getByText('₺1.400')).toBeTruthy();
    expect(within(view).getByText('₺300')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: 'Rezervasyonu İptal Et' })).toBeNull();
    // The number stays out of the address; this tab keeps it so a reload shows the booking again.
    expect(new URL(window.location.href).searchParams.get('q')).toBeNull();
    expect(sessionStorage.getItem('hs:takip')).toBe(NUMBER);
  });

  it('shows the not-found text, tags a past booking and copies the number', async () => {
    mockApi((c) =>
      c.path.endsWith('HSRZZZZZZZZ2')
        ? apiError(404, 'Rezervasyon bulunamadı. Lütfen rezervasyon numaranızı kontrol ediniz.')
        : [200, { data: booking({ isPast: true, status: 'approved', paymentStatus: 'paid' }), meta: {} }],
    );
    const user = userEvent.setup();
    render(<Tracking />);
    const button = screen.getByRole('button', { name: 'Sorgula' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Rezervasyon numarası'), 'hsrzzzzzzzz2');
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(
      (await screen.findByText('Rezervasyon bulunamadı. Lütfen rezervasyon numaranızı kontrol ediniz.')).closest(
        '[role=alert]',
      ),
    ).toBeTruthy();

    await user.clear(screen.getByLabelText('Rezervasyon numarası'));
    await user.type(screen.getByLabelText('Rezervasyon numarası'), NUMBER);
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await screen.findByText('Geçmiş Rezervasyon');
    expect(screen.queryByRole('button', { name: 'Rezervasyonu İptal Et' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rezervasyon numarasını kopyala' }));
    await screen.findByText('Rezervasyon numarası kopyalandı!');
    await expect(navigator.clipboard.readText()).resolves.toBe(NUMBER);
  });

  it('finds subscriber bookings by phone, typed loosely and sent without spaces', async () => {
    const list = [
      listed('HSRAAAAAAAA2', {
        status: 'approved',
        isSubscriber: true,
        date: '2030-05-01',
        createdAt: '2020-01-01T00:00:00Z',
      }),
      listed('HSRBBBBBBBB3', { status: 'approved', isSubscriber: true, date: '2030-05-08' }),
      listed('HSRCCCCCCCC4', {
        status: 'rejected',
        isSubscriber: true,
        date: '2030-05-15',
        facility: { name: 'Osmangazi Spor' },
      }),
    ];
    mockApi(() => [200, { data: list, meta: { customer: { name: 'Emre K.' } } }]);
    const user = userEvent.setup();
    render(<Tracking />);
    await user.click(screen.getByRole('tab', { name: 'Abone Takibi' }));
    const input = screen.getByLabelText('Telefon numarası') as HTMLInputElement;
    await user.type(input, 'a531-234 5678');
    expect(input.value).toBe('0531 234 56 78');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await screen.findByRole('heading', { name: /Emre K\./ });
    expect(calls[0].path).toBe('/api/bookings/track-by-phone/05312345678');
    expect(screen.getByText('Sadece abone rezervasyonlarınız görüntülenir')).toBeTruthy();
    expect(screen.getByText('%67')).toBeTruthy();
    expect(screen.getByText('0531 234 56 78')).toBeTruthy();
    // Two pitches: the facility filter appears; default order is date descending.
    const items = () => [...document.querySelectorAll('[data-booking]')].map((el) => el.getAttribute('data-booking'));
    expect(items()).toEqual(['HSR••••••CC4', 'HSR••••••BB3', 'HSR••••••AA2']);
    await user.selectOptions(screen.getByLabelText('Saha'), 'Osmangazi Spor');
    expect(items()).toEqual(['HSR••••••CC4']);
    await user.selectOptions(screen.getByLabelText('Saha'), 'all');
    await user.selectOptions(screen.getByLabelText('Durum'), 'cancelled');
    expect(items()).toEqual(['HSR••••••CC4']);
    await user.click(screen.getByRole('button', { name: /Liste/ }));
    expect(document.querySelector('[data-view]')!.getAttribute('data-view')).toBe('list');
  });

  it.each([['HSR-ABCDEFGH2'], ['HSR-ABCD-EFGH2'], ['  hsr abcd efgh2 '], ['HSRABCDEFGH2.']])(
    'a number pasted as %j is made whole in the field and found',
    async (pasted) => {
      mockApi(() => [200, { data: booking(), meta: {} }]);
      const user = userEvent.setup();
      render(<Tracking />);
      const field = screen.getByLabelText('Rezervasyon numarası') as HTMLInputElement;
      await user.click(field);
      await user.paste(pasted);
      expect(field.value).toBe(NUMBER);
      await user.click(screen.getByRole('button', { name: 'Sorgula' }));
      await screen.findByRole('heading', { name: NUMBER });
      expect(calls.map((c) => c.path)).toEqual([`/api/bookings/track/${NUMBER}`]);
    },
  );

  it('a pasted number with a character too many is refused, not cut to a number that looks right', async () => {
    mockApi(() => [200, { data: booking(), meta: {} }]);
    const user = userEvent.setup();
    render(<Tracking />);
    const field = screen.getByLabelText('Rezervasyon numarası') as HTMLInputElement;
    await user.click(field);
    await user.paste(`${NUMBER}X`);
    expect(field.value).toBe(`${NUMBER}X`);
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect((await screen.findByText(msg.bookingNumberInvalid)).closest('[role=alert]')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a pasted 12-digit phone stays whole and is refused with the phone message; +90 in front is found', async () => {
    mockApi(() => [200, { data: [listed('HSRBBBBBBBB3', { isSubscriber: true })], meta: {} }]);
    const user = userEvent.setup();
    render(<Tracking />);
    await user.click(screen.getByRole('tab', { name: 'Abone Takibi' }));
    const input = screen.getByLabelText('Telefon numarası') as HTMLInputElement;
    await user.click(input);
    await user.paste('053123456789');
    expect(input.value).toBe('0531 234 56 78 9');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect((await screen.findByText(msg.phoneInvalid)).closest('[role=alert]')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(input);
    await user.paste('+90 531 234 56 78');
    expect(input.value).toBe('0531 234 56 78');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/bookings/track-by-phone/05312345678']));
  });

  it('a booking picked from the phone list opens only with its full number, and leads back to the list', async () => {
    const full = booking({ bookingNumber: 'HSRBBBBBBBB3', status: 'approved', isSubscriber: true, date: '2030-05-08' });
    mockApi((c) =>
      c.path.includes('track-by-phone')
        ? [
            200,
            {
              data: [listed('HSRBBBBBBBB3', { status: 'approved', isSubscriber: true, date: '2030-05-08' })],
              meta: {},
            },
          ]
        : [200, { data: full, meta: {} }],
    );
    const user = userEvent.setup();
    render(<Tracking />);
    await user.click(screen.getByRole('tab', { name: 'Abone Takibi' }));
    await user.type(screen.getByLabelText('Telefon numarası'), '05312345678');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await user.click(await screen.findByRole('button', { name: 'Ayrıntılar, HSR••••••BB3' }));
    // Nothing is fetched by the masked number: the page asks for the whole one.
    expect(calls.filter((c) => c.path.startsWith('/api/bookings/track/'))).toHaveLength(0);
    expect(document.querySelector('[data-number-asked]')!.textContent).toContain('HSR••••••BB3');
    const field = screen.getByLabelText('Rezervasyon numarası') as HTMLInputElement;
    expect(field.value).toBe('');
    await user.type(field, 'HSRBBBBBBBB3');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/bookings/track/HSRBBBBBBBB3'));
    await user.click(await screen.findByRole('button', { name: /Abone rezervasyonlarına dön/ }));
    expect(await screen.findByRole('button', { name: 'Ayrıntılar, HSR••••••BB3' })).toBeTruthy();
  });

  it('says so when a phone has no subscriber bookings, and when the look-up fails; a failed refresh gets its own text', async () => {
    let mode: 'empty' | 'fail' | 'ok' = 'empty';
    mockApi(() =>
      mode === 'empty'
        ? [200, { data: [], meta: {} }]
        : mode === 'fail'
          ? [500, {}]
          : [200, { data: [booking({ isSubscriber: true })], meta: {} }],
    );
    const user = userEvent.setup();
    render(<Tracking />);
    await user.click(screen.getByRole('tab', { name: 'Abone Takibi' }));
    await user.type(screen.getByLabelText('Telefon numarası'), '05312345678');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect(
      (await screen.findByText('Bu telefon numarasına ait abone rezervasyonu bulunamadı.')).closest('[role=alert]'),
    ).toBeTruthy();
    mode = 'fail';
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await screen.findByText('Abone rezervasyonları alınırken bir hata oluştu.');
    mode = 'ok';
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await screen.findByText('Sadece abone rezervasyonlarınız görüntülenir');
    mode = 'fail';
    await user.click(screen.getByRole('button', { name: 'Yenile' }));
    await screen.findByText('Güncelleme sırasında bir hata oluştu');
  });

  it('cancels after confirmation and shows the booking as cancelled', async () => {
    mockApi((c) =>
      c.method === 'POST'
        ? [200, { data: booking({ status: 'cancelled' }), meta: {} }]
        : [200, { data: booking(), meta: {} }],
    );
    const user = userEvent.setup();
    render(<Tracking initialQuery={NUMBER} />);
    await user.click(await screen.findByRole('button', { name: 'Rezervasyonu İptal Et' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Vazgeç' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'İptal' })).toBeNull();
    await user.type(within(dialog).getByLabelText('İptal nedeni (isteğe bağlı)'), 'Maç ertelendi');
    await user.click(within(dialog).getByRole('button', { name: 'Evet, iptal et' }));
    await screen.findByText('Rezervasyon başarıyla iptal edildi.');
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: `/api/bookings/cancel/${NUMBER}`,
      body: { reason: 'Maç ertelendi' },
    });
    expect(within(screen.getByRole('article')).getByText('İptal Edildi')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rezervasyonu İptal Et' })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('an already processed booking gets the warning and the page reloads', async () => {
    const reload = vi.fn();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    mockApi((c) =>
      c.method === 'POST'
        ? apiError(409, 'Bu rezervasyon zaten işlem görmüş')
        : [200, { data: booking({ status: 'approved' }), meta: {} }],
    );
    const user = userEvent.setup();
    render(<Tracking initialQuery={NUMBER} />);
    await user.click(await screen.findByRole('button', { name: 'Rezervasyonu İptal Et' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet, iptal et' }));
    await screen.findByText('Bu rezervasyon zaten işlem görmüş. Sayfayı yenileyerek güncel durumu görebilirsiniz.');
    expect($toasts.get().at(-1)?.kind).toBe('warning');
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 4000 });
  });

  it('any other refusal shows the server message, else the generic cancel text', async () => {
    const late = 'Rezervasyon saatine 24 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.';
    let reply: Reply = apiError(400, late);
    mockApi((c) => (c.method === 'POST' ? reply : [200, { data: booking(), meta: {} }]));
    const user = userEvent.setup();
    render(<Tracking initialQuery={NUMBER} />);
    await user.click(await screen.findByRole('button', { name: 'Rezervasyonu İptal Et' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet, iptal et' }));
    await screen.findByText(late);
    expect(within(screen.getByRole('article')).getByText('Beklemede')).toBeTruthy();

    reply = [502, null];
    await user.click(screen.getByRole('button', { name: 'Rezervasyonu İptal Et' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet, iptal et' }));
    await screen.findByText('Rezervasyon iptal edilirken bir hata oluştu.');
  });
});

describe('true payment state, pending before subscriber, loyalty under a month, the 24-hour cancel rule', () => {
  const facts = (status: string, paymentStatus: string, depositAmount: number, isSubscriber = false) => ({
    status,
    paymentStatus,
    depositAmount,
    isSubscriber,
  });

  it('says what is true about the payment: refunded, paid, awaiting, nothing due, nothing taken', () => {
    expect(paymentState(facts('rejected', 'refunded', 300))).toBe('refunded');
    expect(paymentState(facts('approved', 'paid', 300))).toBe('paid');
    expect(paymentState(facts('pending', 'pending', 300))).toBe('awaiting');
    // A subscriber, or a pitch without a deposit: nothing is owed.
    expect(paymentState(facts('approved', 'pending', 0, true))).toBe('none-due');
    expect(paymentState(facts('pending', 'pending', 0))).toBe('none-due');
    // Ended without a payment: no payment state to wait for.
    for (const s of ['cancelled', 'rejected', 'expired']) expect(paymentState(facts(s, 'pending', 300))).toBe('none');
  });

  it('tells the subscription length in days and weeks under a month, in 30-day months from then on', () => {
    const now = Date.parse('2030-06-01T12:00:00Z');
    const since = (iso: string) => loyaltyText([{ createdAt: iso, date: '2030-06-10' }], now);
    expect(since('2030-06-01T08:00:00Z')).toBe('Bugün başladı');
    expect(since('2030-05-29T12:00:00Z')).toBe('3 gün');
    expect(since('2030-05-11T12:00:00Z')).toBe('3 hafta');
    expect(since('2030-05-02T12:00:00Z')).toBe('1 ay');
    expect(since('2030-03-03T12:00:00Z')).toBe('3 ay');
    expect(loyaltyText([], now)).toBe('Bugün başladı');
  });

  it('cancel is allowed 24 hours or more before the real start, shown disabled with the reason inside them, hidden when ended or past', () => {
    const now = Date.parse('2030-05-17T12:00:00Z'); // 15:00 in Istanbul
    const at = (over: Record<string, unknown>) =>
      cancelOption(
        { status: 'approved', isPast: false, date: '2030-05-18', startTime: '15:00', ...over } as never,
        now,
      );
    expect(at({})).toEqual({ kind: 'allowed' }); // exactly 24 h
    expect(at({ startTime: '14:30' })).toEqual({
      kind: 'too-late',
      reason: 'Rezervasyon saatine 24 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.',
    });
    // The server's startsAt wins over date + time (an overnight slot's business date is the day before its start).
    expect(at({ date: '2030-05-17', startTime: '00:30', startsAt: '2030-05-17T21:30:00.000Z' })).toEqual({
      kind: 'too-late',
      reason: expect.any(String),
    });
    expect(at({ date: '2030-05-18', startTime: '00:30', startsAt: '2030-05-18T21:30:00.000Z' })).toEqual({
      kind: 'allowed',
    });
    expect(at({ status: 'cancelled' })).toEqual({ kind: 'hidden' });
    expect(at({ isPast: true })).toEqual({ kind: 'hidden' });
  });

  it('inside 24 hours the cancel button is disabled before any confirmation, and says why', async () => {
    const soon = new Date(Date.now() + 5 * 3_600_000);
    mockApi(() => [
      200,
      { data: booking({ status: 'approved', paymentStatus: 'paid', startsAt: soon.toISOString() }), meta: {} },
    ]);
    const user = userEvent.setup();
    render(<Tracking initialQuery={NUMBER} />);
    const button = await screen.findByRole('button', { name: 'Rezervasyonu İptal Et' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const hint = document.getElementById(button.getAttribute('aria-describedby')!.split(' ')[0])!;
    expect(hint.textContent).toBe(
      'Rezervasyon saatine 24 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.',
    );
    await user.click(button);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('more than 24 hours ahead the button is enabled and tied to the 24-hour rule', async () => {
    mockApi(() => [
      200,
      { data: booking({ startsAt: new Date(Date.now() + 25 * 3_600_000).toISOString() }), meta: {} },
    ]);
    render(<Tracking initialQuery={NUMBER} />);
    const button = await screen.findByRole('button', { name: 'Rezervasyonu İptal Et' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.getElementById(button.getAttribute('aria-describedby')!.split(' ')[0])!.textContent).toBe(
      'İptal, maç saatinden en az 24 saat önce yapılabilir.',
    );
  });

  it('a pending subscriber booking reads "Beklemede" first, the subscriber flag apart, and owes no payment', async () => {
    mockApi(() => [200, { data: booking({ status: 'pending', isSubscriber: true, depositAmount: 0 }), meta: {} }]);
    render(<Tracking initialQuery={NUMBER} />);
    const view = await screen.findByRole('article');
    const badges = [...view.querySelector('header')!.querySelectorAll('[data-status], [data-payment-status]')];
    expect(badges[0].textContent).toContain('Beklemede');
    expect(badges[0].querySelector('svg')).toBeTruthy();
    expect(view.querySelector('header')!.textContent).not.toContain('Abone');
    expect(within(view).getByText('Abone')).toBeTruthy();
    expect(view.querySelector('[data-payment-status]')!.getAttribute('data-payment-status')).toBe('none-due');
    expect(view.querySelector('[data-payment-status]')!.textContent).toContain('Ödeme yok');
    expect(view.textContent).not.toContain('Ödeme Bekliyor');
    expect(within(view).queryByText('Kapora bekleniyor')).toBeNull();
    expect(view.querySelector('[data-deposit]')).toBeNull();
  });

  it.each([
    ['cancelled', 'pending', '—', 'Ödeme alınmadı'],
    ['rejected', 'refunded', 'İade Edildi', 'İade Edildi'],
    ['expired', 'pending', '—', 'Ödeme alınmadı'],
  ])('a %s booking (payment %s) shows "%s", never "Ödeme Bekliyor"', async (status, paymentStatus, shown, spoken) => {
    mockApi(() => [200, { data: booking({ status, paymentStatus }), meta: {} }]);
    render(<Tracking initialQuery={NUMBER} />);
    const badge = (await screen.findByRole('article')).querySelector('[data-payment-status]')!;
    expect(badge.querySelector('span[aria-hidden=true]')!.textContent).toBe(shown);
    expect(badge.querySelector('.sr-only')!.textContent).toBe(`Ödeme: ${spoken}`);
    expect(screen.getByRole('article').textContent).not.toContain('Ödeme Bekliyor');
  });

  it('a subscriber with three weeks of history reads "3 hafta", not "0 ay"', async () => {
    const created = new Date(Date.now() - 22 * 86_400_000).toISOString();
    mockApi(() => [200, { data: [booking({ isSubscriber: true, status: 'approved', createdAt: created })], meta: {} }]);
    const user = userEvent.setup();
    render(<Tracking />);
    await user.click(screen.getByRole('tab', { name: 'Abone Takibi' }));
    await user.type(screen.getByLabelText('Telefon numarası'), '05312345678');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    const stat = (await screen.findByText('Abonelik süresi')).parentElement!;
    expect(stat.textContent).toContain('3 hafta');
    expect(stat.textContent).not.toContain('0 ay');
  });

  it('the phone look-up says why the number is processed and links the KVKK notice', async () => {
    const user = userEvent.setup();
    render(<Tracking />);
    await user.click(screen.getByRole('tab', { name: 'Abone Takibi' }));
    const link = screen.getByRole('link', { name: 'Aydınlatma Metni' });
    expect(link.getAttribute('href')).toBe('/aydinlatma-metni');
    expect(link.closest('p')!.textContent).toBe(
      'Telefon numaranız rezervasyonunuzu yönetmek için işlenir — Aydınlatma Metni',
    );
  });
});
