// The customer list and detail (behaviour.md#management-panel, #entities, #states-and-transitions, #constants-and-limits): the rules of contracts/customer-risk.ts applied to the
// figures customer_stats keeps, so the list and the detail speak with one voice.
import {
  activityStatus,
  averageBookingsPerMonth,
  customerScore,
  loyaltyMonths,
  riskLabel,
  successRate,
  warningLevel,
} from '../../../contracts/customer-risk';
import {
  CUSTOMER_HISTORY_SIZE,
  CUSTOMER_TOP_FACILITIES,
  type CustomerBookingWire,
  type CustomerDetailWire,
  type CustomerListMeta,
  type CustomerListQuery,
  type CustomerStatsRow,
  customerMsg,
} from '../../../contracts/customers';
import { WEEK_DAYS } from '../../../contracts/facility-form';
import type { WeekDay } from '../../../contracts/wire/facility';
import type { Db } from '../db/client';
import {
  type CustomerFilter,
  type CustomerHistoryRow,
  type CustomerStatsRecord,
  customerDetailRows,
  listCustomerRows,
} from '../db/customers';
import { notFound } from '../lib/errors';
import { toTl } from '../lib/money';
import { istanbulToday } from '../lib/time';
import { searchPattern } from './staff-bookings';

type FacilityNames = Map<number, string>;
const namesOf = (facilities: { id: number; name: string }[]): FacilityNames =>
  new Map(facilities.map((p) => [p.id, p.name]));

// SQLite's %w: 0 = Sunday.
const dayOf = (w: number | null): WeekDay | null => (w === null ? null : (WEEK_DAYS[(w + 6) % 7] ?? null));

/** Pitch name → count, most used first (two pitches of one name add up). */
function usageByName(usage: Record<string, number>, names: FacilityNames): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, n] of Object.entries(usage).sort((a, b) => b[1] - a[1])) {
    const name = names.get(Number(id)) ?? 'Saha bilgisi yok';
    out[name] = (out[name] ?? 0) + n;
  }
  return out;
}

export function statsRowToWire(r: CustomerStatsRecord, names: FacilityNames, today: string): CustomerStatsRow {
  return {
    id: r.id,
    documentId: String(r.id),
    customerName: r.name,
    customerPhone: r.phone,
    customerEmail: r.email,
    isSubscriber: r.isSubscriber,
    totalBookings: r.totalBookings,
    approvedBookings: r.approvedBookings,
    cancelledBookings: r.cancelledBookings,
    pendingBookings: r.pendingBookings,
    rejectedBookings: r.rejectedBookings,
    expiredBookings: r.expiredBookings,
    transportationBookings: r.transportationBookings,
    consecutiveCancellations: r.consecutiveCancellations,
    cancellationRate: r.cancellationRate,
    approvalRate: r.approvalRate,
    firstBookingDate: r.firstBookingDate,
    lastBookingDate: r.lastBookingDate,
    lastActualBookingDate: r.lastActualBookingDate,
    favoriteFacility: r.favoriteFacilityId === null ? null : (names.get(r.favoriteFacilityId) ?? null),
    favoriteDay: dayOf(r.favoriteDay),
    favoriteHour: r.favoriteHour,
    averageBookingsPerMonth: averageBookingsPerMonth(r.totalBookings, r.firstBookingDate, r.lastBookingDate),
    totalSpent: toTl(r.totalSpent),
    plannedSpent: toTl(r.plannedSpent),
    playedBookings: r.playedBookings,
    noShowBookings: r.noShowBookings,
    facilityUsage: usageByName(r.facilityUsage, names),
    warningLevel: warningLevel(r.consecutiveCancellations),
    riskLabel: riskLabel(r.consecutiveCancellations),
    activityStatus: activityStatus(r.lastBookingDate, today),
    score: customerScore(r.cancellationRate, r.consecutiveCancellations, r.approvalRate),
    successRate: successRate(r.approvedBookings, r.totalBookings),
  };
}

export async function listCustomers(
  db: Db,
  q: CustomerListQuery,
  now: number,
): Promise<{ data: CustomerStatsRow[]; meta: CustomerListMeta }> {
  const today = istanbulToday(now);
  const filter: CustomerFilter = {
    customerType: q.customerType,
    warningsOnly: q.warningsOnly,
    hasTransportation: q.hasTransportation,
    search: q.search ? searchPattern(q.search) : undefined,
    dateFrom: q.dateFrom,
    dateTo: q.dateTo,
    minBookings: q.minBookings,
    maxBookings: q.maxBookings,
    minCancellationRate: q.minCancellationRate,
    maxCancellationRate: q.maxCancellationRate,
    activityStatus: q.activityStatus,
  };
  const { rows, counts, facilityNames } = await listCustomerRows(
    db,
    filter,
    { by: q.sortBy, order: q.sortOrder },
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
    today,
  );
  const names = namesOf(facilityNames);
  const total = counts?.total ?? 0;
  return {
    data: rows.map((r) => statsRowToWire(r, names, today)),
    meta: {
      pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.ceil(total / q.pageSize), total },
      summary: {
        totalCustomers: total,
        subscriberCount: counts?.subscribers ?? 0,
        standardCount: total - (counts?.subscribers ?? 0),
        warningCount: counts?.warned ?? 0,
        activeCount: counts?.active ?? 0,
      },
    },
  };
}

function historyToWire(b: CustomerHistoryRow): CustomerBookingWire {
  return {
    documentId: b.documentId,
    bookingNumber: b.bookingNumber,
    status: b.status,
    paymentStatus: b.paymentStatus,
    date: b.date,
    startTime: b.startTime,
    endTime: b.endTime,
    startsAt: new Date(b.startsAt).toISOString(),
    facility: { documentId: b.facilityDocumentId, name: b.facilityName },
    totalPrice: toTl(b.totalPrice),
    includesTransportation: b.includesTransportation,
    isSubscriber: b.isSubscriber,
    reason: b.status === 'rejected' ? b.rejectionReason : b.status === 'cancelled' ? b.cancellationReason : null,
    createdAt: new Date(b.createdAt).toISOString(),
  };
}

export async function customerDetail(db: Db, id: number, now: number): Promise<CustomerDetailWire> {
  const found = await customerDetailRows(db, id, CUSTOMER_HISTORY_SIZE);
  if (!found) throw notFound(customerMsg.notFound);
  const { row, history, facilityNames } = found;
  const today = istanbulToday(now);
  const {
    id: _id,
    documentId,
    customerName,
    customerPhone,
    customerEmail,
    isSubscriber,
    ...stats
  } = statsRowToWire(row, namesOf(facilityNames), today);
  return {
    customerInfo: {
      id: row.id,
      documentId,
      name: customerName,
      phone: customerPhone,
      email: customerEmail,
      isSubscriber,
      firstBookingDate: row.firstBookingDate,
      lastBookingDate: row.lastBookingDate,
      createdAt: new Date(row.createdAt).toISOString(),
    },
    stats: {
      ...stats,
      loyaltyMonths: Math.floor(loyaltyMonths(row.firstBookingDate, row.lastBookingDate)),
      topFacilities: Object.entries(stats.facilityUsage)
        .sort((a, b) => b[1] - a[1])
        .slice(0, CUSTOMER_TOP_FACILITIES)
        .map(([name, count]) => ({ name, count })),
    },
    bookings: history.map(historyToWire),
  };
}
