// Reading the bell's list from the server (api.md): page 1 of the latest, with the unread count.
import { client, unwrapPage } from '../../lib/api';
import { BELL_FETCH_SIZE, feed, type Notification, setCount, setItems } from './state';

let inflight: Promise<void> | null = null;
let again = false;

async function fetchLatest(): Promise<{ items: Notification[]; unread: number }> {
  const body = await unwrapPage(
    client.api.notifications.all.$get({ query: { page: '1', pageSize: String(BELL_FETCH_SIZE) } }),
  );
  return { items: body.data, unread: body.meta.unread };
}

/**
 * Re-reads the latest notifications and the unread count. Calls while one is in flight are folded into one more
 * read after it; an answer that a local change overtook is read again rather than applied. A failure empties the
 * list and sets the count to 0 (behaviour.md#error-messages).
 */
export function refreshNotifications(): Promise<void> {
  if (inflight) {
    again = true;
    return inflight;
  }
  inflight = (async () => {
    do {
      again = false;
      const seen = feed.version;
      try {
        const { items, unread } = await fetchLatest();
        if (seen !== feed.version) {
          again = true;
          continue;
        }
        setItems(items);
        setCount(unread);
      } catch {
        if (seen !== feed.version) {
          again = true;
          continue;
        }
        setItems([]);
        setCount(0);
      }
    } while (again && feed.islands > 0);
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}
