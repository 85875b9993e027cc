// Both live channels answer a client's 'ping' with 'pong' through the runtime's WebSocket auto-response: the Durable
// Object's webSocketMessage never runs for it, so a hibernated object is not woken by keep-alives.
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SOCKET_PING, SOCKET_PONG } from '../../contracts/socket/parse';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import type { StaffHub } from '../../worker/src/durable-objects/staff-hub';
import { facilityStub } from '../../worker/src/services/facility-ref';
import { staffHub } from '../../worker/src/services/notifications';
import { createFacility, createStaff, tokenFor } from './fixtures';
import { connectBell } from './fixtures/staff-bell';

type Hibernating = FacilityBooking | StaffHub;

/** Counts the object's webSocketMessage calls from now on (the runtime looks the handler up on the instance). */
async function countMessages(stub: DurableObjectStub<Hibernating>) {
  const seen: unknown[] = [];
  await runInDurableObject(stub, (instance: Hibernating) => {
    const handler = instance.webSocketMessage.bind(instance);
    instance.webSocketMessage = async (ws: WebSocket, message: string | ArrayBuffer) => {
      seen.push(message);
      return handler(ws, message);
    };
  });
  return seen;
}

/** When the runtime last auto-answered one of the object's sockets (null: never). */
const lastAutoResponse = (stub: DurableObjectStub<Hibernating>) =>
  runInDurableObject(stub, (_: Hibernating, state) => {
    const times = state.getWebSockets().map((ws) => state.getWebSocketAutoResponseTimestamp(ws));
    return times.find((t) => t !== null) ?? null;
  });

function listen(ws: WebSocket) {
  const messages: string[] = [];
  ws.addEventListener('message', (e) => messages.push(String(e.data)));
  ws.accept();
  return async (pred: (text: string) => boolean) => {
    const deadline = Date.now() + 3000;
    while (!messages.some(pred)) {
      if (Date.now() > deadline) throw new Error(`nothing matched in ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
}

describe('pings on the live sockets', () => {
  it("a pitch's live channel answers ping with pong without calling webSocketMessage", async () => {
    const f = await createFacility();
    const res = await exports.default.fetch(
      new Request(`http://localhost/api/facilities/${f.slug}/live`, { headers: { Upgrade: 'websocket' } }),
    );
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const heard = listen(ws);
    await heard((m) => m.startsWith('{"type":"hello"'));
    const stub = facilityStub(env, f.id);
    const seen = await countMessages(stub);
    expect(await lastAutoResponse(stub)).toBeNull();
    ws.send(SOCKET_PING);
    await heard((m) => m === SOCKET_PONG);
    expect(seen).toEqual([]);
    expect(await lastAutoResponse(stub)).toBeInstanceOf(Date);
    ws.close(1000, 'done');
  });

  it('the staff hub answers ping with pong without calling webSocketMessage, and still hears a read', async () => {
    const admin = await createStaff('admin');
    const token = await tokenFor(admin, 'admin');
    const tabA = await connectBell({ token });
    const tabB = await connectBell({ cookie: token });
    const stub = staffHub(env);
    const seen = await countMessages(stub);
    tabA.ws.send(SOCKET_PING);
    expect(await tabA.next((m) => m === SOCKET_PONG)).toBe(SOCKET_PONG);
    expect(seen).toEqual([]);
    expect(await lastAutoResponse(stub)).toBeInstanceOf(Date);
    // Anything else still reaches the hub: a read from one tab is passed on to the other.
    tabA.ws.send(JSON.stringify({ type: 'read', id: 77 }));
    expect(await tabB.next((m) => m.type === 'read' && m.id === 77)).toEqual({ type: 'read', id: 77 });
    expect(seen).toHaveLength(1);
    tabA.close();
    tabB.close();
  });
});
