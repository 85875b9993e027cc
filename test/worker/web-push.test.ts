// The Web Push sending core (worker/src/lib/web-push): RFC 8291's own example byte for byte, and the local push service
// (fixtures/push-service.ts, a Node HTTP server the Worker's fetch reaches) that checks the VAPID JWT and the headers
// and decrypts what sendPush posts with the subscription's private key; tampered messages are refused there.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToBase64url } from '../../contracts/base64url';
import { pushSubscriptionSchema, pushTexts } from '../../contracts/push';
import { app } from '../../worker/src/app';
import {
  encryptPayload,
  importEcdhKeyPair,
  MAX_PAYLOAD_BYTES,
  PushPayloadTooLargeError,
  sendPush,
  vapidAuthorization,
} from '../../worker/src/lib/web-push';
import { type Answer, api, expectError, json } from './fixtures';
import {
  browserSubscription,
  bytes,
  decryptAsBrowser,
  ENDPOINT,
  freshEndpoint,
  playPushService,
  pushArrivals,
  vapid,
} from './fixtures/push-service';

const text = new TextEncoder();

/** RFC 8291 §5 and Appendix A, verbatim. */
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3j' +
    'l7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RFC 8291 encryption', () => {
  it("reproduces the RFC's example body byte for byte (its keys and salt injected)", async () => {
    const serverKeys = await importEcdhKeyPair(RFC.asPublic, RFC.asPrivate);
    const body = await encryptPayload(
      text.encode(RFC.plaintext),
      { p256dh: RFC.uaPublic, auth: RFC.auth },
      { salt: bytes(RFC.salt), serverKeys },
    );
    expect(bytesToBase64url(body)).toBe(RFC.body);
    // The 86-byte header: salt, rs = 4096, idlen = 65, the server's public key.
    expect(bytesToBase64url(body.slice(0, 16))).toBe(RFC.salt);
    expect([...body.slice(16, 21)]).toEqual([0, 0, 0x10, 0, 65]);
    expect(bytesToBase64url(body.slice(21, 86))).toBe(RFC.asPublic);
  });

  it("the test's browser side decrypts the RFC's body with the RFC's private key (the decryptor is right too)", async () => {
    const ua = await importEcdhKeyPair(RFC.uaPublic, RFC.uaPrivate);
    expect(await decryptAsBrowser(bytes(RFC.body), ua, bytes(RFC.auth))).toBe(RFC.plaintext);
  });

  it('uses a fresh salt and server key for every message', async () => {
    const { json: sub } = await browserSubscription();
    const a = await encryptPayload(text.encode('x'), sub.keys);
    const b = await encryptPayload(text.encode('x'), sub.keys);
    expect(bytesToBase64url(a.slice(0, 16))).not.toBe(bytesToBase64url(b.slice(0, 16)));
    expect(bytesToBase64url(a.slice(21, 86))).not.toBe(bytesToBase64url(b.slice(21, 86)));
  });
});

