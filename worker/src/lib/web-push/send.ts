// Sending one push message (RFC 8030 §5): encrypt, sign, POST to the subscription's endpoint, and tell the caller what
// the push service said: 'gone' means the browser dropped the subscription and the caller removes it.
import { encryptPayload, type PushKeys } from './encrypt';
import { type VapidKeys, vapidAuthorization } from './vapid';

export interface PushTarget {
  endpoint: string;
  keys: PushKeys;
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface SendOptions {
  vapid: VapidKeys;
  /** Seconds the push service keeps an undelivered message (0: deliver now or drop). */
  ttl: number;
  urgency?: PushUrgency;
  /** A newer message with the same topic replaces an undelivered older one: at most 32 base64url characters. */
  topic?: string;
  /** Give up on a push service that does not answer (default 10 s): the result is 'failed', to retry later. */
  timeoutMs?: number;
}

export type PushResult =
  /** 201/202 (any 2xx): the push service took the message. */
  | { outcome: 'sent'; status: number }
  /** 404/410: the subscription no longer exists; remove it. */
  | { outcome: 'gone'; status: number }
  /** Any other 4xx (and a redirect, never followed): this message or our key was refused; sending again will not help. */
  | { outcome: 'rejected'; status: number; reason: string }
  /** 429, 5xx or no answer: worth retrying later (retryAfter in seconds when the service named one). */
  | { outcome: 'failed'; status?: number; reason: string; retryAfter?: number };

const URGENCIES: readonly PushUrgency[] = ['very-low', 'low', 'normal', 'high'];

function checkOptions(target: PushTarget, options: SendOptions): URL {
  let url: URL;
  try {
    url = new URL(target.endpoint);
  } catch {
    throw new Error('Push endpoint is not a URL');
  }
  if (url.protocol !== 'https:') throw new Error('Push endpoint must be an https URL');
  if (!Number.isInteger(options.ttl) || options.ttl < 0) throw new Error('Push TTL must be a whole number of seconds');
  if (options.urgency !== undefined && !URGENCIES.includes(options.urgency)) throw new Error('Unknown push urgency');
  if (options.topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(options.topic))
    throw new Error('Push topic must be 1-32 base64url characters');
  return url;
}

const retryAfterOf = (res: Response): number | undefined => {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
};

async function reasonOf(res: Response): Promise<string> {
  try {
    return (await res.text()).slice(0, 200) || res.statusText;
  } catch {
    return res.statusText;
  }
}

/**
 * Encrypts the payload for the subscription and posts it. Throws on what the caller must never do (an endpoint that
 * is not https, a payload over the size limit: PushPayloadTooLargeError, malformed keys); every answer of the push
 * service, and its silence, is a result.
 */
export async function sendPush(
  target: PushTarget,
  payload: string | Uint8Array,
  options: SendOptions,
): Promise<PushResult> {
  const url = checkOptions(target, options);
  const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  const body = await encryptPayload(bytes, target.keys);
  const headers: Record<string, string> = {
    authorization: await vapidAuthorization(url.href, options.vapid),
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    ttl: String(options.ttl),
    urgency: options.urgency ?? 'normal',
  };
  if (options.topic) headers.topic = options.topic;

  let res: Response;
  try {
    res = await fetch(url.href, {
      method: 'POST',
      headers,
      body,
      // The message is for this address only: a push service does not redirect, and a redirect is not followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (e) {
    return { outcome: 'failed', reason: e instanceof Error ? e.message : String(e) };
  }
  const { status } = res;
  if (status >= 200 && status < 300) {
    await res.body?.cancel();
    return { outcome: 'sent', status };
  }
  if (status === 404 || status === 410) {
    await res.body?.cancel();
    return { outcome: 'gone', status };
  }
  const reason = await reasonOf(res);
  if (status === 429 || status >= 500) return { outcome: 'failed', status, reason, retryAfter: retryAfterOf(res) };
  return { outcome: 'rejected', status, reason };
}

/** What a log line names of a subscription: its push service's host, never the endpoint (which is the device's key). */
export function pushHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}
