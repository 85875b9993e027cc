// The booking detail's money (docs/behaviour.md#bookings 'Payments'): 'Ödemeler' with its rows, collected and due,
// 'Ödeme ekle' (and 've onayla' on a pending booking), 'Geri al' with a reason, 'Kapora geldi mi?' on approve, and the
// refund-or-keep choice on a cancel, preselected by the rule of Ayarlar.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentMsg } from '../../contracts/payment-input';
import { type BookingDetail, BookingDetailDialog } from '../../site/src/components/panel/BookingDetailDialog';
import {
  amountError,
  decisionFor,
  parseAmount,
  tlText,
} from '../../site/src/components/panel/BookingDetailDialog/payment-model';
import { PAYMENT_STATE_LABELS, paymentState } from '../../site/src/lib/tracking';
import { $toasts } from '../../site/src/stores/toast';
import { type Call, detail, mockApi } from './fixtures/panel-booking';

const HOUR = 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString();

const deposit = {
  id: 11,
  kind: 'deposit',
  amount: 300,
  method: 'transfer',
  at: '2026-11-18T08:00:00.000Z',
  staffName: 'Ayşe Kasa',
  note: 'Dekont geldi',
  reversed: false,
  reversesId: null,
} as const;

let current: BookingDetail;
let calls: Call[];
let answer: (c: Call) => BookingDetail;

