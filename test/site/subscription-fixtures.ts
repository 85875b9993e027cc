// Wire shapes of the subscription routes (contracts/subscriptions.ts, contracts/customers.ts) for the Abonelikler tests.
import type { CustomerBookingWire, CustomerDetailWire } from '../../contracts/customers';
import type {
  SubscriberListMeta,
  SubscriberWire,
  SubscriptionSlotsWire,
  SubscriptionSlotTimeWire,
} from '../../contracts/subscriptions';
import type { WeekDay } from '../../contracts/wire/facility';
import { facility } from './panel-facility-fixtures';

/** Monday 23 November 2026, 12:00 in Istanbul. */
export const NOW = new Date('2026-11-23T09:00:00Z');
export const TODAY = '2026-11-23';

export function subscriber(over: Partial<SubscriberWire> = {}): SubscriberWire {
  return {
    customerId: 1,
    customerName: 'Ayşe Yılmaz',
    customerPhone: '05321112233',
    customerEmail: null,
    facility: { documentId: 'fac-1', name: 'Nilüfer Arena' },
    dayOfWeek: 'tuesday',
    day: 'Salı',
    timeSlot: '20:00',
    slotText: 'Salı 20:00',
    recurringGroupId: 'sub-1',
    remainingBookings: 6,
    totalBookings: 8,
    cancelledBookings: 0,
    playedBookings: 2,
    isLoyal: false,
    firstBookingDate: '2026-10-06',
    lastBookingDate: '2026-12-29',
    nextBooking: { date: '2026-11-24', time: '20:00', startsAt: '2026-11-24T17:00:00.000Z' },
    ...over,
  };
}

export function listMeta(over: Partial<SubscriberListMeta> = {}, total = 3, pageSize = 5): SubscriberListMeta {
  return {
    pagination: { page: 1, pageSize, pageCount: Math.ceil(total / pageSize), total },
    summary: { totalSubscribers: 17, todayBookings: 3, monthBookings: 42, activeBookings: 88 },
    renewals: [],
    ...over,
  };
}

const WEEK: WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const hours = (price = 1500, free = 13): SubscriptionSlotTimeWire[] =>
  ['18:00', '19:00', '20:00'].map((t) => ({
    startTime: t,
    endTime: `${Number(t.slice(0, 2)) + 1}:00`,
    price,
    weeks: 13,
    freeWeeks: free,
  }));

/** Slots every day at 18, 19 and 20 from tomorrow to `lastDate`. */
export function slotView(lastDate = '2027-02-23', over: Partial<SubscriptionSlotsWire> = {}): SubscriptionSlotsWire {
  return {
    from: TODAY,
    to: '2027-02-23',
    firstDate: '2026-11-24',
    lastDate,
    days: Object.fromEntries(WEEK.map((d) => [d, hours()])) as SubscriptionSlotsWire['days'],
    ...over,
  };
}

export const emptyView = (): SubscriptionSlotsWire => ({
  from: TODAY,
  to: '2027-02-23',
  firstDate: null,
  lastDate: null,
  days: Object.fromEntries(WEEK.map((d) => [d, []])) as unknown as SubscriptionSlotsWire['days'],
});

/** fac-1 with an active shuttle (50 TL, one pickup point), fac-2 without one, fac-3 without slots. */
export const facilities = () => [
  facility(),
  facility({
    id: 2,
    documentId: 'fac-2',
    slug: 'gorukle',
    name: 'Görükle Halı Saha',
    transportationService: {
      isActive: false,
      price: 0,
      description: null,
      vehicleInfo: { type: null, capacity: null },
      pickupPoints: [],
    },
  }),
  facility({ id: 3, documentId: 'fac-3', slug: 'yeni-saha', name: 'Yeni Saha' }),
  facility({ id: 4, documentId: 'fac-4', slug: 'pasif', name: 'Pasif Saha', isActive: false }),
];

export function customerBooking(over: Partial<CustomerBookingWire> = {}): CustomerBookingWire {
  const date = over.date ?? '2026-11-24';
  const startTime = over.startTime ?? '20:00';
  return {
    documentId: `b-${Math.random().toString(36).slice(2, 8)}`,
    bookingNumber: 'HSRABCDEFGH2',
    status: 'approved',
    paymentStatus: 'pending',
    date: '2026-11-24',
    startTime: '20:00',
    endTime: '21:00',
    startsAt: new Date(`${date}T${startTime}:00+03:00`).toISOString(),
    facility: { documentId: 'fac-1', name: 'Nilüfer Arena' },
    totalPrice: 1500,
    includesTransportation: false,
    isSubscriber: true,
    reason: null,
    createdAt: '2026-10-01T10:00:00.000Z',
    ...over,
  };
}

export function detail(over: Partial<CustomerDetailWire> = {}): CustomerDetailWire {
  const bookings = [
    ...['2026-12-29', '2026-12-22', '2026-12-15', '2026-12-08', '2026-12-01', '2026-11-24'].map((date, i) =>
      customerBooking({ documentId: `up-${i}`, bookingNumber: `HSRUPCOMNG${i + 2}X`, date }),
    ),
    customerBooking({
      documentId: 'past-1',
      bookingNumber: 'HSRPASTBKNG2',
      date: '2026-11-17',
      createdAt: '2026-11-20T10:00:00.000Z',
    }),
    customerBooking({
      documentId: 'past-2',
      bookingNumber: 'HSRCANCELED2',
      date: '2026-11-10',
      status: 'cancelled',
      totalPrice: 1550,
      createdAt: '2026-11-09T10:00:00.000Z',
    }),
  ];
  return {
    customerInfo: {
      id: 1,
      documentId: 'cus-1',
      name: 'Ayşe Yılmaz',
      phone: '05321112233',
      email: 'ayse@example.com',
      isSubscriber: true,
      firstBookingDate: '2026-11-10',
      lastBookingDate: '2026-12-29',
      createdAt: '2026-10-01T10:00:00.000Z',
    },
    stats: {
      totalBookings: 8,
      approvedBookings: 7,
      cancelledBookings: 1,
      pendingBookings: 0,
      rejectedBookings: 0,
      expiredBookings: 0,
      transportationBookings: 0,
      consecutiveCancellations: 0,
      cancellationRate: 12.5,
      approvalRate: 87.5,
      firstBookingDate: '2026-11-10',
      lastBookingDate: '2026-12-29',
      lastActualBookingDate: '2026-11-17',
      favoriteFacility: 'Nilüfer Arena',
      favoriteDay: 'tuesday',
      favoriteHour: '20:00',
      averageBookingsPerMonth: 4,
      totalSpent: 1500,
      plannedSpent: 9000,
      playedBookings: 1,
      facilityUsage: { 'Nilüfer Arena': 8 },
      warningLevel: 'normal',
      riskLabel: 'DÜŞÜK',
      activityStatus: 'active',
      score: 90,
      successRate: 87.5,
      loyaltyMonths: 1,
      topFacilities: [{ name: 'Nilüfer Arena', count: 8 }],
    },
    bookings,
    ...over,
  } as CustomerDetailWire;
}
