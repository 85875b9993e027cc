import { useEffect, useId, useState } from 'react';
import { msg } from '../../../../contracts/messages';
import { type PageItem, pageItems, pageWindow } from '../../lib/pages';
import { Button } from '../ui/Button';
import { inputBox } from '../ui/field';

interface PagerProps {
  page: number;
  pageCount: number;
  total: number;
  /** What is counted: '12 rezervasyon', '340 müşteri'. */
  noun: string;
  /** A phone: the numbers give way to the page box. */
  narrow: boolean;
  onPage: (page: number) => void;
  /**
   * 'window': up to 5 numbers around the page (bookings); 'ellipses': up to 7 with the first and last and '…'
   * between (customers, behaviour.md#management-panel).
   */
  numbers?: 'window' | 'ellipses';
  /** Show the page box beside the numbers on wide screens too (customers' page jump). */
  jump?: boolean;
}

const GAP: Record<Exclude<PageItem, number>, string> = {
  'gap-start': 'Önceki sayfalar',
  'gap-end': 'Sonraki sayfalar',
};

/** Previous / next, page numbers on wide screens, a numeric page box on phones or when asked for (behaviour.md#management-panel). */
export function Pager({ page, pageCount, total, noun, narrow, onPage, numbers = 'window', jump = false }: PagerProps) {
  const [typed, setTyped] = useState(String(page));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  useEffect(() => {
    setTyped(String(page));
    setError(null);
  }, [page]);

  // Our own check and Turkish message: the form has noValidate, so the browser never shows its English bubble.
  const commit = () => {
    const n = /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= pageCount) {
      setError(null);
      if (n !== page) onPage(n);
    } else {
      setError(`${msg.pageNumberInvalid} (1–${pageCount})`);
    }
  };

  return (
    <nav aria-label="Sayfalama" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {total} {noun} · Sayfa {page} / {Math.max(pageCount, 1)}
      </p>
      {pageCount > 1 && (
        <div className="flex flex-wrap items-center gap-1">
          <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
            Önceki
          </Button>
          {!narrow &&
            (numbers === 'ellipses' ? pageItems(page, pageCount) : pageWindow(page, pageCount)).map((n) =>
              typeof n === 'number' ? (
                <Button
                  key={n}
                  variant={n === page ? 'primary' : 'ghost'}
                  size="sm"
                  aria-label={`Sayfa ${n}`}
                  aria-current={n === page ? 'page' : undefined}
                  onPress={() => n !== page && onPage(n)}
                >
                  {n}
                </Button>
              ) : (
                <span
                  key={n}
                  role="img"
                  aria-label={GAP[n]}
                  className="px-1 text-sm text-slate-600 dark:text-slate-300"
                >
                  …
                </span>
              ),
            )}
          {(narrow || jump) && (
            <form
              noValidate
              className="relative flex items-center gap-1 px-1"
              onSubmit={(e) => {
                e.preventDefault();
                commit();
              }}
            >
              <input
                type="text"
                inputMode="numeric"
                autoComplete="off"
                aria-label="Sayfa numarası"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                value={typed}
                onChange={(e) => {
                  setTyped(e.currentTarget.value);
                  setError(null);
                }}
                onBlur={commit}
                className={`w-16 px-2 py-1.5 text-center text-sm ${inputBox}`}
              />
              <span className="text-sm text-slate-700 dark:text-slate-300">/ {pageCount}</span>
              {error && (
                <p
                  id={errorId}
                  role="alert"
                  className="absolute top-full left-1 mt-1 w-max max-w-[70vw] text-xs font-medium text-red-700 dark:text-red-400"
                >
                  {error}
                </p>
              )}
            </form>
          )}
          <Button variant="secondary" size="sm" isDisabled={page >= pageCount} onPress={() => onPage(page + 1)}>
            Sonraki
          </Button>
        </div>
      )}
    </nav>
  );
}
