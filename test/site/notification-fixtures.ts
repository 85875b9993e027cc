import { vi } from 'vitest';
import type { Notification } from '../../site/src/stores/notifications';

export const staffUser = {
  id: 1,
  documentId: 'u1',
  username: 'admin',
  email: 'admin@example.com',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  blocked: false,
  role: { id: 1, name: 'Admin', type: 'admin' as const },
};
const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
export const staffToken = () =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

export function notification(id: number, over: Partial<Notification> = {}): Notification {
  return {
    id,
    documentId: `n${id}`,
    type: 'booking_created',
    priority: 'medium',
    title: `Bildirim ${id}`,
    message: `Mesaj ${id}`,
    isRead: false,
    readAt: null,
    createdAt: '2026-11-18T06:00:00.000Z',
    bookingId: null,
    facilityId: null,
    actorUserId: null,
    ...over,
  };
}

/** A WebSocket that only moves when the test says so. */
export class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly OPEN = 1;
  static get last(): FakeSocket {
    return FakeSocket.instances[FakeSocket.instances.length - 1];
  }
  readyState = 0;
  sent: string[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
}
export type Reply = [number, unknown];

/** GET /api/users/me, the session's truth (the HttpOnly cookie): signed in as staffUser unless a test says otherwise. */
let meReply: Reply = [200, { data: staffUser, meta: {} }];
export const setMe = (reply: Reply) => {
  meReply = reply;
};

/** Stubs fetch; `route` answers by method and path, every call is recorded with its query. */
export function mockApi(route: (call: Call) => Reply | Promise<Reply>): Call[] {
  const calls: Call[] = [];
  meReply = [200, { data: staffUser, meta: {} }];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const call = {
        method: req.method,
        path: decodeURIComponent(url.pathname),
        query: Object.fromEntries(url.searchParams),
      };
      calls.push(call);
      const [status, body] = call.path === '/api/users/me' ? meReply : await route(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export const listAnswer = (
  items: Notification[],
  meta: { unread: number; total?: number; page?: number; pageCount?: number; pageSize?: number },
) => ({
  data: items,
  meta: {
    pagination: {
      page: meta.page ?? 1,
      pageSize: meta.pageSize ?? 25,
      pageCount: meta.pageCount ?? 1,
      total: meta.total ?? items.length,
    },
    total: meta.total ?? items.length,
    unread: meta.unread,
  },
});

export const apiError = (status: number, message = 'Bir hata oluştu'): Reply => [
  status,
  { data: null, error: { status, name: 'Error', message, details: {} } },
];
