// The two WebSocket channels have one discriminated union each (pitch.ts, staff-hub.ts). Both ends parse what they
// receive: a frame that is not JSON or fits none of the channel's messages is dropped, never a crash.

/**
 * A client's keep-alive on either channel: the bare text 'ping', answered 'pong' by the runtime itself (the Durable
 * Objects' WebSocket auto-response), so a hibernated object is not woken for it.
 */
export const SOCKET_PING = 'ping';
export const SOCKET_PONG = 'pong';

/** What a channel's messages are checked with: a zod schema, or a hand-written check with the same answer. */
export interface MessageSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** A socket frame as one of `schema`'s messages, or null when it is not JSON or does not fit. */
export function parseSocketMessage<T>(schema: MessageSchema<T>, data: unknown): T | null {
  if (typeof data !== 'string') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
