// Raporlar (admin only): the reports of a date range and pitch, assembled from one D1 batch (db/reports.ts).
import { BOOKING_STATUSES, type BookingStatus } from '../../../contracts/booking-statuses';
import { msg } from '../../../contracts/messages';
import type { ReportQuery, ReportWire } from '../../../contracts/reports';
import type { Db } from '../db/client';
import { reportRows } from '../db/reports';
import { notFound } from '../lib/errors';
import { toTl } from '../lib/money';
import { findFacilityRow } from './facilities';

/** A reason left empty reads as this, so the list never shows a blank line. */
export const NO_REASON = 'Sebep belirtilmedi';

export async function buildReport(db: Db, q: ReportQuery): Promise<ReportWire> {
  let facility: ReportWire['facility'] = null;
  if (q.facility !== null) {
    const f = await findFacilityRow(db, String(q.facility));
    if (!f) throw notFound(msg.facilityNotFound);
    facility = { id: f.id, name: f.name };
  }
  const [revenue, statusRows, reasons, shares, addons, top, occupancy] = await reportRows(
    db,
    q.from,
    q.to,
    facility?.id ?? null,
    q.bucket,
  );
  const buckets = revenue.map((r) => ({
    start: r.start,
    bookings: r.bookings,
    revenue: toTl(r.revenue),
    deposits: toTl(r.deposits),
    rest: toTl(r.revenue - r.deposits),
    slot: toTl(r.slot),
    shuttle: toTl(r.shuttle),
    addons: toTl(r.addons),
  }));
  const sum = (key: keyof (typeof buckets)[number]) =>
    Math.round(buckets.reduce((s, b) => s + (b[key] as number), 0) * 100) / 100;
  const statuses = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<BookingStatus, number>;
  for (const r of statusRows) statuses[r.status] = r.count;
  const share = shares[0];
  return {
    from: q.from,
    to: q.to,
    bucket: q.bucket,
    facility,
    revenue: {
      buckets,
      total: {
        bookings: sum('bookings'),
        revenue: sum('revenue'),
        deposits: sum('deposits'),
        rest: sum('rest'),
        slot: sum('slot'),
        shuttle: sum('shuttle'),
        addons: sum('addons'),
      },
    },
    occupancy: {
      cells: occupancy,
      generated: occupancy.reduce((s, c) => s + c.generated, 0),
      booked: occupancy.reduce((s, c) => s + c.booked, 0),
    },
    statuses,
    reasons: reasons.map((r) => ({
      status: r.status as 'cancelled' | 'rejected',
      reason: r.reason || NO_REASON,
      count: r.count,
    })),
    subscribers: {
      bookings: share?.subscriberBookings ?? 0,
      revenue: toTl(share?.subscriberRevenue ?? 0),
      allBookings: sum('bookings'),
      allRevenue: sum('revenue'),
    },
    shuttle: { bookings: share?.shuttleBookings ?? 0, revenue: toTl(share?.shuttleRevenue ?? 0) },
    addons: addons.map((a) => ({ name: a.name, bookings: a.bookings, quantity: a.quantity, revenue: toTl(a.revenue) })),
    topCustomers: top.map((t) => ({ name: t.name, phone: t.phone, bookings: t.bookings, revenue: toTl(t.revenue) })),
  };
}
