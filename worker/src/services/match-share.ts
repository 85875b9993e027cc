// 'Takıma gönder' and the read-only match page /mac/<token> (docs/behaviour.md#public-site 'Match page'). The holder proves the
// booking is theirs with its number, as tracking does, and receives a separate random token: the number, the key that
// cancels, never leaves the holder's hands. The page shows the pitch, the real date and the hours, nothing personal.
import { pitchMap } from '../../../contracts/map-link';
import { type MatchWire, type ShareWire, shareMessage, shareMsg } from '../../../contracts/match-share';
import { msg } from '../../../contracts/messages';
import { calendarDateOf } from '../../../contracts/slot-start';
import type { Db } from '../db/client';
import * as store from '../db/match-share';
import { isUniqueRefusal } from '../db/unique';
import { conflict, notFound } from '../lib/errors';
import { isoInstant } from '../lib/time';
import { imageUrl } from './facilities';

const TOKEN_BYTES = 18; // 144 bits

/** A fresh token: random bytes as base64url (24 characters, no padding). */
export function newShareToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The shape of a token this service makes: anything else is not looked up. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{24}$/;

const isLive = (r: store.MatchRow, now: number) =>
  (r.status === 'pending' || r.status === 'approved') && r.startsAt > now;

async function toWire(db: Db, r: store.MatchRow, now: number): Promise<MatchWire> {
  const image = await store.firstImage(db, r.facilityId);
  const ended = r.status === 'cancelled' || r.status === 'rejected' || r.status === 'expired';
  return {
    state: ended ? 'cancelled' : r.startsAt <= now ? 'played' : 'on',
    awaitingApproval: r.status === 'pending',
    date: r.date,
    startsAt: isoInstant(r.startsAt)!,
    startTime: r.startTime,
    endTime: r.endTime,
    facility: {
      name: r.name,
      slug: r.isActive ? r.slug : null,
      address: r.address,
      location: r.location,
      mapUrl: pitchMap(r.googleMapsLocation, r.latitude, r.longitude, r.address).link,
    },
    image: image
      ? { url: imageUrl(image.key), width: image.width, height: image.height, alt: image.alternativeText ?? r.name }
      : null,
  };
}

/** The match page of a token; null when no booking has it (never made, or erased). */
export async function matchByToken(db: Db, token: string, now: number): Promise<MatchWire | null> {
  if (!SHARE_TOKEN.test(token)) return null;
  const row = await store.matchByToken(db, token);
  return row ? toWire(db, row, now) : null;
}

/**
 * The token of a booking, made on its first share; a later share answers the same one. Of two first shares racing,
 * the write that lands second changes nothing and answers the first one's token. A fresh token that another booking
 * already holds (the unique index refuses it; 144 random bits make it all but impossible) is drawn again.
 */
async function tokenOf(db: Db, row: store.MatchRow): Promise<string> {
  if (row.shareToken) return row.shareToken;
  for (let attempt = 0; ; attempt++) {
    const token = newShareToken();
    try {
      if (await store.setShareToken(db, row.id, token)) return token;
    } catch (e) {
      if (attempt < 2 && isUniqueRefusal(e, 'bookings.share_token')) continue;
      throw e;
    }
    const set = await store.shareTokenOf(db, row.id);
    if (!set) throw notFound(msg.bookingNotFound);
    return set;
  }
}

/**
 * 'Takıma gönder' by the booking number: the match page's absolute address under `origin` and the message. Only a live
 * booking (pending or approved, not yet started) is shared; an ended one is refused with a Turkish 409.
 */
export async function shareBooking(db: Db, bookingNumber: string, origin: string, now: number): Promise<ShareWire> {
  const row = await store.matchByNumber(db, bookingNumber);
  if (!row) throw notFound(msg.bookingNotFound);
  if (!isLive(row, now)) throw conflict(shareMsg.notShareable, { status: row.status });
  const [token, match] = await Promise.all([tokenOf(db, row), toWire(db, row, now)]);
  const url = new URL(`/mac/${token}`, origin).href;
  return { url, ...shareMessage(match, calendarDateOf(match), url) };
}

/** The site's one origin: SITE_URL when set and well formed, else the request's own. */
export function siteOrigin(siteUrl: string | undefined, requestUrl: string): string {
  try {
    if (siteUrl) return new URL(siteUrl).origin;
  } catch {
    // a malformed SITE_URL leaves the request's own origin
  }
  return new URL(requestUrl).origin;
}
