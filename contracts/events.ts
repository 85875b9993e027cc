// What happened, stored as an event (a kind and its facts), and every human text about it, rendered here from the event
// alone: the staff notification's title and message, the booking history's label and actor, the audit log's line. The
// database keeps the facts, never a sentence (notifications.kind and .facts, migration 0023), so an erasure clears a
// fact and every text follows (docs/behaviour.md#notifications). No zod here: the panel's islands import the labels.
import type { RoleType } from './auth';
import { bookingStatus, STATUS_LABELS } from './booking-statuses';
import { type ClosureReason, closureReasonLabel } from './closures';
import { dottedDate, TR_WEEKDAYS, trLongDate, weekdayIndex } from './dates';
import {
  ATTENDANCE_LABELS,
  type AttendanceMark,
  BOOKING_CHANNEL_LABELS,
  type BookingChannel,
  type HistoryEvent,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  type PaymentKind,
  type PaymentMethod,
} from './payments';
import { settingChangeText } from './setting-labels';
import { nightOf, realStart, slotStartText } from './slot-start';
import { msg } from './texts';

/** The booking an event is about, as it was when it happened. */
export interface BookingFacts {
  bookingNumber: string;
  /** Null once the customer's data were erased (KVKK): the texts then say 'Silinmiş müşteri'. */
  customerName: string | null;
  facilityName: string;
  /** The business date (YYYY-MM-DD), the start time ('HH:MM') and the real start instant (ms). */
  date: string;
  startTime: string;
  startsAt: number;
  /**
   * The match's end time and length in minutes (docs/behaviour.md#match-length); rows written before carry neither. A
   * match longer than an hour is told with its range: '20:00–22:00'.
   */
  endTime?: string;
  duration?: number;
}

/** The start of a booking as every text tells it, with its end when the match is longer than an hour (slotStartText's options). */
export function bookingWhenText(
  f: Pick<BookingFacts, 'date' | 'startTime' | 'startsAt' | 'endTime' | 'duration'>,
  o: Parameters<typeof slotStartText>[1] = {},
): string {
  const long = typeof f.endTime === 'string' && typeof f.duration === 'number' && f.duration > 60;
  return slotStartText(f, long ? { ...o, time: `${f.startTime}–${f.endTime}` } : o);
}

/** The staff member who did it, by the name they were shown by then (null only on rows older than the events). */
export interface ActorFacts {
  actorLabel: string | null;
}

/** Every event a staff notification tells of, with the facts its texts are rendered from. */
export type BookingEvent =
  | { kind: 'booking_created'; facts: BookingFacts }
  /**
   * `deposit` (kuruş): money received that the cancel left with the venue; staff then refund it or keep it. Absent or 0
   * when none was received.
   */
  | { kind: 'booking_cancelled_by_customer'; facts: BookingFacts & { deposit?: number } }
  | { kind: 'booking_expired'; facts: BookingFacts }
  | { kind: 'booking_approved'; facts: BookingFacts & ActorFacts }
  | { kind: 'booking_rejected'; facts: BookingFacts & ActorFacts }
  | { kind: 'booking_cancelled_by_staff'; facts: BookingFacts & ActorFacts }
  /** The first week's booking carries it; `weeks` is how many weekly bookings were made. */
  | { kind: 'subscription_created'; facts: BookingFacts & { weeks: number } }
  | { kind: 'customer_erased'; facts: Pick<BookingFacts, 'bookingNumber'> & ActorFacts }
  /** Staff took a booking by phone, WhatsApp or at the counter; `status` is what they chose (approved or pending). */
  | {
      kind: 'booking_created_by_staff';
      facts: BookingFacts & ActorFacts & { channel: BookingChannel | null; status: 'approved' | 'pending' };
    }
  /** An unapproved hold ends in about 10 minutes (`expiresAt`, ms): raised once per booking. */
  | { kind: 'hold_expiring'; facts: BookingFacts & { expiresAt: number } };

export type EventKind = BookingEvent['kind'];
export type FactsOf<K extends EventKind> = Extract<BookingEvent, { kind: K }>['facts'];

/**
 * A text for one channel, rendered from the event alone. The staff notification and the history have theirs below; a
 * channel added later (a WhatsApp message, a push, a calendar entry) is one more function of this shape here.
 */
