import { atom } from 'nanostores';
import type { NotificationWire } from '../../../worker/src/services/notifications';
import { client, unwrapPage } from '../lib/api';
import { $session } from './session';
import { toast } from './toast';

// ---------------------------------------------------------------- shapes and constants (02 §3, §9)

export type Notification = NotificationWire;
export type NotificationType = Notification['type'];
export type NotificationPriority = Notification['priority'];
export type LiveState = 'connecting' | 'open' | 'down';

/** What the server pushes over /api/notifications/live (API.md). */
export type LiveMessage =
  | { type: 'hello'; userId: number }
  | { type: 'notification'; notification: Notification }
  | { type: 'read'; id: number | 'all' }
  | { type: 'deleted'; id: number };

export const BELL_ITEMS = 5;
export const BADGE_CAP = 99;
/** The bell asks page 1, size 10 (02 §7): a few more than it shows, so marking one read never leaves a gap. */
export const BELL_FETCH_SIZE = 10;
export const TOAST_MS = 8_000;
/** 02 §9: the general poll runs every 30 s; with the socket open only the bell's 60 s safety poll remains. */
export const POLL_DOWN_MS = 30_000;
export const POLL_OPEN_MS = 60_000;
export const MAX_BACKOFF_MS = 30_000;
export const SOUND_KEY = 'notificationSoundEnabled';
export const LAST_CHECK_KEY = 'lastNotificationCheck';

export const badgeText = (count: number) => (count > BADGE_CAP ? `${BADGE_CAP}+` : String(count));

// ---------------------------------------------------------------- state

/** The latest notifications, newest first. */
export const $notifications = atom<Notification[]>([]);
/** Every unread notification on the server, not only those in the list; never below 0 (02 §4). */
export const $unreadCount = atom<number>(0);
export const $notificationLive = atom<LiveState>('connecting');
export const $soundEnabled = atom<boolean>(true);
/** The last message from the socket, for the full list page to follow (it keeps its own, filtered page). */
export const $liveEvent = atom<LiveMessage | null>(null);

/** Bumped by every local change, so a list fetched before it is not allowed to undo it. */
let version = 0;
const setItems = (items: Notification[]) => {
  version++;
  $notifications.set(items);
};
const setCount = (n: number) => $unreadCount.set(Math.max(0, n));

// ---------------------------------------------------------------- storage (02 §9 stored keys)

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Sound is on unless the user turned it off. */
export function readSoundSetting(): boolean {
  return storage()?.getItem(SOUND_KEY) !== 'false';
}

export function setSoundEnabled(on: boolean) {
  storage()?.setItem(SOUND_KEY, String(on));
  $soundEnabled.set(on);
}

/** Opening the bell counts as having looked at the notifications. */
export function markBellOpened(now = new Date()) {
  storage()?.setItem(LAST_CHECK_KEY, now.toISOString());
}

// ---------------------------------------------------------------- sound: short tones per type, no audio files

export interface Tone { at: number; duration: number; from: number; to?: number; wave: OscillatorType }

/** The tones of each type (02 §2 'sounds differing by type'); times in seconds from the start. */
export function tonesFor(type: NotificationType): Tone[] {
  switch (type) {
    case 'booking_created':
      return [
        { at: 0, duration: 0.12, from: 660, wave: 'sine' },
        { at: 0.16, duration: 0.14, from: 880, wave: 'sine' },
      ];
    case 'booking_cancelled':
      return [{ at: 0, duration: 0.35, from: 740, to: 330, wave: 'triangle' }];
    case 'booking_updated':
      return [{ at: 0, duration: 0.15, from: 587, wave: 'sine' }];
    default:
      return [{ at: 0, duration: 0.15, from: 262, wave: 'square' }];
  }
}

type AudioContextClass = typeof AudioContext;
let audio: AudioContext | null = null;

