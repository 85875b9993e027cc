import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingDetail, BookingDetailDialog } from '../../site/src/components/panel/BookingDetailDialog';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, detail, mockApi, type Reply, setMessages } from './fixtures/panel-booking';

let current: BookingDetail;
let onApprove: (c: Call) => Reply | Promise<Reply>;
let onReject: (c: Call) => Reply | Promise<Reply>;
let onGet: (c: Call) => Reply;
let calls: Call[];

beforeEach(() => {
  current = detail();
  onGet = () => [200, { data: current, meta: {} }];
  onApprove = () => [
    200,
    {
      data: {
        ...current,
        status: 'approved',
        paymentStatus: 'paid',
        approvedAt: '2026-11-18T07:30:00.000Z',
        approvedBy: { username: 'admin', email: 'admin@example.com', fullName: 'Ayşe Yılmaz' },
      },
      meta: {},
    },
  ];
  onReject = (c) => [200, { data: { ...current, status: 'rejected', rejectionReason: c.body?.reason }, meta: {} }];
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.path === '/api/bookings/bk-1') return onGet(c);
    if (c.method === 'POST' && c.path === '/api/bookings/bk-1/approve') return onApprove(c);
    if (c.method === 'POST' && c.path === '/api/bookings/bk-1/reject') return onReject(c);
    if (c.method === 'POST' && c.path === '/api/bookings/bk-1/messages/approved')
      return [200, { data: { recorded: true }, meta: {} }];
    if (c.method === 'POST' && c.path === '/api/bookings/bk-1/cancel')
      return [
        200,
        {
          data: { ...current, status: 'cancelled', paymentStatus: 'refunded', cancellationReason: c.body?.reason },
          meta: {},
        },
      ];
    if (c.method === 'PUT' && c.path === '/api/bookings/bk-1')
      return [200, { data: { ...current, notes: c.body?.notes, updatedAt: '2026-11-18T09:00:00.000Z' }, meta: {} }];
    if (c.method === 'POST' && c.path === '/api/bookings/bk-1/anonymize') {
      return [
        200,
        {
          data: {
            ...current,
            customerName: 'Silinmiş müşteri',
            customerPhone: '#0123456789abcdef01234567',
            customerEmail: null,
            notes: null,
            updatedAt: '2026-11-18T09:00:00.000Z',
          },
          meta: {},
        },
      ];
    }
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

function open(props: Partial<Parameters<typeof BookingDetailDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  const view = render(<BookingDetailDialog documentId="bk-1" onClose={onClose} onChanged={onChanged} {...props} />);
  return { onClose, onChanged, view };
}
const dialog = () => screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
const loaded = async () => {
  const d = await dialog();
  await within(d).findByText('HSRK7M2P9QX');
  return d;
};
const toasts = () => $toasts.get().map((t) => ({ kind: t.kind, title: t.title, description: t.description }));
/** Waits on real I/O turns (setImmediate stays real) while setTimeout is faked, so no timer moves by itself. */
async function until(check: () => void) {
  for (let i = 0; i < 100; i++) {
    await act(() => new Promise<void>((r) => setImmediate(r)));
    try {
      check();
      return;
    } catch {
      // not yet
    }
  }
  check();
}
const rejectButton = () => screen.getByRole('button', { name: /Reddet/ });

describe('booking detail sections (behaviour.md#management-panel)', () => {
  it('shows customer, booking, transport, payment, notes and history of a pending booking', async () => {
    current = detail({ customerEmail: 'ayse@example.com' });
    open();
    const d = await loaded();
    const section = (title: string) => within(d).getByRole('heading', { name: title }).closest('section')!;

    expect(within(d).getByText('Beklemede')).toBeTruthy();
    const customer = section('Müşteri Bilgileri');
    expect(customer.textContent).toContain('Ayşe Yılmaz');
    expect(customer.textContent).toContain('0532 123 45 67');
    expect(customer.textContent).toContain('ayse@example.com');
    expect(customer.textContent).toContain('Abone değil');

    const booking = section('Rezervasyon Bilgileri');
    expect(booking.textContent).toContain('Nilüfer Arena');
    expect(booking.textContent).toContain('20 Kasım 2026 Cuma');
    expect(booking.textContent).toContain('20:00–21:00');

    const transport = section('Servis Bilgileri');
    expect(transport.textContent).toContain('İstendi');
    expect(transport.textContent).toContain('₺50');
    expect(transport.textContent).toContain('Görükle Kampüs Kapısı');
    expect(transport.textContent).toContain('Görükle Mah.');
    expect(transport.textContent).toContain('18:40');

    const payment = section('Ödeme Bilgileri');
    expect(payment.textContent).toMatch(/Saha ücreti₺1\.500/);
    expect(payment.textContent).toMatch(/Kapora₺300/);
    expect(payment.textContent).toMatch(/Toplam₺1\.550/);
    expect(payment.textContent).toContain('Ödeme Bekliyor');

    expect(section('Notlar').textContent).toContain('Top getirecekler');
    const history = section('İşlem Geçmişi');
    expect(history.textContent).toContain('Oluşturuldu: Beklemede');
    expect(history.textContent).toContain('Müşteri');
    expect(within(d).queryByRole('heading', { name: 'Onay Bilgileri' })).toBeNull();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/bookings/bk-1' });
  });

  it('falls back to Bilinmeyen Müşteri, Saha bilgisi yok and Tarih yok', async () => {
    current = detail({
      customerName: '',
      facility: null,
      date: null,
      bookingSlot: null,
      startTime: null,
      endTime: null,
    } as unknown as Partial<BookingDetail>);
    open();
    const d = await loaded();
    expect(within(d).getByText('Bilinmeyen Müşteri')).toBeTruthy();
    expect(within(d).getByText('Saha bilgisi yok')).toBeTruthy();
    expect(within(d).getByText('Tarih yok')).toBeTruthy();
  });

  it('lists the paid add-ons as sold under the payment', async () => {
    current = detail({
      totalPrice: 2350,
      addons: [
        { name: 'Maç videosu', unit: 'booking', unitPrice: 300, quantity: 1, total: 300 },
        { name: 'Krampon kiralama', unit: 'person', unitPrice: 50, quantity: 10, total: 500 },
      ],
      addonsPrice: 800,
    });
    open();
    const d = await loaded();
    const payment = within(d).getByRole('heading', { name: 'Ödeme Bilgileri' }).closest('section')!;
    const text = payment.textContent!.replace(/\u00a0/g, ' ');
    expect(text).toContain('Maç videosu₺300');
    expect(text).toContain('Krampon kiralama × 10₺500');
    expect(text).toContain('₺2.350');
  });

  it('leaves out the deposit for a subscriber and says Abone', async () => {
    current = detail({
      isSubscriber: true,
      depositAmount: 0,
      includesTransportation: false,
      transportationDetails: null,
    });
    open();
    const d = await loaded();
    expect(within(d).queryByText('Kapora')).toBeNull();
    expect(within(d).getByText('Abone')).toBeTruthy();
    expect(within(d).getByText('İstenmedi')).toBeTruthy();
    expect(within(d).queryByText('Alış noktası')).toBeNull();
    // No deposit is due from a subscriber: never 'Ödeme Bekliyor' (the panel as tracking).
    const payment = within(d).getByRole('heading', { name: 'Ödeme Bilgileri' }).closest('section')!;
    expect(payment.textContent).toContain('Ödeme yok');
    expect(payment.textContent).not.toContain('Ödeme Bekliyor');
  });

  it('shows who approved (by full name, as the history does) and when, with no actions, for an approved booking', async () => {
    current = detail({
      status: 'approved',
      paymentStatus: 'paid',
      approvedAt: '2026-11-18T07:30:00.000Z',
      approvedBy: { username: 'mudur', email: 'mudur@example.com', fullName: 'Mert Müdür' },
    });
    open();
    const d = await loaded();
    const approval = within(d).getByRole('heading', { name: 'Onay Bilgileri' }).closest('section')!;
    expect(approval.textContent).toContain('Mert Müdür');
    expect(approval.textContent).not.toContain('mudur');
    expect(approval.textContent).toContain('18 Kasım 2026 10:30');
    // The payment status derived from the rows, in the payment section and in Ödemeler.
    expect(within(d).getAllByText('Kapora Alındı').length).toBeGreaterThan(0);
    expect(within(d).queryByRole('button', { name: /Onayla/ })).toBeNull();
    expect(within(d).queryByRole('button', { name: /Reddet/ })).toBeNull();
  });

  it('shows the rejection reason and the history transition with its reason', async () => {
    current = detail({
      status: 'rejected',
      rejectionReason: 'Saha bakımda',
      history: [
        {
          id: 1,
          fromStatus: null,
          toStatus: 'pending',
          reason: null,
          event: null,
          actorType: 'customer',
          actorLabel: null,
          createdAt: '2026-11-18T06:00:00.000Z',
        },
        {
          id: 2,
          fromStatus: 'pending',
          toStatus: 'rejected',
          reason: 'Saha bakımda',
          event: null,
          actorType: 'staff',
          actorLabel: 'admin',
          createdAt: '2026-11-18T07:00:00.000Z',
        },
      ],
    } as Partial<BookingDetail>);
    open();
    const d = await loaded();
    expect(within(d).getByText('Red sebebi').parentElement!.textContent).toContain('Saha bakımda');
    const history = within(d).getByRole('heading', { name: 'İşlem Geçmişi' }).closest('section')!;
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[1].textContent).toContain('Beklemede → Reddedildi');
    expect(entries[1].textContent).toContain('admin');
    expect(entries[1].textContent).toContain('Saha bakımda');
    // A rejected booking whose deposit never came awaits no payment.
    expect(within(d).getByRole('heading', { name: 'Ödeme Bilgileri' }).closest('section')!.textContent).not.toContain(
      'Ödeme Bekliyor',
    );
  });

  it('names a notes edit and an erasure for what they are, not as a status change to the same status', async () => {
    const at = '2026-11-18T08:00:00.000Z';
    const same = { fromStatus: 'approved', toStatus: 'approved', actorType: 'staff' as const, actorLabel: 'admin' };
    current = detail({
      status: 'approved',
      history: [
        { id: 3, ...same, reason: 'Notlar güncellendi', event: 'notes', createdAt: at },
        { id: 4, ...same, reason: 'Müşteri bilgileri silindi', event: 'erased', createdAt: at },
      ],
    } as Partial<BookingDetail>);
    open();
    const d = await loaded();
    const history = within(d).getByRole('heading', { name: 'İşlem Geçmişi' }).closest('section')!;
    const entries = within(history).getAllByRole('listitem');
    expect(entries.map((e) => e.querySelector('p')!.textContent)).toEqual([
      'Notlar güncellendi',
      'Müşteri bilgileri silindi',
    ]);
    expect(history.textContent).not.toContain('Onaylandı → Onaylandı');
  });

  it('says Rezervasyon bilgileri yüklenemedi when loading fails, and Tekrar Dene loads again', async () => {
    onGet = () => apiError(500, 'Bir hata oluştu');
    open();
    const d = await dialog();
    expect(await within(d).findByText('Rezervasyon bilgileri yüklenemedi')).toBeTruthy();
    onGet = () => [200, { data: current, meta: {} }];
    await userEvent.click(within(d).getByRole('button', { name: 'Tekrar Dene' }));
    expect(await within(d).findByText('HSRK7M2P9QX')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('stays closed while documentId is null', () => {
    open({ documentId: null });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('approve and reject (behaviour.md#management-panel, #validation)', () => {
  it('keeps Reddet disabled until a reason that is more than whitespace is written', async () => {
    const u = userEvent.setup();
    open();
    await loaded();
    expect(rejectButton().hasAttribute('disabled')).toBe(true);
    await u.type(screen.getByRole('textbox', { name: /Red sebebi/ }), '   ');
    expect(rejectButton().hasAttribute('disabled')).toBe(true);
    await u.type(screen.getByRole('textbox', { name: /Red sebebi/ }), 'Saha bakımda');
    expect(rejectButton().hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: /Onayla/ }).hasAttribute('disabled')).toBe(false);
  });

  it('approves with the note, toasts Rezervasyon Onaylandı, reports the change and closes after 0.8 s', async () => {
    const u = userEvent.setup({ delay: null });
    const { onClose, onChanged } = open();
    const d = await loaded();
    await u.type(screen.getByRole('textbox', { name: /Onay notu/ }), 'Kapora alındı');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A keyboard-or-assistive press (a click with no pointer), so no pointer timers are involved.
    fireEvent.click(screen.getByRole('button', { name: /Onayla/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Kaydetmeden onayla' }));
    await until(() => expect(onChanged).toHaveBeenCalledTimes(1));

    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ path: '/api/bookings/bk-1/approve', body: { notes: 'Kapora alındı' } });
    expect(toasts()).toContainEqual({
      kind: 'success',
      title: 'Rezervasyon Onaylandı',
      description: 'Ayşe Yılmaz · 20 Kasım 2026 20:00–21:00',
    });
    expect(onChanged.mock.calls[0][0]).toMatchObject({ status: 'approved' });
    // The new status shows until the dialog closes.
    expect(within(d).getByText('Onaylandı')).toBeTruthy();
    expect(within(d).queryByRole('button', { name: /Onayla/ })).toBeNull();

    act(() => vi.advanceTimersByTime(700));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('approves without notes when the note is left empty', async () => {
    open();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: /Onayla/ }));
    // 'Kapora geldi mi?': approve without recording money.
    await userEvent.click(screen.getByRole('button', { name: 'Kaydetmeden onayla' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({});
  });

  it('rejects with the reason, toasts Rezervasyon Reddedildi as info and closes after 0.8 s', async () => {
    const u = userEvent.setup({ delay: null });
    const { onClose, onChanged } = open();
    const d = await loaded();
    await u.type(screen.getByRole('textbox', { name: /Red sebebi/ }), '  Saha bakımda ');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(rejectButton());
    await until(() => expect(onChanged).toHaveBeenCalledTimes(1));

    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/bookings/bk-1/reject',
      body: { reason: 'Saha bakımda' },
    });
    expect(toasts()).toContainEqual({
      kind: 'info',
      title: 'Rezervasyon Reddedildi',
      description: 'Ayşe Yılmaz · 20 Kasım 2026 20:00–21:00',
    });
    expect(within(d).getByText('Reddedildi')).toBeTruthy();
    act(() => vi.advanceTimersByTime(799));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('cancelling an approved booking (a confirmed cancel, filed under İptal)', () => {
  it("asks first ('Vazgeç' / 'Evet, iptal et'), then sends a cancel with 'Randevu iptal edildi' and toasts 'Rezervasyon iptal edildi'", async () => {
    current = detail({ status: 'approved', paymentStatus: 'paid', isPast: false });
    const { onChanged } = open();
    const d = await loaded();
    const reason = within(d).getByRole('textbox', { name: /İptal sebebi/ }) as HTMLTextAreaElement;
    expect(reason.value).toBe('Randevu iptal edildi');
    fireEvent.click(within(d).getByRole('button', { name: 'Rezervasyonu İptal Et' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(d).getByRole('button', { name: 'Vazgeç' }));
    expect(within(d).queryByRole('button', { name: /Evet, iptal et/ })).toBeNull();
    fireEvent.click(within(d).getByRole('button', { name: 'Rezervasyonu İptal Et' }));
    fireEvent.click(within(d).getByRole('button', { name: /Evet, iptal et/ }));
    await until(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/bookings/bk-1/cancel', body: { reason: 'Randevu iptal edildi' } }),
    ]);
    expect(toasts().map((t) => t.title)).toContain('Rezervasyon iptal edildi');
    expect(toasts().map((t) => t.title)).not.toContain('Rezervasyon Reddedildi');
  });

  it('is not offered once the game has started', async () => {
    current = detail({ status: 'approved', isPast: true });
    open();
    const d = await loaded();
    expect(within(d).queryByRole('button', { name: 'Rezervasyonu İptal Et' })).toBeNull();
  });

  it('stays disabled while the reason is emptied', async () => {
    current = detail({ status: 'approved', isPast: false });
    const u = userEvent.setup({ delay: null });
    open();
    const d = await loaded();
    await u.clear(within(d).getByRole('textbox', { name: /İptal sebebi/ }));
    expect(within(d).getByRole('button', { name: 'Rezervasyonu İptal Et' }).hasAttribute('disabled')).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('approve and reject failures (behaviour.md#error-messages)', () => {
  it('toasts the server message when approval is refused', async () => {
    onApprove = () => apiError(409, 'Bu rezervasyon zaten işlem görmüş');
    const { onChanged, onClose } = open();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: /Onayla/ }));
    // 'Kapora geldi mi?': approve without recording money.
    await userEvent.click(screen.getByRole('button', { name: 'Kaydetmeden onayla' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        kind: 'error',
        title: 'Bu rezervasyon zaten işlem görmüş',
        description: undefined,
      }),
    );
    expect(onChanged).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Onayla/ }).hasAttribute('disabled')).toBe(false);
  });

  it('toasts Rezervasyon onaylanırken hata oluştu when the server gives no message of its own', async () => {
    onApprove = () => [
      500,
      { data: null, error: { status: 500, name: 'InternalServerError', message: 'Bir hata oluştu', details: {} } },
    ];
    open();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: /Onayla/ }));
    // 'Kapora geldi mi?': approve without recording money.
    await userEvent.click(screen.getByRole('button', { name: 'Kaydetmeden onayla' }));
    await waitFor(() => expect(toasts().map((t) => t.title)).toEqual(['Rezervasyon onaylanırken hata oluştu']));
  });

  it('toasts Rezervasyon reddedilirken hata oluştu when the network fails', async () => {
    onReject = () => {
      throw new TypeError('Failed to fetch');
    };
    const u = userEvent.setup();
    open();
    await loaded();
    await u.type(screen.getByRole('textbox', { name: /Red sebebi/ }), 'Saha bakımda');
    await u.click(rejectButton());
    await waitFor(() => expect(toasts().map((t) => t.title)).toEqual(['Rezervasyon reddedilirken hata oluştu']));
  });

  it('shows Lütfen red sebebini belirtin at the reason field and as a toast when the server refuses the reason', async () => {
    onReject = () => apiError(400, 'Lütfen red sebebini belirtin');
    const u = userEvent.setup();
    open();
    const d = await loaded();
    await u.type(screen.getByRole('textbox', { name: /Red sebebi/ }), 'x');
    await u.click(rejectButton());
    await waitFor(() => expect(toasts().map((t) => t.title)).toEqual(['Lütfen red sebebini belirtin']));
    expect(within(d).getAllByText('Lütfen red sebebini belirtin').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /Red sebebi/ }).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('length limits on the decision fields', () => {
  it('the approve note and the reject reason stop at 500 characters', async () => {
    open();
    const d = await loaded();
    expect(
      within(d)
        .getByRole('textbox', { name: /Onay notu/ })
        .getAttribute('maxlength'),
    ).toBe('500');
    expect(
      within(d)
        .getByRole('textbox', { name: /Red sebebi/ })
        .getAttribute('maxlength'),
    ).toBe('500');
  });

  it("a 501-character reason pasted past the limit is refused with the length message, not 'Lütfen red sebebini belirtin'", async () => {
    open();
    const d = await loaded();
    const box = within(d).getByRole('textbox', { name: /Red sebebi/ });
    box.removeAttribute('maxlength');
    fireEvent.change(box, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(rejectButton());
    await until(() => expect(within(d).getByText('Red sebebi en fazla 500 karakter olabilir')).toBeTruthy());
    expect(within(d).queryByText('Lütfen red sebebini belirtin')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('editing the notes (api.md PUT /bookings/{id})', () => {
  it('edits and saves the notes with PUT, keeping the dialog open', async () => {
    current = detail({ notes: 'Eski not' });
    const { onChanged, onClose } = open();
    const d = await loaded();
    fireEvent.click(within(d).getByRole('button', { name: 'Notları düzenle' }));
    const box = within(d).getByRole('textbox', { name: 'Notlar' }) as HTMLTextAreaElement;
    expect(box.value).toBe('Eski not');
    expect(box.getAttribute('maxlength')).toBe('1000');
    fireEvent.change(box, { target: { value: 'Yeni not' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Kaydet' }));
    await until(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/bookings/bk-1',
      body: { notes: 'Yeni not' },
    });
    await until(() => expect(within(d).getByText('Yeni not')).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('anonymising the customer (KVKK)', () => {
  it('asks first, then shows the anonymised customer with the phone hidden', async () => {
    open();
    const d = await loaded();
    fireEvent.click(within(d).getByRole('button', { name: 'Müşteri bilgilerini sil (KVKK)' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(d).getByRole('button', { name: 'Evet, sil' }));
    await until(() => expect(within(d).getByText('Silinmiş müşteri')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/bookings/bk-1/anonymize' });
    expect(within(d).getByText('Gizlendi (KVKK)')).toBeTruthy();
    expect(d.textContent).not.toContain('#0123456789');
    expect(within(d).queryByRole('button', { name: 'Müşteri bilgilerini sil (KVKK)' })).toBeNull();
    expect(toasts().map((t) => t.title)).toContain('Müşteri bilgileri silindi');
  });
});

describe('a booking decided elsewhere', () => {
  it('re-reads the booking when the staff hub names it, and the actions go away', async () => {
    const { handleLiveMessage } = await import('../../site/src/stores/notifications');
    open();
    const d = await loaded();
    expect(within(d).getByRole('button', { name: /Onayla/ })).toBeTruthy();
    current = { ...current, status: 'approved', paymentStatus: 'paid' };
    act(() =>
      handleLiveMessage({
        type: 'notification',
        notification: {
          id: 901,
          documentId: 'n901',
          type: 'booking_updated',
          priority: 'low',
          title: 'Rezervasyon Onaylandı',
          message: 'm',
          isRead: false,
          readAt: null,
          createdAt: new Date().toISOString(),
          bookingId: current.id,
          facilityId: null,
          actorUserId: 99,
        },
      }),
    );
    await until(() => expect(within(d).queryByRole('button', { name: /Onayla/ })).toBeNull());
    expect(within(d).queryByRole('button', { name: /Reddet/ })).toBeNull();
    expect(within(d).getAllByText('Onaylandı').length).toBeGreaterThan(0);
  });
});

describe('the WhatsApp messages to the customer', () => {
  const approvedText = 'Merhaba Barış,\nYıldız · 20 Kasım 2026 Cuma, 20:00–21:00 rezervasyonunuz onaylandı.';
  const message = {
    kind: 'approved',
    label: 'Onay mesajı',
    text: approvedText,
    href: `https://wa.me/905321234567?text=${encodeURIComponent(approvedText)}`,
  };

  it('each fitting message is a link to WhatsApp with the text typed; opening one records it and re-reads the booking', async () => {
    setMessages([200, { data: [message], meta: {} }]);
    const { onChanged } = open();
    const d = await loaded();
    const section = await within(d).findByRole('region', { name: 'Müşteriye WhatsApp' });
    const link = within(section).getByRole('link', { name: 'WhatsApp: Onay mesajı' });
    expect(link.getAttribute('href')).toBe(message.href);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // The text can be read before opening it.
    expect(within(section).getByText(/rezervasyonunuz onaylandı/).textContent).toContain('20:00–21:00');

    // happy-dom would follow the link to wa.me; the browser opens it in a new tab.
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    await until(() => expect(calls.some((c) => c.path === '/api/bookings/bk-1/messages/approved')).toBe(true));
    await until(() => expect(onChanged).toHaveBeenCalled());
    const recorded = calls.findIndex((c) => c.method === 'POST' && c.path === '/api/bookings/bk-1/messages/approved');
    expect(calls.slice(recorded + 1).some((c) => c.method === 'GET' && c.path === '/api/bookings/bk-1')).toBe(true);
    expect($toasts.get().map((t) => t.title)).toContain('WhatsApp açıldı: Onay mesajı');
  });

  it('no section when nothing fits; a failed read says so', async () => {
    open();
    const d = await loaded();
    expect(within(d).queryByRole('region', { name: 'Müşteriye WhatsApp' })).toBeNull();
    vi.unstubAllGlobals();
    calls = mockApi((c) => (c.method === 'GET' && c.path === '/api/bookings/bk-1' ? onGet(c) : apiError(404, 'x')));
    setMessages(apiError(500, 'Sunucu hatası'));
    $toasts.set([]);
    open();
    const again = (await screen.findAllByRole('dialog', { name: 'Rezervasyon Detayı' })).at(-1)!;
    await within(again).findByText('Mesajlar yüklenemedi');
  });
});
