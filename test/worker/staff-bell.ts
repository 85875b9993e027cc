// The staff bell's socket as a browser opens it (session cookie, the page's Origin), for the live-feed tests.
import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';

type Message = { type: string; [key: string]: any } | string;

export async function connectBell(init: { token?: string; cookie?: string }) {
  // A browser socket carries the session cookie (never a token in the URL) and the page's Origin.
  const path = '/api/notifications/live';
  const headers = new Headers({ Upgrade: 'websocket', origin: 'http://localhost' });
  const cookie = init.cookie ?? init.token;
  if (cookie) headers.set('cookie', `hs_session=${cookie}`);
  const res = await exports.default.fetch(new Request(`http://localhost${path}`, { headers }));
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: Message[] = [];
  let closed: { code: number; reason: string } | null = null;
  ws.addEventListener('close', (e) => {
    closed = { code: e.code, reason: e.reason };
    for (const w of waiters.splice(0)) w();
  });
  const waiters: Array<() => void> = [];
  ws.addEventListener('message', (e) => {
    const text = e.data as string;
    messages.push(text.startsWith('{') ? JSON.parse(text) : text);
    for (const w of waiters.splice(0)) w();
  });
  ws.accept();
  const next = async (pred: (m: any) => boolean, timeoutMs = 3000): Promise<any> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find(pred);
      if (found) return found;
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
    throw new Error(`no matching message in ${JSON.stringify(messages)}`);
  };
  /** Waits a moment and answers whether any message matched, for the "nothing arrives" cases. */
  const heard = async (pred: (m: any) => boolean, waitMs = 400) => {
    await new Promise((r) => setTimeout(r, waitMs));
    return messages.some(pred);
  };
  await next((m) => m.type === 'hello');
  /** Waits until the server closes the socket; answers its close code, or null when it stayed open. */
  const closedBy = async (timeoutMs = 2000): Promise<{ code: number; reason: string } | null> => {
    const deadline = Date.now() + timeoutMs;
    while (!closed && Date.now() < deadline)
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    return closed;
  };
  return {
    ws,
    messages,
    next,
    heard,
    closedBy,
    close: () => {
      try {
        ws.close(1000, 'done');
      } catch {
        /* already closed by the server */
      }
    },
  };
}
