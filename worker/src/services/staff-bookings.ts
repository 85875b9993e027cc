// The panel's side of bookings (02 §2 'Bookings management', 'Dashboard', 'Booking detail dialog'; 00 §3):
// a server-filtered, counted and paged list, the dashboard figures, the detail with its history, approve and reject.
import type { PublicUser } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { normalisePhone } from '../../../contracts/phone';
import type { BookingListQuery, BookingTab } from '../../../contracts/panel';
import type { Booking, Notification } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { trLongDate } from '../lib/format';
import { newDocumentId } from '../lib/ids';
import { toTl } from '../lib/money';
import { camelRow } from '../lib/rows';
import { addDays, istanbulToday, isoInstant } from '../lib/time';
import { freedSlot, mapBookingRow, type StatusChange } from './bookings';
import { notificationToWire } from './notifications';
import type { SlotRow } from './slots';

// ---------- the list ----------

interface ListRow {
  id: number;
  document_id: string;
  booking_number: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  status: Booking['status'];
  payment_status: Booking['paymentStatus'];
  date: string;
  start_time: string;
  end_time: string;
  starts_at: number;
  total_price: number;
  deposit_amount: number;
  transportation_price: number;
  is_subscriber: number;
  includes_transportation: number;
  created_at: number;
  f_document_id: string;
  f_name: string;
  f_slug: string;
}

const LIST_COLUMNS = `b.id, b.document_id, b.booking_number, b.customer_name, b.customer_phone, b.customer_email, b.status,
  b.payment_status, b.date, b.start_time, b.end_time, b.starts_at, b.total_price, b.deposit_amount, b.transportation_price,
  b.is_subscriber, b.includes_transportation, b.created_at, f.document_id as f_document_id, f.name as f_name, f.slug as f_slug`;

export function listItemToWire(r: ListRow, now: number) {
  return {
    id: r.id,
    documentId: r.document_id,
    bookingNumber: r.booking_number,
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    customerEmail: r.customer_email,
    status: r.status,
    paymentStatus: r.payment_status,
    date: r.date,
    startTime: r.start_time,
    endTime: r.end_time,
    totalPrice: toTl(r.total_price),
    depositAmount: toTl(r.deposit_amount),
    transportationPrice: toTl(r.transportation_price),
    isSubscriber: r.is_subscriber === 1,
    includesTransportation: r.includes_transportation === 1,
    facility: { documentId: r.f_document_id, name: r.f_name, slug: r.f_slug },
    createdAt: isoInstant(r.created_at)!,
    isPast: r.starts_at <= now,
  };
}
export type BookingListItem = ReturnType<typeof listItemToWire>;

const TURKISH_FOLD: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', i̇: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a' };

/** The same folding as the search_key triggers of migration 0002: lower case, Turkish letters as ASCII. */
export function foldSearch(text: string): string {
  return text
    .toLocaleLowerCase('tr')
    .replace(/i̇|[çğıöşüâ]/g, (ch) => TURKISH_FOLD[ch] ?? ch);
}

