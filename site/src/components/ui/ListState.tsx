import type { HTMLAttributes, ReactNode } from 'react';
import { Button } from './Button';
import { AlertIcon, RefreshIcon } from './icons';

type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

export interface ListStateProps extends DataAttributes {
  /** A request is under way: the region says so, and a list already shown is dimmed. */
  busy: boolean;
  /** The load failed: this message (announced) and 'Tekrar Dene'. */
  error?: string | null;
  onRetry: () => void;
  /** A message that stands in for the list (e.g. filters to fix first). */
  notice?: ReactNode;
  /** Nothing to show yet: the spinner with this text. */
  loading?: string | null;
  /** Loaded, nothing to list: a text in the dashed box, or a box of its own. */
  empty?: ReactNode;
  children: ReactNode;
}

/** The error, loading and empty states of a list screen, in that order, around the list itself. */
export function ListState({ busy, error, onRetry, notice, loading, empty, children, ...props }: ListStateProps) {
  return (
    <div
      {...props}
      aria-busy={busy}
      className={busy && !loading && !error ? 'opacity-60 transition-opacity' : undefined}
    >
      {error ? (
        <ListError message={error} onRetry={onRetry} />
      ) : notice ? (
        notice
      ) : loading ? (
        <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-700 dark:text-slate-300">
          <span
            aria-hidden="true"
            className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none dark:border-slate-600 dark:border-t-turf-400"
          />
          {loading}
        </p>
      ) : empty ? (
        typeof empty === 'string' ? (
          <ListEmpty>{empty}</ListEmpty>
        ) : (
          empty
        )
      ) : (
        children
      )}
    </div>
  );
}

/** A list that could not load: the message, announced, and a retry. `compact` inside a card. */
export function ListError({
  message,
  onRetry,
  compact = false,
}: {
  message: string;
  onRetry: () => void;
  compact?: boolean;
}) {
  return (
    <div
      role="alert"
      className={`flex flex-col items-center gap-3 rounded-2xl border border-red-300 bg-red-50 ${compact ? 'p-6' : 'p-8'} text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}
    >
      <AlertIcon className="h-6 w-6" />
      <p className="font-semibold">{message}</p>
      <Button variant="secondary" onPress={onRetry}>
        <RefreshIcon /> Tekrar Dene
      </Button>
    </div>
  );
}

/** Nothing to list, in the dashed box. */
export function ListEmpty({ children, ...props }: HTMLAttributes<HTMLParagraphElement> & DataAttributes) {
  return (
    <p
      {...props}
      className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300"
    >
      {children}
    </p>
  );
}
