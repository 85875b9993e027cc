// A pitch's live channel (GET /api/facilities/:ref/live), shared by the public slot calendar and the panel's weekly
// calendar: reconnect with exponential backoff, and while the socket is down a refetch at once and polling after.
import type { SlotWire } from '../../../worker/src/services/slots';
import { client } from './api';

export type LiveState = 'off' | 'connecting' | 'open' | 'down';
export interface PitchEvent { type?: string; facility?: string; slot?: SlotWire }
export const POLL_MS = 15_000;
const MAX_BACKOFF_MS = 30_000;

interface Handlers {
  onState: (state: LiveState) => void;
  onEvent: (event: PitchEvent) => void;
  /** Whatever changed while the socket was down, or may change while it stays down: one quiet refetch. */
  resync: () => void;
}

function liveUrl(ref: string): string {
  const url = client.api.facilities[':ref'].live.$url({ param: { ref } });
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** Watches one pitch; returns the function that stops it all. */
export function watchPitchLive(ref: string, h: Handlers): () => void {
  if (typeof WebSocket === 'undefined') return () => {};
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let dropped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;

  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };
  const onDown = () => {
    socket = null;
    if (stopped) return;
    dropped = true;
    h.onState('down');
    h.resync();
    poll ??= setInterval(h.resync, POLL_MS);
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) + Math.floor(Math.random() * 500);
    attempt++;
    retry = setTimeout(connect, delay);
  };

  function connect() {
    if (stopped) return;
    h.onState(dropped ? 'down' : 'connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(liveUrl(ref));
    } catch {
      onDown();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      h.onState('open');
      stopPolling();
      if (dropped) h.resync();
    };
    ws.onmessage = (e) => {
      let event: PitchEvent;
      try {
        event = JSON.parse(String(e.data));
      } catch {
        return;
      }
      h.onEvent(event);
    };
    ws.onclose = () => {
      if (socket === ws) onDown();
    };
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    stopPolling();
    const ws = socket;
    socket = null;
    ws?.close();
    h.onState('off');
  };
}
