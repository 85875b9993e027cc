import {
  ACTIVITY_LABELS,
  type ActivityStatus,
  WARNING_LABELS,
  type WarningLevel,
} from '../../../../../contracts/customer-risk';
import { AlertIcon, CheckIcon, CrownIcon, UserIcon } from '../../ui/icons';

const base = 'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold';

const warningTone: Record<WarningLevel, string> = {
  none: 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
  normal: 'border-turf-300 bg-white text-turf-900 dark:border-turf-700 dark:bg-slate-900 dark:text-turf-100',
  caution: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  warning:
    'border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-700 dark:bg-orange-950 dark:text-orange-100',
  critical: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100',
};

/** The warning level in words (and an icon), never by colour alone (behaviour.md#states-and-transitions). */
export function WarningBadge({ level }: { level: WarningLevel }) {
  const Icon = level === 'none' || level === 'normal' ? CheckIcon : AlertIcon;
  return (
    <span className={`${base} ${warningTone[level]}`} data-warning={level}>
      <Icon className="h-3.5 w-3.5" />
      <span>
        <span className="sr-only">Uyarı seviyesi: </span>
        {WARNING_LABELS[level]}
      </span>
    </span>
  );
}

export function TypeBadge({ isSubscriber }: { isSubscriber: boolean }) {
  return isSubscriber ? (
    <span
      className={`${base} border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100`}
      data-type="subscriber"
    >
      <CrownIcon className="h-3 w-3" /> Abone
    </span>
  ) : (
    <span
      className={`${base} border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100`}
      data-type="standard"
    >
      <UserIcon className="h-3 w-3" /> Standart
    </span>
  );
}

const activityTone: Record<ActivityStatus, string> = {
  active: 'text-turf-800 dark:text-turf-300',
  inactive: 'text-slate-700 dark:text-slate-300',
  dormant: 'text-slate-700 dark:text-slate-300',
};

export function ActivityText({ status }: { status: ActivityStatus }) {
  return (
    <span className={`font-medium ${activityTone[status]}`} data-activity={status}>
      {ACTIVITY_LABELS[status]}
    </span>
  );
}
