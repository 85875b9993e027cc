// Every staff route of the panel API checks the caller on the server (behaviour.md#staff-sessions-and-permissions; api.md): nobody without a valid staff
// token or session cookie gets an answer or changes anything, and admins and managers alike get through.
import { env, exports } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { istanbulInstant } from '../../worker/src/lib/time';
import {
  addDays,
  api,
  type BookingAnswer,
  type BookingListAnswer,
  createFacility,
  createSlots,
  createStaff,
  type ErrorBody,
  expectError,
  freshPhone,
  istanbulToday,
  json,
  slotAt,
  tokenFor,
} from './fixtures';

const SECRET = new TextEncoder().encode(env.JWT_SECRET);
const OTHER_SECRET = new TextEncoder().encode('another-secret-0123456789abcdef0123456789');
const nowSec = () => Math.floor(Date.now() / 1000);

function signed(opts: { sub: string; key?: Uint8Array; exp?: number; role?: string }) {
  return new SignJWT({ role: opts.role ?? 'admin' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('halisaha')
    .setSubject(opts.sub)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? nowSec() + 3600)
    .sign(opts.key ?? SECRET);
}

let f: Awaited<ReturnType<typeof createFacility>>;
let admin: Awaited<ReturnType<typeof createStaff>>;
let manager: Awaited<ReturnType<typeof createStaff>>;
let seq = 0;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomBookingNumber = () =>
  `HSR${Array.from({ length: 9 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('')}`;

/** A fresh pending booking two days ahead, written straight into D1. */
async function pendingBooking() {
  const date = addDays(istanbulToday(), 2);
  return (await env.DB.prepare(
    `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time,
       starts_at, slot_price, total_price, deposit_amount, status)
     values (?1, ?2, ?3, 'Gizli Müşteri', ?4, ?5, '20:00', '21:00', ?6, 150000, 150000, 30000, 'pending')
     returning id, document_id, booking_number, customer_phone`,
  )
    .bind(
      crypto.randomUUID().replace(/-/g, '').slice(0, 24),
      randomBookingNumber(),
      f.id,
      freshPhone(),
      date,
      istanbulInstant(date, 20 * 60),
    )
    .first<{ id: number; document_id: string; booking_number: string; customer_phone: string }>())!;
}

async function unreadNotification() {
  seq++;
  return (await env.DB.prepare(
    `insert into notifications (document_id, type, priority, title, message, created_at) values (?1, 'system', 'low', ?2, 'Güvenlik testi', ?3) returning id`,
  )
    .bind(crypto.randomUUID().replace(/-/g, '').slice(0, 24), `Güvenlik ${seq}`, Date.now())
    .first<{ id: number }>())!;
}

const bookingState = async (id: number) =>
  env.DB.prepare(
    `select b.status, b.payment_status, b.approved_by_id, b.rejection_reason,
       (select count(*) from booking_history h where h.booking_id = b.id) as history,
       (select count(*) from notifications n where n.booking_id = b.id) as notes
     from bookings b where b.id = ?`,
  )
    .bind(id)
    .first();
const notificationState = async (id: number) =>
  env.DB.prepare('select is_read, read_at from notifications where id = ?').bind(id).first();

type Auth = { token?: string; cookie?: string };
interface Call {
  res: Response;
  untouched?: () => Promise<void>;
}
interface Route {
  name: string;
  ok: number;
  run: (auth: Auth) => Promise<Call>;
}

function send(path: string, auth: Auth, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  // A browser's cookie-authenticated write carries its page's Origin (csrf()).
  if (auth.cookie) headers.set('cookie', `hs_session=${auth.cookie}`);
  if (auth.cookie && !headers.has('origin')) headers.set('origin', 'http://localhost');
  return api(path, { ...init, headers, token: auth.token });
}

/** A decision refused at the gate leaves the booking, its history and its notifications as they were. */
function decision(verb: 'approve' | 'reject', method: 'POST' | 'PUT'): Route {
  return {
    name: `${method} /api/bookings/:id/${verb}`,
    ok: 200,
    run: async (auth) => {
      const b = await pendingBooking();
      const before = await bookingState(b.id);
      const res = await send(`/api/bookings/${b.document_id}/${verb}`, auth, {
        method,
        json: verb === 'reject' ? { reason: 'Güvenlik' } : {},
      });
      return { res, untouched: async () => expect(await bookingState(b.id)).toEqual(before) };
    },
  };
}

function readMark(path: (id: number) => string, method: 'POST' | 'PUT', name: string): Route {
  return {
    name,
    ok: 200,
    run: async (auth) => {
      const n = await unreadNotification();
      const res = await send(path(n.id), auth, { method });
      return {
        res,
        untouched: async () => expect(await notificationState(n.id)).toEqual({ is_read: 0, read_at: null }),
      };
    },
  };
}

const routes: Route[] = [
  {
    name: 'GET /api/bookings',
    ok: 200,
    run: async (auth) => ({ res: await send(`/api/bookings?facility=${f.documentId}`, auth) }),
  },
  {
    name: 'GET /api/bookings/stats',
    ok: 200,
    run: async (auth) => ({ res: await send(`/api/bookings/stats?facilityId=${f.documentId}`, auth) }),
  },
  {
    name: 'GET /api/bookings/:id',
    ok: 200,
    run: async (auth) => ({ res: await send(`/api/bookings/${(await pendingBooking()).document_id}`, auth) }),
  },
  {
    name: 'GET /api/bookings/:bookingNumber',
    ok: 200,
    run: async (auth) => ({ res: await send(`/api/bookings/${(await pendingBooking()).booking_number}`, auth) }),
  },
  decision('approve', 'POST'),
  decision('approve', 'PUT'),
  decision('reject', 'POST'),
  decision('reject', 'PUT'),
  {
    name: 'GET /api/notifications/unread',
    ok: 200,
    run: async (auth) => ({ res: await send('/api/notifications/unread', auth) }),
  },
  {
    name: 'GET /api/notifications/all',
    ok: 200,
    run: async (auth) => ({ res: await send('/api/notifications/all', auth) }),
  },
  {
    name: 'GET /api/notifications/stats',
    ok: 200,
    run: async (auth) => ({ res: await send('/api/notifications/stats', auth) }),
  },
  {
    name: 'POST /api/notifications',
    ok: 201,
    run: async (auth) => {
      const title = `Sahte ${++seq}`;
      const res = await send('/api/notifications', auth, {
        method: 'POST',
        json: { title, message: 'Kimse görmemeli' },
      });
      return {
        res,
        untouched: async () =>
          expect(
            await env.DB.prepare('select count(*) as n from notifications where title = ?').bind(title).first(),
          ).toEqual({ n: 0 }),
      };
    },
  },
  readMark((id) => `/api/notifications/${id}/mark-read`, 'POST', 'POST /api/notifications/:id/mark-read'),
  readMark((id) => `/api/notifications/${id}/mark-read`, 'PUT', 'PUT /api/notifications/:id/mark-read'),
  readMark(() => '/api/notifications/mark-all-read', 'POST', 'POST /api/notifications/mark-all-read'),
  readMark(() => '/api/notifications/mark-all-read', 'PUT', 'PUT /api/notifications/mark-all-read'),
  {
    name: 'DELETE /api/notifications/:id',
    ok: 200,
    run: async (auth) => {
      const n = await unreadNotification();
      const res = await send(`/api/notifications/${n.id}`, auth, { method: 'DELETE' });
      return {
        res,
        untouched: async () => expect(await notificationState(n.id)).toEqual({ is_read: 0, read_at: null }),
      };
    },
  },
  {
    name: 'GET /api/facilities/:ref/calendar',
    ok: 200,
    run: async (auth) => ({
      res: await send(
        `/api/facilities/${f.slug}/calendar?from=${istanbulToday()}&to=${addDays(istanbulToday(), 6)}`,
        auth,
      ),
    }),
  },
  {
    name: 'WebSocket /api/notifications/live',
    ok: 101,
    run: async (auth) => ({ res: await send('/api/notifications/live', auth, { headers: { Upgrade: 'websocket' } }) }),
  },
];

beforeAll(async () => {
  f = await createFacility();
  await createSlots(f, 0, 6);
  admin = await createStaff('admin');
  manager = await createStaff('manager');
});

async function expectRefused(call: Call, message?: string) {
  const error = await expectError(call.res, 401);
  expect(error.name).toBe('UnauthorizedError');
  if (message) expect(error.message).toBe(message);
  await call.untouched?.();
}

async function expectServed(route: Route, call: Call) {
  expect(call.res.status).toBe(route.ok);
  if (call.res.webSocket) {
    call.res.webSocket.accept();
    call.res.webSocket.close(1000, 'done');
  } else {
    // Whichever route it is: its data, and no error beside them.
    const body = await json<{ data: unknown; error?: ErrorBody['error'] }>(call.res);
    expect(body.data).not.toBeNull();
    expect(body.error).toBeUndefined();
  }
}

describe.each(routes)('$name', (route) => {
  it('refuses an anonymous caller with 401 and changes nothing', async () => {
    await expectRefused(await route.run({}), 'Bu işlem için giriş yapmanız gerekiyor');
  });

  it('refuses a token signed with another secret and changes nothing', async () => {
    await expectRefused(
      await route.run({ token: await signed({ sub: String(admin.id), key: OTHER_SECRET }) }),
      'Geçersiz oturum bilgisi, lütfen tekrar giriş yapın',
    );
  });

  it('refuses an expired token with the session-expired message and changes nothing', async () => {
    await expectRefused(
      await route.run({ token: await signed({ sub: String(admin.id), exp: nowSec() - 60 }) }),
      'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
    );
  });

  it('refuses a forged session cookie and changes nothing', async () => {
    await expectRefused(await route.run({ cookie: await signed({ sub: String(admin.id), key: OTHER_SECRET }) }));
  });

  it('serves an admin token', async () => {
    await expectServed(route, await route.run({ token: await tokenFor(admin, 'admin') }));
  });

  it('serves a manager token', async () => {
    await expectServed(route, await route.run({ token: await tokenFor(manager, 'manager') }));
  });

  it('serves the HttpOnly session cookie alone', async () => {
    await expectServed(route, await route.run({ cookie: await tokenFor(manager, 'manager') }));
  });
});

describe('the live notification feed', () => {
  async function open(init: RequestInit, path = '/api/notifications/live') {
    const headers = new Headers(init.headers);
    headers.set('Upgrade', 'websocket');
    return exports.default.fetch(new Request(`http://localhost${path}`, { ...init, headers }));
  }

  async function hello(res: Response) {
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const first = new Promise<{ type: string; userId: number }>((resolve) =>
      ws.addEventListener('message', (e) => resolve(JSON.parse(e.data as string)), { once: true }),
    );
    ws.accept();
    const message = await first;
    ws.close(1000, 'done');
    return message;
  }

  it('refuses a token in the URL (?token=): the session cookie is the only browser credential', async () => {
    await expectError(await open({}, `/api/notifications/live?token=${await tokenFor(manager, 'manager')}`), 401);
  });

  it('is accepted with the hs_session cookie alone', async () => {
    expect(await hello(await open({ headers: { cookie: `hs_session=${await tokenFor(admin)}` } }))).toEqual({
      type: 'hello',
      userId: admin.id,
    });
  });

  it('ignores a staff id header a caller sets itself', async () => {
    const error = await expectError(
      await open({ headers: { 'x-staff-user-id': String(admin.id), 'x-staff-username': admin.username } }),
      401,
    );
    expect(error.message).toBe('Bu işlem için giriş yapmanız gerekiyor');
  });

  it('refuses an expired ?token= and a plain GET without an upgrade', async () => {
    await expectError(
      await open({}, `/api/notifications/live?token=${await signed({ sub: String(admin.id), exp: nowSec() - 5 })}`),
      401,
    );
    expect((await api('/api/notifications/live', { token: await tokenFor(admin) })).status).toBe(400);
  });
});

describe('what staff see stays with staff', () => {
  it('approving shows the first name and initial publicly, never the surname or the phone, and the staff answers are not cached', async () => {
    const g = await createFacility();
    await createSlots(g, 1, 1);
    const date = addDays(istanbulToday(), 1);
    const slot = await slotAt(g.id, date, '20:00');
    const phone = freshPhone();
    const created = (
      await json<BookingAnswer>(
        await api('/api/bookings', {
          method: 'POST',
          json: {
            facility: g.documentId,
            bookingSlot: slot.document_id,
            customerName: 'Gizli Telefon',
            customerPhone: phone,
          },
        }),
      )
    ).data;
    const approved = await api(`/api/bookings/${created.documentId}/approve`, {
      method: 'POST',
      token: await tokenFor(manager, 'manager'),
      json: {},
    });
    expect(approved.status).toBe(200);
    expect(approved.headers.get('cache-control')).toBe('no-store');
    const list = await api(`/api/bookings?facility=${g.documentId}`, { token: await tokenFor(admin) });
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect((await json<BookingListAnswer>(list)).data[0].customerPhone).toBe(phone);

    const publicSlots = await (await api(`/api/facilities/${g.slug}/slots?date=${date}`)).text();
    expect(publicSlots).toContain('Gizli T.');
    expect(publicSlots).not.toContain('Telefon');
    expect(publicSlots).not.toContain(phone);
    const tracked = await (await api(`/api/bookings/track/${created.bookingNumber}`)).text();
    expect(tracked).not.toContain(phone);
  });

  it('a token of a staff member blocked after sign-in can no longer decide', async () => {
    const later = await createStaff('manager');
    const token = await tokenFor(later, 'manager');
    await env.DB.prepare('update users set blocked = 1 where id = ?').bind(later.id).run();
    const b = await pendingBooking();
    const before = await bookingState(b.id);
    await expectError(await api(`/api/bookings/${b.document_id}/approve`, { method: 'POST', token, json: {} }), 401);
    expect(await bookingState(b.id)).toEqual(before);
  });

  it('a bearer header wins over the cookie: a forged header is refused even beside a valid cookie', async () => {
    const forged = await signed({ sub: String(admin.id), key: OTHER_SECRET });
    const res = await api(`/api/bookings?facility=${f.documentId}`, {
      token: forged,
      headers: { cookie: `hs_session=${await tokenFor(admin)}` },
    });
    await expectError(res, 401);
  });
});
