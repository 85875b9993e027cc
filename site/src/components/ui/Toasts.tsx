import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/toast';

const tone = {
  success: 'border-turf-700 bg-turf-50 text-turf-900 dark:bg-turf-950 dark:text-turf-100',
  error: 'border-red-700 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  warning: 'border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
  info: 'border-sky-700 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50',
};

/** Live region for toasts: errors are assertive, everything else polite. */
export function Toasts() {
  const toasts = useStore($toasts);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4">
      <div role="status" aria-live="polite" className="contents">
        {toasts
          .filter((t) => t.kind !== 'error')
          .map((t) => (
            <ToastItem key={t.id} {...t} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="contents">
        {toasts
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <ToastItem key={t.id} {...t} />
          ))}
      </div>
    </div>
  );
}

function ToastItem({
  id,
  kind,
  title,
  description,
}: {
  id: number;
  kind: keyof typeof tone;
  title: string;
  description?: string;
}) {
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border-l-4 p-4 shadow-lg ${tone[kind]}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        {description && <p className="mt-0.5 text-sm">{description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(id)}
        className="rounded px-1 text-sm font-bold"
        aria-label="Bildirimi kapat"
      >
        ✕
      </button>
    </div>
  );
}
