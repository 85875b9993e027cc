// The worker project's globalSetup: the local push service runs for the whole run and stops after it. Its origin and
// the production rule for push service hosts go to the outbound hook (outbound.ts) on this process's globalThis, where
// Miniflare calls the hook.
import { isKnownPushHost } from '../../contracts/push';
import { RUNNING_KEY, type RunningPushService } from './protocol';
import { startPushService } from './server';

export default async function setup() {
  const service = await startPushService();
  const running: RunningPushService = { origin: service.origin, isPushHost: isKnownPushHost, closing: false };
  Object.assign(globalThis, { [RUNNING_KEY]: running });
  return async () => {
    running.closing = true;
    await service.close();
    Object.assign(globalThis, { [RUNNING_KEY]: undefined });
  };
}
