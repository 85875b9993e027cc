import { vi } from 'vitest';
import type { BookingDetail } from '../../site/src/components/panel/BookingDetailDialog';
import type { BookingListItem } from '../../site/src/stores/panel-bookings';

// Wire shapes of the panel's booking routes (api.md 'Bookings (staff)'), for the bookings screen and detail dialog tests.

export function listItem(over: Partial<BookingListItem> = {}): BookingListItem {
  return {
    id: 1,
    documentId: 'bk-1',
    bookingNumber: 'HSRK7M2P9QX',
    customerName: 'Ayşe Yılmaz',
    customerPhone: '05321234567',
    customerEmail: null,
    status: 'pending',
    paymentStatus: 'pending',
    date: '2026-11-20',
    startTime: '20:00',
    endTime: '21:00',
    totalPrice: 1550,
    depositAmount: 300,
    isSubscriber: false,
    includesTransportation: true,
    transportationPrice: 50,
    addons: [],
    addonsPrice: 0,
    facility: { documentId: 'fac-1', name: 'Nilüfer Arena', slug: 'nilufer' },
    createdAt: '2026-11-18T06:00:00.000Z',
    isPast: false,
    ...over,
  } as BookingListItem;
}

export function detail(over: Partial<BookingDetail> = {}): BookingDetail {
  return {
    ...listItem(),
    notes: 'Top getirecekler',
    rejectionReason: null,
    cancellationReason: null,
    cancelledAt: null,
    approvedAt: null,
    approvedBy: null,
    transportationDetails: {
      pickupPointId: 'pp1',
      pickupPointName: 'Görükle Kampüs Kapısı',
      pickupPointAddress: 'Görükle Mah.',
      pickupTime: '18:40',
    },
    bookingSlot: { date: '2026-11-20', startTime: '20:00', endTime: '21:00', price: 1500 },
    facility: {
      documentId: 'fac-1',
      slug: 'nilufer',
      name: 'Nilüfer Arena',
      address: 'Özlüce',
      phone: null,
      phoneNumbers: [],
      hourlyPrice: 1500,
    },
    source: 'web',
    expiresAt: null,
    updatedAt: '2026-11-18T06:00:00.000Z',
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
    ],
    ...over,
  } as unknown as BookingDetail;
}

export type Call = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
};
export type Reply = [number, unknown];
export const apiError = (status: number, message: string): Reply => [
  status,
  { data: null, error: { status, name: 'Error', message, details: {} } },
];

/** Stubs fetch: every request is recorded and answered by `answer` (which may wait, to hold a request in flight). */
export function mockApi(answer: (c: Call) => Reply | Promise<Reply>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const text = req.method === 'GET' ? '' : await req.text();
      const call: Call = {
        method: req.method,
        path: decodeURIComponent(url.pathname),
        query: Object.fromEntries(url.searchParams),
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const [status, body] = await answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
