// The Saha Servisleri screen: presets, the add dialog checked by the server's schema, a duplicate refused by
// the server shown under its field, the active switch, order, and delete after a confirmation.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddonWire } from '../../contracts/addons';
import AddonsManager from '../../site/src/islands/AddonsManager';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, facility, mockApi, type Reply } from './fixtures/panel-facility';

let calls: Call[];
let rows: AddonWire[];
let nextId: number;

const addon = (over: Partial<AddonWire>): AddonWire => ({
  id: 1,
  name: 'Hakem',
  description: null,
  price: 400,
  unit: 'booking',
  isActive: true,
  stockPerSlot: null,
  ...over,
});

beforeEach(() => {
  history.replaceState(null, '', '/yonetim/saha-servisleri');
  rows = [];
  nextId = 10;
  calls = mockApi((c): Reply => {
    if (c.method === 'GET' && c.path === '/api/facilities/all')
      return [
        200,
        {
          data: [facility({ id: 1, name: 'Nilüfer' }), facility({ id: 2, documentId: 'fac-2', name: 'Görükle' })],
          meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } },
        },
      ];
    if (c.method === 'GET' && c.path === '/api/facilities/1/addons') return [200, { data: rows }];
    if (c.method === 'POST' && c.path === '/api/facilities/1/addons') {
      const b = c.body as Record<string, unknown>;
      if (rows.some((r) => r.name.toLocaleLowerCase('tr') === String(b.name).toLocaleLowerCase('tr')))
        return apiError(409, 'Bu sahada aynı adla bir hizmet zaten var', {
          errors: [{ path: ['name'], message: 'Bu sahada aynı adla bir hizmet zaten var' }],
        });
      const created = addon({
        ...(b as Partial<AddonWire>),
        id: nextId++,
        description: (b.description as string) || null,
      });
      rows = [...rows, created];
      return [201, { data: created }];
    }
    if (c.method === 'PUT' && c.path === '/api/facilities/1/addons/order') {
      const ids = (c.body as { ids: number[] }).ids;
      rows = ids.map((id) => rows.find((r) => r.id === id)!);
      return [200, { data: rows }];
    }
    if (c.method === 'PUT' && c.path.startsWith('/api/facilities/1/addons/')) {
      const id = Number(c.path.split('/').pop());
      rows = rows.map((r) => (r.id === id ? { ...r, ...(c.body as Partial<AddonWire>) } : r));
      return [200, { data: rows.find((r) => r.id === id) }];
    }
    if (c.method === 'DELETE' && c.path.startsWith('/api/facilities/1/addons/')) {
      const id = Number(c.path.split('/').pop());
      rows = rows.filter((r) => r.id !== id);
      return [200, { data: { id } }];
    }
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const rowNames = () =>
  [...document.querySelectorAll('[data-addon-row]')].map((r) => (r as HTMLElement).dataset.addonRow);

describe('AddonsManager', () => {
  it('adds a preset at its price, refuses a bad price in Turkish before sending, and shows a duplicate under the name', async () => {
    const user = userEvent.setup();
    render(<AddonsManager />);
    await screen.findByText(/henüz hizmet yok/);
    expect(location.search).toBe('?saha=1');
    await user.click(screen.getByRole('button', { name: '+ Maç videosu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hizmet ekle' });
    const price = within(dialog).getByRole('textbox', { name: /Ücret/ });
    expect((price as HTMLInputElement).value).toBe('300');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Hizmeti ekle' }));
    expect(within(dialog).getByText("Ücret 0'dan büyük olmalıdır")).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(price);
    await user.type(price, '350,50');
    await user.click(within(dialog).getByRole('button', { name: 'Hizmeti ekle' }));
    await waitFor(() => expect(rowNames()).toEqual(['Maç videosu']));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Maç videosu',
      price: 350.5,
      unit: 'booking',
    });
    // The preset is gone once the pitch has it.
    expect(screen.queryByRole('button', { name: '+ Maç videosu' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Hizmet ekle' }));
    const again = await screen.findByRole('dialog', { name: 'Hizmet ekle' });
    await user.type(within(again).getByRole('textbox', { name: /Hizmet adı/ }), 'MAÇ VİDEOSU');
    await user.type(within(again).getByRole('textbox', { name: /Ücret/ }), '100');
    await user.click(within(again).getByRole('button', { name: 'Hizmeti ekle' }));
    await waitFor(() =>
      expect(within(again).getAllByText('Bu sahada aynı adla bir hizmet zaten var').length).toBeGreaterThan(0),
    );
    expect(rowNames()).toEqual(['Maç videosu']);
  });

  it('switches an add-on off, moves it, and deletes it only after confirming', async () => {
    rows = [
      addon({ id: 1, name: 'Hakem' }),
      addon({ id: 2, name: 'Krampon kiralama', unit: 'person', price: 50, stockPerSlot: 12 }),
    ];
    const user = userEvent.setup();
    render(<AddonsManager />);
    await waitFor(() => expect(rowNames()).toEqual(['Hakem', 'Krampon kiralama']));
    expect(screen.getByText(/saat başına 12 adet/)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: /Sunuluyor.*Hakem/ }));
    await waitFor(() => expect(rows[0].isActive).toBe(false));
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/facilities/1/addons/1')!.body).toMatchObject({
      name: 'Hakem',
      isActive: false,
      price: 400,
    });
    await user.click(screen.getByRole('button', { name: 'Krampon kiralama: yukarı taşı' }));
    await waitFor(() => expect(rowNames()).toEqual(['Krampon kiralama', 'Hakem']));
    await user.click(screen.getByRole('button', { name: 'Hakem: sil' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Hizmeti sil' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(rowNames()).toEqual(['Krampon kiralama']));
    expect($toasts.get().map((t) => t.title)).toContain('Hizmet silindi');
  });
});
