// The read-only match page a booking's holder shares with the team (docs/behaviour.md#public-site 'Match page'): what it shows, the
// share answer and the Turkish texts. Nothing here is personal: no name, no phone, no booking number, no price owed.
import { TR_MONTHS, TR_WEEKDAYS } from './dates';

export const shareMsg = {
  notShareable: 'Yalnızca iptal edilmemiş ve henüz oynanmamış bir maç paylaşılabilir.',
  matchNotFound: 'Maç bulunamadı',
  cancelled: 'Bu maç iptal edildi',
  played: 'Bu maç oynandı',
  pending: 'Saha onayı bekleniyor',
  approved: 'Saha onayladı',
};

/** on: still to be played; cancelled: cancelled, rejected or expired; played: its start has passed. */
export type MatchState = 'on' | 'cancelled' | 'played';

/** The match page's facts: the pitch, when, where, and whether it is still on. */
export interface MatchWire {
  state: MatchState;
  /** Still waiting for the venue's approval (a live, unapproved hold). */
  awaitingApproval: boolean;
  /** The business date the booking is grouped under (YYYY-MM-DD). */
  date: string;
  /** The real start instant (ISO): an after-midnight slot is played on the next calendar day. */
  startsAt: string;
  startTime: string;
  endTime: string;
  facility: {
    name: string;
    /** Null when the pitch is no longer listed: then the page links nowhere. */
    slug: string | null;
    address: string | null;
    location: string | null;
    mapUrl: string | null;
  };
  /** The pitch's first photo (a site path), with its size when known. */
  image: { url: string; width: number | null; height: number | null; alt: string } | null;
}

/** POST /api/bookings/track/:bookingNumber/share: the match page's address and the message to send with it. */
export interface ShareWire {
  /** The absolute address of the match page. */
  url: string;
  /** 'Perşembe 27 Kasım, 21:00–22:00 · Saha adı'. */
  title: string;
  /** The message without the address (the system share sheet adds the address itself). */
  text: string;
  /** The whole message with the address, for WhatsApp and copying. */
  message: string;
}

const hhmm = (t: string) => t.slice(0, 5);

/** '21:00–22:00'. */
export const hourRange = (m: Pick<MatchWire, 'startTime' | 'endTime'>) => `${hhmm(m.startTime)}–${hhmm(m.endTime)}`;

/** 'Perşembe 27 Kasım' for a calendar date YYYY-MM-DD. */
export function matchDay(calendarDate: string): string {
  const d = new Date(calendarDate + 'T00:00:00Z');
  return `${TR_WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${TR_MONTHS[d.getUTCMonth()]}`;
}

/** The page title and the preview's: 'Perşembe 27 Kasım, 21:00–22:00 · Saha adı'. */
export const matchTitle = (m: Pick<MatchWire, 'startTime' | 'endTime'>, calendarDate: string, pitch: string) =>
  `${matchDay(calendarDate)}, ${hourRange(m)} · ${pitch}`;

/** The message the team receives: pitch, day and date, hours, address and map; then the match page's address. */
export function shareMessage(m: MatchWire, calendarDate: string, url: string): Omit<ShareWire, 'url'> {
  const lines = [
    `⚽ Maç: ${m.facility.name}`,
    `📅 ${matchDay(calendarDate)}, ${hourRange(m)}`,
    ...(m.facility.address ? [`📍 ${m.facility.address}`] : []),
    ...(m.facility.mapUrl ? [`Harita: ${m.facility.mapUrl}`] : []),
  ];
  const text = lines.join('\n');
  return { title: matchTitle(m, calendarDate, m.facility.name), text, message: `${text}\nMaç sayfası: ${url}` };
}
