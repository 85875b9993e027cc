// The Personel, Denetim kaydı and Hesabım islands against a stubbed API: what they send and show.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StaffUserWire, staffMsg } from '../../contracts/staff';
import AuditLog from '../../site/src/islands/AuditLog';
import OwnPassword from '../../site/src/islands/OwnPassword';
import StaffManager from '../../site/src/islands/StaffManager';

type Reply = [number, unknown];
let requests: Array<{ method: string; path: string; search: string; body: unknown }> = [];

function mockApi(route: (method: string, path: string) => Reply) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const text = req.method === 'GET' ? '' : await req.text();
      requests.push({
        method: req.method,
        path: url.pathname,
        search: url.search,
        body: text ? JSON.parse(text) : undefined,
      });
      const [status, body] = route(req.method, url.pathname);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

const LONG = 'A'.repeat(120);
const staff: StaffUserWire[] = [
  {
    id: 1,
    username: 'admin',
    email: 'admin@ornek.com',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    role: 'admin',
    active: true,
    lastLoginAt: Date.parse('2026-03-01T20:30:00Z'),
    createdAt: 0,
  },
  {
    id: 2,
    username: 'mudur',
    email: 'm@ornek.com',
    firstName: LONG,
    lastName: null,
    role: 'manager',
    active: true,
    lastLoginAt: null,
    createdAt: 0,
  },
];

describe('StaffManager', () => {
  it('lists roles in Turkish with dd.mm.yyyy HH:mm logins, and never offers actions on oneself', async () => {
    mockApi(() => [200, { data: staff, meta: {} }]);
    render(<StaffManager currentUserId={1} />);
    const row = await screen.findByText((_, el) => el?.getAttribute('data-staff-row') === 'admin');
    expect(row.textContent).toContain('Son giriş: 01.03.2026 23:30');
    expect(row.textContent).toContain('(siz)');
    expect(document.body.textContent).not.toMatch(/\bAdmin\b|\bManager\b/);
    for (const b of within(row).getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
    expect((within(row).getByRole('combobox') as unknown as HTMLSelectElement).disabled).toBe(true);
    const other = document.querySelector('[data-staff-row="mudur"]') as HTMLElement;
    expect(other.textContent).toContain('hiç giriş yapmadı');
    expect((within(other).getByRole('combobox') as unknown as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      'Müdür',
    );
  });

  it('creates an account and shows its password once, with a copy button and the warning', async () => {
    const created = { ...staff[1], id: 3, username: 'yeni', firstName: 'Elif', email: 'e@ornek.com' };
    mockApi((method) =>
      method === 'POST'
        ? [201, { data: { user: created, password: 'Abcd2345Efgh67' }, meta: {} }]
        : [200, { data: staff, meta: {} }],
    );
    const u = userEvent.setup();
    render(<StaffManager currentUserId={1} />);
    await u.click(await screen.findByRole('button', { name: 'Yeni personel' }));
    // The form's own schema speaks before anything is sent.
    await u.click(screen.getByRole('button', { name: 'Oluştur' }));
    expect(await screen.findByText('Kullanıcı adı gerekli')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await u.type(screen.getByRole('textbox', { name: /Kullanıcı adı/ }), 'yeni');
    await u.type(screen.getByRole('textbox', { name: /E-posta/ }), 'e@ornek.com');
    await u.type(screen.getByRole('textbox', { name: /^Ad/ }), 'Elif');
    await u.click(screen.getByRole('button', { name: 'Oluştur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hesap oluşturuldu' });
    expect(within(dialog).getByText('Abcd2345Efgh67')).toBeTruthy();
    expect(dialog.textContent).toContain('Bu şifre bir daha gösterilmeyecek');
    expect(within(dialog).getByRole('button', { name: 'Kopyala' })).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      username: 'yeni',
      email: 'e@ornek.com',
      firstName: 'Elif',
      lastName: null,
      role: 'manager',
    });
  });

  it('shows the server’s Turkish 409 for the last admin after the confirmation', async () => {
    mockApi((method) =>
      method === 'PATCH'
        ? [
            409,
            {
              data: null,
              error: {
                status: 409,
                name: 'ConflictError',
                message: 'Son aktif yönetici devre dışı bırakılamaz',
                details: {},
              },
            },
          ]
        : [200, { data: staff, meta: {} }],
    );
    const u = userEvent.setup();
    render(<StaffManager currentUserId={9} />);
    const row = (await screen.findByText((_, el) => el?.getAttribute('data-staff-row') === 'admin')) as HTMLElement;
    await u.click(within(row).getByRole('button', { name: 'Devre dışı bırak' }));
    const confirm = await screen.findByRole('alertdialog');
    await u.click(within(confirm).getByRole('button', { name: 'Devre dışı bırak' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'PATCH' && r.path === '/api/staff-users/1')).toBe(true),
    );
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ active: false });
  });
});

