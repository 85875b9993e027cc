import type { MapStore, WritableAtom } from 'nanostores';
import { ApiRequestError } from '../lib/api';
import { downloadCsv, downloadXlsx, type ExportColumn } from '../lib/export/download';
import { toast } from './toast';

// A paged list whose filters live in the address (reload, a link and back/forward restore the same view), loaded from
// the server page by page: the shared part of the bookings and customers screens.

/** Typed filters wait for 300 ms of quiet before they are sent (the search debounce of the panel's lists). */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListStatus = 'loading' | 'ready' | 'error';
type DateKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface AddressListOptions<F extends { page: number }, R, M extends { pagination: { pageCount: number } }> {
  filters: MapStore<F>;
  items: WritableAtom<R[]>;
  meta: WritableAtom<M | null>;
  status: WritableAtom<ListStatus>;
  /** True under `narrowQuery`: cards instead of the table. */
  narrow: WritableAtom<boolean>;
  narrowQuery: string;
  /** The page size follows the width: crossing it goes back to page 1 and loads again. */
  narrowPageSize?: boolean;
  fromSearch: (search: string) => F;
  searchOf: (filters: F) => string;
  fetchPage: (filters: F) => Promise<{ data: R[]; meta: M }>;
  /** Filters the rules refuse are not sent: shows why and answers false. */
  accept?: (filters: F) => boolean;
  /** The range's two ends, kept in order while the user picks. */
  dateKeys: readonly [from: DateKey<F>, to: DateKey<F>];
  onLoaded?: (filters: F) => void;
  onFailed?: (error: unknown) => void;
  onStart?: () => void;
}

export function addressList<F extends { page: number }, R, M extends { pagination: { pageCount: number } }>(
  o: AddressListOptions<F, R, M>,
) {
  let sequence = 0;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  const accepts = () => o.accept?.(o.filters.get()) ?? true;
  // Every filter set has its page: the one key written alone.
  const pageKey = o.filters as unknown as MapStore<{ page: number }>;

  function writeAddress(mode: 'push' | 'replace') {
    if (typeof window === 'undefined') return;
    const search = o.searchOf(o.filters.get());
    if (search === window.location.search) return;
    const url = window.location.pathname + search + window.location.hash;
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }

  /** Loads the current page. A newer request wins: the answer of an older one still in flight is dropped. */
  async function load(): Promise<void> {
    clearTimeout(typingTimer);
    const filters = o.filters.get();
    if (!accepts()) {
      // Nothing is sent; what is on screen stays (and a first load does not spin forever).
      if (o.status.get() === 'loading') o.status.set('ready');
      return;
    }
    const mine = ++sequence;
    o.status.set('loading');
    try {
      const body = await o.fetchPage(filters);
      if (mine !== sequence) return;
      const { pageCount } = body.meta.pagination;
      // The page asked for may be gone (an old link, a narrower filter, a booking that left the tab): show the last one.
      if (body.data.length === 0 && filters.page > 1 && pageCount >= 1 && filters.page > pageCount) {
        pageKey.setKey('page', pageCount);
        writeAddress('replace');
        return load();
      }
      o.onLoaded?.(filters);
      o.items.set(body.data);
      o.meta.set(body.meta);
      o.status.set('ready');
    } catch (e) {
      if (mine !== sequence) return;
      o.onFailed?.(e);
      o.status.set('error');
    }
  }

  function change(patch: Partial<F>, mode: 'push' | 'replace' = 'push'): Promise<void> {
    clearTimeout(typingTimer);
    // Any filter change goes back to page 1 (a page change names its own page).
    o.filters.set({ ...o.filters.get(), page: 1, ...patch });
    if (!accepts()) return Promise.resolve();
    writeAddress(mode);
    return load();
  }

  /** A typed filter: the box shows every keystroke at once; the request waits for 300 ms of quiet. */
  function type(patch: Partial<F>) {
    o.filters.set({ ...o.filters.get(), ...patch, page: 1 });
    accepts();
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => {
      if (!accepts()) return;
      writeAddress('replace');
      void load();
    }, SEARCH_DEBOUNCE_MS);
  }

  // The server refuses a reversed range; moving the other end along keeps the range valid while the user picks.
  const [fromKey, toKey] = o.dateKeys;
  const day = (value: string) => (DATE.test(value) ? value : '');
  function setFrom(value: string) {
    const from = day(value);
    const to = o.filters.get()[toKey] as string;
    return change({ [fromKey]: from, [toKey]: from && to && from > to ? from : to } as Partial<F>);
  }
  function setTo(value: string) {
    const to = day(value);
    const from = o.filters.get()[fromKey] as string;
    return change({ [toKey]: to, [fromKey]: to && from && to < from ? to : from } as Partial<F>);
  }

  function setPage(page: number) {
    const count = o.meta.get()?.pagination.pageCount ?? 1;
    const next = Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, count));
    if (next === o.filters.get().page) return Promise.resolve();
    return change({ page: next } as Partial<F>);
  }

  /** Starts the screen: filters from the address, the layout from the width, back/forward restore. Returns the clean-up. */
  function start(): () => void {
    o.filters.set(o.fromSearch(window.location.search));
    o.items.set([]);
    o.meta.set(null);
    o.onStart?.();

    const media = typeof window.matchMedia === 'function' ? window.matchMedia(o.narrowQuery) : null;
    o.narrow.set(media?.matches ?? false);
    const onMedia = (e: MediaQueryListEvent) => {
      if (e.matches === o.narrow.get()) return;
      o.narrow.set(e.matches);
      if (!o.narrowPageSize) return;
      pageKey.setKey('page', 1);
      writeAddress('replace');
      void load();
    };
    media?.addEventListener('change', onMedia);

    const onPop = () => {
      o.filters.set(o.fromSearch(window.location.search));
      void load();
    };
    window.addEventListener('popstate', onPop);

    void load();
    return () => {
      clearTimeout(typingTimer);
      sequence++;
      media?.removeEventListener('change', onMedia);
      window.removeEventListener('popstate', onPop);
    };
  }

  return { load, change, type, setFrom, setTo, setPage, start };
}

export interface ListDownload<R, T> {
  /** True while a download is being built: a second press does nothing. */
  busy: WritableAtom<boolean>;
  /** Every row of the filtered list, all pages (a download covers the filtered set, not the page on screen). */
  read: () => Promise<R[]>;
  /** Said when the list cannot be read and the server gave no message of its own. */
  failed: string;
  rows: (all: R[]) => readonly T[];
  columns: readonly ExportColumn<T>[];
  name: string;
  sheet: string;
}

/** Builds and downloads a list as CSV or .xlsx; a list that cannot be read is a toast, and no file. */
export async function downloadList<R, T>(format: 'csv' | 'xlsx', d: ListDownload<R, T>): Promise<void> {
  if (d.busy.get()) return;
  d.busy.set(true);
  try {
    let all: R[];
    try {
      all = await d.read();
    } catch (e) {
      toast('error', e instanceof ApiRequestError ? e.message : d.failed);
      return;
    }
    const rows = d.rows(all);
    if (format === 'csv') downloadCsv(rows, d.columns, d.name);
    else await downloadXlsx(rows, d.columns, d.name, d.sheet);
  } finally {
    d.busy.set(false);
  }
}
