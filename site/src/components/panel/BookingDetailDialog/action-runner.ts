import { useCallback, useRef, useState } from 'react';
import { ApiRequestError, errorText, FALLBACK_ERROR } from '../../../lib/errors';
import { toast } from '../../../stores/toast';

/** The server's own message when it gave one, else the screen's fallback (behaviour.md#error-messages). */
export function failureText(e: unknown, fallback: string): string {
  if (e instanceof ApiRequestError) {
    const own = errorText(e.body, undefined, '');
    if (own && own !== FALLBACK_ERROR) return own;
  }
  return fallback;
}

export interface ActionRunner<K extends string> {
  /** The action running now, or null. */
  busy: K | null;
  /**
   * Runs `action` as `kind` unless another is running: busy while it runs and cleared however it ends; a failure is
   * toasted (the server's message, else `fallback`) after `onFailure` has seen it. True when the action finished.
   */
  run: (
    kind: K,
    action: () => Promise<void>,
    fallback: string,
    onFailure?: (e: unknown, text: string) => void,
  ) => Promise<boolean>;
  /** Forgets a running action, e.g. when the dialog shows another booking. */
  reset: () => void;
}

/** One action at a time: busy → try → the error toast → busy cleared, written once for every button of a dialog. */
export function useActionRunner<K extends string>(): ActionRunner<K> {
  const [busy, setBusyState] = useState<K | null>(null);
  // The guard reads the latest value, not the one of the render that made the handler.
  const current = useRef<K | null>(null);
  const setBusy = useCallback((kind: K | null) => {
    current.current = kind;
    setBusyState(kind);
  }, []);

  const run = useCallback<ActionRunner<K>['run']>(
    async (kind, action, fallback, onFailure) => {
      if (current.current) return false;
      setBusy(kind);
      try {
        await action();
        return true;
      } catch (e) {
        const text = failureText(e, fallback);
        onFailure?.(e, text);
        toast('error', text);
        return false;
      } finally {
        setBusy(null);
      }
    },
    [setBusy],
  );
  const reset = useCallback(() => setBusy(null), [setBusy]);
  return { busy, run, reset };
}
