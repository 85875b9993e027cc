// The bookings this device hears (docs/behaviour.md#notifications): localStorage 'hs:bildirimler', booking number → the
// browser's push address and the booking's start. The player's own, like 'Rezervasyonlarım': clearing it loses nothing
// on the server, which forgets the device a few hours after the booking is over. No imports.

export const PUSH_KEY = 'hs:bildirimler';

export type Kept = Record<string, { endpoint: string; startsAt: number }>;

/** A kept entry goes two days after its start: the server forgets the device a few hours after the end anyway. */
const KEEP_AFTER_START_MS = 2 * 24 * 3_600_000;

export function readKept(now = Date.now()): Kept {
  try {
    const raw = JSON.parse(localStorage.getItem(PUSH_KEY) ?? '{}') as Kept;
    const live: Kept = {};
    for (const [n, v] of Object.entries(raw ?? {}))
      if (typeof v?.endpoint === 'string' && typeof v.startsAt === 'number' && v.startsAt + KEEP_AFTER_START_MS > now)
        live[n] = v;
    return live;
  } catch {
    return {};
  }
}

export function writeKept(kept: Kept) {
  try {
    if (Object.keys(kept).length) localStorage.setItem(PUSH_KEY, JSON.stringify(kept));
    else localStorage.removeItem(PUSH_KEY);
  } catch {
    // Nothing kept: the server still knows the device, and 'Bildirimleri kapat' works again after a subscribe.
  }
}

/** The kept numbers that hear their booking here ('Rezervasyonlarım' marks them). */
export const pushOnNumbers = (now = Date.now()) => new Set(Object.keys(readKept(now)));
