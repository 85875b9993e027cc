import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  NotificationTitle,
  PriorityDot,
  TYPE_LABELS,
  TypeIcon,
  useNow,
} from '../components/notifications/NotificationParts';
import { Button } from '../components/ui/Button';
import { CheckIcon, TrashIcon } from '../components/ui/icons';
import { Radio, RadioGroup } from '../components/ui/RadioGroup';
import { SearchField } from '../components/ui/SearchField';
import { client, unwrapPage } from '../lib/api';
import { listTime } from '../lib/relative-time';
import {
  $liveEvent,
  type LiveMessage,
  markAllRead,
  markRead,
  type Notification,
  removeNotification,
  startNotifications,
} from '../stores/notifications';
import { $session, loadSession } from '../stores/session';

// behaviour.md#constants-and-limits: the notification page size is 25. Filtering and paging run on the server (GET /api/notifications/all).
export const PAGE_SIZE = 25;
export const SEARCH_DEBOUNCE_MS = 300;
export const LOAD_FAILED = 'Bildirimler yüklenirken hata oluştu';

export type StatusFilter = 'all' | 'unread' | 'read';
export type TypeFilter = 'all' | 'booking_created' | 'booking_updated' | 'booking_cancelled' | 'system';
export interface Filters {
  q: string;
  status: StatusFilter;
  type: TypeFilter;
  page: number;
}

const STATUS_OPTIONS: Array<[StatusFilter, string]> = [
  ['all', 'Tümü'],
  ['unread', 'Okunmamış'],
  ['read', 'Okunmuş'],
];
const TYPE_OPTIONS: Array<[TypeFilter, string]> = [
  ['all', 'Tümü'],
  ['booking_created', TYPE_LABELS.booking_created],
  ['booking_updated', TYPE_LABELS.booking_updated],
  ['booking_cancelled', TYPE_LABELS.booking_cancelled],
  ['system', TYPE_LABELS.system],
];
const initial: Filters = { q: '', status: 'all', type: 'all', page: 1 };

export const filtersActive = (f: Pick<Filters, 'q' | 'status' | 'type'>) =>
  f.q.trim() !== '' || f.status !== 'all' || f.type !== 'all';

/** The query GET /api/notifications/all receives (api.md: page, pageSize, q, status, type). */
export function queryOf(f: Filters): Record<string, string> {
  const query: Record<string, string> = {
    page: String(f.page),
    pageSize: String(PAGE_SIZE),
    status: f.status,
    type: f.type,
  };
  if (f.q.trim()) query.q = f.q.trim();
  return query;
}

export interface PageData {
  items: Notification[];
  page: number;
  pageCount: number;
  total: number;
  unread: number;
}
const emptyData: PageData = { items: [], page: 1, pageCount: 1, total: 0, unread: 0 };

/** The full list (behaviour.md#management-panel 'Notifications'), at /yonetim/bildirimler. */
export default function NotificationsPage() {
  // The HttpOnly cookie is the session: ask the server, in every tab, remembered or not.
  const session = useStore($session);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    void loadSession().then(() => setChecked(true));
  }, []);
  if (!checked) return <Loading />;
  if (session.status !== 'signed-in') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-100">Bildirimler</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">Bildirimleri görmek için giriş yapmalısınız</p>
      </div>
    );
  }
  return <NotificationList />;
}

function Loading() {
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-700 dark:text-slate-300">
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none dark:border-slate-600 dark:border-t-turf-400"
      />
      Bildirimler yükleniyor…
    </p>
  );
}

