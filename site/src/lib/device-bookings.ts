// What this device keeps of the player's own bookings (behaviour.md#public-site 'Rezervasyonlarım'): nothing here is
// sent anywhere, and clearing it loses nothing on the server. No imports: the pitch page and tracking load it at once.
//
// - localStorage 'hs:rezervasyonlarim': every booking made (or tracked by number) on this device: its number, pitch,
//   date and hours, and when it was made; the player removes a row with 'Bu cihazdan kaldır'.
// - sessionStorage 'hs:onay:<pitch slug>': the confirmation this tab showed, so a reload (or Android restoring a
//   dropped tab) shows it again. Only this tab sees it; it goes with 'Yeni Rezervasyon', and once the match has started.
// - sessionStorage 'hs:takip': the booking number tracking shows in this tab, handed over by a link (the confirmation,
//   'Rezervasyonlarım') and kept while it is on screen, so the number never goes into the address.

export interface DeviceBooking {
  bookingNumber: string;
  facilityName: string;
  facilitySlug: string;
  /** The business date (YYYY-MM-DD); `startsAt` gives the real calendar day of an after-midnight hour. */
  date: string;
  startTime: string;
  endTime: string;
  startsAt: string | null;
  /** When it was kept here (ISO). */
  madeAt: string;
}

/** A booking as the API answers it (create, track by number): the fields the device keeps. */
export interface BookingLike {
  bookingNumber: string;
  date: string;
  startTime: string;
  endTime: string;
  startsAt?: string | null;
  createdAt?: string | null;
  facility: { name: string; slug: string };
}

export const DEVICE_KEY = 'hs:rezervasyonlarim';
/** The oldest rows go beyond this many: a phone's list stays short and the status request small. */
export const DEVICE_MAX = 60;
export const CONFIRMATION_PREFIX = 'hs:onay:';
export const TRACK_KEY = 'hs:takip';

/** Storage may be missing or refuse (private mode, a full quota): the device then simply keeps nothing. */
function store(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function read<T>(kind: 'localStorage' | 'sessionStorage', key: string): T | null {
  try {
    const raw = store(kind)?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(kind: 'localStorage' | 'sessionStorage', key: string, value: unknown | null) {
  try {
    const s = store(kind);
    if (value === null) s?.removeItem(key);
    else s?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Nothing kept: the booking is still on the server, and its number on the screen.
  }
}

const isRow = (r: unknown): r is DeviceBooking =>
  typeof r === 'object' &&
  r !== null &&
  typeof (r as DeviceBooking).bookingNumber === 'string' &&
  typeof (r as DeviceBooking).facilityName === 'string' &&
  typeof (r as DeviceBooking).date === 'string';

/** The kept bookings, the most recently kept first. */
export function deviceBookings(): DeviceBooking[] {
  const list = read<unknown[]>('localStorage', DEVICE_KEY);
  return Array.isArray(list) ? list.filter(isRow) : [];
}

/** Keeps a booking on the device (again: it moves to the top, its facts refreshed). */
export function rememberBooking(b: BookingLike, now = Date.now()) {
  const rest = deviceBookings().filter((r) => r.bookingNumber !== b.bookingNumber);
  const before = deviceBookings().find((r) => r.bookingNumber === b.bookingNumber);
  const row: DeviceBooking = {
    bookingNumber: b.bookingNumber,
    facilityName: b.facility.name,
    facilitySlug: b.facility.slug,
    date: b.date,
    startTime: b.startTime.slice(0, 5),
    endTime: b.endTime.slice(0, 5),
    startsAt: b.startsAt ?? null,
    madeAt: before?.madeAt ?? b.createdAt ?? new Date(now).toISOString(),
  };
  write('localStorage', DEVICE_KEY, [row, ...rest].slice(0, DEVICE_MAX));
}

/** 'Bu cihazdan kaldır': the row goes from this device only; the booking itself is untouched. */
export function forgetBooking(bookingNumber: string) {
  write(
    'localStorage',
    DEVICE_KEY,
    deviceBookings().filter((r) => r.bookingNumber !== bookingNumber),
  );
}

// ---------- the confirmation of this tab ----------

/** Kept when the booking is made; shown again on a reload of the same pitch page in this tab. */
export function keepConfirmation<T extends { startsAt?: string | null }>(slug: string, booking: T) {
  write('sessionStorage', CONFIRMATION_PREFIX + slug, booking);
}

/** The confirmation this tab showed for the pitch, unless its match has started (then it is dropped). */
export function keptConfirmation<T extends { bookingNumber?: string; startsAt?: string | null }>(
  slug: string,
  now = Date.now(),
): T | null {
  const kept = read<T>('sessionStorage', CONFIRMATION_PREFIX + slug);
  if (!kept || typeof kept.bookingNumber !== 'string') return null;
  const start = kept.startsAt ? Date.parse(kept.startsAt) : Number.NaN;
  if (Number.isFinite(start) && start <= now) {
    dropConfirmation(slug);
    return null;
  }
  return kept;
}

export const dropConfirmation = (slug: string) => write('sessionStorage', CONFIRMATION_PREFIX + slug, null);

// ---------- the number tracking shows in this tab ----------

/** A link to tracking hands the number over here instead of in the address. */
export const handToTracking = (bookingNumber: string) => write('sessionStorage', TRACK_KEY, bookingNumber);
export const trackedHere = (): string | null => {
  try {
    return store('sessionStorage')?.getItem(TRACK_KEY) ?? null;
  } catch {
    return null;
  }
};
export const clearTrackedHere = () => write('sessionStorage', TRACK_KEY, null);