beforeEach(() => {
  current = detail({ startsAt: inDays(3) });
  answer = () => current;
  calls = mockApi((c) => {
    if (c.method === 'GET') return [200, { data: current, meta: {} }];
    return [200, { data: answer(c), meta: {} }];
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const open = () => render(<BookingDetailDialog documentId="bk-1" onClose={vi.fn()} />);
const loaded = async () => {
  const d = await screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
  await within(d).findByText('HSRK7M2P9QX');
  return d;
};
const section = (d: HTMLElement) => within(d).getByRole('heading', { name: 'Ödemeler' }).closest('section')!;
const posts = () => calls.filter((c) => c.method === 'POST');

describe('the amount and the rule', () => {
  it('reads TL the Turkish way and refuses what the server would', () => {
    expect(parseAmount('500')).toBe(500);
    expect(parseAmount('1.250')).toBe(1250);
    expect(parseAmount('99,90')).toBe(99.9);
    expect(parseAmount('1.250,50')).toBe(1250.5);
    expect(parseAmount('12,345')).toBeNull();
    expect(amountError('')).toBe(paymentMsg.amountRequired);
    expect(amountError('0')).toBe(paymentMsg.amountPositive);
    expect(amountError('abc')).toBe(paymentMsg.amountKurus);
    expect(amountError('2000000')).toBe(paymentMsg.amountTooLarge);
    expect(amountError('300')).toBeNull();
    expect(tlText(1250.5)).toBe('₺1.250,50');
    expect(tlText(-300)).toBe('-₺300');
  });

  it('names every payment status derived from the rows, on screen and in exports alike', () => {
    const facts = (status: string, paymentStatus: string) => ({
      status,
      paymentStatus,
      depositAmount: 300,
      isSubscriber: false,
    });
    expect(PAYMENT_STATE_LABELS[paymentState(facts('approved', 'paid'))].label).toBe('Kapora Alındı');
    expect(PAYMENT_STATE_LABELS[paymentState(facts('approved', 'full'))].label).toBe('Tamamı Ödendi');
    expect(PAYMENT_STATE_LABELS[paymentState(facts('cancelled', 'refunded'))].label).toBe('İade Edildi');
    expect(PAYMENT_STATE_LABELS[paymentState(facts('cancelled', 'kept'))].label).toBe('Kapora Tutuldu');
    expect(PAYMENT_STATE_LABELS[paymentState(facts('approved', 'pending'))].label).toBe('Ödeme Bekliyor');
    // A cancelled booking whose kapora is still held reads what is true: received, awaiting a decision.
    expect(PAYMENT_STATE_LABELS[paymentState(facts('cancelled', 'paid'))].label).toBe('Kapora Alındı');
  });

  it('suggests keeping inside the window, refunding before it and on a reject', () => {
    const b = detail({ startsAt: inDays(3), depositKeepHours: 24 } as Partial<BookingDetail>);
    expect(decisionFor(b, 'cancel').suggested).toBe('refund');
    expect(decisionFor({ ...b, startsAt: new Date(Date.now() + 5 * HOUR).toISOString() }, 'cancel').suggested).toBe(
      'keep',
    );
    expect(decisionFor({ ...b, startsAt: new Date(Date.now() + 5 * HOUR).toISOString() }, 'reject').suggested).toBe(
      'refund',
    );
  });
});

describe('Ödemeler', () => {
  it('lists the rows, a reversed one struck through with its reversal, collected and due', async () => {
    current = detail({
      status: 'approved',
      paymentStatus: 'paid',
      collected: 300,
      balanceDue: 1250,
      payments: [
        deposit,
        { ...deposit, id: 12, kind: 'balance', amount: 1250, method: 'cash', note: null, reversed: true },
        {
          ...deposit,
          id: 13,
          kind: 'balance',
          amount: -1250,
          method: 'cash',
          note: 'Yanlış tutar',
          reversesId: 12,
        },
      ],
    } as Partial<BookingDetail>);
    open();
    const s = section(await loaded());
    expect(s.textContent).toContain('Kapora Alındı');
    expect(within(s).getByText('₺300', { selector: '[data-collected]' })).toBeTruthy();
    expect(within(s).getByText('₺1.250', { selector: '[data-balance-due]' })).toBeTruthy();
    const rows = within(s).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-payment-row'))).toEqual(['deposit', 'balance', 'balance']);
    expect(rows[0].textContent).toContain('Kapora alındı · ₺300 · Havale/EFT');
    expect(rows[0].textContent).toContain('Ayşe Kasa');
    expect(rows[0].textContent).toContain('Dekont geldi');
    expect(rows[1].querySelector('.line-through')?.textContent).toContain('Kalan tahsil edildi · ₺1.250 · Nakit');
    expect(rows[1].textContent).toContain('Geri alındı');
    expect(rows[2].textContent).toContain('Geri alma: Kalan tahsil edildi · -₺1.250');
    // Only a live row can be reversed.
    expect(within(rows[0]).getByRole('button', { name: 'Geri al' })).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: 'Geri al' })).toBeNull();
    expect(within(rows[2]).queryByRole('button', { name: 'Geri al' })).toBeNull();
  });

  it('records the kapora on a pending booking and approves it in the same step', async () => {
    answer = () => ({ ...current, status: 'approved', paymentStatus: 'paid', collected: 300, payments: [deposit] });
    const u = userEvent.setup();
    open();
    const s = section(await loaded());
    await u.click(within(s).getByRole('button', { name: 'Ödeme ekle' }));
    const form = within(s).getByRole('form', { name: 'Ödeme ekle' });
    expect((within(form).getByRole('textbox', { name: /Tutar/ }) as HTMLInputElement).value).toBe('300');
    await u.type(within(form).getByRole('textbox', { name: /Not/ }), 'Dekont geldi');
    await u.click(within(form).getByRole('button', { name: 'Kaydet ve onayla' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      path: '/api/bookings/bk-1/payments',
      body: { kind: 'deposit', amount: 300, method: 'transfer', note: 'Dekont geldi', approve: true },
    });
    await waitFor(() => expect(section(screen.getByRole('dialog')).textContent).toContain('Dekont geldi'));
  });

  it('refuses a bad amount in the form without a request', async () => {
    const u = userEvent.setup();
    open();
    const s = section(await loaded());
    await u.click(within(s).getByRole('button', { name: 'Ödeme ekle' }));
    const amount = within(s).getByRole('textbox', { name: /Tutar/ });
    await u.clear(amount);
    await u.type(amount, '0');
    await u.click(within(s).getByRole('button', { name: /Kaydet/ }));
    expect(await within(s).findByText(paymentMsg.amountPositive)).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('reverses a row with a reason; a reason under 3 characters is refused first', async () => {
    current = detail({
      status: 'approved',
      paymentStatus: 'paid',
      collected: 300,
      payments: [deposit],
    } as Partial<BookingDetail>);
    answer = () => ({ ...current, paymentStatus: 'pending', collected: 0 });
    const u = userEvent.setup();
    open();
    const s = section(await loaded());
    await u.click(within(s).getByRole('button', { name: 'Geri al' }));
    await u.type(within(s).getByRole('textbox', { name: /Geri alma gerekçesi/ }), 'ab');
    await u.click(within(s).getByRole('button', { name: 'Kaydı geri al' }));
    expect(await within(s).findByText(paymentMsg.reverseReasonRequired)).toBeTruthy();
    expect(posts()).toHaveLength(0);
    await u.type(within(s).getByRole('textbox', { name: /Geri alma gerekçesi/ }), 'c yanlış');
    await u.click(within(s).getByRole('button', { name: 'Kaydı geri al' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      path: '/api/bookings/bk-1/payments/11/reverse',
      body: { reason: 'abc yanlış' },
    });
  });

  it('shows a waiting refund-or-keep decision as a call to action', async () => {
    current = detail({
      status: 'cancelled',
      paymentStatus: 'paid',
      collected: 300,
      balanceDue: 0,
      payments: [deposit],
      depositDecision: { suggested: 'keep', amount: 300, reason: 'Müşteri gelmedi: kural gereği kapora tutulur' },
    } as Partial<BookingDetail>);
    answer = () => ({ ...current, paymentStatus: 'kept', depositDecision: null });
    const u = userEvent.setup();
    open();
    const s = section(await loaded());
    const cta = within(s).getByRole('alert');
    expect(cta.textContent).toContain('Alınan ₺300 için karar bekleniyor');
    expect(cta.textContent).toContain('Müşteri gelmedi');
    await u.click(within(cta).getByRole('button', { name: 'Kaporayı tut' }));
    const form = within(s).getByRole('form', { name: 'Ödeme ekle' });
    expect(within(form).queryByRole('button', { name: /Ödeme yöntemi/ })).toBeNull();
    await u.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ kind: 'kept', amount: 300, method: null, note: null });
  });
});

describe('approve, cancel and the deposit', () => {
  it("asks 'Kapora geldi mi?' on approve and sends the kapora with the approval", async () => {
    answer = () => ({ ...current, status: 'approved', paymentStatus: 'paid', collected: 300 });
    const u = userEvent.setup();
    open();
    const d = await loaded();
    await u.click(within(d).getByRole('button', { name: /^Onayla$/ }));
    const q = within(d).getByRole('region', { name: 'Kapora geldi mi?' });
    expect((within(q).getByRole('textbox', { name: /Alınan kapora/ }) as HTMLInputElement).value).toBe('300');
    await u.click(within(q).getByRole('button', { name: 'Kapora alındı, onayla' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      path: '/api/bookings/bk-1/approve',
      body: { deposit: { amount: 300, method: 'transfer' } },
    });
  });

  it('a cancel with money collected sends the preselected refund and says the rule', async () => {
    current = detail({
      status: 'approved',
      paymentStatus: 'paid',
      collected: 300,
      payments: [deposit],
      startsAt: inDays(3),
    } as Partial<BookingDetail>);
    answer = () => ({ ...current, status: 'cancelled', paymentStatus: 'refunded', collected: 0 });
    const u = userEvent.setup();
    open();
    const d = await loaded();
    const choice = within(d).getByRole('region', { name: 'Alınan kapora' });
    expect(choice.getAttribute('data-deposit-choice')).toBe('refund');
    expect(choice.textContent).toContain('başlangıca 24 saatten az kala');
    await u.click(within(d).getByRole('button', { name: 'Rezervasyonu İptal Et' }));
    await u.click(within(d).getByRole('button', { name: /Evet, iptal et/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      path: '/api/bookings/bk-1/cancel',
      body: { reason: 'Randevu iptal edildi', deposit: { action: 'refund', method: 'transfer' } },
    });
  });

  it('inside the window keeping is preselected, and staff may switch to a refund', async () => {
    current = detail({
      status: 'approved',
      paymentStatus: 'paid',
      collected: 300,
      payments: [deposit],
      startsAt: new Date(Date.now() + 5 * HOUR).toISOString(),
    } as Partial<BookingDetail>);
    const u = userEvent.setup();
    open();
    const d = await loaded();
    const choice = within(d).getByRole('region', { name: 'Alınan kapora' });
    expect(choice.getAttribute('data-deposit-choice')).toBe('keep');
    await u.click(within(choice).getByRole('radio', { name: 'İade et' }));
    expect(within(d).getByRole('region', { name: 'Alınan kapora' }).getAttribute('data-deposit-choice')).toBe('refund');
  });
});
