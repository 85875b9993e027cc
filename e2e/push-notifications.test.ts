// 'Bildirim al' and the public service worker in real Chromium against the built Worker (docs/behaviour.md#notifications).
// Headless Chromium here cannot reach a browser push service, so two honest halves:
// - the real browser throughout: the permission, /sw.js registered with scope '/', the server's VAPID key, and the
//   browser's own pushManager.subscribe, which Chromium refuses in a playwright (off the record) context: the player
//   reads why, in Turkish, and nothing is stored;
// - pushManager.subscribe alone stood in (a subscription with a real P-256 key): the subscription reaches the server
//   (its row in D1), 'Bildirimler açık' survives a reload, 'Bildirimleri kapat' deletes the row.
// Then a push message shaped exactly as the server sends it is delivered to the registered worker through the DevTools
// protocol (ServiceWorker.deliverPushMessage), and the notification it shows has the right title, body, tag and page.
// The tap's logic is test/site/service-worker.test.ts (no protocol clicks a notification). At 360 px in both themes,
// axe clean, no console error. Every row made here is removed again.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_OPEN_URL, playerPush } from '../contracts/push-messages';
import { PUSH_TEXT } from '../site/src/components/booking/push-text';
import { axe } from './support/axe';
import { allowConsole, launch, newPage, origin, overflow, settle } from './support/browser';
import { openStateDb } from './support/long-data';
import { istanbulDate, queryDb } from './support/panel';

const PITCH = 'nilufer-arena-hali-saha';
const stamp = String(Date.now()).slice(-7);
const PHONES = [`0535${stamp}`, `0536${stamp}`];

let browser: Browser;
let close: () => Promise<void>;

interface Made {
  number: string;
  documentId: string;
  data: Record<string, unknown>;
}

async function book(phone: string, from: number): Promise<Made> {
  const pitch = (await (await fetch(`${origin()}/api/facilities/${PITCH}`)).json()) as { data: { documentId: string } };
  for (let offset = from; offset < from + 20; offset++) {
    const day = (await (
      await fetch(`${origin()}/api/facilities/${PITCH}/slots?date=${istanbulDate(offset)}`)
    ).json()) as {
      data: { slots: Array<{ documentId: string; isAvailable: boolean; startTime: string }> };
    };
    const slot = day.data.slots.find((s) => s.isAvailable && s.startTime >= '10:00');
    if (!slot) continue;
    const res = await fetch(`${origin()}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: origin() },
      body: JSON.stringify({
        facility: pitch.data.documentId,
        bookingSlot: slot.documentId,
        customerName: 'Bildirim Oyuncusu',
        customerPhone: phone,
      }),
    });
    const body = (await res.json()) as { data: (Record<string, unknown> & { bookingNumber: string }) | null };
    if (!body.data) continue;
    const [row] = queryDb<{ documentId: string }>(
      'select document_id as documentId from bookings where booking_number = ?',
      body.data.bookingNumber,
    );
    return { number: body.data.bookingNumber, documentId: row.documentId, data: body.data };
  }
  throw new Error(`no free slot on ${PITCH}`);
}

const subscriptionsOf = (number: string) =>
  queryDb<{ endpoint: string; p256dh: string }>(
    'select endpoint, p256dh from push_subscriptions where booking_id = (select id from bookings where booking_number = ?)',
    number,
  );

let tracked: Made;
let confirmed: Made;

beforeAll(async () => {
  ({ browser, close } = await launch());
  tracked = await book(PHONES[0], 9);
  confirmed = await book(PHONES[1], 11);
});

afterAll(async () => {
  const db = openStateDb();
  try {
    for (const phone of PHONES) {
      const ids = `select id from bookings where customer_phone = '${phone}'`;
      db.exec(`delete from push_subscriptions where booking_id in (${ids})`);
      db.exec(`delete from notifications where booking_id in (${ids})`);
      db.exec(`delete from booking_history where booking_id in (${ids})`);
      db.prepare('delete from bookings where customer_phone = ?').run(phone);
      db.prepare('delete from customer_stats where customer_id in (select id from customers where phone = ?)').run(
        phone,
      );
      db.prepare('delete from customers where phone = ?').run(phone);
    }
  } finally {
    db.close();
  }
  await close();
  for (const phone of PHONES) expect(queryDb('select id from bookings where customer_phone = ?', phone)).toEqual([]);
});

/** A browser subscription's public half as Chromium makes one: a P-256 point and a 16-byte secret, base64url. */
function fakeSubscription(theme: string) {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${theme}-${stamp}:${randomBytes(12).toString('base64url')}`,
    keys: { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function themed(
  theme: 'light' | 'dark',
  opts: { grant: boolean; standIn?: ReturnType<typeof fakeSubscription> },
) {
  const { page, context } = await newPage(browser, { theme, width: 360 });
  if (opts.grant) await context.grantPermissions(['notifications'], { origin: origin() });
  await page.addInitScript(
    ({ t, sub }) => {
      try {
        localStorage.setItem('theme', t);
      } catch {
        // a document without storage keeps the default
      }
      if (!sub || typeof PushManager === 'undefined') return;
      // Only the push service's part is stood in; it is kept in localStorage so that a reload finds it again.
      const KEY = 'e2e:push-subscription';
      const w = window as unknown as { subscribedWith: number[][] };
      w.subscribedWith = [];
      const make = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        getKey: () => null,
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      });
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        w.subscribedWith.push([...new Uint8Array(options?.applicationServerKey as ArrayBuffer)]);
        localStorage.setItem(KEY, '1');
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null;
    },
    { t: theme, sub: opts.standIn ?? null },
  );
  return { page, context };
}

const pushBox = (page: Page) => page.locator('[data-push-optin]');
const phase = (page: Page, value: string) => page.locator(`[data-push-optin][data-push-phase="${value}"]`).waitFor();

/** The public worker's registration as the DevTools protocol names it: its id, for deliverPushMessage. */
async function registrationId(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin()}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, id: await found };
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const shown = (await reg?.getNotifications()) ?? [];
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data }));
  });

