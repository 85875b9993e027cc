import type { InferResponseType } from 'hono/client';
import { atom, map } from 'nanostores';
import type { BookingTab } from '../../../contracts/panel';
import { ApiRequestError, allPages, client, unwrapPage } from '../lib/api';
import { BOOKING_EXPORT_COLUMNS, bookingExportName } from '../lib/export/bookings';
import { addressList, downloadList, type ListStatus } from './address-list';

// The bookings management list (behaviour.md#management-panel 'Bookings management', #constants-and-limits page sizes). The server filters, counts and pages
// (GET /api/bookings), so the panel never fetches the whole table; the filters live in the address so reload and
// back restore the same view.

type ListAnswer = InferResponseType<typeof client.api.bookings.$get, 200>;
export type BookingListItem = ListAnswer['data'][number];
export type BookingsMeta = ListAnswer['meta'];

export const BOOKING_TABS = [
  { id: 'all', label: 'Tümü' },
  { id: 'today', label: 'Bugün' },
  { id: 'upcoming', label: 'Gelecek' },
  { id: 'pending', label: 'Bekleyen' },
  { id: 'approved', label: 'Onaylı' },
  { id: 'rejected', label: 'Reddedilen' },
  { id: 'cancelled', label: 'İptal' },
] as const satisfies readonly { id: BookingTab; label: string }[];
export type { BookingTab };

const isTab = (v: string | null): v is BookingTab => BOOKING_TABS.some((t) => t.id === v);

export const LIST_FAILED = 'Rezervasyonlar yüklenirken hata oluştu';
/** behaviour.md#constants-and-limits: 10 per page, 5 under 768 px. */
export const PAGE_SIZE = 10;
export const PAGE_SIZE_NARROW = 5;
export const NARROW_QUERY = '(max-width: 767px)';

export interface BookingFilters {
  tab: BookingTab;
  q: string;
  subscribers: boolean;
  transport: boolean;
  from: string;
  to: string;
  page: number;
}
const DEFAULT_FILTERS: BookingFilters = {
  tab: 'all',
  q: '',
  subscribers: false,
  transport: false,
  from: '',
  to: '',
  page: 1,
};

export const $bookingFilters = map<BookingFilters>({ ...DEFAULT_FILTERS });
export const $bookingItems = atom<BookingListItem[]>([]);
export const $bookingMeta = atom<BookingsMeta | null>(null);
export const $bookingStatus = atom<ListStatus>('loading');
/** True under 768 px: cards instead of the table, 5 per page, a page input instead of page numbers. */
export const $narrow = atom(false);

