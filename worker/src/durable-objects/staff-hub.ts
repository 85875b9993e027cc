import { DurableObject } from 'cloudflare:workers';
import { parseSocketMessage } from '../../../contracts/socket/parse';
import { type StaffHubBroadcast, type StaffHubEvent, staffHubRequest } from '../../../contracts/socket/staff-hub';
import type { NotificationWire } from '../../../contracts/wire/notification';

interface Attachment {
  userId: number;
  username: string;
  connectedAt: number;
}

/**
 * The staff notification hub: one object, one hibernatable WebSocket per signed-in staff tab. The API route
 * authenticates the token before forwarding the upgrade here, so every socket belongs to a verified staff member.
 */
export class StaffHub extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return new Response('Expected WebSocket', { status: 426 });
    const userId = Number(request.headers.get('x-staff-user-id'));
    const username = request.headers.get('x-staff-username') ?? '';
    if (!Number.isInteger(userId) || userId <= 0) return new Response('Forbidden', { status: 403 });
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair);
    this.ctx.acceptWebSocket(server, [`user:${userId}`]);
    server.serializeAttachment({ userId, username, connectedAt: Date.now() } satisfies Attachment);
    server.send(frame({ type: 'hello', userId }));
    return new Response(null, { status: 101, webSocket: client });
  }

  async publish(items: NotificationWire[]): Promise<number> {
    if (items.length === 0) return 0;
    const sockets = this.ctx.getWebSockets();
    for (const item of items) sendAll(sockets, frame({ type: 'notification', notification: item }));
    return sockets.length;
  }

  /** Read and delete events from the API: every bell drops or greys the same items (read state is shared by staff). */
  async broadcast(event: StaffHubBroadcast): Promise<void> {
    sendAll(this.ctx.getWebSockets(), frame(event));
  }

  /** Tells every tab of the same user that notifications were read elsewhere, so counts stay in step. */
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === 'ping') return ws.send('pong');
    const request = parseSocketMessage(staffHubRequest, message);
    if (!request) return;
    const { userId } = ws.deserializeAttachment() as Attachment;
    const data = frame({ type: 'read', id: request.id });
    for (const peer of this.ctx.getWebSockets(`user:${userId}`)) if (peer !== ws) peer.send(data);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
    } catch {
      /* already closed */
    }
  }
}

const frame = (event: StaffHubEvent) => JSON.stringify(event);

function sendAll(sockets: WebSocket[], data: string): void {
  for (const ws of sockets) {
    try {
      ws.send(data);
    } catch {
      /* closing */
    }
  }
}