export type EventRenderer<T> = (event: BookingEvent) => T;

type NotificationType = 'booking_created' | 'booking_updated' | 'booking_cancelled';
type NotificationPriority = 'high' | 'medium' | 'low';

/** How loud each event's staff notification is, and its title. */
export const NOTIFICATION_OF: Record<
  EventKind,
  { type: NotificationType; priority: NotificationPriority; title: string }
> = {
  booking_created: { type: 'booking_created', priority: 'high', title: 'Yeni Rezervasyon' },
  booking_cancelled_by_customer: { type: 'booking_cancelled', priority: 'medium', title: 'Rezervasyon İptal Edildi' },
  // As loud as a reject: the player may have paid after all, and staff should see it in time to call them.
  booking_expired: { type: 'booking_updated', priority: 'medium', title: 'Rezervasyon Süresi Doldu' },
  booking_approved: { type: 'booking_updated', priority: 'low', title: msg.approvedTitle },
  booking_rejected: { type: 'booking_cancelled', priority: 'medium', title: msg.rejectedTitle },
  booking_cancelled_by_staff: { type: 'booking_cancelled', priority: 'medium', title: msg.staffCancelledTitle },
  subscription_created: { type: 'booking_created', priority: 'high', title: 'Yeni Abonelik' },
  customer_erased: { type: 'booking_updated', priority: 'low', title: msg.customerAnonymised },
  booking_created_by_staff: { type: 'booking_created', priority: 'low', title: 'Personel Rezervasyonu' },
  // Loud: staff should check the bank before a paid booking lapses.
  hold_expiring: { type: 'booking_updated', priority: 'high', title: 'Onay Süresi Doluyor' },
};

export const EVENT_KINDS = Object.keys(NOTIFICATION_OF) as EventKind[];
/** The events done by a staff member, whose facts name them (actorLabel). */
export const STAFF_EVENT_KINDS = [
  'booking_approved',
  'booking_rejected',
  'booking_cancelled_by_staff',
  'customer_erased',
  'booking_created_by_staff',
] as const satisfies readonly EventKind[];

