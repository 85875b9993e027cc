import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CopyIcon } from '../ui/icons';
import { Action } from './Action';

export const COPIED_MS = 2000;

/** Copies `text`; 'Kopyalandı' shows for exactly 2 s (behaviour.md#constants-and-limits). A failed copy stays silent (behaviour.md#error-messages). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <>
      <Action variant="secondary" size="sm" onClick={copy} aria-label={label} data-copied={copied || undefined}>
        {copied ? <CheckIcon className="h-4 w-4 text-turf-700 dark:text-turf-300" /> : <CopyIcon className="h-4 w-4" />}
        <span aria-hidden="true">{copied ? 'Kopyalandı' : 'Kopyala'}</span>
      </Action>
      <span role="status" className="sr-only">
        {copied ? 'Kopyalandı' : ''}
      </span>
    </>
  );
}
