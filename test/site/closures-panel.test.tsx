// Closures in the panel and on the public calendar (docs/behaviour.md#closures), the API stubbed: the weekly
// calendar's closed cell, the public 'Kapalı' slot, the window's checks, 'Kapat' step by step (preview, a decision per
// hit, the alternatives of a move, the refusal when the bookings changed, the result's WhatsApp links) and 'Kaldır'.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClosureCreatedWire, ClosureHitWire, ClosurePreviewWire, ClosureWire } from '../../contracts/closures';
import { SlotButton } from '../../site/src/components/booking/SlotCalendar';
import { SlotCell } from '../../site/src/components/panel/calendar/SlotCell';
import { cellView, countWeek } from '../../site/src/components/panel/calendar/slot-view';
import { CloseDialog } from '../../site/src/components/panel/closures/CloseDialog';
import { decisionsOf, initialWindow, validateWindow } from '../../site/src/components/panel/closures/model';
import ClosuresManager from '../../site/src/islands/ClosuresManager';
import { waitable } from '../../site/src/stores/booking/flow';
import type { CalendarSlot } from '../../site/src/stores/weekly-calendar';

const LONG = 'Yağmurnedeniylesahasukaldıramıyorbugünoynanamazyarınyenidenaçıkıyoruzteşekkürler'.repeat(2);

const closedSlot = (over: Record<string, unknown> = {}) =>
  ({
    id: 1,
    documentId: 'slot-20',
    date: '2099-12-12',
    startTime: '20:00',
    endTime: '21:00',
    startsAt: '2099-12-12T17:00:00.000Z',
    price: 1500,
    isAvailable: false,
    isPending: false,
    isPast: false,
    state: 'closed',
    booking: null,
    closure: { reason: 'weather', note: LONG, documentId: 'clo-1' },
    ...over,
  }) as unknown as CalendarSlot;

const hit = (over: Partial<ClosureHitWire> = {}): ClosureHitWire => ({
  booking: 'b1',
  bookingNumber: 'HS-ABC123',
  customerName: 'Ayşe Kaya',
  customerPhone: '05321234567',
  facility: { documentId: 'fac-a', slug: 'arena', name: 'Nilüfer Arena' },
  date: '2099-12-12',
  startTime: '20:00',
  endTime: '21:00',
  startsAt: '2099-12-12T17:00:00.000Z',
  duration: 60,
  status: 'approved',
  isSubscription: false,
  depositKurus: 50_000,
  collectedKurus: 50_000,
  suggestedDeposit: 'refund',
  ...over,
});

const window = {
  facilities: [{ documentId: 'fac-a', slug: 'arena', name: 'Nilüfer Arena' }],
  from: '2099-12-12',
  to: '2099-12-12',
  startTime: '18:00',
  endTime: '23:00',
};

const closure = (over: Partial<ClosureWire> = {}): ClosureWire => ({
  documentId: 'clo-1',
  window,
  reason: 'weather',
  note: LONG,
  slotCount: 5,
  cancelledCount: 1,
  movedCount: 1,
  createdBy: 'Mehmet Müdür',
  createdAt: '2099-12-10T09:00:00.000Z',
  liftedBy: null,
  liftedAt: null,
  ...over,
});

