// The Fiyatlandırma screen: the rule list with presets and its dialog (checked by the server's schema), the
// week preview computed by the server's engine before saving, save, and re-pricing generated free slots.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceRulesWire } from '../../contracts/pricing-form';
import { previewWeek, ruleSummary } from '../../site/src/components/panel/pricing/rules';
import PricingManager from '../../site/src/islands/PricingManager';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, facility, mockApi, type Reply } from './fixtures/panel-facility';

// Monday 23 November 2026, noon in Istanbul.
const NOW = Date.parse('2026-11-23T09:00:00Z');
const hours = (start: string, end: string) =>
  Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { isOpen: true, start, end },
    ]),
  ) as PriceRulesWire['facility']['workingHours'];

const pricedFacility: PriceRulesWire['facility'] = {
  id: 1,
  documentId: 'fac-1',
  name: 'Nilüfer Halı Saha',
  hourlyPrice: 1500,
  workingHours: hours('17:00', '20:00'),
  bookingTimeType: 'hourly',
  startTimeOffset: 'full_hour',
};

let calls: Call[];
let stored: PriceRulesWire;
let onSave: (c: Call) => Reply;
let onApply: (c: Call) => Reply;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  history.replaceState(null, '', '/yonetim/fiyatlandirma');
  stored = { facility: pricedFacility, rules: [] };
  onSave = (c) => {
    const rules = (c.body as { rules: Array<Record<string, unknown>> }).rules.map((r, i) => ({ id: i + 1, ...r }));
    stored = { facility: pricedFacility, rules: rules as unknown as PriceRulesWire['rules'] };
    return [200, { data: stored }];
  };
  onApply = () => [
    200,
    {
      data: {
        facilityName: pricedFacility.name,
        repriced: 4,
        unchanged: 2,
        skippedBooked: 1,
        message: 'Nilüfer Halı Saha için 4 slotun fiyatı güncellendi.',
      },
    },
  ];
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.path === '/api/facilities/all')
      return [
        200,
        {
          data: [
            facility({ id: 1, name: pricedFacility.name }),
            facility({ id: 2, documentId: 'fac-2', name: 'Görükle' }),
          ],
          meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } },
        },
      ];
    if (c.method === 'GET' && c.path.endsWith('/price-rules')) return [200, { data: stored }];
    if (c.method === 'PUT' && c.path.endsWith('/price-rules')) return onSave(c);
    if (c.method === 'POST' && c.path.endsWith('/price-rules/apply')) return onApply(c);
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const cell = (date: string, time: string) =>
  document.querySelector(`[data-price-preview] td[data-date="${date}"][data-time="${time}"]`) as HTMLElement;

describe('pure rules', () => {
  it('summarises a rule in one Turkish line', () => {
    const base = { name: 'x', isActive: true, note: null, priority: 0, dateFrom: null, dateTo: null };
    expect(
      ruleSummary({
        ...base,
        days: ['saturday', 'sunday'],
        startTime: null,
        endTime: null,
        adjustment: 'percent',
        amount: 20,
      }),
    ).toBe('Hafta sonu · Tüm gün · %20 zamlı');
    expect(
      ruleSummary({
        ...base,
        days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        startTime: '18:00',
        endTime: '02:00',
        dateFrom: '2027-03-20',
        dateTo: '2027-03-22',
        adjustment: 'fixed',
        amount: 2000,
      }).replace(/\u00a0/g, ' '),
    ).toBe('Her gün · 18:00–02:00 (ertesi gün) · 20.03.2027 – 22.03.2027 · Sabit ₺2.000');
  });

  it('previews closed hours as empty and overnight starts after the evening', () => {
    const night = {
      ...pricedFacility,
      workingHours: { ...hours('22:00', '01:00'), monday: { isOpen: false, start: '22:00', end: '01:00' } },
    };
    const grid = previewWeek(night, [], '2026-11-23');
    expect(grid.rows.map((r) => r.time)).toEqual(['22:00', '23:00', '00:00']);
    expect(grid.rows[0].cells[0]).toEqual({ date: '2026-11-23', price: null, ruleName: null });
    expect(grid.rows[2].cells[1]).toEqual({ date: '2026-11-24', price: 1500, ruleName: null });
  });
});