describe('AuditLog', () => {
  it('asks the server with the filters and shows rows with their time and actor', async () => {
    mockApi((_, path) =>
      path === '/api/audit-log'
        ? [
            200,
            {
              data: [
                {
                  id: 1,
                  at: Date.parse('2026-03-01T20:30:00Z'),
                  actorUserId: 1,
                  actorName: 'Ayşe Yılmaz',
                  entityKind: 'staff',
                  entityId: '2',
                  entityLabel: 'Elif',
                  action: 'disable',
                  summary: 'Elif (mudur) devre dışı bırakıldı',
                  details: null,
                },
              ],
              meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
            },
          ]
        : [200, { data: staff, meta: {} }],
    );
    const u = userEvent.setup();
    render(<AuditLog />);
    expect(await screen.findByText('Elif (mudur) devre dışı bırakıldı')).toBeTruthy();
    expect(document.querySelector('[data-audit-row]')!.textContent).toContain(
      '01.03.2026 23:30 · Ayşe Yılmaz · Personel: Elif',
    );
    // Every kind the server records has its Turkish label, slot generation and re-pricing included.
    const kinds = screen.getByRole('combobox', { name: 'Kayıt türü' });
    expect(
      within(kinds)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual([
      'Tümü',
      'Personel',
      'Ayarlar',
      'Saha',
      'Fiyat kuralı',
      'Saha servisi',
      'Slotlar',
      'Rezervasyon',
      'Abonelik',
      'Değerlendirme',
      'Kapanış',
    ]);
    await u.selectOptions(screen.getByRole('combobox', { name: 'Kayıt türü' }), 'staff');
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/audit-log' && r.search.includes('entityKind=staff'))).toBe(true),
    );
  });
});

describe('OwnPassword', () => {
  it('checks the confirmation itself, sends the change and confirms it', async () => {
    mockApi(() => [200, { data: { jwt: 'x', user: {} }, meta: {} }]);
    const u = userEvent.setup();
    render(<OwnPassword />);
    await u.type(screen.getByLabelText(/^Mevcut şifre/), 'secret123');
    await u.type(screen.getByLabelText(/^Yeni şifre(?! \()/), 'yeniSifre9');
    await u.type(screen.getByLabelText(/^Yeni şifre \(tekrar\)/), 'baska');
    await u.click(screen.getByRole('button', { name: 'Şifreyi değiştir' }));
    expect(await screen.findByText('Yeni şifre ile tekrarı aynı değil')).toBeTruthy();
    expect(requests).toHaveLength(0);
    await u.clear(screen.getByLabelText(/^Yeni şifre \(tekrar\)/));
    await u.type(screen.getByLabelText(/^Yeni şifre \(tekrar\)/), 'yeniSifre9');
    await u.click(screen.getByRole('button', { name: 'Şifreyi değiştir' }));
    await waitFor(() =>
      expect(document.querySelector('[data-password-status]')!.textContent).toContain('Şifreniz değiştirildi'),
    );
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      path: '/api/auth/password',
      body: { currentPassword: 'secret123', newPassword: 'yeniSifre9', confirmPassword: 'yeniSifre9' },
    });
  });
});

describe('OwnPassword refused by the back-off', () => {
  it('shows the server’s Turkish 429 message and keeps what was typed', async () => {
    mockApi(() => [
      429,
      {
        data: null,
        error: {
          status: 429,
          name: 'RateLimitError',
          message: staffMsg.currentPasswordAttempts,
          details: { retryAfter: 4 },
        },
      },
    ]);
    const u = userEvent.setup();
    render(<OwnPassword />);
    await u.type(screen.getByLabelText(/^Mevcut şifre/), 'tahmin123');
    await u.type(screen.getByLabelText(/^Yeni şifre(?! \()/), 'yeniSifre9');
    await u.type(screen.getByLabelText(/^Yeni şifre \(tekrar\)/), 'yeniSifre9');
    await u.click(screen.getByRole('button', { name: 'Şifreyi değiştir' }));
    expect((await screen.findByRole('alert')).textContent).toBe(staffMsg.currentPasswordAttempts);
    expect((screen.getByLabelText(/^Mevcut şifre/) as HTMLInputElement).value).toBe('tahmin123');
  });
});
