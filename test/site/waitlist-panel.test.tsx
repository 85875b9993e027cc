// The staff side of the waitlist (docs/behaviour.md#waitlist): a slot's queue count on the weekly calendar, its queue
// with names, phones, status, the hold's end, a WhatsApp link each (the claim link while offered), 'Listeden çıkar'.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlotCell } from '../../site/src/components/panel/calendar/SlotCell';
import { cellView } from '../../site/src/components/panel/calendar/slot-view';
import { type QueueTarget, WaitlistQueue } from '../../site/src/components/panel/calendar/WaitlistQueue';
import type { CalendarSlot } from '../../site/src/stores/weekly-calendar';

const target: QueueTarget = {
  facilityDocumentId: 'fac-doc',
  facilityName: 'Nilüfer Arena',
  slotDocumentId: 'slot-20',
  date: '2026-11-18',
  startTime: '20:00',
  endTime: '21:00',
  startsAt: '2026-11-18T17:00:00.000Z',
};
const queueEntry = (over: Record<string, unknown>) => ({
  documentId: 'e1',
  customerName: 'Ayşe Kaya',
  customerPhone: '05321234567',
  status: 'waiting',
  position: 1,
  kind: 'slot',
  duration: null,
  offerExpiresAt: null,
  claimUrl: null,
  createdAt: '2026-11-18T07:00:00.000Z',
  ...over,
});

let calls: { method: string; url: string }[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      calls.push({ method: req.method, url: req.url });
      if (req.method === 'DELETE') return new Response(null, { status: 204 });
      const removed = calls.some((c) => c.method === 'DELETE');
      return new Response(
        JSON.stringify({
          data: {
            slots: [
              {
                slotDocumentId: 'slot-20',
                startTime: '20:00',
                entries: [
                  queueEntry({
                    documentId: 'e0',
                    customerName: 'Mehmet Yılmaz',
                    customerPhone: '05449876543',
                    status: 'offered',
                    position: null,
                    offerExpiresAt: '2026-11-18T07:15:00.000Z',
                    claimUrl: '/saha/nilufer#gun=2026-11-18&slot=slot-20&hak=sec123',
                  }),
                  ...(removed ? [] : [queueEntry({})]),
                ],
              },
            ],
            windows: [queueEntry({ documentId: 'w1', customerName: 'Zeynep Ak', kind: 'window', position: 1 })],
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the staff waitlist of a slot', () => {
  it('a slot with a queue shows its count, and a held slot reads Ayrıldı', async () => {
    const slot = {
      id: 1,
      documentId: 'slot-20',
      date: '2026-11-18',
      startTime: '20:00',
      endTime: '21:00',
      startsAt: '2099-11-18T17:00:00.000Z',
      price: 1500,
      isAvailable: false,
      isPending: false,
      isPast: false,
      state: 'held',
      booking: null,
      waitlist: 2,
    } as unknown as CalendarSlot;
    expect(cellView(slot, 0).text).toBe('Ayrıldı');
    const onQueue = vi.fn();
    render(<SlotCell slot={slot} now={0} onOpen={() => {}} onQueue={onQueue} />);
    const count = screen.getByRole('button', { name: /Sırada: 2/ });
    await userEvent.setup().click(count);
    expect(onQueue).toHaveBeenCalledWith(slot);
  });

  it('lists names, phones, status and the WhatsApp message; while offered the claim link; Listeden çıkar asks first', async () => {
    render(<WaitlistQueue target={target} onClose={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Bu saatin sırası' });
    expect(calls[0].url).toContain('/api/waitlist/queue?facility=fac-doc&date=2026-11-18');
    expect(within(list).getByText('Mehmet Yılmaz')).toBeTruthy();
    expect(within(list).getByText('05449876543')).toBeTruthy();
    expect(within(list).getByText(/Sıra sizde · 10:15 saatine kadar ayrıldı/)).toBeTruthy();
    const links = within(list).getAllByRole('link', { name: /WhatsApp/ });
    const offered = decodeURIComponent(links[0].getAttribute('href') ?? '');
    expect(offered.startsWith('https://wa.me/905449876543?text=')).toBe(true);
    expect(offered).toContain('Merhaba Mehmet, Nilüfer Arena 18 Kasım Çarşamba 20:00–21:00 saati boşaldı');
    expect(offered).toContain(`${location.origin}/saha/nilufer#gun=2026-11-18&slot=slot-20&hak=sec123`);
    const waiting = decodeURIComponent(links[1].getAttribute('href') ?? '');
    expect(waiting).toContain('bekleme listesindesiniz (sıranız: 1)');
    expect(waiting).not.toContain('hak=');
    // The window entries of that day, apart.
    expect(
      within(screen.getByRole('list', { name: 'Saat aralığıyla bekleyenler' })).getByText(/^1\. Zeynep Ak$/),
    ).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Ayşe Kaya: Listeden çıkar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(list).getByRole('button', { name: 'Evet, çıkar' }));
    await waitFor(() => expect(within(list).queryByText(/^1\. Ayşe Kaya$/)).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.url).toContain('/api/waitlist/entries/e1');
  });
});