describe('PricingManager', () => {
  it('adds the evening preset, previews it before saving, saves the set and remembers the pitch in the address', async () => {
    const user = userEvent.setup();
    render(<PricingManager />);
    await screen.findByText(/Bu saha için kural yok/);
    expect(location.search).toBe('?saha=1');
    expect(cell('2026-11-23', '18:00').textContent?.replace(/\u00a0/g, ' ')).toBe('₺1.500');
    await user.click(screen.getByRole('button', { name: '+ Akşam (ışıklı) saatleri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fiyat kuralı ekle' });
    expect(within(dialog).getByRole('textbox', { name: /Kural adı/ })).toHaveProperty('value', 'Akşam (ışıklı)');
    // Without an amount the server's schema refuses it, in Turkish, under the field.
    await user.click(within(dialog).getByRole('button', { name: 'Kuralı ekle' }));
    expect(within(dialog).getByText("Sabit fiyat 0'dan büyük olmalıdır")).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Saatlik fiyat/ }), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Kuralı ekle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Previewed before saving: 18:00 and 19:00 at 2000 TL by the rule, 17:00 at the hourly price.
    expect(cell('2026-11-25', '18:00').dataset.rule).toBe('Akşam (ışıklı)');
    expect(cell('2026-11-25', '18:00').textContent).toContain('2.000');
    expect(cell('2026-11-25', '17:00').dataset.rule).toBeUndefined();
    expect(screen.getByText('Kaydedilmemiş değişiklikler var')).toBeTruthy();
    // Applying is held back while the list is unsaved.
    expect((screen.getByRole('button', { name: 'Fiyatları uygula' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Kuralları kaydet' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/facilities/1/price-rules');
    expect(put.body).toEqual({
      rules: [
        {
          name: 'Akşam (ışıklı)',
          isActive: true,
          days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
          dateFrom: null,
          dateTo: null,
          startTime: '18:00',
          endTime: '00:00',
          adjustment: 'fixed',
          amount: 2000,
          priority: 0,
          note: '',
        },
      ],
    });
    await waitFor(() => expect(screen.queryByText('Kaydedilmemiş değişiklikler var')).toBeNull());
    expect($toasts.get().map((t) => t.title)).toContain('Fiyat kuralları kaydedildi');
  });

  it('a weekend percentage with a higher priority wins over the evening rule in the preview; order and toggles edit the list', async () => {
    stored = {
      facility: pricedFacility,
      rules: [
        {
          id: 1,
          name: 'Akşam',
          isActive: true,
          days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
          dateFrom: null,
          dateTo: null,
          startTime: '18:00',
          endTime: '00:00',
          adjustment: 'fixed',
          amount: 2000,
          priority: 0,
          note: null,
        },
        {
          id: 2,
          name: 'Hafta sonu',
          isActive: true,
          days: ['saturday', 'sunday'],
          dateFrom: null,
          dateTo: null,
          startTime: null,
          endTime: null,
          adjustment: 'percent',
          amount: 20,
          priority: 5,
          note: null,
        },
      ],
    };
    const user = userEvent.setup();
    render(<PricingManager />);
    await waitFor(() => expect(document.querySelectorAll('[data-rule-row]')).toHaveLength(2));
    expect(cell('2026-11-28', '18:00').dataset.rule).toBe('Hafta sonu');
    expect(cell('2026-11-28', '18:00').textContent).toContain('1.800');
    expect(cell('2026-11-27', '18:00').dataset.rule).toBe('Akşam');
    // Switching the weekend rule off shows the evening price on Saturday at once.
    await user.click(screen.getByRole('switch', { name: /Etkin.*Hafta sonu/ }));
    expect(cell('2026-11-28', '18:00').dataset.rule).toBe('Akşam');
    await user.click(screen.getByRole('button', { name: 'Hafta sonu: yukarı taşı' }));
    const rows = [...document.querySelectorAll('[data-rule-row]')].map((r) => (r as HTMLElement).dataset.ruleRow);
    expect(rows).toEqual(['Hafta sonu', 'Akşam']);
    await user.click(screen.getByRole('button', { name: 'Değişiklikleri geri al' }));
    expect(cell('2026-11-28', '18:00').dataset.rule).toBe('Hafta sonu');
    // The next week.
    await user.click(screen.getByRole('button', { name: /Sonraki hafta/ }));
    expect(cell('2026-12-05', '18:00').dataset.rule).toBe('Hafta sonu');
  });

  it('re-prices generated free slots for a range and shows the server answer; a server refusal is a Turkish toast', async () => {
    const user = userEvent.setup();
    render(<PricingManager />);
    await screen.findByText(/Bu saha için kural yok/);
    await user.click(screen.getByRole('button', { name: 'Fiyatları uygula' }));
    await waitFor(() =>
      expect(document.querySelector('[data-apply-result]')?.textContent).toContain('4 slotun fiyatı'),
    );
    const apply = calls.find((c) => c.path.endsWith('/apply'))!;
    expect(apply.body).toEqual({ startDate: '2026-11-23', endDate: '2026-12-23' });
    onApply = () => apiError(400, 'Fiyatlar bugünden itibaren en fazla 3 ay ileriye kadar uygulanabilir');
    await user.click(screen.getByRole('button', { name: 'Fiyatları uygula' }));
    await waitFor(() =>
      expect($toasts.get().map((t) => t.title)).toContain(
        'Fiyatlar bugünden itibaren en fazla 3 ay ileriye kadar uygulanabilir',
      ),
    );
  });

  it('a failed save keeps the unsaved list and says so', async () => {
    onSave = () => apiError(400, 'Bir saha için en fazla 50 fiyat kuralı tanımlanabilir');
    const user = userEvent.setup();
    render(<PricingManager />);
    await screen.findByText(/Bu saha için kural yok/);
    await user.click(screen.getByRole('button', { name: '+ Hafta sonu' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Kuralı ekle' }));
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Kuralları kaydet' }));
    });
    await waitFor(() =>
      expect($toasts.get().map((t) => t.title)).toContain('Bir saha için en fazla 50 fiyat kuralı tanımlanabilir'),
    );
    expect(screen.getByText('Kaydedilmemiş değişiklikler var')).toBeTruthy();
    expect(document.querySelectorAll('[data-rule-row]')).toHaveLength(1);
  });
});
