import { useEffect, useState } from 'react';
import { pageWindow } from '../../../stores/panel-bookings';
import { Button } from '../../ui/Button';

interface PagerProps {
  page: number;
  pageCount: number;
  total: number;
  narrow: boolean;
  onPage: (page: number) => void;
}

/** Previous / next, up to 5 page numbers on wide screens, a numeric page box on mobile (02 §2). */
export function Pager({ page, pageCount, total, narrow, onPage }: PagerProps) {
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);

  const commit = () => {
    const n = Number(typed);
    if (Number.isInteger(n) && n >= 1 && n <= pageCount) onPage(n);
    else setTyped(String(page));
  };

  return (
    <nav aria-label="Sayfalama" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {total} rezervasyon · Sayfa {page} / {Math.max(pageCount, 1)}
      </p>
      {pageCount > 1 && (
        <div className="flex flex-wrap items-center gap-1">
          <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>Önceki</Button>
          {narrow ? (
            <form
              className="flex items-center gap-1 px-1"
              onSubmit={(e) => {
                e.preventDefault();
                commit();
              }}
            >
              <input
                type="number"
                inputMode="numeric"
                aria-label="Sayfa numarası"
                min={1}
                max={pageCount}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                onBlur={commit}
                className="w-16 rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-center text-sm text-slate-900 outline-none focus:border-turf-700 focus:ring-2 focus:ring-turf-600/40 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
              />
              <span className="text-sm text-slate-700 dark:text-slate-300">/ {pageCount}</span>
            </form>
          ) : (
            pageWindow(page, pageCount).map((n) => (
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
            ))
          )}
          <Button variant="secondary" size="sm" isDisabled={page >= pageCount} onPress={() => onPage(page + 1)}>Sonraki</Button>
        </div>
      )}
    </nav>
  );
}
