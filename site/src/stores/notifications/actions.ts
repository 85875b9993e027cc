// The bell's actions: local state changes only after the server succeeds, failures are silent (behaviour.md#states-and-transitions, #error-messages).
import { client } from '../../lib/api';
import { applyDeleted, applyRead, applyReadAll } from './events';
import { refreshNotifications } from './fetch';
import { tellOtherTabs } from './live';
import type { Notification } from './state';

export async function markRead(id: number): Promise<boolean> {
  try {
    // keepalive: opening a notification's booking link leaves the page while this request is still on its way.
    const res = await client.api.notifications[':id']['mark-read'].$post(
      { param: { id: String(id) } },
      { init: { keepalive: true } },
    );
    if (!res.ok) return false;
    const body = (await res.json().catch(() => null)) as { data?: Notification } | null;
    if (applyRead(id, body?.data?.readAt ?? null) === null) void refreshNotifications();
    tellOtherTabs({ type: 'read', id });
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
    tellOtherTabs({ type: 'read', id: 'all' });
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