describe('sendPush against a push service played by the test', () => {
  it('posts an aes128gcm body the subscription decrypts, with TTL, Urgency, Topic and a valid VAPID JWT', async () => {
    const subscriber = await browserSubscription();
    const push = await playPushService(subscriber);
    const payload = JSON.stringify({ title: 'Rezervasyonunuz onaylandı', url: '/rezervasyon-takip' });
    const before = Math.floor(Date.now() / 1000);
    const result = await sendPush(subscriber.json, payload, {
      vapid: vapid(),
      ttl: 3600,
      urgency: 'high',
      topic: 'booking-42',
    });
    expect(result).toEqual({ outcome: 'sent', status: 201 });
    // sendPush returns once the push service answered: what it took is there to read.
    const [message] = await push.exactly(1, { settleMs: 0 });
    expect(message.payload).toBe(payload);
    expect(message.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '3600',
      urgency: 'high',
      topic: 'booking-42',
    });
    expect(message.claims.aud).toBe('https://fcm.googleapis.com');
    expect(message.claims.sub).toBe('mailto:bildirim@halisaha.example');
    expect(message.claims.exp).toBeGreaterThan(before);
    expect(message.claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 24 * 3600);
  });

  it('sends the largest payload that fits as a 4096-byte body and refuses one byte more without posting', async () => {
    const subscriber = await browserSubscription();
    const push = await playPushService(subscriber);
    const largest = 'a'.repeat(MAX_PAYLOAD_BYTES);
    expect(await sendPush(subscriber.json, largest, { vapid: vapid(), ttl: 60 })).toEqual({
      outcome: 'sent',
      status: 201,
    });
    const [received] = await push.exactly(1, { settleMs: 0 });
    expect(received.bodyBytes).toBe(4096);
    expect(received.payload).toBe(largest);
    expect(received.headers.urgency).toBe('normal');

    const tooLarge = sendPush(subscriber.json, `${largest}b`, { vapid: vapid(), ttl: 60 });
    await expect(tooLarge).rejects.toBeInstanceOf(PushPayloadTooLargeError);
    await expect(tooLarge).rejects.toThrow(/3994 bytes; at most 3993/);
    expect(push.spy).toHaveBeenCalledTimes(1);
    await push.exactly(1, { settleMs: 50 });
  });

  it.each([404, 410])('answers gone on %i: the caller removes the subscription', async (status) => {
    const subscriber = await browserSubscription();
    await playPushService(subscriber, status);
    expect(await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).toEqual({ outcome: 'gone', status });
  });

  it.each([500, 502, 503])('answers failed (retryable) on %i', async (status) => {
    const subscriber = await browserSubscription();
    await playPushService(subscriber, status);
    expect(await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).toMatchObject({
      outcome: 'failed',
      status,
    });
  });

  it('answers failed with the wait on 429, and rejected with the status on another 4xx', async () => {
    const subscriber = await browserSubscription();
    await playPushService(subscriber, { status: 429, body: 'slow down', headers: { 'retry-after': '120' } });
    expect(await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).toEqual({
      outcome: 'failed',
      status: 429,
      reason: 'slow down',
      retryAfter: 120,
    });
    await playPushService(subscriber, 403);
    expect(await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).toEqual({
      outcome: 'rejected',
      status: 403,
      reason: 'push service says no',
    });
  });

  it('answers failed when the push service does not answer in time', async () => {
    const subscriber = await browserSubscription();
    const push = await playPushService(subscriber, { status: 201, delayMs: 1500 });
    const result = await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60, timeoutMs: 150 });
    expect(result).toEqual({ outcome: 'failed', reason: expect.any(String) });
    // It did arrive, and decrypted: only the answer was late.
    expect((await push.exactly(1, { settleMs: 0 }))[0].payload).toBe('x');
  });

  it('answers failed when the network fails', async () => {
    const subscriber = await browserSubscription();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Network connection lost.'));
    expect(await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).toEqual({
      outcome: 'failed',
      reason: 'Network connection lost.',
    });
  });

  it('refuses an endpoint that is not https, and bad options, before anything is posted', async () => {
    const subscriber = await browserSubscription('http://fcm.googleapis.com/fcm/send/abc');
    const spy = vi.spyOn(globalThis, 'fetch');
    await expect(sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).rejects.toThrow(/https/);
    const https = (await browserSubscription()).json;
    await expect(sendPush(https, 'x', { vapid: vapid(), ttl: -1 })).rejects.toThrow(/TTL/);
    await expect(sendPush(https, 'x', { vapid: vapid(), ttl: 60, topic: 'no spaces please' })).rejects.toThrow(/topic/);
    await expect(sendPush(https, 'x', { vapid: { ...vapid(), subject: 'bildirim' }, ttl: 60 })).rejects.toThrow(
      /subject/,
    );
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('the local push service refuses what a real one would', () => {
  /** A fresh ECDSA/ECDH P-256 pair as VAPID keys travel: base64url raw public point and private scalar. */
  async function otherVapidKeys() {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
    const publicKey = bytesToBase64url(
      new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer),
    );
    return { publicKey, privateKey: jwk.d!, subject: vapid().subject };
  }

  type Tamper = (m: { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }) => Promise<void> | void;

  /** Posts a message as sendPush would (through the Worker's own fetch), after `tamper` changed it. */
  async function post(subscriber: Awaited<ReturnType<typeof browserSubscription>>, tamper: Tamper) {
    const { endpoint } = subscriber.json;
    const message = {
      headers: {
        authorization: await vapidAuthorization(endpoint, vapid()),
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: '60',
        urgency: 'normal',
      } as Record<string, string>,
      body: await encryptPayload(text.encode('Rezervasyonunuz onaylandı'), subscriber.json.keys),
    };
    await tamper(message);
    const res = await fetch(endpoint, { method: 'POST', headers: message.headers, body: message.body });
    return { status: res.status, text: await res.text() };
  }

  const withSignatureFlipped = (authorization: string) =>
    authorization.replace(/t=([\w-]+\.[\w-]+\.)([\w-])([\w-]+)/, (_, head, first, rest) => {
      return `t=${head}${first === 'A' ? 'B' : 'A'}${rest}`;
    });

  const cases: [string, number, RegExp, Tamper][] = [
    [
      'a signature flipped',
      401,
      /signature does not verify/,
      (m) => {
        m.headers.authorization = withSignatureFlipped(m.headers.authorization);
      },
    ],
    [
      "signed by another key, with the site's key as k=",
      401,
      /signature does not verify/,
      async (m) => {
        const other = await vapidAuthorization(ENDPOINT, await otherVapidKeys());
        m.headers.authorization = other.replace(/k=[\w-]+$/, `k=${vapid().publicKey}`);
      },
    ],
    [
      'another application server key (k=)',
      403,
      /not the key the subscription was made with/,
      async (m) => {
        m.headers.authorization = await vapidAuthorization(ENDPOINT, await otherVapidKeys());
      },
    ],
    [
      "another push service's origin as aud",
      401,
      /aud "https:\/\/updates\.push\.services\.mozilla\.com"/,
      async (m) => {
        m.headers.authorization = await vapidAuthorization(
          'https://updates.push.services.mozilla.com/wpush/v2/x',
          vapid(),
        );
      },
    ],
    [
      'an exp that has passed',
      401,
      /has passed/,
      async (m) => {
        m.headers.authorization = await vapidAuthorization(
          ENDPOINT,
          vapid(),
          Math.floor(Date.now() / 1000) - 13 * 3600,
        );
      },
    ],
    [
      'an exp more than 24 hours ahead',
      401,
      /more than 24 hours/,
      async (m) => {
        m.headers.authorization = await vapidAuthorization(
          ENDPOINT,
          vapid(),
          Math.floor(Date.now() / 1000) + 13 * 3600,
        );
      },
    ],
    [
      'no Authorization',
      401,
      /not a vapid Authorization/,
      (m) => {
        delete m.headers.authorization;
      },
    ],
    [
      'no TTL',
      400,
      /TTL/,
      (m) => {
        delete m.headers.ttl;
      },
    ],
    [
      'an Urgency no push service knows',
      400,
      /Urgency "urgent"/,
      (m) => {
        m.headers.urgency = 'urgent';
      },
    ],
    [
      'the old aesgcm coding',
      415,
      /not aes128gcm/,
      (m) => {
        m.headers['content-encoding'] = 'aesgcm';
      },
    ],
    [
      "a body encrypted to another browser's key",
      400,
      /does not decrypt|does not agree/,
      async (m) => {
        m.body = await encryptPayload(text.encode('x'), (await browserSubscription()).json.keys);
      },
    ],
    [
      'a byte of the ciphertext changed',
      400,
      /does not decrypt/,
      (m) => {
        m.body[m.body.length - 1] ^= 1;
      },
    ],
  ];

  it('takes the untampered message (the cases below differ from it in one thing)', async () => {
    const subscriber = await browserSubscription();
    const push = await playPushService(subscriber);
    expect(await post(subscriber, () => {})).toEqual({ status: 201, text: '' });
    const [m] = await push.exactly(1, { settleMs: 0 });
    expect(m.payload).toBe('Rezervasyonunuz onaylandı');
  });

  it.each(cases)('refuses %s with %i', async (_, status, reason, tamper) => {
    const subscriber = await browserSubscription();
    const push = await playPushService(subscriber);
    const answer = await post(subscriber, tamper);
    expect(answer.status).toBe(status);
    expect(answer.text).toMatch(reason);
    await push.sync();
    expect(push.received).toEqual([]);
    expect(push.refused).toMatchObject([{ endpoint: subscriber.json.endpoint, status }]);
    expect(push.refused[0].reason).toMatch(reason);
  });

  it('sendPush with another VAPID key is refused 403: the caller sees rejected, not sent', async () => {
    const subscriber = await browserSubscription();
    const push = await playPushService(subscriber);
    const result = await sendPush(subscriber.json, 'x', { vapid: await otherVapidKeys(), ttl: 60 });
    expect(result).toMatchObject({ outcome: 'rejected', status: 403 });
    await push.sync();
    expect(push.refused.map((r) => r.status)).toEqual([403]);
  });

  it('answers an endpoint no test registered like a push service out of reach (kept), and records it', async () => {
    const stranger = { endpoint: freshEndpoint(), keys: (await browserSubscription()).json.keys };
    expect(await sendPush(stranger, 'x', { vapid: vapid(), ttl: 60 })).toMatchObject({
      outcome: 'failed',
      status: 502,
    });
    const { received, refused } = await pushArrivals(stranger.endpoint);
    expect(received).toEqual([]);
    expect(refused).toMatchObject([{ status: 502, reason: expect.stringMatching(/no subscription/) }]);
  });

  it('leaves any other address alone: a fetch elsewhere is not taken or faked', async () => {
    // Nothing listens there: the failure comes back as it is (and is logged), it is not answered as if sent.
    const res = await fetch('http://127.0.0.1:59999/nothing-listens-here');
    expect(res.status).toBe(502);
    expect(await res.text()).toMatch(/^outbound fetch failed: GET http:\/\/127\.0\.0\.1:59999\/nothing-listens-here/);
  });
});

describe('pushSubscriptionSchema', () => {
  const valid = { endpoint: ENDPOINT, keys: { p256dh: RFC.uaPublic, auth: RFC.auth } };
  const messagesOf = (value: unknown) => {
    const parsed = pushSubscriptionSchema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it("accepts the browsers' push services", () => {
    for (const endpoint of [
      ENDPOINT,
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-test',
      'https://web.push.apple.com/QGZ2-test',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB-test',
    ])
      expect(messagesOf({ ...valid, endpoint }), endpoint).toEqual([]);
  });

  it('refuses a non-https endpoint with its Turkish message', () => {
    expect(messagesOf({ ...valid, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' })).toEqual([
      pushTexts.endpointNotHttps,
    ]);
    expect(pushTexts.endpointNotHttps).toBe('Bildirim adresi güvenli (https) bir adres olmalı');
    expect(messagesOf({ ...valid, endpoint: 'javascript:alert(1)' })).toEqual([pushTexts.endpointNotHttps]);
  });

  it('refuses an https address that is not a push service, or not in its shape', () => {
    for (const endpoint of [
      'https://attacker.example/collect',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com/',
      `https://fcm.googleapis.com/${'a'.repeat(2100)}`,
    ])
      expect(messagesOf({ ...valid, endpoint }), endpoint).toEqual([pushTexts.endpointUnknown]);
  });

  it('refuses keys that are not base64url of 65 (an uncompressed point) and 16 bytes', () => {
    const keys = (p256dh: string, auth: string) => messagesOf({ ...valid, keys: { p256dh, auth } });
    expect(keys(RFC.uaPublic.slice(0, -2), RFC.auth)).toEqual([pushTexts.p256dhInvalid]);
    expect(keys(`A${RFC.uaPublic.slice(1)}`, RFC.auth)).toEqual([pushTexts.p256dhInvalid]);
    expect(keys(RFC.uaPublic.replace('_', '/'), RFC.auth)).toEqual([pushTexts.p256dhInvalid]);
    expect(keys(RFC.uaPublic, `${RFC.auth}AA`)).toEqual([pushTexts.authInvalid]);
    expect(messagesOf({ endpoint: ENDPOINT })).toEqual([pushTexts.p256dhInvalid]);
  });
});

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key, cacheable', async () => {
    const res = await api('/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const { data } = await json<Answer<{ publicKey: string }>>(res);
    expect(data).toEqual({ publicKey: vapid().publicKey });
    expect(bytes(data.publicKey)).toHaveLength(65);
  });

  it('answers 503 in Turkish while the keys are not set', async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request('http://localhost/api/push/public-key'),
      { ...env, VAPID_PUBLIC_KEY: '' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect((await expectError(res, 503)).message).toBe(pushTexts.pushUnavailable);
  });
});
