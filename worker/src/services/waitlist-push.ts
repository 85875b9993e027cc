// The offer's push to a waiting player's devices (docs/behaviour.md#waitlist): pitch, day, hour and the claim link;
// nothing else personal. Best effort after the offer is written: a gone subscription (404/410) is deleted, any other
// failure is logged and dropped; without VAPID keys nothing is sent.
import { waitlistTexts } from '../../../contracts/waitlist';
import type { EntryRow } from '../db/waitlist';
import { pushHost, sendPush, vapidKeysOf } from '../lib/web-push';
import { claimUrlOf } from './waitlist';

const hhmm = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', hour: '2-digit', minute: '2-digit', hour12: false })
    .format(new Date(ms))
    .replace('24:', '00:');

export async function pushOffers(env: Env, f: { slug: string; name: string }, offers: EntryRow[]): Promise<number> {
  const vapid = vapidKeysOf(env);
  if (!vapid || offers.length === 0) return 0;
  let sent = 0;
  for (const o of offers) {
    const { results: subs } = await env.DB.prepare(
      'SELECT id, endpoint, p256dh, auth FROM waitlist_push_subscriptions WHERE entry_id = ?',
    )
      .bind(o.id)
      .all<{ id: number; endpoint: string; p256dh: string; auth: string }>();
    if (subs.length === 0) continue;
    const url = await claimUrlOf(env, o, f.slug);
    if (!url) continue;
    const payload = JSON.stringify({
      title: 'Sıra sizde!',
      body: `${f.name} · ${o.date} ${hhmm(o.offer_starts_at!)} · ${waitlistTexts.offered(hhmm(o.offer_expires_at!))}`,
      url,
      tag: o.document_id,
    });
    const ttl = Math.max(60, Math.floor(((o.offer_expires_at ?? 0) - Date.now()) / 1000));
    await Promise.all(
      subs.map(async (s) => {
        try {
          const target = { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } };
          const result = await sendPush(target, payload, { vapid, ttl, urgency: 'high', topic: o.document_id });
          if (result.outcome === 'sent') sent++;
          else if (result.outcome === 'gone')
            await env.DB.prepare('DELETE FROM waitlist_push_subscriptions WHERE id = ?').bind(s.id).run();
          else console.warn(`push ${result.outcome}`, pushHost(s.endpoint), result.status ?? '');
        } catch (e) {
          console.error('push send failed', pushHost(s.endpoint), e);
        }
      }),
    );
  }
  return sent;
}
