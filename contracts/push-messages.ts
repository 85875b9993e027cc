// What a booking's holder reads in a Web Push notification (docs/behaviour.md#notifications), rendered here from the
// booking's facts alone: the pitch, the real start, and for a rejection the venue's reason. Never the holder's phone,
// name or booking number: the notification opens the device's own list, 'Rezervasyonlarım', where the number is kept
// and every kept booking shows its live status. No zod here.
import { type BookingFacts, bookingWhenText } from './events';

/** The events a holder hears of, the reminder before the start and, after the played match, the ask to rate it. */
export type PlayerPushKind =
  | 'approved'
  | 'rejected'
  | 'hold_expiring'
  | 'expired'
  | 'cancelled_by_venue'
  | 'reminder'
  | 'rate'
  | 'moved'
  | 'closed';

/** The facts a push is rendered from: where and when the booking is, and what the event adds. */
export type PlayerPushFacts = Pick<
  BookingFacts,
  'facilityName' | 'date' | 'startTime' | 'startsAt' | 'endTime' | 'duration'
> & {
  /** The venue's reason for a rejection. */
  reason?: string | null;
  /** A hold's deadline (ms), for 'hold_expiring'. */
  expiresAt?: number | null;
  /** A closure's reason label and public note, for 'moved' and 'closed' (docs/behaviour.md#closures). */
  closure?: string | null;
};

/** The JSON the service worker receives: it shows title and body, opens url, and replaces a shown one with the same tag. */
export interface PlayerPushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * What a tap on any notification opens: the same address for every booking, so nothing in it names one (the payload
 * carries no number, and a documentId in an address would be one more key to a booking).
 */
export const PUSH_OPEN_URL = '/rezervasyonlarim';
/** A reason is cut here: a push stays small, and tracking shows the whole text. */
export const PUSH_REASON_MAX = 160;

export const pushTitles: Record<PlayerPushKind, string> = {
  approved: 'Rezervasyonunuz onaylandı',
  rejected: 'Rezervasyonunuz reddedildi',
  hold_expiring: 'Rezervasyonunuzun süresi dolmak üzere',
  expired: 'Rezervasyonunuzun süresi doldu',
  cancelled_by_venue: 'Rezervasyonunuz tesis tarafından iptal edildi',
  reminder: 'Maçınız yaklaşıyor',
  rate: 'Maçınız nasıldı?',
  moved: 'Rezervasyonunuz taşındı',
  closed: 'Saha kapalı: rezervasyonunuz iptal edildi',
};

/** An instant's Istanbul wall-clock time, 'HH:MM' (UTC+3, no daylight saving). */
const clockText = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(11, 16);

const reasonText = (reason: string | null | undefined) => {
  const text = (reason ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > PUSH_REASON_MAX ? `${text.slice(0, PUSH_REASON_MAX - 1)}…` : text;
};

/**
 * '<pitch> · 27 Kasım Perşembe 21:00': the real calendar date, the business night after midnight; a match longer than
 * an hour with its range, '20:00–22:00' (docs/behaviour.md#match-length).
 */
export const pushWhere = (f: PlayerPushFacts) => `${f.facilityName} · ${bookingWhenText(f, { year: false })}`;

function pushBody(kind: PlayerPushKind, f: PlayerPushFacts): string {
  const where = pushWhere(f);
  switch (kind) {
    case 'rejected': {
      const reason = reasonText(f.reason);
      return reason ? `${where} · Neden: ${reason}` : where;
    }
    case 'hold_expiring':
      return f.expiresAt
        ? `${where} · Onaylanmazsa ${clockText(f.expiresAt)} itibarıyla düşecek`
        : `${where} · Onaylanmazsa birazdan düşecek`;
    case 'expired':
      return `${where} · Onaylanmadığı için düştü`;
    case 'cancelled_by_venue':
      return `${where} · Ayrıntılar için tesisle iletişime geçin`;
    case 'rate':
      return `${where} · Sahayı değerlendirmek için dokunun`;
    // A closure: 'moved' tells the new place and time, 'closed' the cancelled one; both the public reason and note.
    case 'moved':
    case 'closed': {
      const why = reasonText(f.closure);
      return why ? `${where} · ${why}` : where;
    }
    default:
      return where;
  }
}

/** The one payload of an event: `tag` is per booking (its documentId), never its number. */
export function playerPush(kind: PlayerPushKind, facts: PlayerPushFacts, tag: string): PlayerPushPayload {
  return { title: pushTitles[kind], body: pushBody(kind, facts), url: PUSH_OPEN_URL, tag: `rezervasyon-${tag}` };
}
