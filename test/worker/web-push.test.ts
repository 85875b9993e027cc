// The Web Push sending core (worker/src/lib/web-push): RFC 8291's own example byte for byte, and a push service played
// inside the test (fixtures/push-service.ts) that decrypts what sendPush posts with the subscription's private key and
// checks the VAPID JWT.
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
} from '../../worker/src/lib/web-push';
import { type Answer, api, expectError, json } from './fixtures';
import {
  browserSubscription,
  bytes,
  decryptAsBrowser,
  ENDPOINT,
  playPushService,
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
    const { received } = playPushService(subscriber);
    const payload = JSON.stringify({ title: 'Rezervasyonunuz onaylandı', url: '/rezervasyon-takip' });
    const before = Math.floor(Date.now() / 1000);
    const result = await sendPush(subscriber.json, payload, {
      vapid: vapid(),
      ttl: 3600,
      urgency: 'high',
      topic: 'booking-42',
    });
    expect(result).toEqual({ outcome: 'sent', status: 201 });
    expect(received).toHaveLength(1);
    const [message] = received;
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
    const { received, spy } = playPushService(subscriber);
    const largest = 'a'.repeat(MAX_PAYLOAD_BYTES);
    expect(await sendPush(subscriber.json, largest, { vapid: vapid(), ttl: 60 })).toEqual({
      outcome: 'sent',
      status: 201,
    });
    expect(received[0].bodyBytes).toBe(4096);
    expect(received[0].payload).toBe(largest);
    expect(received[0].headers.urgency).toBe('normal');

    const tooLarge = sendPush(subscriber.json, `${largest}b`, { vapid: vapid(), ttl: 60 });
    await expect(tooLarge).rejects.toBeInstanceOf(PushPayloadTooLargeError);
    await expect(tooLarge).rejects.toThrow(/3994 bytes; at most 3993/);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it.each([404, 410])('answers gone on %i: the caller removes the subscription', async (status) => {
    const subscriber = await browserSubscription();
    playPushService(subscriber, status);
    expect(await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).toEqual({ outcome: 'gone', status });
  });

  it.each([500, 502, 503])('answers failed (retryable) on %i', async (status) => {
    const subscriber = await browserSubscription();
    playPushService(subscriber, status);
    expect(await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).toMatchObject({
      outcome: 'failed',
      status,
    });
  });

  it('answers failed with the wait on 429, and rejected with the status on another 4xx', async () => {
    const subscriber = await browserSubscription();
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response('slow down', { status: 429, headers: { 'retry-after': '120' } }),
    );
    expect(await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).toEqual({
      outcome: 'failed',
      status: 429,
      reason: 'slow down',
      retryAfter: 120,
    });
    vi.restoreAllMocks();
    playPushService(subscriber, 403);
    expect(await sendPush(subscriber.json, 'x', { vapid: vapid(), ttl: 60 })).toEqual({
      outcome: 'rejected',
      status: 403,
      reason: 'push service says no',
    });
  });

  it('answers failed when the push service cannot be reached', async () => {
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
