import { vi } from 'vitest';
import type { CustomerDetailWire, CustomerListMeta, CustomerStatsRow } from '../../contracts/customers';

// Wire shapes of GET /api/bookings/customers/stats and /:id (contracts/customers.ts) for the customer screen's tests.

export function customerRow(over: Partial<CustomerStatsRow> = {}): CustomerStatsRow {
  return {
    id: 1,
    documentId: 'cu-1',
    customerName: 'Ayşe Yılmaz',
    customerPhone: '05321234567',
    customerEmail: 'ayse@example.com',
    isSubscriber: false,
    totalBookings: 10,
    approvedBookings: 8,
    cancelledBookings: 2,
    pendingBookings: 0,
    rejectedBookings: 0,
    expiredBookings: 0,
    transportationBookings: 1,
    consecutiveCancellations: 0,
    cancellationRate: 20,
    approvalRate: 80,
    firstBookingDate: '2026-09-01',
    lastBookingDate: '2026-11-20',
    lastActualBookingDate: '2026-11-20',
    favoriteFacility: 'Nilüfer Arena',
    favoriteDay: 'friday',
    favoriteHour: '20:00',
    averageBookingsPerMonth: 3.5,
    totalSpent: 12500,
    plannedSpent: 3000,
    playedBookings: 8,
    facilityUsage: { 'Nilüfer Arena': 10 },
    warningLevel: 'normal',
    riskLabel: 'DÜŞÜK',
    activityStatus: 'active',
    score: 100,
    successRate: 80,
    ...over,
  };
}

/** Three customers: a plain one, a subscriber at Uyarı (3 in a row) and one at Kritik (5 in a row). */
export const ROWS: CustomerStatsRow[] = [
  customerRow(),
  customerRow({
    id: 2,
    documentId: 'cu-2',
    customerName: 'Volkan Karaca',
    customerPhone: '05446660202',
    customerEmail: null,
    isSubscriber: true,
    consecutiveCancellations: 3,
    cancelledBookings: 3,
    cancellationRate: 75,
    approvalRate: 25,
    warningLevel: 'warning',
    riskLabel: 'YÜKSEK',
    activityStatus: 'inactive',
    score: 0,
    successRate: 25,
  }),
  customerRow({
    id: 3,
    documentId: 'cu-3',
    customerName: 'Erkan "Kaptan" Bulut; Jr',
    customerPhone: '',
    isSubscriber: true,
    consecutiveCancellations: 5,
    cancellationRate: 83.3,
    warningLevel: 'critical',
    riskLabel: 'KRİTİK',
    activityStatus: 'dormant',
    score: 0,
    successRate: 17,
  }),
];

export function listMeta(over: Partial<CustomerListMeta['pagination']> = {}, total = ROWS.length): CustomerListMeta {
  return {
    pagination: { page: 1, pageSize: 50, pageCount: 1, total, ...over },
    summary: { totalCustomers: total, subscriberCount: 2, standardCount: 1, warningCount: 2, activeCount: 1 },
  };
}

export function customerDetail(row: CustomerStatsRow, over: Partial<CustomerDetailWire> = {}): CustomerDetailWire {
  const { id, documentId, customerName, customerPhone, customerEmail, isSubscriber, ...stats } = row;
  return {
    customerInfo: {
      id,
      documentId,
      name: customerName,
      phone: customerPhone,
      email: customerEmail,
      isSubscriber,
      firstBookingDate: row.firstBookingDate,
      lastBookingDate: row.lastBookingDate,
      createdAt: '2026-09-01T10:00:00.000Z',
    },
    stats: { ...stats, loyaltyMonths: 3, topFacilities: [{ name: 'Nilüfer Arena', count: 10 }] },
    bookings: [
      {
        documentId: 'bk-1',
        bookingNumber: 'HSRK7M2P9QX',
        status: 'approved',
        paymentStatus: 'paid',
        date: '2026-11-20',
        startTime: '20:00',
        endTime: '21:00',
        startsAt: '2026-11-20T17:00:00.000Z',
        facility: { documentId: 'fac-1', name: 'Nilüfer Arena' },
        totalPrice: 1500,
        includesTransportation: false,
        isSubscriber: false,
        reason: null,
        createdAt: '2026-11-18T06:00:00.000Z',
      },
    ],
    ...over,
  };
}

/** Records every file handed to the browser's download: its name and its bytes. */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return files;
}

/** A Blob's bytes as text, BOM kept (Blob.text() would drop it). */
export async function blobText(blob: Blob): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return { bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}
