// Bugün and Gün Sonu (behaviour.md#management-panel): the match sheet of a business day and the day-end report of a
// calendar day, shaped from db/day-end.ts's reads. Money stays kuruş until the wire.

import type {
  DayEndFiguresWire,
  DayEndMoneyWire,
  DayEndWire,
  DayFacilityWire,
  DayQuery,
  DaySheetSectionWire,
  DaySheetWire,
} from '../../../contracts/day-sheet';
import { msg } from '../../../contracts/messages';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../contracts/payments';
import type { Db } from '../db/client';
import { dayEndRows, daySheetStatement } from '../db/day-end';
import { facilityRef } from '../db/facility-ref';
import { notFound } from '../lib/errors';
import { toTl } from '../lib/money';
import { DAY, isoInstant, istanbulInstant, istanbulToday } from '../lib/time';
import { isAnonymisedPhone } from './staff-bookings';

async function scopeOf(db: Db, ref: string | undefined): Promise<DayFacilityWire | null> {
  if (!ref) return null;
  const f = await facilityRef(db, ref);
  if (!f) throw notFound(msg.facilityNotFound);
  return { id: f.id, documentId: f.documentId, name: f.name };
}

const byName = (a: { facility: DayFacilityWire }, b: { facility: DayFacilityWire }) =>
  a.facility.name.localeCompare(b.facility.name, 'tr') || a.facility.id - b.facility.id;

/** Every pending and approved booking of the business day, per pitch in start order (behaviour.md#management-panel 'Bugün'). */
export async function buildDaySheet(db: Db, q: DayQuery, now: number): Promise<DaySheetWire> {
  const date = q.date ?? istanbulToday(now);
  const facility = await scopeOf(db, q.facility);
  const rows = await daySheetStatement(db, date, facility?.id ?? null).all();
  // The business day's order: an after-midnight start (its real instant the next day) follows 23:00.
  rows.sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  const sections = new Map<number, DaySheetSectionWire>();
  if (facility) sections.set(facility.id, { facility, bookings: [] });
  for (const r of rows) {
    let s = sections.get(r.facilityId);
    if (!s) {
      s = { facility: { id: r.facilityId, documentId: r.facilityDocumentId, name: r.facilityName }, bookings: [] };
      sections.set(r.facilityId, s);
    }
    s.bookings.push({
      id: r.id,
      documentId: r.documentId,
      bookingNumber: r.bookingNumber,
      customerName: r.customerName,
      customerPhone: isAnonymisedPhone(r.customerPhone) ? null : r.customerPhone,
      date: r.date,
      startTime: r.startTime,
      endTime: r.endTime,
      startsAt: new Date(r.startsAt).toISOString(),
      started: r.startsAt <= now,
      status: r.status as 'pending' | 'approved',
      paymentStatus: r.paymentStatus,
      totalPrice: toTl(r.totalPrice),
      depositAmount: toTl(r.depositAmount),
      collected: toTl(r.collected),
      balanceDue: toTl(Math.max(0, r.totalPrice - r.collected)),
      attendance: r.attendance,
      isSubscriber: r.isSubscriber,
      channel: r.channel,
      source: r.source,
      notes: r.notes,
      shuttle: r.includesTransportation ? { pickupPointName: r.pickupPointName, pickupTime: r.pickupTime } : null,
      addons: r.addons.map((a) => ({
        name: a.name,
        unit: a.unit,
        unitPrice: toTl(a.unitPrice),
        quantity: a.quantity,
        total: toTl(a.total),
      })),
      addonsPrice: toTl(r.addonsPrice),
    });
  }
  return { date, facility, sections: [...sections.values()].sort(byName), generatedAt: new Date(now).toISOString() };
}

interface Money {
  received: number;
  refunded: number;
}
const zero = (): Money => ({ received: 0, refunded: 0 });
const moneyToWire = (m: Money): DayEndMoneyWire => ({
  received: toTl(m.received),
  refunded: toTl(m.refunded),
  net: toTl(m.received - m.refunded),
});

