// The one WebSocket loop of the site, for both live channels (a pitch's slots and the staff bell): connect, parse every
// message with the channel's schema (a frame that does not fit is ignored), reconnect with one backoff policy, poll at
// a rate chosen per state, and tell the owner when the channel goes down and comes back.
import { type MessageSchema, parseSocketMessage } from '../../../contracts/socket/parse';

export type LiveSocketState = 'connecting' | 'open' | 'down';

export const MAX_BACKOFF_MS = 30_000;

/** 1 s doubling up to 30 s, with jitter so a restarted server is not met by every tab in the same second. */
export function backoffDelay(n: number, random = Math.random()): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** n);
  return Math.round(base / 2 + (random * base) / 2);
}

export interface LiveSocketOptions<M> {
  url: () => string;
  schema: MessageSchema<M>;
  onMessage: (message: M) => void;
  onState?: (state: LiveSocketState) => void;
  /** The socket opened; `reconnected` after it had been down. */
  onOpen?: (reconnected: boolean) => void;
  /** The socket closed or could not open (again); a retry is scheduled. */
  onDown?: () => void;
  /**
   * A close code that means the server ended the channel for good (the staff bell's session ended): no retry, no poll,
   * `onEnded` instead. Reconnecting would only be refused (and log an error in the console).
   */
  endedBy?: (code: number) => boolean;
  onEnded?: () => void;
  /** Runs `poll` every so many ms in the given states; a state left out does not poll. */
  pollEvery?: Partial<Record<LiveSocketState, number>>;
  poll?: () => void;
}

export interface LiveSocket {
  /** Sends on the open socket; false when there is none. */
  send: (data: string) => boolean;
  /** Drops the current socket and connects afresh, as if just started (e.g. another user signed in). */
  restart: () => void;
  /** Stops it all: no more sockets, retries, polls or callbacks. */
  stop: () => void;
}

export function openLiveSocket<M>(o: LiveSocketOptions<M>): LiveSocket {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let dropped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  let pollMs: number | undefined;

  function setState(state: LiveSocketState) {
    const every = o.pollEvery?.[state];
    if (every !== pollMs || poll === undefined) {
      clearInterval(poll);
      poll = every !== undefined && o.poll ? setInterval(o.poll, every) : undefined;
      pollMs = every;
    }
    o.onState?.(state);
  }

  function down(ws: WebSocket | null) {
    if (socket !== ws || stopped) return;
    socket = null;
    dropped = true;
    setState('down');
    o.onDown?.();
    clearTimeout(retry);
    retry = setTimeout(connect, backoffDelay(attempt++));
  }

  function connect() {
    if (stopped) return;
    if (typeof WebSocket === 'undefined') {
      setState('down');
      return;
    }
    setState(dropped ? 'down' : 'connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(o.url());
    } catch {
      down(null);
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      setState('open');
      o.onOpen?.(dropped);
    };
    ws.onmessage = (e: MessageEvent) => {
      if (socket !== ws) return;
      const message = parseSocketMessage(o.schema, e.data);
      if (message !== null) o.onMessage(message);
    };
    ws.onclose = (e: CloseEvent) => {
      if (socket === ws && !stopped && o.endedBy?.(e.code)) {
        stop();
        o.onEnded?.();
      } else down(ws);
    };
    ws.onerror = () => {
      try {
        ws.close();
      } catch {
        // already closing
      }
      down(ws);
    };
  }

  function disconnect() {
    clearTimeout(retry);
    retry = undefined;
    const ws = socket;
    socket = null;
    try {
      ws?.close();
    } catch {
      // already closed
    }
  }

  function stop() {
    stopped = true;
    disconnect();
    clearInterval(poll);
    poll = undefined;
    pollMs = undefined;
  }

  connect();
  return {
    send(data) {
      try {
        if (socket?.readyState !== 1) return false;
        socket.send(data);
        return true;
      } catch {
        return false;
      }
    },
    restart() {
      disconnect();
      attempt = 0;
      dropped = false;
      connect();
    },
    stop,
  };
}
