import { vi } from 'vitest';
import type { FacilityWire } from '../../contracts/wire/facility';

// Wire shapes of the pitch routes (contracts/wire/facility.ts) for the pitch administration screen tests.

const day = { isOpen: true, start: '09:00', end: '23:00' };

export function facility(over: Partial<FacilityWire> = {}): FacilityWire {
  return {
    id: 1,
    documentId: 'fac-1',
    slug: 'nilufer-arena',
    name: 'Nilüfer Arena',
    description: 'Bursa Nilüfer’de ışıklı sentetik çim saha',
    address: 'Özlüce Mah. 123. Sok. No: 4, Nilüfer / Bursa',
    location: null,
    latitude: null,
    longitude: null,
    isActive: true,
    images: [
      {
        id: 11,
        url: '/img/nilufer-1.webp',
        name: 'nilufer-1.webp',
        alternativeText: 'Saha',
        width: 800,
        height: 450,
        srcset: null,
      },
    ],
    facilities: [
      { name: 'Otopark', available: true, icon: 'parking' },
      { name: 'Duş', available: true, icon: 'shower' },
      { name: 'Kantin', available: false, icon: 'cafe' },
      { name: 'WiFi', available: true, icon: 'wifi' },
      { name: 'Tribün', available: true, icon: 'stands' },
      { name: 'Gece Aydınlatma', available: true, icon: 'light' },
      { name: 'Top', available: true, icon: 'ball' },
    ],
    hourlyPrice: 1200,
    depositAmount: 300,
    depositIban: 'TR330006100519786457841326',
    bankName: 'Ziraat Bankası',
    recipientName: 'Nilüfer Spor',
    phoneNumbers: ['05321234567', '02241234567', '05441234567'],
    email: 'info@nilufer.example',
    googleMapsLocation: 'https://maps.app.goo.gl/abc',
    workingHours: {
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: { isOpen: true, start: '18:00', end: '02:00' },
      saturday: day,
      sunday: { isOpen: false, start: '09:00', end: '23:00' },
    },
    bookingTimeType: 'hourly',
    startTimeOffset: 'half_hour',
    autoApprovalTimeout: 60,
    priority: 5,
    seoTitle: null,
    seoDescription: null,
    seoKeywords: null,
    facilityServices: ['Top', 'Yelek'],
    addons: [],
    services: [],
    transportationService: {
      isActive: true,
      price: 50,
      description: 'Kampüsten servis',
      vehicleInfo: { type: 'Minibüs', capacity: 14 },
      pickupPoints: [
        {
          id: 'pickup-1700000000000',
          name: 'Görükle Kampüs Kapısı',
          address: 'Görükle',
          description: null,
          time: null,
          minutesBefore: 30,
        },
      ],
    },
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...over,
  };
}

export type Call = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  files: File[];
  contentType: string;
};
export type Reply = [number, unknown];
export const apiError = (status: number, message: string, details: Record<string, unknown> = {}): Reply => [
  status,
  { data: null, error: { status, name: 'Error', message, details } },
];

/** Stubs fetch: every request is recorded (multipart bodies as their `data` JSON and `files.images`). */
export function mockApi(answer: (c: Call) => Reply | Promise<Reply>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
      const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
      const raw = input instanceof Request ? undefined : init?.body;
      let body: Record<string, unknown> | undefined;
      let files: File[] = [];
      let contentType = '';
      if (raw instanceof FormData) {
        contentType = 'multipart/form-data';
        body = JSON.parse(String(raw.get('data')));
        files = raw.getAll('files.images') as File[];
      } else if (typeof raw === 'string') {
        contentType = 'application/json';
        body = JSON.parse(raw);
      } else if (input instanceof Request && method !== 'GET') {
        const text = await input.text();
        body = text ? JSON.parse(text) : undefined;
      }
      const call: Call = {
        method,
        path: decodeURIComponent(url.pathname),
        query: Object.fromEntries(url.searchParams),
        body,
        files,
        contentType,
      };
      calls.push(call);
      const [status, reply] = await answer(call);
      return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** A file of a given size and type for the image checks. */
export const imageFile = (name: string, bytes = 1024, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });
