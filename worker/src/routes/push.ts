import { Hono } from 'hono';
import { type PushPublicKey, pushTexts } from '../../../contracts/push';
import type { AppEnv } from '../lib/auth';
import { serviceUnavailable } from '../lib/errors';
import { ok } from '../lib/http';
import { vapidKeysOf } from '../lib/web-push';

/** Browsers cache the key for an hour; a rotated key (every subscription then renews) reaches them within it. */
const PUBLIC_KEY_CACHE_CONTROL = 'public, max-age=3600';

export const pushRoutes = new Hono<AppEnv>()
  /** The VAPID public key for pushManager.subscribe(): public by nature, the same for everyone. 503 while unset. */
  .get('/public-key', (c) => {
    const vapid = vapidKeysOf(c.env);
    if (!vapid) throw serviceUnavailable(pushTexts.pushUnavailable);
    c.header('cache-control', PUBLIC_KEY_CACHE_CONTROL);
    return ok<PushPublicKey>(c, { publicKey: vapid.publicKey });
  });
