import { type ComponentType, type SVGProps, useEffect, useState } from 'react';
import type { Notification, NotificationPriority, NotificationType } from '../../stores/notifications';
import { focusRing } from '../ui/focus';
import { AlertIcon, BellIcon, CalendarPlusIcon, CalendarXIcon, InfoIcon, PencilIcon } from '../ui/icons';

// Shared by the header bell and the full list (behaviour.md#management-panel): type icons, type and priority names, the priority dot.

/** The type filter's names (behaviour.md#management-panel); error and other only ever appear on items. */
export const TYPE_LABELS: Record<NotificationType, string> = {
  booking_created: 'Yeni Rezervasyon',
  booking_updated: 'Rezervasyon Güncellendi',
  booking_cancelled: 'Rezervasyon İptali',
  system: 'Sistem',
  error: 'Hata',
  other: 'Diğer',
};

const typeIcon: Record<NotificationType, ComponentType<SVGProps<SVGSVGElement>>> = {
  booking_created: CalendarPlusIcon,
  booking_updated: PencilIcon,
  booking_cancelled: CalendarXIcon,
  system: InfoIcon,
  error: AlertIcon,
  other: BellIcon,
};

const typeTone: Record<NotificationType, string> = {
  booking_created: 'bg-turf-100 text-turf-800 dark:bg-turf-900 dark:text-turf-100',
  booking_updated: 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100',
  booking_cancelled: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  system: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  error: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  other: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

/** The type as an icon with its name for assistive technology (the icon alone would say nothing to a screen reader). */
export function TypeIcon({ type, size = 'md' }: { type: NotificationType; size?: 'sm' | 'md' }) {
  const Icon = typeIcon[type] ?? BellIcon;
  const box = size === 'sm' ? 'h-8 w-8' : 'h-10 w-10';
  return (
    <span
      className={`flex ${box} shrink-0 items-center justify-center rounded-full ${typeTone[type] ?? typeTone.other}`}
      data-type={type}
    >
      <Icon className={size === 'sm' ? 'h-4 w-4' : 'h-5 w-5'} />
      <span className="sr-only">{TYPE_LABELS[type] ?? TYPE_LABELS.other}</span>
    </span>
  );
}

export const PRIORITY_LABELS: Record<NotificationPriority, string> = {
  urgent: 'Acil',
  high: 'Yüksek',
  medium: 'Orta',
  low: 'Düşük',
};
const priorityDot: Record<NotificationPriority, string> = {
  urgent: 'bg-red-600',
  high: 'bg-orange-500',
  medium: 'bg-blue-600',
  low: 'bg-slate-400',
};

/** behaviour.md#management-panel: urgent red, high orange, medium blue, otherwise grey; the tooltip and hidden text name the priority. */
export function PriorityDot({ priority }: { priority: NotificationPriority }) {
  const label = PRIORITY_LABELS[priority] ?? PRIORITY_LABELS.low;
  return (
    <span title={`Öncelik: ${label}`} className="inline-flex items-center" data-priority={priority}>
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${priorityDot[priority] ?? priorityDot.low}`} />
      <span className="sr-only">Öncelik: {label}</span>
    </span>
  );
}

/** The booking a notification is about, as a link that opens its detail on Rezervasyonlar; null for one about none. */
export const bookingHref = (n: Pick<Notification, 'bookingNumber'>) =>
  n.bookingNumber ? `/yonetim/rezervasyonlar?booking=${encodeURIComponent(n.bookingNumber)}` : null;

/**
 * The notification's title, a link to its booking when it has one (opening it marks the notification read, as staff
 * then have seen it). Without a booking, plain text.
 */
export function NotificationTitle({
  n,
  className,
  onOpen,
}: {
  n: Notification;
  className: string;
  onOpen?: (n: Notification) => void;
}) {
  const href = bookingHref(n);
  if (!href) return <span className={className}>{n.title}</span>;
  return (
    <a
      href={href}
      className={`${className} rounded underline-offset-2 hover:underline ${focusRing}`}
      onClick={() => onOpen?.(n)}
      data-booking-link
    >
      {n.title}
    </a>
  );
}

/** The clock relative times are measured against, moving on every `ms` so 'Az önce' becomes '1 dakika önce'. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
