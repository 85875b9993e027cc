import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { NotificationTitle, TypeIcon, useNow } from '../components/notifications/NotificationParts';
import { StaffPushSwitch } from '../components/panel/StaffPushSwitch';
import { Button } from '../components/ui/Button';
import { Dialog, DialogTrigger, Heading } from '../components/ui/Dialog';
import { focusRing } from '../components/ui/focus';
import { BellIcon, CheckIcon } from '../components/ui/icons';
import { Popover } from '../components/ui/Popover';
import { Switch } from '../components/ui/Switch';
import { bellTimeAgo } from '../lib/relative-time';
import {
  $notificationLive,
  $notifications,
  $soundEnabled,
  $unreadCount,
  BELL_ITEMS,
  badgeText,
  type LiveState,
  markAllRead,
  markBellOpened,
  markRead,
  type Notification,
  setSoundEnabled,
  startNotifications,
} from '../stores/notifications';

const liveText: Record<LiveState, string> = { open: 'Bağlı', down: 'Bağlı değil', connecting: 'Bağlanıyor…' };
const liveDot: Record<LiveState, string> = { open: 'bg-turf-600', down: 'bg-red-600', connecting: 'bg-amber-500' };

/** The header bell (behaviour.md#management-panel 'Notification bell'): live count, the latest five, the connection and the sound setting. */
export default function NotificationBell() {
  const items = useStore($notifications);
  const count = useStore($unreadCount);
  const live = useStore($notificationLive);
  const sound = useStore($soundEnabled);
  const now = useNow();

  useEffect(() => startNotifications(), []);

  const label = count > 0 ? `Bildirimler, ${count} okunmamış` : 'Bildirimler';

  return (
    <DialogTrigger onOpenChange={(open) => open && markBellOpened()}>
      <Button variant="quiet" size="icon" aria-label={label} className="relative" data-bell-live={live}>
        <BellIcon className="h-6 w-6" />
        <span
          aria-hidden="true"
          data-unread-count={count}
          hidden={count === 0}
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-bold text-white ring-2 ring-white dark:ring-slate-900"
        >
          {badgeText(count)}
        </span>
      </Button>
      <Popover placement="bottom end" offset={8} className="w-[min(24rem,calc(100vw-1rem))] shadow-xl">
        <Dialog aria-label="Bildirimler">
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <Heading slot="title" className="text-base font-bold">
              Bildirimler
            </Heading>
            <span
              data-live={live}
              className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-700 dark:text-slate-300"
            >
              <span aria-hidden="true" className={`h-2 w-2 rounded-full ${liveDot[live]}`} />
              {liveText[live]}
            </span>
          </div>

          {items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-600 dark:text-slate-300">Henüz bildirim yok</p>
          ) : (
            <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {items.slice(0, BELL_ITEMS).map((n) => (
                <BellItem key={n.id} n={n} now={now} />
              ))}
            </ul>
          )}

          <div className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-700">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Button variant="ghost" size="sm" isDisabled={count === 0} onPress={() => void markAllRead()}>
                Tümünü okundu işaretle
              </Button>
              <a
                href="/yonetim/bildirimler"
                className={`rounded px-1 text-sm font-semibold text-turf-800 underline-offset-2 hover:underline dark:text-turf-300 ${focusRing}`}
              >
                Tüm bildirimler
              </a>
            </div>
            <Switch isSelected={sound} onChange={setSoundEnabled}>
              Bildirim sesi
            </Switch>
            <StaffPushSwitch />
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function BellItem({ n, now }: { n: Notification; now: number }) {
  return (
    <li
      data-notification-id={n.id}
      data-read={n.isRead}
      className={`flex gap-3 px-4 py-3 ${n.isRead ? '' : 'bg-turf-50/60 dark:bg-turf-950/40'}`}
    >
      <TypeIcon type={n.type} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">
          <NotificationTitle n={n} className="" onOpen={(o) => void (o.isRead || markRead(o.id))} />
        </p>
        <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{n.message}</p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          <time dateTime={n.createdAt ?? undefined}>{bellTimeAgo(n.createdAt, now)}</time>
        </p>
      </div>
      {!n.isRead && (
        <div className="flex shrink-0 flex-col items-end gap-2">
          <span className="mt-1 inline-flex items-center">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-turf-600" />
            <span className="sr-only">Okunmamış</span>
          </span>
          <Button
            variant="quiet"
            size="iconSm"
            aria-label={`Okundu işaretle: ${n.title}`}
            onPress={() => void markRead(n.id)}
          >
            <CheckIcon className="h-4 w-4" />
          </Button>
        </div>
      )}
    </li>
  );
}
