// The worker project's Miniflare `outboundService`: every fetch the Worker makes under test (its routes, its Durable
// Objects, the scheduled run) leaves workerd through this function in Node. A post to a push service's https address
// (the hosts contracts/push.ts accepts) and the fixture's control calls (http://push-service.test) go to the local push
// service on 127.0.0.1, the push service's address kept in a header; anything else goes out as it would have without
// the hook, and a failure there is answered 502 and logged, never swallowed.
import { CONTROL_HOST, ORIGINAL_URL_HEADER, RUNNING_KEY, type RunningPushService } from './protocol.ts';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

function answerOf(res: Response, body: ArrayBuffer): Response {
  const headers = new Headers(res.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  return new Response(res.status === 204 || res.status === 304 ? null : body, { status: res.status, headers });
}

const causeOf = (e: unknown) => {
  const error = e as Error & { cause?: Error };
  return error.cause?.message ?? error.message ?? String(e);
};

export async function pushServiceOutbound(request: Request): Promise<Response> {
  const running = (globalThis as { [RUNNING_KEY]?: RunningPushService })[RUNNING_KEY];
  if (!running)
    return new Response('the test push service is not running (globalSetup test/push-service/global-setup.ts)', {
      status: 503,
    });
  const url = new URL(request.url);
  const toControl = url.host === CONTROL_HOST;
  const toPushService = url.protocol === 'https:' && running.isPushHost(url.hostname);
  const headers = new Headers(request.headers);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  let target = request.url;
  if (toControl || toPushService) {
    target = toPushService ? `${running.origin}/push` : `${running.origin}${url.pathname}${url.search}`;
    headers.delete('host');
    headers.delete('content-length');
    if (toPushService) headers.set(ORIGINAL_URL_HEADER, request.url);
    else headers.delete(ORIGINAL_URL_HEADER);
  }
  try {
    const res = await fetch(target, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: request.signal,
    });
    return answerOf(res, await res.arrayBuffer());
  } catch (e) {
    // The run is over (a late answer cut off by the server's shutdown) or the Worker gave up waiting: nobody reads it.
    if (running.closing || request.signal?.aborted) return new Response(null, { status: 499 });
    console.error(`outbound fetch from the Worker under test failed: ${request.method} ${request.url}: ${causeOf(e)}`);
    return new Response(`outbound fetch failed: ${request.method} ${request.url}: ${causeOf(e)}`, { status: 502 });
  }
}