function NotificationList() {
  const [filters, setFilters] = useState<Filters>(initial);
  const [search, setSearch] = useState('');
  const [data, setDataState] = useState<PageData>(emptyData);
  // Live events and action results build on the newest page, not on the one of the last render.
  const dataRef = useRef(data);
  const setData = useCallback((next: PageData) => {
    dataRef.current = next;
    setDataState(next);
  }, []);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const sequence = useRef(0);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const now = useNow();

  // The bell usually holds the live feed already; this only keeps it running when the page stands alone.
  useEffect(() => startNotifications(), []);

  const load = useCallback(
    async (f: Filters, silent = false) => {
      const mine = ++sequence.current;
      if (!silent) setState('loading');
      try {
        const body = await unwrapPage(client.api.notifications.all.$get({ query: queryOf(f) }));
        if (mine !== sequence.current) return;
        const { pageCount } = body.meta.pagination;
        // The page may have emptied under us (deleted elsewhere): show the last one there is.
        if (body.data.length === 0 && f.page > 1 && f.page > pageCount) {
          setFilters({ ...f, page: Math.max(1, pageCount) });
          return;
        }
        setData({
          items: body.data,
          page: f.page,
          pageCount: Math.max(1, pageCount),
          total: body.meta.total,
          unread: body.meta.unread,
        });
        setState('ready');
      } catch {
        if (mine !== sequence.current) return;
        // behaviour.md#error-messages: a fetch failure empties the list and sets the count to 0.
        setData(emptyData);
        setState('error');
      }
    },
    [setData],
  );

  useEffect(() => {
    void load(filters);
  }, [filters, load]);

  // Search waits 300 ms after the last key (behaviour.md#constants-and-limits) and starts again from page 1.
  useEffect(() => {
    if (search === filtersRef.current.q) return;
    const t = setTimeout(() => setFilters((f) => ({ ...f, q: search, page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);

  const reloadQuietly = useCallback(() => void load(filtersRef.current, true), [load]);

  // Live events from the shared feed: new ones go on top of an unfiltered first page, anything else is re-read.
  useEffect(
    () =>
      $liveEvent.listen((event) => {
        if (event) setData(followLive(dataRef.current, event, filtersRef.current, reloadQuietly));
      }),
    [reloadQuietly, setData],
  );

  const onMarkRead = async (n: Notification) => {
    if (!(await markRead(n.id))) return;
    setData(applyRead(dataRef.current, n.id) ?? dataRef.current);
  };
  const onMarkAll = async () => {
    if (!(await markAllRead())) return;
    setData(applyReadAll(dataRef.current));
  };
  const onDelete = async (n: Notification) => {
    if (!(await removeNotification(n.id))) return;
    setData(applyDeleted(dataRef.current, n.id) ?? dataRef.current);
    // Refill the page from the next one.
    reloadQuietly();
  };

  const active = filtersActive(filters) || search.trim() !== '';
  const clear = () => {
    setSearch('');
    setFilters(initial);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-100">Bildirimler</h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-counts>
            Toplam <span data-total>{data.total}</span> bildirim · <span data-unread>{data.unread}</span> okunmamış
          </p>
        </div>
        <Button variant="secondary" size="sm" isDisabled={data.unread === 0} onPress={() => void onMarkAll()}>
          <CheckIcon className="h-4 w-4" /> Tümünü okundu işaretle
        </Button>
      </div>

      <div className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
        <SearchField label="Bildirimlerde ara" value={search} onChange={setSearch} placeholder="Başlık veya mesaj" />
        <FilterGroup
          label="Durum"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
        />
        <FilterGroup
          label="Tür"
          value={filters.type}
          options={TYPE_OPTIONS}
          onChange={(type) => setFilters((f) => ({ ...f, type, page: 1 }))}
        />
        {active && (
          <Button variant="ghost" size="sm" onPress={clear}>
            Filtreleri temizle
          </Button>
        )}
      </div>

      <div className="mt-6" aria-busy={state === 'loading'}>
        {state === 'loading' && data.items.length === 0 ? (
          <Loading />
        ) : state === 'error' ? (
          <div
            role="alert"
            className="rounded-xl border border-red-300 bg-red-50 p-6 text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <p className="font-medium">{LOAD_FAILED}</p>
            <Button variant="secondary" size="sm" className="mt-3" onPress={() => void load(filtersRef.current)}>
              Tekrar dene
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-12 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
            {filtersActive(filters)
              ? 'Filtrelerinize uygun bildirim bulunamadı. Farklı filtreler deneyin.'
              : 'Henüz bildirim yok'}
          </p>
        ) : (
          <ul className="space-y-3">
            {data.items.map((n) => (
              <Item key={n.id} n={n} now={now} onMarkRead={onMarkRead} onDelete={onDelete} />
            ))}
          </ul>
        )}
      </div>

      {data.pageCount > 1 && (
        <nav aria-label="Sayfalama" className="mt-6 flex items-center justify-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            isDisabled={filters.page <= 1}
            onPress={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          >
            Önceki
          </Button>
          <span className="text-sm font-medium text-slate-800 dark:text-slate-200" aria-live="polite">
            Sayfa {data.page} / {data.pageCount}
          </span>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={filters.page >= data.pageCount}
            onPress={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          >
            Sonraki
          </Button>
        </nav>
      )}
    </div>
  );
}

function FilterGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Array<[T, string]>;
  onChange: (v: T) => void;
}) {
  return (
    <RadioGroup label={label} value={value} onChange={(v) => onChange(v as T)}>
      {options.map(([v, text]) => (
        <Radio key={v} value={v}>
          {text}
        </Radio>
      ))}
    </RadioGroup>
  );
}

function Item({
  n,
  now,
  onMarkRead,
  onDelete,
}: {
  n: Notification;
  now: number;
  onMarkRead: (n: Notification) => void;
  onDelete: (n: Notification) => void;
}) {
  return (
    <li
      data-notification-id={n.id}
      data-read={n.isRead}
      className={`flex gap-3 rounded-xl border p-4 ${n.isRead ? 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900' : 'border-turf-300 bg-turf-50 dark:border-turf-800 dark:bg-turf-950'}`}
    >
      <TypeIcon type={n.type} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <PriorityDot priority={n.priority} />
          <h2 className="font-semibold text-slate-900 dark:text-slate-100">
            <NotificationTitle n={n} className="" onOpen={(o) => o.isRead || onMarkRead(o)} />
          </h2>
          {n.isRead && (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              <CheckIcon className="h-3 w-3" /> Okundu
            </span>
          )}
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{n.message}</p>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
          <time dateTime={n.createdAt ?? undefined}>{listTime(n.createdAt, now)}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-start">
        {!n.isRead && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Okundu işaretle: ${n.title}`}
            onPress={() => onMarkRead(n)}
          >
            <CheckIcon className="h-4 w-4" /> <span className="hidden sm:inline">Okundu işaretle</span>
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Sil: ${n.title}`}
          onPress={() => onDelete(n)}
          className="text-red-800 dark:text-red-300"
        >
          <TrashIcon className="h-4 w-4" /> <span className="hidden sm:inline">Sil</span>
        </Button>
      </div>
    </li>
  );
}

// ---------------------------------------------------------------- local updates (behaviour.md#states-and-transitions: count never below 0)

function applyRead(d: PageData, id: number): PageData | null {
  const item = d.items.find((x) => x.id === id);
  if (!item) return null;
  if (item.isRead) return d;
  return {
    ...d,
    unread: Math.max(0, d.unread - 1),
    items: d.items.map((x) => (x.id === id ? { ...x, isRead: true, readAt: new Date().toISOString() } : x)),
  };
}

function applyReadAll(d: PageData): PageData {
  const now = new Date().toISOString();
  return { ...d, unread: 0, items: d.items.map((x) => (x.isRead ? x : { ...x, isRead: true, readAt: now })) };
}

function applyDeleted(d: PageData, id: number): PageData | null {
  const item = d.items.find((x) => x.id === id);
  if (!item) return null;
  return {
    ...d,
    total: Math.max(0, d.total - 1),
    unread: item.isRead ? d.unread : Math.max(0, d.unread - 1),
    items: d.items.filter((x) => x.id !== id),
  };
}

/** How a live event changes this page; whatever it cannot work out locally is read again from the server. */
export function followLive(d: PageData, event: LiveMessage, f: Filters, reload: () => void): PageData {
  switch (event.type) {
    case 'notification': {
      const n = event.notification;
      if (d.items.some((x) => x.id === n.id)) return d;
      if (f.page !== 1 || filtersActive(f)) {
        // Whether it belongs here is the server's call; a later page is left still under the reader's eyes.
        if (f.page === 1) reload();
        return { ...d, total: d.total + 1, unread: d.unread + (n.isRead ? 0 : 1) };
      }
      const total = d.total + 1;
      return {
        ...d,
        total,
        unread: d.unread + (n.isRead ? 0 : 1),
        pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        items: [n, ...d.items].slice(0, PAGE_SIZE),
      };
    }
    case 'read': {
      if (event.id === 'all') {
        if (f.status === 'unread') reload();
        return applyReadAll(d);
      }
      const next = applyRead(d, event.id);
      if (next) return next;
      reload();
      return d;
    }
    case 'deleted': {
      reload();
      return applyDeleted(d, event.id) ?? d;
    }
    default:
      return d;
  }
}