// ---------------------------------------------------------------- the address

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromSearch(search: string): BookingFilters {
  const p = new URLSearchParams(search);
  const tab = p.get('tab');
  const page = Number(p.get('page'));
  const date = (key: string) => {
    const v = p.get(key) ?? '';
    return DATE.test(v) ? v : '';
  };
  return {
    tab: isTab(tab) ? tab : 'all',
    q: (p.get('q') ?? '').slice(0, 100),
    subscribers: p.get('abone') === '1',
    transport: p.get('servis') === '1',
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what differs from the defaults, so the plain page keeps a plain address. */
export function searchOf(f: BookingFilters): string {
  const p = new URLSearchParams();
  if (f.tab !== 'all') p.set('tab', f.tab);
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.subscribers) p.set('abone', '1');
  if (f.transport) p.set('servis', '1');
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

// ---------------------------------------------------------------- loading

const pageSize = () => ($narrow.get() ? PAGE_SIZE_NARROW : PAGE_SIZE);

/** The query GET /api/bookings receives for the current filters (API: tab, q, subscribers, transport, from, to, page, pageSize). */
export function queryOf(f: BookingFilters, size: number): Record<string, string> {
  const q: Record<string, string> = { tab: f.tab, page: String(f.page), pageSize: String(size) };
  if (f.q.trim()) q.q = f.q.trim();
  if (f.subscribers) q.subscribers = 'true';
  if (f.transport) q.transport = 'true';
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  return q;
}

const list = addressList({
  filters: $bookingFilters,
  items: $bookingItems,
  meta: $bookingMeta,
  status: $bookingStatus,
  narrow: $narrow,
  narrowQuery: NARROW_QUERY,
  narrowPageSize: true,
  fromSearch: filtersFromSearch,
  searchOf,
  fetchPage: (f) => unwrapPage(client.api.bookings.$get({ query: queryOf(f, pageSize()) })),
  dateKeys: ['from', 'to'],
});

/** Loads the current page. A newer request wins: the answer of an older one still in flight is dropped. */
export const loadBookings = list.load;
/** Re-reads the current page and counts, e.g. after an approval or a rejection. */
export const refreshBookings = () => loadBookings();

export const setBookingTab = (tab: BookingTab) => list.change({ tab });
export const setSubscribersOnly = (subscribers: boolean) => list.change({ subscribers });
export const setTransportOnly = (transport: boolean) => list.change({ transport });
export const setDateFrom = list.setFrom;
export const setDateTo = list.setTo;
export const clearDates = () => list.change({ from: '', to: '' });
export const clearBookingFilters = () => list.change({ q: '', subscribers: false, transport: false, from: '', to: '' });
export const setBookingPage = list.setPage;
/** The box shows every keystroke at once; the request waits for 300 ms of quiet (behaviour.md#constants-and-limits search debounce). */
export const setBookingSearch = (q: string) => list.type({ q });

// ---------------------------------------------------------------- export

/** The list API's largest page: the export reads the filtered set 100 bookings a call. */
const EXPORT_PAGE_SIZE = 100;
export const $bookingsExporting = atom(false);

/** The export's pages overlapped or skipped three times running: the list is changing faster than it can be read. */
export const EXPORT_SHIFTED = 'Liste indirilirken değişti, lütfen birazdan tekrar deneyin';
const EXPORT_ATTEMPTS = 3;

/**
 * Every booking of the current tab and filters, all pages (the export covers the filtered set, not the visible page).
 * Pages are read by number, so a booking made, or one leaving the tab, while they are read shifts the pages after it:
 * a row could come twice or not at all. So a booking seen twice is kept once, and the read counts as whole only when
 * the list's total did not move between the first and the last page and every row of it arrived; otherwise it is
 * read again, and after EXPORT_ATTEMPTS the export says so instead of downloading a list that may lack a booking.
 */
export async function fetchAllBookings(f: BookingFilters = $bookingFilters.get()): Promise<BookingListItem[]> {
  for (let attempt = 1; ; attempt++) {
    const totals: number[] = [];
    const rows = await allPages(async (page) => {
      const body = await unwrapPage(client.api.bookings.$get({ query: queryOf({ ...f, page }, EXPORT_PAGE_SIZE) }));
      totals.push(body.meta.pagination.total);
      return body;
    });
    const seen = new Set<string>();
    const unique = rows.filter((r) => !seen.has(r.bookingNumber) && Boolean(seen.add(r.bookingNumber)));
    if (totals.every((t) => t === totals[0]) && unique.length === totals[0]) return unique;
    if (attempt >= EXPORT_ATTEMPTS) throw new ApiRequestError(EXPORT_SHIFTED, 409, null);
  }
}

/** Builds and downloads the list as CSV or .xlsx, add-ons included. */
export const exportBookings = (format: 'csv' | 'xlsx') =>
  downloadList(format, {
    busy: $bookingsExporting,
    read: () => fetchAllBookings(),
    failed: LIST_FAILED,
    rows: (all) => all,
    columns: BOOKING_EXPORT_COLUMNS,
    name: bookingExportName(),
    sheet: 'Rezervasyonlar',
  });

/**
 * Starts the screen: filters from the address, the page size from the screen width (re-queried when it crosses
 * 768 px), back/forward restore. Returns the clean-up.
 */
export const startBookings = list.start;