const customerOf = (f: { customerName: string | null }) => f.customerName ?? msg.anonymisedName;
/** Kuruş as whole TL the way tr-TR writes it: '₺1.200'. */
export const tlText = (kurus: number) => {
  const n = Math.round(kurus / 100);
  return `${n < 0 ? '-' : ''}₺${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
};
/** An instant's Istanbul wall-clock time, 'HH:MM' (UTC+3, no daylight saving). */
const clockText = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(11, 16);
const joined = (...parts: (string | null)[]) => parts.filter((p) => p !== null).join(' · ');

/** The weekly hour as a person reads it: its real weekday, and the business night after midnight. */
function weeklyText(f: BookingFacts) {
  const first = realStart(f);
  return first.overnight
    ? `${TR_WEEKDAYS[weekdayIndex(first.calendarDate)]} ${first.time} · ${nightOf(first.businessDate)}`
    : `${TR_WEEKDAYS[weekdayIndex(first.businessDate)]} ${first.time}`;
}

/**
 * The staff notification's message: number · name · pitch · the real start (· the staff member), the same shape for
 * every booking event; a new booking leaves the number out, a subscription names its weekly hour and weeks.
 */
export const notificationMessage: EventRenderer<string> = (e) => {
  switch (e.kind) {
    case 'booking_created':
      return joined(customerOf(e.facts), e.facts.facilityName, bookingWhenText(e.facts));
    case 'booking_cancelled_by_customer': {
      const line = joined(e.facts.bookingNumber, customerOf(e.facts), e.facts.facilityName, bookingWhenText(e.facts));
      const deposit = e.facts.deposit ?? 0;
      return deposit > 0 ? `${line} · Alınan ${tlText(deposit)} kapora için iade ya da tutma kararı bekliyor` : line;
    }
    case 'booking_expired':
      return joined(e.facts.bookingNumber, customerOf(e.facts), e.facts.facilityName, bookingWhenText(e.facts));
    case 'booking_created_by_staff':
      return joined(
        e.facts.bookingNumber,
        customerOf(e.facts),
        e.facts.facilityName,
        bookingWhenText(e.facts),
        e.facts.channel ? BOOKING_CHANNEL_LABELS[e.facts.channel] : null,
        e.facts.status === 'approved' ? 'Onaylı' : 'Onay bekliyor',
        e.facts.actorLabel,
      );
    case 'hold_expiring':
      return `${joined(e.facts.bookingNumber, customerOf(e.facts), e.facts.facilityName, bookingWhenText(e.facts))} · Onaylanmazsa ${clockText(e.facts.expiresAt)} itibarıyla düşecek: kapora geldiyse kaydedin`;
    case 'booking_approved':
    case 'booking_rejected':
    case 'booking_cancelled_by_staff':
      return joined(
        e.facts.bookingNumber,
        customerOf(e.facts),
        e.facts.facilityName,
        bookingWhenText(e.facts),
        e.facts.actorLabel,
      );
    case 'subscription_created': {
      const first = trLongDate(realStart(e.facts).calendarDate);
      return `${joined(customerOf(e.facts), e.facts.facilityName, weeklyText(e.facts))} · ${e.facts.weeks} hafta (${first} başlangıç)`;
    }
    case 'customer_erased':
      return joined(e.facts.bookingNumber, e.facts.actorLabel);
  }
};

export const notificationTitle: EventRenderer<string> = (e) => NOTIFICATION_OF[e.kind].title;

const isText = (v: unknown) => typeof v === 'string';
const isTextOrNull = (v: unknown) => v === null || typeof v === 'string';

/** The stored kind and facts as an event, or null when they are not one this module renders (an older row). */
export function eventOf(kind: string | null | undefined, facts: unknown): BookingEvent | null {
  if (!kind || !(kind in NOTIFICATION_OF)) return null;
  const f = (typeof facts === 'string' ? safeParse(facts) : facts) as Record<string, unknown> | null;
  if (!f || typeof f !== 'object') return null;
  if (!isText(f.bookingNumber)) return null;
  const staff = (STAFF_EVENT_KINDS as readonly string[]).includes(kind);
  if (staff && !isTextOrNull(f.actorLabel ?? null)) return null;
  if (kind !== 'customer_erased') {
    if (!isTextOrNull(f.customerName ?? null) || !isText(f.facilityName)) return null;
    if (!isText(f.date) || !isText(f.startTime) || typeof f.startsAt !== 'number') return null;
    if (kind === 'subscription_created' && typeof f.weeks !== 'number') return null;
  }
  return {
    kind,
    facts: { ...f, customerName: f.customerName ?? null, actorLabel: f.actorLabel ?? null },
  } as BookingEvent;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A staff notification's title and message: rendered from its event, or the row's own text for a notification staff
 * wrote themselves (and any row older than the events that could not be read as one).
 */
export function notificationText(row: { kind?: string | null; facts?: unknown; title: string; message: string }) {
  const event = eventOf(row.kind, row.facts);
  return event
    ? { title: notificationTitle(event), message: notificationMessage(event) }
    : { title: row.title, message: row.message };
}

// ---------- the booking history ----------

/** A booking history row as the panel receives it. */
export interface HistoryLike {
  fromStatus: string | null;
  toStatus: string;
  /** What happened when the status stayed the same: the notes were edited, or the customer's data erased. */
  event: HistoryEvent | null;
  actorType: string;
  actorLabel: string | null;
}

const HISTORY_EVENT_LABELS: Record<HistoryEvent, string> = {
  notes: msg.notesUpdatedReason,
  erased: msg.customerAnonymised,
  payment: 'Ödeme kaydı',
  attendance: 'Katılım işaretlendi',
  hold_extended: 'Onay süresi uzatıldı',
  whatsapp: 'WhatsApp mesajı açıldı',
  // A closure moved it (docs/behaviour.md#closures): the row's reason says from where to where and why.
  moved: 'Rezervasyon taşındı',
};
const ACTORS: Record<string, string> = { customer: 'Müşteri', staff: 'Personel', system: 'Sistem' };
const statusText = (status: string) => STATUS_LABELS[bookingStatus(status)];

/** What a history row says happened: a status change by its two statuses, an event by itself. */
export function historyLabel(h: HistoryLike): string {
  if (h.event) return HISTORY_EVENT_LABELS[h.event];
  return h.fromStatus
    ? `${statusText(h.fromStatus)} → ${statusText(h.toStatus)}`
    : `Oluşturuldu: ${statusText(h.toStatus)}`;
}

/** Who did it: the name stored with the row, else the kind of actor. */
export const historyActor = (h: Pick<HistoryLike, 'actorType' | 'actorLabel'>) =>
  h.actorLabel || ACTORS[h.actorType] || h.actorType;

// ---------- the audit log ----------

/** A staff role as people read it (never 'Admin'/'Manager' on screen). */
export const ROLE_LABELS: Record<RoleType, string> = { admin: 'Yönetici', manager: 'Müdür' };

type Change<T> = { before: T; after: T };
type Changes = Record<string, Change<unknown>>;
type StaffFacts = { username: string };
type StaffChangeFacts = StaffFacts & { changes: { active?: Change<boolean>; role?: Change<RoleType> } };
type RangeFacts = { startDate: string; endDate: string };
type ServiceFacts = { name: string; facilityName: string; [key: string]: unknown };

/**
 * Every change the audit log records, by its kind ('what.how': the row's entity_kind and action) and its facts (the
 * row's details); the entity's name then is the row's entity_label. Facts that are a change keep it as before → after.
 */
export interface AuditFacts {
  'staff.create': StaffFacts & { changes: { role: Change<RoleType | null> } & Changes };
  'staff.update': StaffChangeFacts;
  'staff.role': StaffChangeFacts;
  'staff.enable': StaffChangeFacts;
  'staff.disable': StaffChangeFacts;
  'staff.reset_password': StaffFacts;
  'staff.sessions_ended': StaffFacts;
  'staff.own_password': StaffFacts;
  'settings.update': { changes: Changes };
  'facility.create': { imagesAdded: number };
  'facility.update': { fields: string[]; imagesAdded: number; imagesRemoved: number };
  'facility.activate': { changes: { isActive: Change<boolean> } };
  'facility.deactivate': { changes: { isActive: Change<boolean> } };
  'facility.delete': { cancelledBookings: number; force: boolean };
  'price_rule.update': { before: unknown[]; after: unknown[] };
  'service.create': ServiceFacts;
  'service.update': ServiceFacts;
  'service.delete': ServiceFacts;
  'slots.generate': RangeFacts & {
    overwrite: boolean;
    created: number;
    replaced: number;
    removed: number;
    kept: number;
  };
  'slots.reprice': RangeFacts & { repriced: number; unchanged: number; skippedBooked: number };
  // A booking's entity label is its number; its facts never hold the customer's name, phone or a free-text reason, so
  // an erasure leaves nothing personal here (the booking's history holds those and is erased with it).
  'booking.create': BookingAuditFacts & {
    channel: BookingChannel | null;
    status: 'approved' | 'pending';
    deposit: 'due' | 'received' | 'waived';
    sameDayOverride: boolean;
    /** The match's end and length (docs/behaviour.md#match-length); rows written before carry neither. */
    endTime?: string;
    duration?: number;
  };
  'booking.approve': BookingAuditFacts;
  'booking.reject': BookingAuditFacts;
  'booking.cancel': BookingAuditFacts;
  'booking.notes': BookingAuditFacts;
  'booking.payment': BookingAuditFacts & { paymentKind: PaymentKind; amount: number; method: PaymentMethod | null };
  'booking.payment_reverse': BookingAuditFacts & {
    paymentKind: PaymentKind;
    amount: number;
    method: PaymentMethod | null;
  };
  'booking.attendance': BookingAuditFacts & { attendance: AttendanceMark; before: AttendanceMark | null };
  'booking.hold_extend': BookingAuditFacts & { minutes: number; expiresAt: number };
  'booking.erase': Record<string, never>;
  'booking.subscription': BookingAuditFacts & { weeks: number };
  // A subscription's calendar feed (docs/behaviour.md#subscriptions): the label is its first booking's number.
  'subscription.feed_create': BookingAuditFacts;
  'subscription.feed_renew': BookingAuditFacts;
  'subscription.feed_revoke': BookingAuditFacts;
  // A player's rating (docs/behaviour.md#ratings): the label is the rated booking's number; staff hide or show its
  // comment, never its score.
  'rating.hide': BookingAuditFacts & { score: number };
  'rating.show': BookingAuditFacts & { score: number };
  // A closure (docs/behaviour.md#closures): the label is the pitches' names; no personal data in it.
  'closure.create': RangeFacts & {
    startTime: string | null;
    endTime: string | null;
    reason: string;
    cancelled: number;
    moved: number;
    slots: number;
  };
  'closure.lift': RangeFacts & { startTime: string | null; endTime: string | null; reason: string; reopened: number };
  // A booking a closure moved: where and when it plays now (its label is its number).
  'booking.move': BookingAuditFacts & { from: BookingAuditFacts };
}

/** Where and when the booking an audit row is about plays: its pitch and real start, never who holds it. */
export type BookingAuditFacts = Pick<BookingFacts, 'facilityName' | 'date' | 'startTime' | 'startsAt'>;
export type AuditEventKind = keyof AuditFacts;
export type AuditEvent = { [K in AuditEventKind]: { kind: K; label: string; facts: AuditFacts[K] } }[AuditEventKind];

/** An audit row as stored: the kind's two halves, the entity's name, the facts, and the text of a row written before. */
export interface AuditRowLike {
  entityKind: string;
  action: string;
  entityLabel: string | null;
  details: unknown;
  /** Rows written before the events hold their sentence here; a row written since holds ''. */
  summary?: string | null;
}

/** The two columns an event's kind is stored in: entity_kind and action. */
export const auditKindParts = (kind: AuditEventKind) => {
  const dot = kind.indexOf('.');
  return { entityKind: kind.slice(0, dot), action: kind.slice(dot + 1) };
};

/** Reads the facts a renderer needs; any that is missing or of the wrong type makes the row unreadable as an event. */
class Unreadable extends Error {}
function text(facts: Record<string, unknown>, key: string): string {
  const v = facts[key];
  if (typeof v !== 'string') throw new Unreadable(key);
  return v;
}
function num(facts: Record<string, unknown>, key: string): number {
  const v = facts[key];
  if (typeof v !== 'number') throw new Unreadable(key);
  return v;
}
function list(facts: Record<string, unknown>, key: string): unknown[] {
  const v = facts[key];
  if (!Array.isArray(v)) throw new Unreadable(key);
  return v;
}
function record(v: unknown): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Unreadable('object');
  return v as Record<string, unknown>;
}
const roleText = (v: unknown) => {
  if (v !== 'admin' && v !== 'manager') throw new Unreadable('role');
  return ROLE_LABELS[v];
};

type Facts = Record<string, unknown>;
const closureHours = (f: Facts) =>
  typeof f.startTime === 'string' && typeof f.endTime === 'string' ? `, ${f.startTime}–${f.endTime}` : ', tüm gün';
const closureReason = (f: Facts) => closureReasonLabel[text(f, 'reason') as ClosureReason] ?? text(f, 'reason');
const span = (f: Facts) => `${dottedDate(text(f, 'startDate'))} – ${dottedDate(text(f, 'endDate'))}`;
const staffName = (label: string, f: Facts) => `${label} (${text(f, 'username')})`;

function staffChanges(label: string, f: Facts) {
  const changes = record(f.changes);
  const parts: string[] = [];
  if (changes.active !== undefined)
    parts.push(record(changes.active).after ? 'etkinleştirildi' : 'devre dışı bırakıldı');
  if (changes.role !== undefined) {
    const role = record(changes.role);
    parts.push(`rolü ${roleText(role.before)} → ${roleText(role.after)} olarak değiştirildi`);
  }
  return `${staffName(label, f)} ${parts.join(', ')}`;
}

/** '— Saha A · 1 Aralık Salı 20:00': the booking's pitch and real start (the business night after midnight). */
function playing(f: Facts) {
  const startsAt = num(f, 'startsAt');
  const when = bookingWhenText({
    date: text(f, 'date'),
    startTime: text(f, 'startTime'),
    startsAt,
    endTime: typeof f.endTime === 'string' ? f.endTime : undefined,
    duration: typeof f.duration === 'number' ? f.duration : undefined,
  });
  return ` — ${text(f, 'facilityName')} · ${when}`;
}
const bookingLine = (verb: string) => (label: string, f: Facts) => `${verb}: ${label}${playing(f)}`;
const paymentKindText = (v: unknown) => {
  if (typeof v !== 'string' || !(v in PAYMENT_KIND_LABELS)) throw new Unreadable('paymentKind');
  return PAYMENT_KIND_LABELS[v as PaymentKind];
};
const methodText = (v: unknown) =>
  typeof v === 'string' && v in PAYMENT_METHOD_LABELS ? ` (${PAYMENT_METHOD_LABELS[v as PaymentMethod]})` : '';
const attendanceText = (v: unknown) => {
  if (v !== 'played' && v !== 'no_show') throw new Unreadable('attendance');
  return ATTENDANCE_LABELS[v];
};
const DEPOSIT_TEXT: Record<string, string> = {
  due: 'kapora bekleniyor',
  received: 'kapora alındı',
  waived: 'kapora alınmadı',
};

const service = (verb: string) => (_: string, f: Facts) => `${verb}: ${text(f, 'name')} (${text(f, 'facilityName')})`;
const active = (verb: string) => (label: string) => `Saha ${verb}: ${label}`;

/** Each kind's line, from the entity's name and the facts: the audit log's one text. */
const AUDIT_LINES: Record<AuditEventKind, (label: string, facts: Facts) => string> = {
  'staff.create': (label, f) =>
    `Personel hesabı oluşturuldu: ${label} (${text(f, 'username')}, ${roleText(record(record(f.changes).role).after)})`,
  'staff.update': staffChanges,
  'staff.role': staffChanges,
  'staff.enable': staffChanges,
  'staff.disable': staffChanges,
  'staff.reset_password': (label, f) => `${staffName(label, f)} için yeni şifre oluşturuldu; açık oturumları kapatıldı`,
  'staff.sessions_ended': (label, f) => `${staffName(label, f)} tüm oturumlarını kapattı`,
  'staff.own_password': (label, f) => `${staffName(label, f)} kendi şifresini değiştirdi; diğer oturumları kapatıldı`,
  'settings.update': (label, f) => {
    const changes = Object.entries(record(f.changes)).map(([key, c]) => {
      const { before, after } = record(c);
      return settingChangeText(key, { before, after });
    });
    return changes.length ? `${label} güncellendi: ${changes.join(', ')}` : `${label} değişiklik olmadan kaydedildi`;
  },
  'facility.create': (label, f) => {
    const images = num(f, 'imagesAdded');
    return `Saha oluşturuldu: ${label}${images ? ` (${images} görsel)` : ''}`;
  },
  'facility.update': (label, f) => {
    const fields = list(f, 'fields');
    const [added, removed] = [num(f, 'imagesAdded'), num(f, 'imagesRemoved')];
    const images = [added ? `${added} görsel eklendi` : '', removed ? `${removed} görsel kaldırıldı` : ''].filter(
      Boolean,
    );
    return `Saha güncellendi: ${label}${fields.length ? ` — ${fields.join(', ')}` : ''}${images.length ? ` (${images.join(', ')})` : ''}`;
  },
  'facility.activate': active('aktifleştirildi'),
  'facility.deactivate': active('pasifleştirildi'),
  'facility.delete': (label, f) => {
    const cancelled = num(f, 'cancelledBookings');
    return `Saha silindi: ${label}${cancelled > 0 ? ` (${cancelled} aktif rezervasyon iptal edildi)` : ''}`;
  },
  'price_rule.update': (label, f) =>
    `Fiyat kuralları kaydedildi: ${label} (${list(f, 'before').length} → ${list(f, 'after').length} kural)`,
  'service.create': service('Hizmet eklendi'),
  'service.update': service('Hizmet güncellendi'),
  'service.delete': service('Hizmet silindi'),
  'slots.generate': (label, f) =>
    `Slot oluşturuldu: ${label}, ${span(f)}${f.overwrite ? ' (üzerine yazarak)' : ''} — ${num(f, 'created')} yeni, ` +
    `${num(f, 'replaced')} yenilendi, ${num(f, 'removed')} kaldırıldı, ${num(f, 'kept')} korundu`,
  'slots.reprice': (label, f) =>
    `Fiyatlar uygulandı: ${label}, ${span(f)} — ${num(f, 'repriced')} slotun fiyatı güncellendi, ` +
    `${num(f, 'unchanged')} slot zaten günceldi, dolu ${num(f, 'skippedBooked')} slot korundu`,
  'booking.create': (label, f) => {
    const channel = typeof f.channel === 'string' ? BOOKING_CHANNEL_LABELS[f.channel as BookingChannel] : null;
    const parts = [
      channel,
      f.status === 'approved' ? 'onaylı' : 'onay bekliyor',
      DEPOSIT_TEXT[text(f, 'deposit')] ?? null,
      f.sameDayOverride ? 'aynı gün kuralı gerekçeyle aşıldı' : null,
    ].filter((p) => p !== null);
    return `Personel rezervasyonu: ${label}${playing(f)} (${parts.join(', ')})`;
  },
  'booking.approve': bookingLine('Rezervasyon onaylandı'),
  'booking.reject': bookingLine('Rezervasyon reddedildi'),
  'booking.cancel': bookingLine('Rezervasyon iptal edildi'),
  'booking.notes': bookingLine('Rezervasyon notu güncellendi'),
  'booking.payment': (label, f) =>
    `Ödeme kaydı: ${label}${playing(f)} — ${paymentKindText(f.paymentKind)} ${tlText(Math.abs(num(f, 'amount')))}${methodText(f.method)}`,
  'booking.payment_reverse': (label, f) =>
    `Ödeme kaydı geri alındı: ${label}${playing(f)} — ${paymentKindText(f.paymentKind)} ${tlText(Math.abs(num(f, 'amount')))}${methodText(f.method)}`,
  'booking.attendance': (label, f) =>
    `Katılım işaretlendi: ${label}${playing(f)} — ${f.before ? `${attendanceText(f.before)} → ` : ''}${attendanceText(f.attendance)}`,
  'booking.hold_extend': (label, f) =>
    `Onay süresi uzatıldı: ${label}${playing(f)} — ${num(f, 'minutes')} dk, yeni bitiş ${clockText(num(f, 'expiresAt'))}`,
  'booking.erase': (label) => `Müşteri bilgileri silindi (KVKK): ${label}`,
  'booking.subscription': (label, f) => `Abonelik oluşturuldu: ${label}${playing(f)} — ${num(f, 'weeks')} hafta`,
  'subscription.feed_create': bookingLine('Abonelik takvim bağlantısı oluşturuldu'),
  'subscription.feed_renew': bookingLine('Abonelik takvim bağlantısı yenilendi'),
  'subscription.feed_revoke': bookingLine('Abonelik takvim bağlantısı iptal edildi'),
  'rating.hide': (label, f) => `${bookingLine('Değerlendirme yorumu gizlendi')(label, f)} (${num(f, 'score')}/5)`,
  'rating.show': (label, f) =>
    `${bookingLine('Değerlendirme yorumu yeniden gösterildi')(label, f)} (${num(f, 'score')}/5)`,
  'closure.create': (label, f) =>
    `Kapanış: ${label}, ${span(f)}${closureHours(f)} (${closureReason(f)}) — ${num(f, 'slots')} slot kapatıldı, ` +
    `${num(f, 'cancelled')} rezervasyon iptal edildi, ${num(f, 'moved')} taşındı`,
  'closure.lift': (label, f) =>
    `Kapanış kaldırıldı: ${label}, ${span(f)}${closureHours(f)} (${closureReason(f)}) — ${num(f, 'reopened')} slot yeniden açıldı`,
  'booking.move': (label, f) => `${bookingLine('Rezervasyon kapanış nedeniyle taşındı')(label, f)}`,
};

export const AUDIT_EVENT_KINDS = Object.keys(AUDIT_LINES) as AuditEventKind[];

/** The event's line, as the writer sees it before storing: what auditLine renders from the stored row. */
export const auditEventLine = (e: AuditEvent) => AUDIT_LINES[e.kind](e.label, e.facts as unknown as Facts);

/**
 * What an audit row says happened. A row written before the events reads its own sentence; any other is rendered from
 * its kind and facts. A row this module cannot read as an event (a kind it does not know, a fact missing) names its
 * entity and action rather than fail the whole list.
 */
export function auditLine(row: AuditRowLike): string {
  if (row.summary) return row.summary;
  const kind = `${row.entityKind}.${row.action}`;
  const details = typeof row.details === 'string' ? safeParse(row.details) : row.details;
  if (kind in AUDIT_LINES && row.entityLabel !== null && details && typeof details === 'object') {
    try {
      return AUDIT_LINES[kind as AuditEventKind](row.entityLabel, details as Facts);
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
    }
  }
  return [row.entityLabel, row.action].filter(Boolean).join(' · ');
}
