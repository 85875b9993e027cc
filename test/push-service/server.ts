// A push service for the worker tests, in Node on 127.0.0.1: for every message it checks what a real push service
// checks (RFC 8030 headers, RFC 8292 VAPID), decrypts the body with the subscription's private key the test registered
// (RFC 8291, as the browser would), records the result per endpoint and answers the status the test chose for that
// endpoint (201 by default; 502 while no test plays it). The Worker's posts reach it through the outbound hook (outbound.ts); the fixture
// (test/worker/fixtures/push-service.ts) registers subscriptions, chooses answers and reads arrivals over /control.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bytesOf, decryptPushBody, PushRefusal, verifyVapidAuthorization } from './crypto';
import { type Arrival, ORIGINAL_URL_HEADER, type PushAnswer, type RegisteredSubscriber } from './protocol';

/**
 * The answer for a subscription no test plays right now (registered, or played by an earlier test): like a push service
 * out of reach, so nothing is deleted and nothing counts as sent, as before the test played it.
 */
const NOT_PLAYED: PushAnswer = { status: 502, body: 'the test push service is not played for this endpoint now' };
/** RFC 8030 §7.2: a push service need not take a body over 4096 bytes. */
const MAX_BODY_BYTES = 4096;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];

interface Subscriber {
  privateKey: CryptoKey;
  publicKey: Uint8Array;
  auth: Uint8Array;
  applicationServerKey: string;
  answer: PushAnswer;
}

export interface PushServiceHandle {
  origin: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

function send(res: ServerResponse, status: number, body = '', headers: Record<string, string> = {}) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

const sendJson = (res: ServerResponse, value: unknown) =>
  send(res, 200, JSON.stringify(value), { 'content-type': 'application/json' });

async function subscriberOf(r: RegisteredSubscriber): Promise<Subscriber> {
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' };
  return {
    privateKey: await crypto.subtle.importKey('jwk', r.privateKey, algorithm, false, ['deriveBits']),
    publicKey: bytesOf(r.p256dh, 'p256dh'),
    auth: bytesOf(r.auth, 'auth'),
    applicationServerKey: r.applicationServerKey,
    answer: r.answer ?? NOT_PLAYED,
  };
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startPushService(): Promise<PushServiceHandle> {
  const subscribers = new Map<string, Subscriber>();
  let arrivals: Arrival[] = [];
  let seq = 0;

  /** One push message: every check in a push service's order, then the test's answer. */
  async function push(req: IncomingMessage, res: ServerResponse, endpoint: string) {
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (name !== ORIGINAL_URL_HEADER && name !== 'host' && name !== 'connection' && typeof value === 'string')
        headers[name] = value;
    // Recorded once decided, numbered then: a reader's `after` never skips a slower message.
    const arrival: Arrival = { seq: 0, endpoint, accepted: false, status: 0, headers, bodyBytes: body.length };
    const record = () => {
      arrival.seq = ++seq;
      arrivals.push(arrival);
    };
    try {
      const subscriber = subscribers.get(endpoint);
      // Not a subscription this run knows: answered like a push service that cannot be reached, so nothing is deleted.
      if (!subscriber)
        throw new PushRefusal(
          502,
          'no subscription with this endpoint is registered with the test push service (browserSubscription() registers one)',
        );
      if (req.method !== 'POST') throw new PushRefusal(405, `${req.method}, a push message is a POST`);
      arrival.claims = await verifyVapidAuthorization(req.headers.authorization, {
        applicationServerKey: subscriber.applicationServerKey,
        audience: new URL(endpoint).origin,
      });
      const ttl = req.headers.ttl;
      if (typeof ttl !== 'string' || !/^\d+$/.test(ttl))
        throw new PushRefusal(400, `TTL ${JSON.stringify(ttl)}: a push message needs a TTL of whole seconds`);
      const urgency = req.headers.urgency;
      if (urgency !== undefined && !URGENCIES.includes(String(urgency)))
        throw new PushRefusal(400, `Urgency ${JSON.stringify(urgency)} is not one of ${URGENCIES.join(', ')}`);
      const topic = req.headers.topic;
      if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(String(topic)))
        throw new PushRefusal(400, `Topic ${JSON.stringify(topic)} is not 1-32 base64url characters`);
      if (req.headers['content-encoding'] !== 'aes128gcm')
        throw new PushRefusal(
          415,
          `Content-Encoding ${JSON.stringify(req.headers['content-encoding'])}, not aes128gcm`,
        );
      if (body.length > MAX_BODY_BYTES) throw new PushRefusal(413, `a ${body.length}-byte body, over 4096`);
      arrival.payload = await decryptPushBody(body, subscriber);
      const { status, body: text, headers: extra, delayMs } = subscriber.answer;
      arrival.accepted = true;
      arrival.status = status;
      record();
      // A late answer: given up on when the sender stops waiting.
      if (delayMs)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delayMs);
          res.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      send(res, status, text ?? (status >= 400 ? 'push service says no' : ''), extra);
    } catch (e) {
      const refusal = e instanceof PushRefusal ? e : new PushRefusal(500, String(e));
      arrival.status = refusal.status;
      arrival.reason = refusal.message;
      record();
      send(res, refusal.status, refusal.message);
    }
  }

  /** The fixture's calls: register subscriptions, choose answers, read arrivals, reset (all for named endpoints). */
  async function control(req: IncomingMessage, res: ServerResponse, path: string) {
    const input = JSON.parse(new TextDecoder().decode(await readBody(req)) || '{}') as {
      subscribers?: RegisteredSubscriber[];
      endpoints?: string[];
      answer?: PushAnswer;
      after?: number;
    };
    const endpoints = new Set(input.endpoints ?? []);
    switch (path) {
      case '/control/subscribers':
        for (const r of input.subscribers ?? []) subscribers.set(r.endpoint, await subscriberOf(r));
        return send(res, 204);
      case '/control/answers':
        for (const endpoint of endpoints) {
          const subscriber = subscribers.get(endpoint);
          if (!subscriber) return send(res, 404, `not registered: ${endpoint}`);
          subscriber.answer = input.answer ?? NOT_PLAYED;
        }
        return send(res, 204);
      case '/control/arrivals':
        return sendJson(res, {
          arrivals: arrivals.filter((a) => a.seq > (input.after ?? 0) && endpoints.has(a.endpoint)),
        });
      case '/control/reset':
        arrivals = arrivals.filter((a) => !endpoints.has(a.endpoint));
        for (const endpoint of endpoints) {
          const subscriber = subscribers.get(endpoint);
          if (subscriber) subscriber.answer = NOT_PLAYED;
        }
        return send(res, 204);
      default:
        return send(res, 404, `no control call ${path}`);
    }
  }

  const server = createServer((req, res) => {
    const original = req.headers[ORIGINAL_URL_HEADER];
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const handled =
      typeof original === 'string'
        ? push(req, res, original)
        : req.method === 'POST' && path.startsWith('/control/')
          ? control(req, res, path)
          : Promise.resolve(send(res, 404, `the test push service has nothing at ${req.method} ${path}`));
    handled.catch((e: unknown) => send(res, 500, String(e)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
