// The waitlist's pushes to a waiting player's devices (docs/behaviour.md#waitlist): the offer (pitch, the real date and
// hour, the claim link) and the end of an entry whose slot was taken away; nothing else personal. Best effort after the
// change is written: a gone subscription (404/410) is deleted, any other failure is logged and dropped; without VAPID
// keys nothing is sent.
import { PUSH_OPEN_URL } from '../../../contracts/push-messages';
import { slotStartText } from '../../../contracts/slot-start';
import { waitlistPushTexts, waitlistTexts } from '../../../contracts/waitlist';
import type { EntryRow } from '../db/waitlist';
import { pushHost, sendPush, vapidKeysOf } from '../lib/web-push';
import { claimUrlOf } from './waitlist';

const hhmm = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', hour: '2-digit', minute: '2-digit', hour12: false })
    .format(new Date(ms))
    .replace('24:', '00:');

/** '<pitch> · 28 Kasım Cumartesi 21:00': the real calendar date of the start (an after-midnight hour is the next day). */
const whereOf = (name: string, date: string, startsAt: number) =>
  `${name} · ${slotStartText({ date, startTime: hhmm(startsAt), startsAt }, { year: false })}`;

interface Device {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

async function sendAll(env: Env, devices: Device[], payload: string, ttl: number, topic: string): Promise<number> {
  const vapid = vapidKeysOf(env);
  if (!vapid) return 0;
  let sent = 0;
  await Promise.all(
    devices.map(async (s) => {
      try {
        const target = { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } };
        const result = await sendPush(target, payload, { vapid, ttl, urgency: 'high', topic });
        if (result.outcome === 'sent') sent++;
        else if (result.outcome === 'gone')
          await env.DB.prepare('DELETE FROM waitlist_push_subscriptions WHERE id = ?').bind(s.id).run();
        else console.warn(`push ${result.outcome}`, pushHost(s.endpoint), result.status ?? '');
      } catch (e) {
        console.error('push send failed', pushHost(s.endpoint), e);
      }
    }),
  );
  return sent;
}

export async function pushOffers(env: Env, f: { slug: string; name: string }, offers: EntryRow[]): Promise<number> {
  if (!vapidKeysOf(env) || offers.length === 0) return 0;
  let sent = 0;
  for (const o of offers) {
    const { results: subs } = await env.DB.prepare(
      'SELECT id, endpoint, p256dh, auth FROM waitlist_push_subscriptions WHERE entry_id = ?',
    )
      .bind(o.id)
      .all<Device>();
    if (subs.length === 0) continue;
    const url = await claimUrlOf(env, o, f.slug);
    if (!url) continue;
    const payload = JSON.stringify({
      title: 'Sıra sizde!',
      body: `${whereOf(f.name, o.date, o.offer_starts_at!)} · ${waitlistTexts.offered(hhmm(o.offer_expires_at!))}`,
      url,
      tag: o.document_id,
    });
    const ttl = Math.max(60, Math.floor(((o.offer_expires_at ?? 0) - Date.now()) / 1000));
    sent += await sendAll(env, subs, payload, ttl, o.document_id);
  }
  return sent;
}

/** An entry whose slot was taken away, with its devices as they were before it ended (ending deletes them). */
export interface EndedEntry {
  entry: EntryRow;
  /** The pitch and start it waited for or held (its hold's when it had one). */
  facilityName: string;
  startsAt: number;
  devices: Device[];
}

/**
 * Tells each ended entry's devices that its slot is gone ('Beklediğiniz saat artık yok'), or, for a window entry whose
 * hold was taken away and who waits again, that its place is kept. The tap opens 'Rezervasyonlarım'; the tag replaces
 * a shown 'Sıra sizde!'.
 */
export async function pushEnded(env: Env, ended: EndedEntry[]): Promise<number> {
  if (!vapidKeysOf(env)) return 0;
  let sent = 0;
  for (const e of ended) {
    if (e.devices.length === 0) continue;
    const again = e.entry.status === 'waiting';
    const payload = JSON.stringify({
      title: again ? waitlistPushTexts.rewaitTitle : waitlistPushTexts.endedTitle,
      body: `${whereOf(e.facilityName, e.entry.date, e.startsAt)} · ${again ? waitlistPushTexts.rewait : waitlistPushTexts.ended}`,
      url: PUSH_OPEN_URL,
      tag: e.entry.document_id,
    });
    sent += await sendAll(env, e.devices, payload, 3600, e.entry.document_id);
  }
  return sent;
}
