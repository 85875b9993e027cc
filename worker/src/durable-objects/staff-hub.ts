import { DurableObject } from 'cloudflare:workers';
import { parseSocketMessage, SOCKET_PING, SOCKET_PONG } from '../../../contracts/socket/parse';
import {
  SESSION_ENDED_CLOSE,
  type StaffHubBroadcast,
  type StaffHubEvent,
  staffHubRequest,
} from '../../../contracts/socket/staff-hub';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { getDb } from '../db/client';
import { liveSessions } from '../db/sessions';

/** What a socket carries through hibernation: whose it is, which session opened it and until when that is valid. */
interface Attachment {
  userId: number;
  username: string;
  sid: string;
  ver: number;
  /** Epoch ms the session's token expires. */
  expiresAt: number;
  connectedAt: number;
}

/** An ended session, as the API tells the hub (README 'Threat model': ending access ends the open sockets too). */
export interface SessionsEnded {
  userId: number;
  /** Every session of the account with a token version below this one ended (disable, role, password, 'all'). */
  minVersion?: number;
  /** This one session ended (logout); kept until its token would have expired anyway. */
  sid?: string;
  sidExpiresAt?: number;
  /**
   * With minVersion: this session goes on under the new version (one's own password change hands it a fresh token), so
   * its sockets are carried over instead of closed.
   */
  keepSid?: string;
}

export { SESSION_ENDED_CLOSE };

/** How often the hub checks its open sockets' sessions in D1, in case a revocation never reached it. */
export const SESSION_CHECK_MS = 60_000;

const MIN_VERSION = 'minver:';
const ENDED = 'ended:';

/**
 * The staff notification hub: one object, one hibernatable WebSocket per signed-in staff tab. The API route
 * authenticates the token before forwarding the upgrade here, so every socket belongs to a verified staff session.
 * A socket is never sent anything once its session has ended: the API tells the hub at every revocation (which closes
 * the session's sockets at once), every send skips and closes a socket whose session is known to have ended or whose
 * token has expired, and an alarm re-checks every open socket's session in D1 each minute.
 */