/** A search that is all phone characters looks for the phone's digits in the normalised form the table keeps. */
function searchPattern(q: string): string {
  const compact = q.replace(/[\s()+-]/g, '');
  if (/^\d{3,}$/.test(compact)) {
    const phone = normalisePhone(compact);
    if (phone) return phone;
    // A partial number: "532 12" → "53212"; a leading +90/90 is the country code, not part of the stored number.
    return compact.replace(/^90(?=5)/, '0');
  }
  return foldSearch(q);
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Every filter but the tab: the tab counts are taken under these. Every column they name is in the covering index
 * bookings_panel_list, so a filtered list reads that index, never every row.
 *
 * The values (and the page's limit and offset) go into the SQL as literals, not bound parameters: measured in workerd
 * at 100k bookings, SQLite plans the covering-index page query in ~8–13 ms with literals and 125–190 ms with the same
 * values bound. Each is safe as a literal: dates passed the YYYY-MM-DD schema, numbers are integers, tabs come from an
 * enum, and the search text is quoted with its single quotes doubled.
 */
function baseWhere(q: BookingListQuery, facilityId: number | null): string[] {
  const w: string[] = [];
  // instr, not LIKE: D1 caps LIKE patterns at 50 bytes ('pattern too complex' for 49+ characters), and a NUL would cut
  // the literal short; neither limit applies here, and the match is the same substring test.
  if (q.q) w.push(`instr(b.search_key, ${sqlString(searchPattern(q.q).replace(/\0/g, ''))}) > 0`);
  if (q.subscribers) w.push('b.is_subscriber = 1');
  if (q.transport) w.push('b.includes_transportation = 1');
  if (q.from) w.push(`b.date >= ${sqlString(q.from)}`);
  if (q.to) w.push(`b.date <= ${sqlString(q.to)}`);
  if (facilityId !== null) w.push(`b.facility_id = ${Math.trunc(facilityId)}`);
  return w;
}

/** Gelecek = still to be played and still live; İptal gathers customer cancels and expired holds. */
function tabWhere(tab: BookingTab, today: string, now: number): string[] {
  switch (tab) {
    case 'all':
      return [];
    case 'today':
      return [`b.date = ${sqlString(today)}`];
    case 'upcoming':
      // date >= yesterday narrows the index range; starts_at decides (an overnight slot of yesterday may be ahead).
      return [`b.status in ('pending', 'approved')`, `b.date >= ${sqlString(addDays(today, -1))}`, `b.starts_at > ${Math.trunc(now)}`];
    case 'cancelled':
      return [`b.status in ('cancelled', 'expired')`];
    default:
      return [`b.status = ${sqlString(tab)}`];
  }
}

// By slot: starts_at is the real instant, which orders a business day's after-midnight slots after its 23:00 ones,
// exactly as (date, start) does for the business date, and it has an index of its own.
const ORDER: Record<NonNullable<BookingListQuery['sort']>, string> = {
  'createdAt:desc': 'b.created_at desc, b.id desc',
  'createdAt:asc': 'b.created_at asc, b.id asc',
  'date:asc': 'b.starts_at asc, b.id asc',
  'date:desc': 'b.starts_at desc, b.id desc',
};

const clause = (parts: string[]) => (parts.length ? `where ${parts.join(' and ')}` : '');

export interface BookingCounts { all: number; today: number; upcoming: number; pending: number; approved: number; rejected: number; cancelled: number }

/**
 * The page's SQL. A filtered list picks its page inside the covering index and reads only those rows; an unfiltered
 * one walks the created_at or starts_at index in order and stops after the page. Gelecek defaults to play time, soonest
 * first (issue 7 §3): unfiltered it walks bookings_starts_at from now on (named, as the planner otherwise picks the
 * covering index and sorts every upcoming entry); filtered, the covering index narrows the rows before the sort.
 */
export function pageQuery(q: BookingListQuery, facilityId: number | null, now: number): string {
  const today = istanbulToday(now);
  const base = baseWhere(q, facilityId);
  const where = clause([...base, ...tabWhere(q.tab, today, now)]);
  const sort = q.sort ?? (q.tab === 'upcoming' ? 'date:asc' : 'createdAt:desc');
  const order = ORDER[sort];
  const offset = (q.page - 1) * q.pageSize;
  if (base.length > 0) {
    return `select ${LIST_COLUMNS} from (select b.id from bookings b indexed by bookings_panel_list ${where} order by ${order}
         limit ${q.pageSize} offset ${offset}) p join bookings b on b.id = p.id join facilities f on f.id = b.facility_id order by ${order}`;
  }
  const hint = q.tab === 'upcoming' && sort === 'date:asc' ? 'indexed by bookings_starts_at' : '';
  return `select ${LIST_COLUMNS} from bookings b ${hint} join facilities f on f.id = b.facility_id ${where} order by ${order} limit ${q.pageSize} offset ${offset}`;
}

/**
 * One filtered, sorted page and the tab counts, in one D1 round trip. Every count comes from one scan of the covering
 * index grouped by status (with today and still-ahead summed alongside), so rows are read only for the page itself.
 */
export async function listBookings(d1: D1Database, q: BookingListQuery, facilityId: number | null, now: number) {
  const today = istanbulToday(now);
  const base = baseWhere(q, facilityId);
  const page = pageQuery(q, facilityId, now);
  const [grouped, pageRes] = await d1.batch([
    d1.prepare(
      // Grouped by status alone the scan follows the index order: no sort of 100k entries.
      `select b.status, count(*) as n, sum(b.date = ?) as today, sum(b.starts_at > ?) as ahead
       from bookings b indexed by bookings_panel_list ${clause(base)} group by b.status`,
    ).bind(today, now),
    d1.prepare(page),
  ]);
  const counts: BookingCounts = { all: 0, today: 0, upcoming: 0, pending: 0, approved: 0, rejected: 0, cancelled: 0 };
  for (const g of grouped.results as { status: Booking['status']; today: number; ahead: number; n: number }[]) {
    counts.all += g.n;
    counts.today += g.today;
    if (g.status === 'pending' || g.status === 'approved') counts.upcoming += g.ahead;
    if (g.status === 'cancelled' || g.status === 'expired') counts.cancelled += g.n;
    else counts[g.status] += g.n;
  }
  const total = q.tab === 'all' ? counts.all : counts[q.tab];
  return {
    data: (pageRes.results as unknown as ListRow[]).map((r) => listItemToWire(r, now)),
    meta: {
      pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.max(1, Math.ceil(total / q.pageSize)), total },
      counts,
    },
  };
}

// ---------- the dashboard ----------

/** Figures of 02 §2 'Dashboard' and §7 'GET /bookings/stats'; revenue per §9 (approved totals, shuttle included). */
export async function bookingStats(d1: D1Database, facilityId: number | null, now: number) {
  const today = istanbulToday(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const monthEnd = addDays(`${nextMonth(today)}-01`, -1);
  const scope = facilityId === null ? '' : 'where b.facility_id = ?';
  const scopeArgs = facilityId === null ? [] : [facilityId];
  const and = facilityId === null ? 'where' : 'and';
  const [figures, pendingFirst, newest] = await d1.batch([
    d1.prepare(
      `select count(*) as total,
         coalesce(sum(b.status = 'pending'), 0) as pending,
         coalesce(sum(case when b.status = 'approved' then b.total_price end), 0) as revenue,
         coalesce(sum(b.date = ?1), 0) as today_total,
         coalesce(sum(b.date = ?1 and b.status = 'pending'), 0) as today_pending,
         coalesce(sum(b.date = ?1 and b.status = 'approved'), 0) as today_approved,
         coalesce(sum(b.date between ?2 and ?3), 0) as month_total,
         coalesce(sum(b.date between ?2 and ?3 and b.status = 'approved'), 0) as month_approved,
         coalesce(sum(case when b.date between ?2 and ?3 and b.status = 'approved' then b.total_price end), 0) as month_revenue
       from bookings b ${facilityId === null ? '' : 'where b.facility_id = ?4'}`,
    ).bind(today, monthStart, monthEnd, ...scopeArgs),
    d1.prepare(
      `select ${LIST_COLUMNS} from bookings b join facilities f on f.id = b.facility_id
       ${scope} ${and} b.status = 'pending' order by b.created_at desc, b.id desc limit 5`,
    ).bind(...scopeArgs),
    d1.prepare(
      `select ${LIST_COLUMNS} from bookings b join facilities f on f.id = b.facility_id
       ${scope} ${and} b.status != 'pending' order by b.created_at desc, b.id desc limit 5`,
    ).bind(...scopeArgs),
  ]);
  const f = figures.results[0] as Record<string, number>;
  // The latest 5: pending first, then newest first (02 §2).
  const latest = [...(pendingFirst.results as unknown as ListRow[]), ...(newest.results as unknown as ListRow[])].slice(0, 5);
  return {
    today: { total: f.today_total, pending: f.today_pending, approved: f.today_approved },
    monthly: { total: f.month_total, approved: f.month_approved, revenue: toTl(f.month_revenue) },
    pending: f.pending,
    total: f.total,
    revenue: toTl(f.revenue),
    latest: latest.map((r) => listItemToWire(r, now)),
  };
}

function nextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

// ---------- the detail ----------

const DETAIL = `select b.*, f.document_id as f_document_id, f.slug as f_slug, f.name as f_name, f.address as f_address,
    f.phone_numbers as f_phone_numbers, f.hourly_price as f_hourly_price, f.bank_name as f_bank_name,
    f.recipient_name as f_recipient_name, f.deposit_iban as f_deposit_iban,
    u.username as approver_username, u.email as approver_email, u.first_name as approver_first_name, u.last_name as approver_last_name
  from bookings b join facilities f on f.id = b.facility_id left join users u on u.id = b.approved_by_id
  where b.document_id = ?1 or b.booking_number = ?1`;

interface HistoryRow { id: number; from_status: string | null; to_status: string; reason: string | null; actor_type: string; actor_label: string | null; created_at: number }

export async function bookingDetail(d1: D1Database, ref: string, now: number) {
  const [found, history] = await d1.batch([
    d1.prepare(DETAIL).bind(ref),
    d1.prepare(
      `select h.id, h.from_status, h.to_status, h.reason, h.actor_type, h.actor_label, h.created_at
       from booking_history h where h.booking_id = (select id from bookings where document_id = ?1 or booking_number = ?1)
       order by h.created_at, h.id`,
    ).bind(ref),
  ]);
  const row = found.results[0] as Record<string, unknown> | undefined;
  if (!row) throw notFound(msg.bookingNotFound);
  return detailToWire(row, history.results as unknown as HistoryRow[], now);
}

function detailToWire(row: Record<string, unknown>, history: HistoryRow[], now: number) {
  const b = mapBookingRow(row);
  const phoneNumbers = JSON.parse((row.f_phone_numbers as string) ?? '[]') as string[];
  return {
    ...listItemToWire(row as unknown as ListRow, now),
    notes: b.notes,
    rejectionReason: b.rejectionReason,
    cancellationReason: b.cancellationReason,
    cancelledAt: isoInstant(b.cancelledAt),
    approvedAt: isoInstant(b.approvedAt),
    // The full name, as the history shows it (issue 7 §3 'Onaylayan'); the username when no name is stored.
    approvedBy: row.approver_username
      ? {
          username: row.approver_username as string,
          email: row.approver_email as string,
          fullName: [row.approver_first_name, row.approver_last_name].filter(Boolean).join(' ') || (row.approver_username as string),
        }
      : null,
    isRecurring: b.isRecurring,
    recurringGroupId: b.recurringGroupId,
    transportationDetails: b.includesTransportation
      ? { pickupPointId: b.pickupPointId, pickupPointName: b.pickupPointName, pickupPointAddress: b.pickupPointAddress, pickupTime: b.pickupTime }
      : null,
    bookingSlot: { date: b.date, startTime: b.startTime, endTime: b.endTime, price: toTl(b.slotPrice) },
    facility: {
      documentId: row.f_document_id as string,
      slug: row.f_slug as string,
      name: row.f_name as string,
      address: (row.f_address as string | null) ?? null,
      phone: phoneNumbers[0] ?? null,
      phoneNumbers,
      hourlyPrice: toTl(row.f_hourly_price as number),
      bankName: (row.f_bank_name as string | null) ?? null,
      recipientName: (row.f_recipient_name as string | null) ?? null,
      depositIban: (row.f_deposit_iban as string | null) ?? null,
    },
    source: b.source,
    expiresAt: isoInstant(b.expiresAt),
    updatedAt: isoInstant(b.updatedAt),
    history: history.map((h) => ({
      id: h.id,
      fromStatus: h.from_status,
      toStatus: h.to_status,
      reason: h.reason,
      actorType: h.actor_type as 'customer' | 'staff' | 'system',
      actorLabel: h.actor_label,
      createdAt: isoInstant(h.created_at)!,
    })),
  };
}
export type BookingDetail = ReturnType<typeof detailToWire>;

// ---------- approve and reject (called inside the pitch's Durable Object lock) ----------

export interface StaffChange extends Omit<StatusChange, 'booking'> { booking: BookingDetail }

const actorLabel = (u: PublicUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;
const appendLine = (notes: string | null, line: string) => (notes ? `${notes}\n${line}` : line);

/** The booking as it is now, inside the lock of the pitch it belongs to (a booking of another pitch is not found here). */
async function loadForChange(d1: D1Database, ref: string, facilityId: number): Promise<Booking & { fName: string }> {
  const row = await d1
    .prepare(`select b.*, f.name as f_name from bookings b join facilities f on f.id = b.facility_id where (b.document_id = ?1 or b.booking_number = ?1) and b.facility_id = ?2`)
    .bind(ref, facilityId)
    .first<Record<string, unknown>>();
  if (!row) throw notFound(msg.bookingNotFound);
  return { ...mapBookingRow(row), fName: row.f_name as string };
}

/**
 * pending → approved (00 §3): approvedBy and approvedAt set, paid when a deposit was due. The optional note goes to the
 * history and, labelled, to the booking's notes, so the tracking page shows it too.
 */
export async function approveByStaff(d1: D1Database, facilityId: number, ref: string, actor: PublicUser, note: string | null, now: number): Promise<StaffChange> {
  const b = await loadForChange(d1, ref, facilityId);
  if (b.status !== 'pending') throw conflict(b.status === 'approved' ? msg.alreadyProcessed : msg.notPending, { status: b.status });
  const payment = b.depositAmount > 0 ? 'paid' : b.paymentStatus;
  const notes = note ? appendLine(b.notes, `${msg.approveNoteLabel}: ${note}`) : b.notes;
  return applyChange(d1, b, now, {
    update: d1.prepare(
      `update bookings set status = 'approved', payment_status = ?3, approved_by_id = ?4, approved_at = ?5, expires_at = null,
         notes = ?6, updated_at = ?5 where id = ?1 and status = ?2 returning *, ${SLOT_DOC}`,
    ).bind(b.id, b.status, payment, actor.id, now, notes),
    toStatus: 'approved',
    reason: note,
    actor,
    notification: { type: 'booking_updated', priority: 'low', title: msg.approvedTitle },
  });
}

/** pending or approved → rejected with a required reason (00 §3); a paid deposit becomes refunded; the slot is freed. */
export async function rejectByStaff(d1: D1Database, facilityId: number, ref: string, actor: PublicUser, reason: string, now: number): Promise<StaffChange> {
  const b = await loadForChange(d1, ref, facilityId);
  if (b.status !== 'pending' && b.status !== 'approved') throw conflict(msg.alreadyProcessed, { status: b.status });
  const payment = b.paymentStatus === 'paid' ? 'refunded' : b.paymentStatus;
  return applyChange(d1, b, now, {
    update: d1.prepare(
      `update bookings set status = 'rejected', payment_status = ?3, rejection_reason = ?4, expires_at = null, updated_at = ?5
       where id = ?1 and status = ?2 returning *, ${SLOT_DOC}`,
    ).bind(b.id, b.status, payment, reason, now),
    toStatus: 'rejected',
    reason,
    actor,
    notification: { type: 'booking_cancelled', priority: 'medium', title: msg.rejectedTitle },
  });
}

/**
 * approved → cancelled by staff (issue 7 §3, which departs from 00 §3 / 02 §4 where an admin cancel was a reject):
 * filed under İptal with the reason as cancellationReason; a paid deposit becomes refunded; the slot is freed. A past
 * booking is not cancelled (its slot is gone anyway); a pending one is rejected instead.
 */
export async function cancelByStaff(d1: D1Database, facilityId: number, ref: string, actor: PublicUser, reason: string, now: number): Promise<StaffChange> {
  const b = await loadForChange(d1, ref, facilityId);
  if (b.status === 'pending') throw conflict(msg.staffCancelOnlyApproved, { status: b.status });
  if (b.status !== 'approved') throw conflict(msg.alreadyProcessed, { status: b.status });
  if (b.startsAt <= now) throw conflict(msg.cancelPast, { status: b.status });
  const payment = b.paymentStatus === 'paid' ? 'refunded' : b.paymentStatus;
  return applyChange(d1, b, now, {
    update: d1.prepare(
      `update bookings set status = 'cancelled', payment_status = ?3, cancellation_reason = ?4, cancelled_at = ?5, expires_at = null,
         updated_at = ?5 where id = ?1 and status = ?2 returning *, ${SLOT_DOC}`,
    ).bind(b.id, b.status, payment, reason, now),
    toStatus: 'cancelled',
    reason,
    actor,
    notification: { type: 'booking_cancelled', priority: 'medium', title: msg.staffCancelledTitle },
  });
}

const SLOT_DOC = `(select s.document_id from booking_slots s where s.id = bookings.slot_id) as slot_document_id`;

interface ChangeSpec {
  update: D1PreparedStatement;
  toStatus: 'approved' | 'rejected' | 'cancelled';
  reason: string | null;
  actor: PublicUser;
  notification: { type: Notification['type']; priority: Notification['priority']; title: string };
}

/**
 * The status change, its history row and the staff notification are one atomic batch; then the detail is re-read.
 * The history row is written only when the conditional update changed the row, and the notification only when the
 * history row was written (changes() of the statement before): a decision that lost a race leaves no trace.
 */
async function applyChange(d1: D1Database, b: Booking & { fName: string }, now: number, spec: ChangeSpec): Promise<StaffChange> {
  const [updated, , notified, detail, history] = await d1.batch([
    spec.update,
    d1.prepare(
      `insert into booking_history (booking_id, from_status, to_status, reason, actor_type, actor_user_id, actor_label, created_at)
       select ?1, ?2, ?3, ?4, 'staff', ?5, ?6, ?7 where changes() > 0`,
    ).bind(b.id, b.status, spec.toStatus, spec.reason, spec.actor.id, actorLabel(spec.actor), now),
    d1.prepare(
      `insert into notifications (document_id, type, priority, title, message, booking_id, facility_id, target_role, created_at, actor_user_id)
       select ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'Admin', ?8, ?9 where changes() > 0 returning *`,
    ).bind(
      newDocumentId(), spec.notification.type, spec.notification.priority, spec.notification.title,
      `${b.bookingNumber} · ${b.customerName} · ${b.fName} · ${trLongDate(b.date)} ${b.startTime} · ${actorLabel(spec.actor)}`,
      b.id, b.facilityId, now, spec.actor.id,
    ),
    d1.prepare(DETAIL).bind(b.documentId),
    d1.prepare(
      `select id, from_status, to_status, reason, actor_type, actor_label, created_at from booking_history
       where booking_id = ?1 order by created_at, id`,
    ).bind(b.id),
  ]);
  const row = updated.results[0] as Record<string, unknown> | undefined;
  if (!row) throw conflict(msg.alreadyProcessed);
  const after = mapBookingRow(row) as Booking & { slotDocumentId?: string | null };
  const slot: SlotRow | null = !after.slotId
    ? null
    : spec.toStatus !== 'approved'
      ? freedSlot(after)
      : { ...freedSlot(after), booking_status: 'approved', customer_name: after.customerName, is_subscriber: after.isSubscriber ? 1 : 0 };
  return {
    booking: detailToWire(detail.results[0] as Record<string, unknown>, history.results as unknown as HistoryRow[], now),
    slot,
    notifications: notified.results.map((r) => notificationToWire(camelRow<Notification>(r as Record<string, unknown>, ['isRead']))),
  };
}

// ---------- notes and anonymisation (02 §7 PUT /bookings/{id}; issue 7 §5 KVKK) ----------

async function refOf(d1: D1Database, ref: string) {
  const row = await d1
    .prepare('select id, document_id, booking_number, status, customer_phone from bookings where document_id = ?1 or booking_number = ?1')
    .bind(ref)
    .first<{ id: number; document_id: string; booking_number: string; status: Booking['status']; customer_phone: string }>();
  if (!row) throw notFound(msg.bookingNotFound);
  return row;
}

async function reread(d1: D1Database, documentId: string, now: number): Promise<BookingDetail> {
  return bookingDetail(d1, documentId, now);
}

/** Staff edit the notes (empty clears them); a history row says who, and updatedAt moves. Not a slot change: no lock. */
export async function updateNotesByStaff(d1: D1Database, ref: string, actor: PublicUser, notes: string | null, now: number): Promise<BookingDetail> {
  const b = await refOf(d1, ref);
  await d1.batch([
    d1.prepare('update bookings set notes = ?2, updated_at = ?3 where id = ?1').bind(b.id, notes, now),
    d1.prepare(
      `insert into booking_history (booking_id, from_status, to_status, reason, actor_type, actor_user_id, actor_label, created_at)
       select id, status, status, ?2, 'staff', ?3, ?4, ?5 from bookings where id = ?1`,
    ).bind(b.id, msg.notesUpdatedReason, actor.id, actorLabel(actor), now),
  ]);
  return reread(d1, b.document_id, now);
}

/** Anonymised phones start with '#': never a valid 05XXXXXXXXX, so no look-up, same-day check or search by phone meets them. */
export const ANONYMISED_PHONE_PREFIX = '#';
export const isAnonymisedPhone = (phone: string) => phone.startsWith(ANONYMISED_PHONE_PREFIX);

/**
 * A salted SHA-256 of the phone: a fresh random salt per anonymisation, so the value can neither be reversed by
 * hashing every mobile number nor collide with an earlier anonymisation of the same phone (customers.phone is unique).
 */
async function phoneHash(phone: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array([...salt, ...new TextEncoder().encode(phone)]));
  return ANONYMISED_PHONE_PREFIX + [...new Uint8Array(digest)].slice(0, 12).map((x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * KVKK (issue 7 §5): every booking of the customer's phone and the customer row lose the name ('Silinmiş müşteri'),
 * phone (a salted hash), e-mail and notes; statuses, prices and revenue stay. The customer's own name also leaves the
 * history labels and the staff notifications. One atomic batch, with a history row per booking and an audit
 * notification naming the staff member.
 */
export async function anonymiseCustomer(d1: D1Database, ref: string, actor: PublicUser, now: number) {
  const b = await refOf(d1, ref);
  if (isAnonymisedPhone(b.customer_phone)) throw conflict(msg.alreadyAnonymised);
  const phone = b.customer_phone;
  const hash = await phoneHash(phone);
  const mine = 'select id from bookings where customer_phone = ?1';
  const [, , , , , , , audit] = await d1.batch([
    d1.prepare(
      `insert into booking_history (booking_id, from_status, to_status, reason, actor_type, actor_user_id, actor_label, created_at)
       select id, status, status, ?2, 'staff', ?3, ?4, ?5 from bookings where customer_phone = ?1`,
    ).bind(phone, msg.customerAnonymised, actor.id, actorLabel(actor), now),
    d1.prepare(`update booking_history set actor_label = ?2 where actor_type = 'customer' and booking_id in (${mine})`).bind(phone, msg.anonymisedName),
    // The name only where the messages put it ('name · …' or '… · name · …'): a short name is never cut out of a word.
    d1.prepare(
      `update notifications set message = ?2 || substr(message, length(n.customer_name) + 1)
       from (select id, customer_name from bookings where customer_phone = ?1) n
       where notifications.booking_id = n.id and substr(notifications.message, 1, length(n.customer_name) + 3) = n.customer_name || ' · '`,
    ).bind(phone, msg.anonymisedName),
    d1.prepare(
      `update notifications set message = replace(message, ' · ' || n.customer_name || ' · ', ' · ' || ?2 || ' · ')
       from (select id, customer_name from bookings where customer_phone = ?1) n
       where notifications.booking_id = n.id`,
    ).bind(phone, msg.anonymisedName),
    d1.prepare(
      `update bookings set customer_name = ?2, customer_phone = ?3, customer_email = null, notes = null, updated_at = ?4 where customer_phone = ?1`,
    ).bind(phone, msg.anonymisedName, hash, now),
    d1.prepare('update customers set name = ?2, phone = ?3, email = null, updated_at = ?4 where phone = ?1').bind(phone, msg.anonymisedName, hash, now),
    d1.prepare('select count(*) as n from bookings where customer_phone = ?1').bind(hash),
    d1.prepare(
      `insert into notifications (document_id, type, priority, title, message, booking_id, facility_id, target_role, created_at, actor_user_id)
       select ?1, 'booking_updated', 'low', ?2, ?3, id, facility_id, 'Admin', ?4, ?5 from bookings where id = ?6 returning *`,
    ).bind(newDocumentId(), msg.customerAnonymised, `${b.booking_number} · ${actorLabel(actor)}`, now, actor.id, b.id),
  ]);
  return {
    booking: await reread(d1, b.document_id, now),
    notifications: audit.results.map((r) => notificationToWire(camelRow<Notification>(r as Record<string, unknown>, ['isRead']))),
  };
}