/** Plays the type's tones. Missing Web Audio (tests, old browsers) or a blocked context is simply silence. */
export function playNotificationSound(type: NotificationType): boolean {
  try {
    const w = typeof window === 'undefined' ? undefined : (window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass });
    const Ctx = w?.AudioContext ?? w?.webkitAudioContext;
    if (!Ctx) return false;
    audio ??= new Ctx();
    const ctx = audio;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const start = ctx.currentTime + 0.01;
    for (const tone of tonesFor(type)) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t0 = start + tone.at;
      const t1 = t0 + tone.duration;
      osc.type = tone.wave;
      osc.frequency.setValueAtTime(tone.from, t0);
      if (tone.to) osc.frequency.exponentialRampToValueAtTime(tone.to, t1);
      // A quick fade in and out: no click at the edges, and quiet enough for an office.
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(tone.wave === 'square' ? 0.06 : 0.18, t0 + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t1);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t1 + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- fetching

let inflight: Promise<void> | null = null;
let again = false;

async function fetchLatest(): Promise<{ items: Notification[]; unread: number }> {
  const body = await unwrapPage(client.api.notifications.all.$get({ query: { page: '1', pageSize: String(BELL_FETCH_SIZE) } }));
  return { items: body.data, unread: body.meta.unread };
}

/**
 * Re-reads the latest notifications and the unread count. Calls while one is in flight are folded into one more
 * read after it; an answer that a local change overtook is read again rather than applied. A failure empties the
 * list and sets the count to 0 (02 §8).
 */
export function refreshNotifications(): Promise<void> {
  if (inflight) {
    again = true;
    return inflight;
  }
  inflight = (async () => {
    do {
      again = false;
      const seen = version;
      try {
        const { items, unread } = await fetchLatest();
        if (seen !== version) {
          again = true;
          continue;
        }
        setItems(items);
        setCount(unread);
      } catch {
        if (seen !== version) {
          again = true;
          continue;
        }
        setItems([]);
        setCount(0);
      }
    } while (again && running > 0);
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

// ---------------------------------------------------------------- local effects of events (02 §4)

/** A new notification goes on top and raises the unread count; one we already hold is not counted twice. */
function insert(n: Notification): boolean {
  const list = $notifications.get();
  if (list.some((x) => x.id === n.id)) return false;
  setItems([n, ...list].slice(0, 50));
  if (!n.isRead) setCount($unreadCount.get() + 1);
  return true;
}

/** Marks one as read if we hold it; null when we do not (then only the server knows whether it was unread). */
function applyRead(id: number, readAt: string | null): boolean | null {
  const list = $notifications.get();
  const item = list.find((x) => x.id === id);
  if (!item) return null;
  if (item.isRead) return true;
  setItems(list.map((x) => (x.id === id ? { ...x, isRead: true, readAt: readAt ?? new Date().toISOString() } : x)));
  setCount($unreadCount.get() - 1);
  return true;
}

function applyReadAll() {
  const now = new Date().toISOString();
  setItems($notifications.get().map((x) => (x.isRead ? x : { ...x, isRead: true, readAt: now })));
  setCount(0);
}

function applyDeleted(id: number): boolean {
  const list = $notifications.get();
  const item = list.find((x) => x.id === id);
  if (!item) return false;
  setItems(list.filter((x) => x.id !== id));
  if (!item.isRead) setCount($unreadCount.get() - 1);
  return true;
}

export function parseLiveMessage(raw: unknown): LiveMessage | null {
  if (typeof raw !== 'string') return null;
  let m: Partial<{ type: string; id: unknown; userId: unknown; notification: unknown }>;
  try {
    m = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  if (m.type === 'notification' && m.notification && typeof (m.notification as Notification).id === 'number') return { type: 'notification', notification: m.notification as Notification };
  if (m.type === 'read' && (m.id === 'all' || typeof m.id === 'number')) return { type: 'read', id: m.id };
  if (m.type === 'deleted' && typeof m.id === 'number') return { type: 'deleted', id: m.id };
  if (m.type === 'hello' && typeof m.userId === 'number') return { type: 'hello', userId: m.userId };
  return null;
}

/** Who this bell belongs to: the socket's hello names the user; the stored session is the fallback. */
let helloUserId: number | null = null;
function viewerId(): number | null {
  if (helloUserId !== null) return helloUserId;
  const session = $session.get();
  return session.status === 'signed-in' ? session.user.id : null;
}

/** One's own action (issue 7 §3): already seen, so no toast, no sound and no unread count for the actor. */
export const isOwnAction = (n: Notification) => n.actorUserId != null && n.actorUserId === viewerId();

export function handleLiveMessage(incoming: LiveMessage) {
  let message = incoming;
  switch (message.type) {
    case 'notification': {
      const own = isOwnAction(message.notification);
      const n = own && !message.notification.isRead ? { ...message.notification, isRead: true, readAt: message.notification.createdAt } : message.notification;
      message = { type: 'notification', notification: n };
      if (!insert(n)) break;
      if (own) break;
      if ($soundEnabled.get()) playNotificationSound(n.type);
      toast('info', n.title, n.message, TOAST_MS);
      break;
    }
    case 'read':
      if (message.id === 'all') applyReadAll();
      // Read elsewhere, and not in our short list: the count can only come from the server.
      else if (applyRead(message.id, null) === null) void refreshNotifications();
      break;
    case 'deleted':
      if (!applyDeleted(message.id)) void refreshNotifications();
      break;
    case 'hello':
      helloUserId = message.userId;
      break;
  }
  $liveEvent.set(message);
}

// ---------------------------------------------------------------- actions: local state changes only after the server succeeds, failures are silent (02 §4, §8)

function tell(message: { type: 'read'; id: number | 'all' }) {
  try {
    if (socket?.readyState === 1) socket.send(JSON.stringify(message));
  } catch {
    // The server broadcasts reads itself; this is only the faster path to our other tabs.
  }
}

export async function markRead(id: number): Promise<boolean> {
  try {
    const res = await client.api.notifications[':id']['mark-read'].$post({ param: { id: String(id) } });
    if (!res.ok) return false;
    const body = (await res.json().catch(() => null)) as { data?: Notification } | null;
    if (applyRead(id, body?.data?.readAt ?? null) === null) void refreshNotifications();
    tell({ type: 'read', id });
    return true;
  } catch {
    return false;
  }
}

export async function markAllRead(): Promise<boolean> {
  try {
    const res = await client.api.notifications['mark-all-read'].$post();
    if (!res.ok) return false;
    applyReadAll();
    tell({ type: 'read', id: 'all' });
    return true;
  } catch {
    return false;
  }
}

export async function removeNotification(id: number): Promise<boolean> {
  try {
    const res = await client.api.notifications[':id'].$delete({ param: { id: String(id) } });
    if (!res.ok) return false;
    if (!applyDeleted(id)) void refreshNotifications();
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- the live connection and the fallback polls (00 §8, 02 §9)

let running = 0;
let socket: WebSocket | null = null;
let attempt = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
let poll: ReturnType<typeof setInterval> | undefined;
let pollEvery = 0;
let stopSession: (() => void) | undefined;
let sessionUser: number | null = null;

/** The HttpOnly session cookie authenticates the socket; no token ever goes into its URL (issue 7 §4). */
function liveUrl(): string {
  const url = client.api.notifications.live.$url();
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

const signedInUser = () => {
  const s = $session.get();
  return s.status === 'signed-in' ? s.user.id : null;
};

function pollAt(ms: number) {
  if (poll !== undefined && pollEvery === ms) return;
  clearInterval(poll);
  pollEvery = ms;
  poll = setInterval(() => void refreshNotifications(), ms);
}

/** 1 s doubling up to 30 s, with jitter so a restarted server is not met by every tab in the same second. */
export function backoffDelay(n: number, random = Math.random()): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** n);
  return Math.round(base / 2 + (random * base) / 2);
}

function setLive(state: LiveState) {
  $notificationLive.set(state);
  pollAt(state === 'open' ? POLL_OPEN_MS : POLL_DOWN_MS);
}

function onDown(ws: WebSocket) {
  if (socket !== ws) return;
  socket = null;
  if (running === 0) return;
  setLive('down');
  clearTimeout(retry);
  retry = setTimeout(connect, backoffDelay(attempt++));
}

function connect() {
  if (running === 0 || typeof WebSocket === 'undefined') {
    if (running > 0) setLive('down');
    return;
  }
  if ($notificationLive.get() !== 'down') setLive('connecting');
  let ws: WebSocket;
  try {
    ws = new WebSocket(liveUrl());
  } catch {
    socket = null;
    setLive('down');
    retry = setTimeout(connect, backoffDelay(attempt++));
    return;
  }
  socket = ws;
  ws.onopen = () => {
    if (socket !== ws) return;
    attempt = 0;
    setLive('open');
    // Whatever arrived while we were away comes with one read.
    void refreshNotifications();
  };
  ws.onmessage = (e: MessageEvent) => {
    if (socket !== ws) return;
    const message = parseLiveMessage(e.data);
    if (message) handleLiveMessage(message);
  };
  ws.onclose = () => onDown(ws);
  ws.onerror = () => {
    try {
      ws.close();
    } catch {
      // already closing
    }
    onDown(ws);
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

/**
 * Starts the bell's feed: one socket and one poll for the whole page however many islands ask (the bell and the full
 * list). Returns the function that lets go; the last one to let go stops it all and forgets the list.
 */
export function startNotifications(): () => void {
  running++;
  if (running === 1) {
    $soundEnabled.set(readSoundSetting());
    attempt = 0;
    sessionUser = signedInUser();
    // 02 §9: poll on user change too; another user also needs a new socket (the cookie now names them). Signing out
    // leaves the page, so a vanished user changes nothing here.
    stopSession = $session.listen(() => {
      const user = signedInUser();
      if (user === null || user === sessionUser) return;
      const first = sessionUser === null;
      sessionUser = user;
      // The first confirmation of the session we started with is not a change.
      if (first) return;
      disconnect();
      attempt = 0;
      $notificationLive.set('connecting');
      void refreshNotifications();
      connect();
    });
    $notificationLive.set('connecting');
    void refreshNotifications();
    connect();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
    if (running > 0) return;
    stopSession?.();
    stopSession = undefined;
    disconnect();
    clearInterval(poll);
    poll = undefined;
    pollEvery = 0;
    version++;
    $notifications.set([]);
    $unreadCount.set(0);
    $notificationLive.set('connecting');
    $liveEvent.set(null);
    helloUserId = null;
  };
}
