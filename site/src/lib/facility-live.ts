// A pitch's live channel (GET /api/facilities/:ref/live), shared by the public slot calendar and the panel's weekly
// calendar: while the socket is down a refetch at once and polling after, and one more refetch once it is back.
import type { FacilityEvent } from '../../../contracts/socket/facility';
import { client } from './api';
import { facilityEventCheck } from './checks';
import { type LiveSocketState, openLiveSocket } from './live-socket';

export type LiveState = 'off' | LiveSocketState;
export type { FacilityEvent };
export const POLL_MS = 15_000;

interface Handlers {
  onState: (state: LiveState) => void;
  onEvent: (event: FacilityEvent) => void;
  /** Whatever changed while the socket was down, or may change while it stays down: one quiet refetch. */
  resync: () => void;
}

function liveUrl(ref: string): string {
  const url = client.api.facilities[':ref'].live.$url({ param: { ref } });
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** Watches one pitch; returns the function that stops it all. */
export function watchFacilityLive(ref: string, h: Handlers): () => void {
  if (typeof WebSocket === 'undefined') return () => {};
  const live = openLiveSocket({
    url: () => liveUrl(ref),
    schema: facilityEventCheck,
    onMessage: h.onEvent,
    onState: h.onState,
    onOpen: (reconnected) => {
      if (reconnected) h.resync();
    },
    onDown: h.resync,
    pollEvery: { down: POLL_MS },
    poll: h.resync,
  });
  return () => {
    live.stop();
    h.onState('off');
  };
}
