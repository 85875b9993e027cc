// The bell's live connection and its fallback polls (behaviour.md#notifications, behaviour.md#constants-and-limits): one socket for the whole page.
import { SESSION_ENDED_CLOSE, type StaffHubRequest, staffHubEvent } from '../../../../contracts/socket/staff-hub';
import { client } from '../../lib/api';
import { type LiveSocket, openLiveSocket } from '../../lib/live-socket';
import { $session, clearSession, signingOut } from '../session';
import { forgetViewer, handleLiveMessage } from './events';
import { refreshNotifications } from './fetch';
import { $soundEnabled, readSoundSetting } from './settings';
import { $notificationLive, clearFeed, feed, POLL_DOWN_MS, POLL_OPEN_MS } from './state';

let live: LiveSocket | null = null;
let stopSession: (() => void) | undefined;
let sessionUser: number | null = null;

/** The HttpOnly session cookie authenticates the socket; no token ever goes into its URL. */
function liveUrl(): string {
  const url = client.api.notifications.live.$url();
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

const signedInUser = () => {
  const s = $session.get();
  return s.status === 'signed-in' ? s.user.id : null;
};

/** Tells our other tabs at once; the server broadcasts reads itself, this is only the faster path. */
export function tellOtherTabs(message: StaffHubRequest) {
  live?.send(JSON.stringify(message));
}

/**
 * Starts the bell's feed: one socket and one poll for the whole page however many islands ask (the bell and the full
 * list). Returns the function that lets go; the last one to let go stops it all and forgets the list.
 */
export function startNotifications(): () => void {
  feed.islands++;
  if (feed.islands === 1) {
    $soundEnabled.set(readSoundSetting());
    sessionUser = signedInUser();
    // behaviour.md#constants-and-limits: poll on user change too; another user also needs a new socket (the cookie now names them). Signing out
    // (the session turns anonymous while the page is still open, before it leaves for /giris) stops the socket and the
    // polls: a reconnect without the cookie would only be refused, and the browser logs that refusal as an error.
    stopSession = $session.listen((s) => {
      const user = signedInUser();
      if (user === null) {
        if (s.status === 'anonymous' && sessionUser !== null) {
          live?.stop();
          live = null;
          $notificationLive.set('down');
        }
        return;
      }
      if (user === sessionUser && live) return;
      const first = sessionUser === null && live !== null;
      sessionUser = user;
      // The first confirmation of the session we started with is not a change.
      if (first) return;
      $notificationLive.set('connecting');
      void refreshNotifications();
      if (live) live.restart();
      else connect();
    });
    $notificationLive.set('connecting');
    void refreshNotifications();
    connect();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    feed.islands--;
    if (feed.islands > 0) return;
    stopSession?.();
    stopSession = undefined;
    live?.stop();
    live = null;
    clearFeed();
    forgetViewer();
  };
}

function connect() {
  live = openLiveSocket({
    url: liveUrl,
    schema: staffHubEvent,
    onMessage: handleLiveMessage,
    onState: (state) => $notificationLive.set(state),
    // Whatever arrived while we were away comes with one read.
    onOpen: () => void refreshNotifications(),
    pollEvery: { connecting: POLL_DOWN_MS, down: POLL_DOWN_MS, open: POLL_OPEN_MS },
    poll: () => void refreshNotifications(),
    // The server closes a bell whose session ended (a logout elsewhere, 'Tüm oturumları kapat', a disable): this tab
    // is signed out too, without asking the server again.
    endedBy: (code) => code === SESSION_ENDED_CLOSE,
    onEnded: sessionEnded,
  });
}

function sessionEnded() {
  live = null;
  clearSession();
  if (!signingOut() && location.pathname.startsWith('/yonetim'))
    location.assign(`/giris?redirect=${encodeURIComponent(location.pathname + location.search)}`);
}
