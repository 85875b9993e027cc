// The words the three parts of the worker tests' push service share: the Node server (server.ts), the outbound hook
// of the worker project's Miniflare (outbound.ts) and the tests' fixture in workerd (test/worker/fixtures/push-service.ts).

/** The host the fixture's control calls name; the outbound hook sends them to the local server. */
export const CONTROL_HOST = 'push-service.test';
export const CONTROL_ORIGIN = `http://${CONTROL_HOST}`;
/** The push service address the Worker posted to, as the outbound hook hands a push message to the local server. */
export const ORIGINAL_URL_HEADER = 'x-push-service-url';
/**
 * What globalSetup leaves on the Node process's globalThis for the outbound hook, which Miniflare calls in the same
 * process: the local server's origin and the production rule for a push service's host (contracts/push.ts), kept out of
 * the Vite config's own imports.
 */
export const RUNNING_KEY = Symbol.for('halisaha.test-push-service');
export interface RunningPushService {
  origin: string;
  isPushHost(hostname: string): boolean;
  closing: boolean;
}

/** What the push service answers a message for an endpoint once it passed every check. */
export interface PushAnswer {
  status: number;
  /** The answer's text; 'push service says no' for a status of 400 and above when not given. */
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (a push service that does not answer in time). */
  delayMs?: number;
}

/** A subscription the fixture registers: the browser's private key (JWK) and auth secret, and the VAPID key it was made with. */
export interface RegisteredSubscriber {
  endpoint: string;
  privateKey: JsonWebKey;
  p256dh: string;
  auth: string;
  applicationServerKey: string;
  answer?: PushAnswer;
}

/** One POST that reached the push service for an endpoint: what it decrypted to, or why it was refused. */
export interface Arrival {
  seq: number;
  endpoint: string;
  /** true when every check passed (the status is then the one the test chose). */
  accepted: boolean;
  status: number;
  reason?: string;
  payload?: string;
  headers: Record<string, string>;
  claims?: { aud: string; exp: number; sub: string };
  bodyBytes: number;
}
