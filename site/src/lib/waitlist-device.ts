// The waitlist entries this device keeps (docs/behaviour.md#waitlist), like its bookings ('Rezervasyonlarım'):
// localStorage 'hs:bekleme', each entry's key (the holder's only handle, as a booking number is), its pitch, day and
// hours. Nothing else: no name, no phone. Clearing it loses nothing on the server. No imports: the pitch page reads it.
//
// sessionStorage 'hs:hak': the claim secret of the claim link this tab opened, with its pitch and slot, so the booking
// form sends it; it never goes into the address or a history entry once read.

export interface DeviceWaitEntry {
  key: string;
  kind: 'slot' | 'window';
  /** The pitch's name (a window entry: the pitches' names joined) and slug (a window entry: null). */
  facilityName: string;
  facilitySlug: string | null;
  /** Business day (YYYY-MM-DD), the start (or the window's first and last start), HH:MM. */
  date: string;
  from: string;
  to: string;
  madeAt: string;
}

export const WAIT_KEY = 'hs:bekleme';
export const WAIT_MAX = 30;
export const CLAIM_KEY = 'hs:hak';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

const isEntry = (r: unknown): r is DeviceWaitEntry =>
  typeof r === 'object' &&
  r !== null &&
  typeof (r as DeviceWaitEntry).key === 'string' &&
  typeof (r as DeviceWaitEntry).facilityName === 'string' &&
  typeof (r as DeviceWaitEntry).date === 'string';

export function deviceWaitEntries(): DeviceWaitEntry[] {
  try {
    const list = JSON.parse(storage('localStorage')?.getItem(WAIT_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function writeEntries(list: DeviceWaitEntry[]) {
  try {
    if (list.length) storage('localStorage')?.setItem(WAIT_KEY, JSON.stringify(list.slice(0, WAIT_MAX)));
    else storage('localStorage')?.removeItem(WAIT_KEY);
  } catch {
    // Nothing kept: the entry is still on the server, its answer on the screen.
  }
}

/** An entry as the API answers it (contracts/waitlist.ts WaitlistEntryWire): the fields the device keeps. */
export interface WaitEntryLike {
  key: string;
  createdAt?: string;
  target: {
    kind: 'slot' | 'window';
    date: string;
    from: string;
    to: string;
    facilities: { slug: string; name: string }[];
  };
}

export function rememberWaitEntry(e: WaitEntryLike, now = Date.now()) {
  const t = e.target;
  const row: DeviceWaitEntry = {
    key: e.key,
    kind: t.kind,
    facilityName: t.facilities.map((f) => f.name).join(', '),
    facilitySlug: t.kind === 'slot' ? (t.facilities[0]?.slug ?? null) : null,
    date: t.date,
    from: t.from.slice(0, 5),
    to: t.to.slice(0, 5),
    madeAt: e.createdAt ?? new Date(now).toISOString(),
  };
  writeEntries([row, ...deviceWaitEntries().filter((r) => r.key !== e.key)]);
}

export function forgetWaitEntry(key: string) {
  writeEntries(deviceWaitEntries().filter((r) => r.key !== key));
}

// ---------- the claim link this tab opened ----------

export interface KeptClaim {
  slug: string;
  slot: string;
  secret: string;
  /** Minutes of the match the hold is for, when the link named it. */
  sure: number | null;
  /** The slot's business day (YYYY-MM-DD): the calendar opens on it. */
  day: string;
}

export function keepClaim(c: KeptClaim) {
  try {
    storage('sessionStorage')?.setItem(CLAIM_KEY, JSON.stringify(c));
  } catch {
    // Kept in memory only: a reload asks for the link again.
  }
}

export function keptClaim(slug: string): KeptClaim | null {
  try {
    const c = JSON.parse(storage('sessionStorage')?.getItem(CLAIM_KEY) ?? 'null') as KeptClaim | null;
    return c && c.slug === slug && typeof c.secret === 'string' && typeof c.slot === 'string' ? c : null;
  } catch {
    return null;
  }
}

export function dropClaim() {
  try {
    storage('sessionStorage')?.removeItem(CLAIM_KEY);
  } catch {
    // Nothing was kept.
  }
}