export class StaffHub extends DurableObject<Env> {
  private revoked?: { minVersion: Map<number, number>; ended: Map<string, number> };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Pings are answered by the runtime: a hibernated hub is not woken for them, and webSocketMessage never sees one.
    // A socket whose session ended is closed by the revocation itself or by the minute's check, not by its pings.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(SOCKET_PING, SOCKET_PONG));
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return new Response('Expected WebSocket', { status: 426 });
    const userId = Number(request.headers.get('x-staff-user-id'));
    const username = request.headers.get('x-staff-username') ?? '';
    const sid = request.headers.get('x-staff-session') ?? '';
    const ver = Number(request.headers.get('x-staff-token-version'));
    const expiresAt = Number(request.headers.get('x-staff-session-expires'));
    if (!Number.isInteger(userId) || userId <= 0 || !sid || !Number.isInteger(ver) || !Number.isFinite(expiresAt))
      return new Response('Forbidden', { status: 403 });
    const attachment: Attachment = { userId, username, sid, ver, expiresAt, connectedAt: Date.now() };
    // A revocation that landed between the route's check and this upgrade.
    if (await this.stale(attachment, Date.now())) return new Response('Session ended', { status: 401 });
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair);
    this.ctx.acceptWebSocket(server, [`user:${userId}`, `sid:${sid}`]);
    server.serializeAttachment(attachment);
    server.send(frame({ type: 'hello', userId }));
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SESSION_CHECK_MS);
    return new Response(null, { status: 101, webSocket: client });
  }

  async publish(items: NotificationWire[]): Promise<number> {
    if (items.length === 0) return 0;
    const sockets = await this.liveSockets();
    for (const item of items) sendAll(sockets, frame({ type: 'notification', notification: item }));
    return sockets.length;
  }

  /** Read and delete events from the API: every bell drops or greys the same items (read state is shared by staff). */
  async broadcast(event: StaffHubBroadcast): Promise<void> {
    sendAll(await this.liveSockets(), frame(event));
  }

  /** A revocation: remembered for later upgrades and sends, and every socket it ends is closed now. Answers how many. */
  async endSessions(ended: SessionsEnded): Promise<number> {
    const revoked = await this.revocations();
    if (ended.minVersion !== undefined) {
      const before = revoked.minVersion.get(ended.userId) ?? 0;
      if (ended.minVersion > before) {
        revoked.minVersion.set(ended.userId, ended.minVersion);
        await this.ctx.storage.put(`${MIN_VERSION}${ended.userId}`, ended.minVersion);
      }
    }
    if (ended.sid) {
      const until = ended.sidExpiresAt ?? Date.now() + 31 * 86_400_000;
      revoked.ended.set(ended.sid, until);
      await this.ctx.storage.put(`${ENDED}${ended.sid}`, until);
    }
    let closed = 0;
    const now = Date.now();
    for (const ws of this.ctx.getWebSockets(`user:${ended.userId}`)) {
      const a = attachmentOf(ws);
      if (ended.keepSid && a.sid === ended.keepSid && ended.minVersion !== undefined && a.ver < ended.minVersion) {
        ws.serializeAttachment({ ...a, ver: ended.minVersion } satisfies Attachment);
        continue;
      }
      if (await this.stale(a, now)) {
        endSocket(ws);
        closed++;
      }
    }
    return closed;
  }

  /** Tells every tab of the same user that notifications were read elsewhere, so counts stay in step. */
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (await this.stale(attachmentOf(ws), Date.now())) return endSocket(ws);
    const request = parseSocketMessage(staffHubRequest, message);
    if (!request) return;
    const { userId } = attachmentOf(ws);
    const data = frame({ type: 'read', id: request.id });
    for (const peer of await this.liveSockets(`user:${userId}`)) if (peer !== ws) peer.send(data);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
    } catch {
      /* already closed */
    }
  }

  /**
   * The minute's check: every open socket's session is looked up in D1 (a revocation whose message to the hub was lost
   * still ends its sockets within a minute), and remembered revocations past their tokens' expiry are forgotten.
   */
  async alarm(): Promise<void> {
    const now = Date.now();
    const sockets = this.ctx.getWebSockets();
    const sids = [...new Set(sockets.map((ws) => attachmentOf(ws).sid))];
    const live = new Map((await liveSessions(getDb(this.env.DB), sids, now)).map((s) => [s.id, s]));
    for (const ws of sockets) {
      const a = attachmentOf(ws);
      const session = live.get(a.sid);
      if (!session || session.userId !== a.userId || session.tokenVersion !== a.ver || session.blocked) endSocket(ws);
      else if (await this.stale(a, now)) endSocket(ws);
    }
    const revoked = await this.revocations();
    for (const [sid, until] of revoked.ended) {
      if (until > now) continue;
      revoked.ended.delete(sid);
      await this.ctx.storage.delete(`${ENDED}${sid}`);
    }
    if (this.ctx.getWebSockets().length > 0) await this.ctx.storage.setAlarm(now + SESSION_CHECK_MS);
  }

  private async revocations() {
    if (!this.revoked) {
      const minVersion = new Map<number, number>();
      for (const [key, value] of await this.ctx.storage.list<number>({ prefix: MIN_VERSION }))
        minVersion.set(Number(key.slice(MIN_VERSION.length)), value);
      const ended = new Map<string, number>();
      for (const [key, value] of await this.ctx.storage.list<number>({ prefix: ENDED }))
        ended.set(key.slice(ENDED.length), value);
      this.revoked = { minVersion, ended };
    }
    return this.revoked;
  }

  private async stale(a: Attachment, now: number): Promise<boolean> {
    // A socket without a session's marks (accepted before sessions had names) is treated as ended.
    if (!(a.expiresAt > now) || typeof a.sid !== 'string' || typeof a.ver !== 'number') return true;
    const revoked = await this.revocations();
    return a.ver < (revoked.minVersion.get(a.userId) ?? 0) || revoked.ended.has(a.sid);
  }

  /** The open sockets whose sessions still hold; any other is closed on the way and never sent to. */
  private async liveSockets(tag?: string): Promise<WebSocket[]> {
    const now = Date.now();
    const out: WebSocket[] = [];
    for (const ws of this.ctx.getWebSockets(tag)) {
      if (await this.stale(attachmentOf(ws), now)) endSocket(ws);
      else out.push(ws);
    }
    return out;
  }
}

const frame = (event: StaffHubEvent) => JSON.stringify(event);

const attachmentOf = (ws: WebSocket) => ws.deserializeAttachment() as Attachment;

function endSocket(ws: WebSocket): void {
  try {
    ws.close(SESSION_ENDED_CLOSE, 'Oturum sona erdi');
  } catch {
    /* already closed */
  }
}

function sendAll(sockets: WebSocket[], data: string): void {
  for (const ws of sockets) {
    try {
      ws.send(data);
    } catch {
      /* closing */
    }
  }
}
