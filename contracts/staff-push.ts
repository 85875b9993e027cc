// Staff push (docs/behaviour.md#notifications 'Staff push'): what a staff member's device hears while the panel is
// closed, and the texts it reads. A payload travels through a third-party push service: it names the pitch, the real
// date and hour and the kind of event, never the customer (no name, no phone) and never the booking number; the click
// opens the panel page of the booking by its documentId. No zod here: the panel's switch imports the texts.
import type { EventKind } from './events';
import { type PlayerPushFacts, pushWhere } from './push-messages';

/** What buzzes a staff phone: a new booking, a cancellation, a hold about to expire. */
export type StaffPushKind = 'new_booking' | 'new_subscription' | 'cancelled' | 'hold_expiring';

/**
 * The staff notifications that also go to staff devices. A booking, a subscription or a cancellation made by a staff
 * member goes to every staff device but that staff member's own.
 */
export const STAFF_PUSH_OF: Partial<Record<EventKind, StaffPushKind>> = {
  booking_created: 'new_booking',
  booking_created_by_staff: 'new_booking',
  subscription_created: 'new_subscription',
  booking_cancelled_by_customer: 'cancelled',
  booking_cancelled_by_staff: 'cancelled',
  hold_expiring: 'hold_expiring',
};

export const STAFF_PUSH_EVENT_KINDS = Object.keys(STAFF_PUSH_OF) as EventKind[];

export const staffPushTitles: Record<StaffPushKind, string> = {
  new_booking: 'Yeni rezervasyon',
  new_subscription: 'Yeni abonelik',
  cancelled: 'Rezervasyon iptal edildi',
  hold_expiring: 'Onay süresi doluyor',
};

/** The panel page a notification opens. */
export const STAFF_PUSH_BOOKINGS_URL = '/yonetim/rezervasyonlar';

/** The JSON the panel's service worker receives (site/public/yonetim/sw.js). */
export interface StaffPushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** An instant's Istanbul wall-clock time, 'HH:MM' (UTC+3, no daylight saving). */
const clockText = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(11, 16);

function staffPushBody(kind: StaffPushKind, f: PlayerPushFacts): string {
  const where = pushWhere(f);
  if (kind === 'hold_expiring')
    return f.expiresAt ? `${where} · Onaylanmazsa ${clockText(f.expiresAt)} itibarıyla düşecek` : where;
  if (kind === 'new_subscription') return `${where} · Haftalık`;
  return where;
}

/** The one payload of an event; `documentId` is the booking's (its detail opens in Rezervasyonlar), never its number. */
export function staffPush(kind: StaffPushKind, facts: PlayerPushFacts, documentId: string): StaffPushPayload {
  return {
    title: staffPushTitles[kind],
    body: staffPushBody(kind, facts),
    url: `${STAFF_PUSH_BOOKINGS_URL}?booking=${encodeURIComponent(documentId)}`,
    tag: `yonetim-${documentId}`,
  };
}

/** The switch in the bell, and the refusals of the staff push routes. */
export const staffPushTexts = {
  toggle: 'Bu cihaza bildirim gönder',
  hint: 'Panel kapalıyken yeni rezervasyon, iptal ve dolmak üzere olan onay süreleri bu cihaza bildirim olarak gelir.',
  unsupported: 'Bu tarayıcı bildirimleri desteklemiyor',
  installHint: "iPhone ve iPad'de önce paneli Ana Ekrana ekleyin, sonra buradan açın.",
  denied: 'Bildirim izni verilmedi: tarayıcı ayarlarından bu site için bildirimlere izin verin.',
  failed: 'Bildirim ayarı değiştirilemedi, tekrar deneyin.',
  on: 'Bu cihaza bildirim gönderilecek',
  off: 'Bu cihaza bildirim gönderilmiyor',
} as const;

/** POST /api/push/staff/status: whether this device's endpoint hears the staff events in this session. */
export interface StaffPushStatusWire {
  subscribed: boolean;
}