/** A row's effect on the money: deposit and balance rows are received, refund rows paid back; a reversal nets its row. */
function add(m: Money, kind: string, amount: number) {
  if (kind === 'deposit' || kind === 'balance') m.received += amount;
  else if (kind === 'refund') m.refunded -= amount;
}

interface Figures extends Money {
  kept: number;
  expected: number;
  expectedBookings: number;
}
const noFigures = (): Figures => ({ ...zero(), kept: 0, expected: 0, expectedBookings: 0 });
const figuresToWire = (f: Figures): DayEndFiguresWire => ({
  ...moneyToWire(f),
  kept: toTl(f.kept),
  expected: toTl(f.expected),
  expectedBookings: f.expectedBookings,
});

/**
 * The day-end report (behaviour.md#management-panel 'Gün Sonu'): the money of the payment rows written in the Istanbul
 * calendar day (00:00–24:00) by method, staff member and pitch, and the balance still expected from the business day's
 * approved bookings that have started and were not marked no-show.
 */
export async function buildDayEnd(db: Db, q: DayQuery, now: number): Promise<DayEndWire> {
  const date = q.date ?? istanbulToday(now);
  const facility = await scopeOf(db, q.facility);
  const from = istanbulInstant(date, 0);
  const [movements, expected] = await dayEndRows(db, date, from, from + DAY, facility?.id ?? null, now);

  const totals = noFigures();
  const methods = new Map<PaymentMethod, Money>();
  const staff = new Map<string, Money>();
  const pitches = new Map<number, { facility: DayFacilityWire; f: Figures }>();
  const pitchOf = (id: number, documentId: string, name: string) => {
    let p = pitches.get(id);
    if (!p) {
      p = { facility: { id, documentId, name }, f: noFigures() };
      pitches.set(id, p);
    }
    return p.f;
  };
  if (facility) pitchOf(facility.id, facility.documentId, facility.name);

  for (const m of movements) {
    const pitch = pitchOf(m.facilityId, m.facilityDocumentId, m.facilityName);
    if (m.kind === 'kept') {
      totals.kept += m.amount;
      pitch.kept += m.amount;
      continue;
    }
    add(totals, m.kind, m.amount);
    add(pitch, m.kind, m.amount);
    if (m.method) {
      const byMethod = methods.get(m.method) ?? zero();
      add(byMethod, m.kind, m.amount);
      methods.set(m.method, byMethod);
    }
    const byStaff = staff.get(m.staffName) ?? zero();
    add(byStaff, m.kind, m.amount);
    staff.set(m.staffName, byStaff);
  }
  for (const e of expected) {
    const pitch = pitchOf(e.facilityId, e.facilityDocumentId, e.facilityName);
    pitch.expected += e.expected;
    pitch.expectedBookings += e.bookings;
    totals.expected += e.expected;
    totals.expectedBookings += e.bookings;
  }

  return {
    date,
    facility,
    totals: figuresToWire(totals),
    byMethod: PAYMENT_METHODS.filter((k) => methods.has(k)).map((method) => ({
      method,
      ...moneyToWire(methods.get(method)!),
    })),
    byStaff: [...staff.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'tr'))
      .map(([staffName, m]) => ({ staffName, ...moneyToWire(m) })),
    byFacility: [...pitches.values()].map((p) => ({ facility: p.facility, ...figuresToWire(p.f) })).sort(byName),
    movements: movements.map((m) => ({
      id: m.id,
      at: isoInstant(m.at)!,
      bookingId: m.bookingId,
      bookingDocumentId: m.bookingDocumentId,
      bookingNumber: m.bookingNumber,
      customerName: m.customerName,
      facilityName: m.facilityName,
      kind: m.kind,
      method: m.method,
      amount: toTl(m.amount),
      staffName: m.staffName,
      note: m.note,
      reversal: m.reversesId !== null,
    })),
    generatedAt: new Date(now).toISOString(),
  };
}