describe('a closed slot', () => {
  it('reads Kapalı with the reason in the weekly calendar, the note in its title and name, never a booking or a count', () => {
    const slot = closedSlot();
    const v = cellView(slot, 0);
    expect(v.state).toBe('closed');
    expect(v.text).toBe('Kapalı · Hava durumu');
    expect(v.label).toContain(`Kapalı · Hava durumu, ${LONG}`);
    expect(countWeek([slot], 0)).toEqual({ total: 1, available: 0, pending: 0, booked: 0, subscriber: 0 });

    const { container } = render(<SlotCell slot={slot} now={0} onOpen={() => {}} onBook={() => {}} />);
    const cell = container.querySelector('[data-state="closed"]') as HTMLElement;
    expect(cell.tagName).toBe('DIV');
    expect(cell.getAttribute('title')).toContain(LONG);
    expect(cell.dataset.closure).toBe('clo-1');
    expect(cell.textContent).toContain('Kapalı · Hava durumu');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('on the public calendar: a disabled Kapalı with the note, not a booking and not offered for the waitlist', () => {
    const slot = closedSlot({ closure: { reason: 'maintenance', note: 'Zemin bakımı' } });
    render(<SlotButton slot={slot as never} selectedId={null} />);
    const button = screen.getByRole('button', { name: '20:00–21:00, Kapalı: Bakım · Zemin bakımı' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.dataset.state).toBe('closed');
    expect(button.textContent).toContain('Kapalı: Bakım · Zemin bakımı');
    expect(button.textContent).not.toMatch(/Dolu|Beklemede|Abone/);
    expect(waitable(slot as never, 0)).toBe(false);
  });
});

describe("the window's checks", () => {
  it('asks for both hours, a pitch, an order of days and at most the longest closure', () => {
    const v = initialWindow('2099-12-01', { facilities: ['fac-a'], date: '2099-12-12' });
    expect(validateWindow(v)).toEqual({});
    expect(validateWindow({ ...v, wholeDay: false, startTime: '18:00' }).endTime).toMatch(/birlikte/);
    expect(validateWindow({ ...v, facilities: [] }).facilities).toBe('En az bir saha seçin.');
    expect(validateWindow({ ...v, to: '2099-12-11' }).to).toMatch(/önce olamaz/);
    expect(validateWindow({ ...v, to: '2100-06-01' }).to).toMatch(/en fazla 92 gün/);
  });

  it('sends a decision for every hit; a move without its slot is undecided; no deposit words without money', () => {
    const hits = [hit(), hit({ booking: 'b2', collectedKurus: 0 }), hit({ booking: 'b3' })];
    const { decisions, missing } = decisionsOf(hits, {
      b1: { action: 'cancel', deposit: 'keep', method: 'cash' },
      b2: { action: 'cancel', deposit: 'refund', method: 'cash' },
      b3: { action: 'move', date: '2099-12-12', toSlot: null },
    });
    expect(decisions).toEqual([
      { booking: 'b1', action: 'cancel', deposit: 'keep', method: null },
      { booking: 'b2', action: 'cancel' },
    ]);
    expect(missing).toEqual(['b3']);
  });
});

type Handler = (req: Request, body: unknown) => { status: number; body: unknown } | undefined;
let calls: { method: string; url: string; body: unknown }[] = [];
let handler: Handler = () => undefined;

const facilityRow = (documentId: string, name: string) => ({
  id: documentId === 'fac-a' ? 1 : 2,
  documentId,
  slug: documentId,
  name,
  isActive: true,
});

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const text = req.method === 'GET' || req.method === 'DELETE' ? '' : await req.clone().text();
      const body = text ? JSON.parse(text) : null;
      calls.push({ method: req.method, url: req.url, body });
      const json = (status: number, payload: unknown) =>
        new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
      if (req.url.includes('/api/facilities/all'))
        return json(200, {
          data: [facilityRow('fac-a', 'Nilüfer Arena'), facilityRow('fac-b', `Uzun${LONG}`)],
          meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } },
        });
      const answer = handler(req, body);
      if (answer) return json(answer.status, answer.body);
      return json(404, { error: { status: 404, message: 'yok' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'Kapat' step by step", () => {
  it('previews, decides per hit (cancel with the deposit, move to an alternative), shows a change, then the WhatsApp links', async () => {
    const first: ClosurePreviewWire = {
      window,
      slotCount: 5,
      hits: [
        hit(),
        hit({
          booking: 'b2',
          customerName: 'Can Ak',
          customerPhone: '05449876543',
          startTime: '21:00',
          endTime: '22:00',
          startsAt: '2099-12-12T18:00:00.000Z',
          isSubscription: true,
          collectedKurus: 0,
          suggestedDeposit: 'keep',
        }),
      ],
      waitlisted: 1,
    };
    const fresh: ClosurePreviewWire = {
      ...first,
      hits: [
        ...first.hits,
        hit({
          booking: 'b3',
          customerName: 'Deniz Er',
          startTime: '22:00',
          endTime: '23:00',
          startsAt: '2099-12-12T19:00:00.000Z',
          suggestedDeposit: 'keep',
        }),
      ],
    };
    const created: ClosureCreatedWire = {
      closure: closure(),
      outcomes: [
        { hit: first.hits[0], action: 'cancel', movedTo: null, whatsappUrl: 'https://wa.me/905321234567?text=Merhaba' },
        {
          hit: first.hits[1],
          action: 'move',
          movedTo: {
            facility: { slug: 'fac-b', name: 'Kapalı Saha' },
            date: '2099-12-12',
            startTime: '21:00',
            endTime: '22:00',
            startsAt: '2099-12-12T18:00:00.000Z',
          },
          whatsappUrl: 'https://wa.me/905449876543?text=Merhaba',
        },
        { hit: fresh.hits[2], action: 'cancel', movedTo: null, whatsappUrl: null },
      ],
    };
    let posts = 0;
    handler = (req) => {
      const path = new URL(req.url).pathname;
      if (path === '/api/closures/preview') return { status: 200, body: { data: first } };
      if (path === '/api/closures/alternatives')
        return {
          status: 200,
          body: {
            data: {
              items: [
                {
                  slot: 'alt-1',
                  facility: { documentId: 'fac-b', slug: 'fac-b', name: 'Kapalı Saha' },
                  date: '2099-12-12',
                  startTime: '21:00',
                  endTime: '22:00',
                  startsAt: '2099-12-12T18:00:00.000Z',
                  priceKurus: 150_000,
                },
              ],
            },
          },
        };
      if (path === '/api/closures' && req.method === 'POST') {
        posts++;
        if (posts === 1)
          return {
            status: 409,
            body: { error: { status: 409, name: 'ConflictError', message: 'değişti', details: { preview: fresh } } },
          };
        return { status: 201, body: { data: created } };
      }
      return undefined;
    };
    const onClosed = vi.fn();
    const user = userEvent.setup();
    render(
      <CloseDialog prefill={{ facilities: ['fac-a'], date: '2099-12-12' }} onClose={() => {}} onClosed={onClosed} />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Saatleri kapat' });
    const arena = await within(dialog).findByRole('checkbox', { name: 'Nilüfer Arena' });
    expect(arena).toHaveProperty('checked', true);
    // 'Tümü' takes every active pitch; clearing it leaves none, which is refused in Turkish before any call.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tümü' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tümü' }));
    await user.click(within(dialog).getByRole('button', { name: 'Etkilenenleri göster' }));
    expect(await within(dialog).findByText('En az bir saha seçin.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/api/closures'))).toBe(false);
    await user.click(arena);
    await user.type(within(dialog).getByRole('textbox', { name: /Oyunculara görünen not/ }), 'Yağmur');
    expect(within(dialog).getByText(/6 \/ 200/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Etkilenenleri göster' }));

    const hits = await within(dialog).findByRole('list', { name: 'Etkilenen rezervasyonlar' });
    expect(calls.find((c) => c.url.endsWith('/api/closures/preview'))?.body).toEqual({
      facilities: ['fac-a'],
      from: '2099-12-12',
      to: '2099-12-12',
      startTime: null,
      endTime: null,
      reason: 'weather',
      note: 'Yağmur',
    });
    expect(within(dialog).getByText(/5 saat kapanacak · bekleme listesindeki 1 kayıt sona erecek/)).toBeTruthy();
    const ayse = hits.querySelector('[data-close-hit="b1"]') as HTMLElement;
    const can = hits.querySelector('[data-close-hit="b2"]') as HTMLElement;
    expect(within(ayse).getByRole('link', { name: '05321234567' }).getAttribute('href')).toBe('tel:+905321234567');
    expect(within(ayse).getByText(/12 Aralık 2099 Cumartesi · 20:00–21:00/)).toBeTruthy();
    expect(within(ayse).getByText('Kapora ₺500 · alınan ₺500')).toBeTruthy();
    expect(within(can).getByText('Abone')).toBeTruthy();

    // Nothing decided: 'Kapat' refuses without a call.
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));
    expect(await within(dialog).findByText(/Etkilenen her rezervasyon için/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/closures'))).toHaveLength(0);

    // Ayşe: cancel, the deposit preselected as the rule suggests (refund), by cash.
    await user.click(within(ayse).getByRole('radio', { name: 'İptal et' }));
    expect(within(ayse).getByRole('radio', { name: 'İade et' })).toHaveProperty('checked', true);
    await user.selectOptions(within(ayse).getByRole('combobox', { name: 'İade yöntemi' }), 'cash');
    // Can: move, the alternatives of the booking's own day.
    await user.click(within(can).getByRole('radio', { name: 'Taşı' }));
    const alt = await within(can).findByRole('radio', { name: /Kapalı Saha · 12 Aralık 2099 Cumartesi · 21:00–22:00/ });
    expect(calls.find((c) => c.url.endsWith('/api/closures/alternatives'))?.body).toMatchObject({
      booking: 'b2',
      date: '2099-12-12',
    });
    await user.click(alt);
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));

    // Refused: a booking appeared meanwhile. The fresh list, the line saying so, the earlier choices kept.
    expect(await within(dialog).findByText(/siz bakarken değişti/)).toBeTruthy();
    const again = within(dialog).getByRole('list', { name: 'Etkilenen rezervasyonlar' });
    expect(within(again).getByText('Deniz Er')).toBeTruthy();
    expect(
      within(again.querySelector('[data-close-hit="b1"]') as HTMLElement).getByRole('radio', { name: 'İptal et' }),
    ).toHaveProperty('checked', true);
    // 'Tümünü iptal et' decides the rest: Deniz's deposit preselected as kept.
    await user.click(within(dialog).getByRole('button', { name: 'Tümünü iptal et' }));
    const deniz = again.querySelector('[data-close-hit="b3"]') as HTMLElement;
    expect(within(deniz).getByRole('radio', { name: 'Tut' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));

    const result = await within(dialog).findByRole('list', { name: 'Etkilenen müşteriler' });
    const sent = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/closures'));
    expect(sent).toHaveLength(2);
    expect((sent[1].body as { decisions: unknown[] }).decisions).toEqual([
      { booking: 'b1', action: 'cancel', deposit: 'refund', method: 'cash' },
      { booking: 'b2', action: 'cancel' },
      { booking: 'b3', action: 'cancel', deposit: 'keep', method: null },
    ]);
    const links = within(result).getAllByRole('link', { name: /WhatsApp ile bildir/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://wa.me/905321234567?text=Merhaba',
      'https://wa.me/905449876543?text=Merhaba',
    ]);
    expect(within(result).getByText(/Taşındı: Kapalı Saha · 12 Aralık 2099 Cumartesi · 21:00–22:00/)).toBeTruthy();
    expect(within(result).getByText('Telefon numarası yok.')).toBeTruthy();
    expect(onClosed).toHaveBeenCalledWith(created);
  });
});

describe('Kapanışlar', () => {
  it('lists the current closures with their counts, and Kaldır lifts one after a confirmation', async () => {
    let lifted = false;
    handler = (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/api/closures' && req.method === 'GET')
        return {
          status: 200,
          body: {
            data: {
              items:
                url.searchParams.get('scope') === 'past'
                  ? [closure({ documentId: 'clo-0', liftedAt: '2099-12-11T09:00:00.000Z', liftedBy: 'Ali' })]
                  : lifted
                    ? []
                    : [closure()],
            },
          },
        };
      if (url.pathname === '/api/closures/clo-1' && req.method === 'DELETE') {
        lifted = true;
        return { status: 200, body: { data: closure({ liftedAt: '2099-12-11T09:00:00.000Z', liftedBy: 'Ali' }) } };
      }
      return undefined;
    };
    const user = userEvent.setup();
    render(<ClosuresManager />);
    const list = await screen.findByRole('list', { name: 'Güncel kapanışlar' });
    expect(within(list).getByText('12 Aralık 2099 · 18:00–23:00')).toBeTruthy();
    expect(within(list).getByText('Hava durumu')).toBeTruthy();
    expect(within(list).getByText('5 saat kapalı · 1 iptal · 1 taşındı')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: /^Kaldır/ }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('alertdialog', { name: 'Kapanış kaldırılsın mı?' });
    expect(within(confirm).getByText(/İptal edilen rezervasyonlar geri gelmez/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Evet, kaldır' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/closures/clo-1'))).toBe(true),
    );
    expect(await screen.findByText('Güncel kapanış yok')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Geçmiş' }));
    const past = await screen.findByRole('list', { name: 'Geçmiş kapanışlar' });
    expect(within(past).getByText(/Kaldırıldı: Ali/)).toBeTruthy();
    expect(within(past).queryByRole('button', { name: /^Kaldır/ })).toBeNull();
  });
});
