// iCalendar (RFC 5545) text for 'Takvime ekle' and the subscriber's calendar feed: pure, no dependency, for the worker
// and the site alike. Times are written in Europe/Istanbul (UTC+3 all year since 2016, one fixed VTIMEZONE) from the
// real start instant, so an after-midnight hour lands on its real calendar day (docs/behaviour.md#bookings).
import { ISTANBUL_OFFSET_MS } from './dates';

export const ICS_TZID = 'Europe/Istanbul';
export const ICS_PRODID = '-//Halı Saha//Rezervasyon//TR';
/**
 * The reminder of a live booking: two hours before the start, time enough to gather the team and travel; the phone's
 * own calendar shows it even when the site is never opened again.
 */
export const ICS_ALARM_MINUTES = 120;

export type IcsStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

export interface IcsEvent {
  /** Stable per booking ('<documentId>@<host>'): a calendar app updates the same entry when the feed changes it. */
  uid: string;
  /** When this copy was written (ms). */
  stamp: number;
  /** The booking's last change (ms), if known. */
  lastModified?: number | null;
  /** Real instants (ms): the start, and the end (after the start). */
  start: number;
  end: number;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  status: IcsStatus;
  /** A display alarm this many minutes before the start; none when absent. */
  alarmMinutes?: number | null;
  alarmText?: string;
}

export interface IcsCalendar {
  /** The feed's name (X-WR-CALNAME), for a subscribed calendar. */
  name?: string | null;
  /** How often a calendar app should poll a feed, in minutes (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshMinutes?: number | null;
  events: IcsEvent[];
}

/** Control characters other than tab and line breaks: not allowed in a content line. */
const dropControls = (value: string) =>
  [...value]
    .filter((ch) => {
      const c = ch.charCodeAt(0);
      return !((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127);
    })
    .join('');

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break as \n, controls dropped. */
export function escapeText(value: string): string {
  return dropControls(value)
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A URI value: not escaped (a comma belongs to it), but never a line break or a control character. */
const uriValue = (value: string) => dropControls(value).replace(/[\r\n]/g, '');

const utf8Length = (ch: string) => {
  const c = ch.codePointAt(0) ?? 0;
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
};

/**
 * One content line folded at 75 octets (RFC 5545 3.1): each continuation starts with a space, which counts towards its
 * 75. Split between characters only, never inside a multi-byte UTF-8 sequence ('ı', 'ş', an emoji).
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = utf8Length(ch);
    if (octets + n > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join('\r\n');
}

const pad = (n: number) => String(n).padStart(2, '0');
const stampOf = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;

/** A UTC DATE-TIME: '20261127T213000Z'. */
export const utcDateTime = (ms: number) => `${stampOf(new Date(ms))}Z`;
/** An Istanbul wall-clock DATE-TIME for TZID=Europe/Istanbul: '20261128T003000'. */
export const istanbulDateTime = (ms: number) => stampOf(new Date(ms + ISTANBUL_OFFSET_MS));

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The real end instant of a slot from its real start and its clock times: an end at or before the start ('00:00' or
 * '24:00' after '23:00') runs past midnight, as the pitch's working hours read (docs/behaviour.md#bookings).
 */
export function slotEndInstant(startsAt: number, startTime: string, endTime: string): number {
  const minutes = (minutesOf(endTime) - minutesOf(startTime) + 1440) % 1440 || 1440;
  return startsAt + minutes * 60_000;
}

// The fixed offset since 7 September 2016; every booking is later than that.
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${ICS_TZID}`,
  'BEGIN:STANDARD',
  'DTSTART:20160907T000000',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0300',
  'TZNAME:+03',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function eventLines(e: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${uriValue(e.uid)}`,
    `DTSTAMP:${utcDateTime(e.stamp)}`,
    ...(e.lastModified ? [`LAST-MODIFIED:${utcDateTime(e.lastModified)}`] : []),
    `DTSTART;TZID=${ICS_TZID}:${istanbulDateTime(e.start)}`,
    `DTEND;TZID=${ICS_TZID}:${istanbulDateTime(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.url ? [`URL:${uriValue(e.url)}`] : []),
    `STATUS:${e.status}`,
    // A cancelled entry stays in a feed (the app crosses it out) but is not busy time.
    `TRANSP:${e.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`,
  ];
  if (e.alarmMinutes && e.status !== 'CANCELLED')
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `TRIGGER:-PT${e.alarmMinutes}M`,
      `DESCRIPTION:${escapeText(e.alarmText ?? e.summary)}`,
      'END:VALARM',
    );
  lines.push('END:VEVENT');
  return lines;
}

/** A whole VCALENDAR: CRLF line ends (the last line too), every line folded at 75 octets. */
export function buildIcs(cal: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${ICS_PRODID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(cal.name ? [`X-WR-CALNAME:${escapeText(cal.name)}`, `X-WR-TIMEZONE:${ICS_TZID}`] : []),
    ...(cal.refreshMinutes
      ? [`REFRESH-INTERVAL;VALUE=DURATION:PT${cal.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${cal.refreshMinutes}M`]
      : []),
    ...VTIMEZONE,
    ...cal.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