describe.each(['light', 'dark'] as const)('at 360 px in the %s theme', (theme) => {
  it("tracking's 'Bildirim al': the subscription reaches the server, survives a reload, and a delivered push shows", async () => {
    const standIn = fakeSubscription(theme);
    const { page, context } = await themed(theme, { grant: true, standIn });
    await page.goto(`/rezervasyon-takip?q=${tracked.number}`);
    const view = page.getByRole('article');
    await view.getByRole('heading', { name: tracked.number }).waitFor();
    await phase(page, 'off');
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    // Nothing is registered before the press.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

    await view.getByRole('button', { name: PUSH_TEXT.turnOn }).click();
    await phase(page, 'on');
    await expect(pushBox(page).getByRole('status').textContent()).resolves.toBe(PUSH_TEXT.on);
    await expect(view.getByRole('button', { name: PUSH_TEXT.turnOff }).count()).resolves.toBe(1);
    const worker = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      return { scope: reg?.scope, script: reg?.active?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${origin()}/`, script: `${origin()}/sw.js` });
    // The VAPID key went to subscribe as its 65 bytes; the server stored the subscription for this booking.
    const key = (await (await fetch(`${origin()}/api/push/public-key`)).json()) as { data: { publicKey: string } };
    expect(await page.evaluate(() => (window as unknown as { subscribedWith: number[][] }).subscribedWith)).toEqual([
      [...Buffer.from(key.data.publicKey, 'base64url')],
    ]);
    expect(subscriptionsOf(tracked.number)).toEqual([{ endpoint: standIn.endpoint, p256dh: standIn.keys.p256dh }]);
    expect(page.url()).not.toContain(tracked.number);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axe(page)).toEqual([]);

    // A reload: the tab reopens the booking, and the browser's subscription with what the device keeps says 'on'.
    await page.reload();
    await view.getByRole('heading', { name: tracked.number }).waitFor();
    await phase(page, 'on');

    // A push as the server sends it, delivered to the worker by the DevTools protocol: the notification shows.
    const payload = playerPush(
      'approved',
      {
        facilityName: 'Nilüfer Arena',
        date: '2026-12-03',
        startTime: '21:00',
        startsAt: Date.parse('2026-12-03T18:00:00Z'),
      },
      tracked.documentId,
    );
    const { cdp, id } = await registrationId(context, page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: origin(),
      registrationId: id,
      data: JSON.stringify(payload),
    });
    await expect.poll(() => shownNotifications(page), { timeout: 10_000 }).toHaveLength(1);
    expect(await shownNotifications(page)).toEqual([
      {
        title: 'Rezervasyonunuz onaylandı',
        body: payload.body,
        tag: `rezervasyon-${tracked.documentId}`,
        icon: `${origin()}/bildirim-ikon.png`,
        data: { url: PUSH_OPEN_URL },
      },
    ]);
    expect(JSON.stringify(payload)).not.toContain(tracked.number);
    // A newer message of the same booking replaces the shown one.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: origin(),
      registrationId: id,
      data: JSON.stringify({ ...payload, title: 'Maçınız yaklaşıyor' }),
    });
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.title), { timeout: 10_000 })
      .toEqual(['Maçınız yaklaşıyor']);
    expect((await fetch(`${origin()}/bildirim-ikon.png`)).headers.get('content-type')).toBe('image/png');

    // 'Bildirimleri kapat': the server forgets the device, and the state says so.
    await view.getByRole('button', { name: PUSH_TEXT.turnOff }).click();
    await phase(page, 'off');
    await expect(pushBox(page).getByRole('status').textContent()).resolves.toBe(PUSH_TEXT.off);
    expect(subscriptionsOf(tracked.number)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("the confirmation's 'Bildirim al' with the browser's own push service: the failure reads in Turkish, nothing stored", async () => {
    const { page, context } = await themed(theme, { grant: true });
    // The browser's own refusal, logged by Chromium itself: a playwright context is off the record, where Chromium
    // does not offer the Push API at all. The page's answer to it is what this test reads.
    allowConsole(context, /does not support the Push API in incognito mode/);
    await page.addInitScript(
      ({ key, booking }) => {
        if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, booking);
      },
      { key: `hs:onay:${PITCH}`, booking: JSON.stringify(confirmed.data) },
    );
    await page.goto(`/saha/${PITCH}`);
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    await phase(page, 'off');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    await pushBox(page).getByRole('button', { name: PUSH_TEXT.turnOn }).click();
    const alert = pushBox(page).getByRole('alert');
    await alert.waitFor({ timeout: 40_000 });
    await expect(alert.textContent()).resolves.toBe(PUSH_TEXT.subscribeFailed);
    await phase(page, 'off');
    // The worker is there all the same, registered for the site's public pages.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope)).toBe(
      `${origin()}/`,
    );
    expect(subscriptionsOf(confirmed.number)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axe(page)).toEqual([]);
    await context.close();
  });
});

describe('without permission', () => {
  it('a refused question reads in Turkish and registers nothing', async () => {
    const { page, context } = await themed('light', { grant: false });
    await page.goto(`/rezervasyon-takip?q=${tracked.number}`);
    await page.getByRole('article').getByRole('heading', { name: tracked.number }).waitFor();
    await phase(page, 'off');
    await pushBox(page).getByRole('button', { name: PUSH_TEXT.turnOn }).click();
    const alert = pushBox(page).getByRole('alert');
    await alert.waitFor();
    // Headless Chromium answers a question nobody can see with 'denied'.
    expect(await alert.textContent()).toBe(PUSH_TEXT.denied);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(subscriptionsOf(tracked.number)).toEqual([]);
    await context.close();
  });
});
