// The dashboard's figures (behaviour.md#management-panel 'Dashboard'): one GET /api/bookings/stats, refreshed after a booking changes.
import type { InferResponseType } from 'hono/client';
import { atom } from 'nanostores';
import { client, unwrap } from '../lib/api';
import { messageOf } from '../lib/errors';
import { $liveEvent } from './notifications';
import { toast } from './toast';

export type DashboardStats = InferResponseType<typeof client.api.bookings.stats.$get, 200>['data'];
export type DashboardState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; stats: DashboardStats; refreshing: boolean };

export const DASHBOARD_FAILED = 'Veriler yüklenirken hata oluştu';

export const $dashboard = atom<DashboardState>({ status: 'loading' });
let latestRequest = 0;

/** Loads the figures; a refresh keeps the figures on screen and, if it fails, says so in a toast instead. */
export async function loadDashboard(): Promise<void> {
  const id = ++latestRequest;
  const current = $dashboard.get();
  $dashboard.set(current.status === 'ready' ? { ...current, refreshing: true } : { status: 'loading' });
  try {
    const stats = await unwrap(client.api.bookings.stats.$get({ query: {} }));
    if (id === latestRequest) $dashboard.set({ status: 'ready', stats, refreshing: false });
  } catch (e) {
    if (id !== latestRequest) return;
    const shown = $dashboard.get();
    if (shown.status === 'ready') {
      $dashboard.set({ ...shown, refreshing: false });
      toast('error', DASHBOARD_FAILED, messageOf(e));
    } else {
      $dashboard.set({ status: 'error', message: messageOf(e) });
    }
  }
}

/** Booking notifications (created, decided, cancelled, expired) that arrive within this window cost one re-read. */
export const LIVE_REFRESH_MS = 300;

/**
 * Calls `refresh` after a booking notification reaches the bell over the staff hub: a new booking or a
 * decision made in another tab or by another staff member. Reuses the bell's one socket. Returns the clean-up.
 */
export function followBookingEvents(refresh: () => void, delay = LIVE_REFRESH_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = $liveEvent.listen((event) => {
    if (event?.type !== 'notification' || event.notification.bookingId == null) return;
    clearTimeout(timer);
    timer = setTimeout(refresh, delay);
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
}
