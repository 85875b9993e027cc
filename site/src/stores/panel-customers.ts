import { atom, map } from 'nanostores';
import type { ActivityStatus } from '../../../contracts/customer-risk';
import {
  CUSTOMER_DEFAULT_PAGE_SIZE,
  CUSTOMER_PAGE_SIZES,
  CUSTOMER_SORTS,
  type CustomerDetailWire,
  type CustomerListMeta,
  type CustomerSort,
  type CustomerStatsRow,
  customerListQuery,
  customerMsg,
} from '../../../contracts/customers';
import { allPages, client, unwrap, unwrapPage } from '../lib/api';
import {
  CUSTOMER_REPORT_COLUMNS,
  type CustomerReport,
  customerReportName,
  customerReportRows,
} from '../lib/export/customer-reports';
import { addDays, istanbulToday } from '../lib/format';
import { addressList, downloadList, type ListStatus } from './address-list';
import { toast } from './toast';

// Müşteri Yönetimi (behaviour.md#management-panel 'Customer management', api.md, #constants-and-limits). The server filters, sorts, pages and computes every figure
// (GET /api/bookings/customers/stats); the filters live in the address, under the API's own names, so a link such as
// /yonetim/musteriler?warningsOnly=true (the dashboard's) opens that view and back/forward restore each one.

/** Under 1024 px the many columns do not fit: cards instead of the table, the page box instead of numbers. */
export const NARROW_QUERY = '(max-width: 1023px)';
/** Export fetches the whole filtered set in the largest page the API allows. */
const EXPORT_PAGE_SIZE = 500;

export type CustomerType = 'subscriber' | 'standard';

export interface CustomerFilters {
  search: string;
  customerType: '' | CustomerType;
  warningsOnly: boolean;
  hasTransportation: boolean;
  dateFrom: string;
  dateTo: string;
  /** As typed: the rule (an integer ≥ 0, 0–100) is checked before anything is sent. */
  minBookings: string;
  maxBookings: string;
  minCancellationRate: string;
  maxCancellationRate: string;
  activityStatus: '' | ActivityStatus;
  sortBy: CustomerSort;
  sortOrder: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const DEFAULT_CUSTOMER_FILTERS: CustomerFilters = {
  search: '',
  customerType: '',
  warningsOnly: false,
  hasTransportation: false,
  dateFrom: '',
  dateTo: '',
  minBookings: '',
  maxBookings: '',
  minCancellationRate: '',
  maxCancellationRate: '',
  activityStatus: '',
  sortBy: 'lastBookingDate',
  sortOrder: 'desc',
  page: 1,
  pageSize: CUSTOMER_DEFAULT_PAGE_SIZE,
};

export type FilterErrors = Partial<Record<keyof CustomerFilters, string>>;

export const $customerFilters = map<CustomerFilters>({ ...DEFAULT_CUSTOMER_FILTERS });
export const $customerErrors = atom<FilterErrors>({});
export const $customers = atom<CustomerStatsRow[]>([]);
export const $customerMeta = atom<CustomerListMeta | null>(null);
export const $customerStatus = atom<ListStatus>('loading');
export const $customersNarrow = atom(false);
export const $exporting = atom(false);

// ---------------------------------------------------------------- the address

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_KEYS = ['minBookings', 'maxBookings', 'minCancellationRate', 'maxCancellationRate'] as const;

/** The filters an address names; a value the rules refuse (an old or hand-made link) is left out, not sent. */
export function filtersFromSearch(search: string): CustomerFilters {
  const f = rawFiltersFromSearch(search);
  // The range checks run once every single value passes, so a reversed pair shows up on a later round; it is reported
  // on its lower end, and with that gone the rest is valid.
  for (let round = 0; round < TEXT_KEYS.length; round++) {
    const refused = Object.keys(filterErrors(f)).filter((k) => (TEXT_KEYS as readonly string[]).includes(k));
    if (refused.length === 0) break;
    for (const key of refused) (f as unknown as Record<string, string>)[key] = '';
  }
  return f;
}

function rawFiltersFromSearch(search: string): CustomerFilters {
  const p = new URLSearchParams(search);
  const get = (k: string) => p.get(k) ?? '';
  const flag = (k: string) => get(k) === 'true' || get(k) === '1';
  const page = Number(get('page'));
  const size = Number(get('pageSize'));
  const type = get('customerType');
  const activity = get('activityStatus');
  const sortBy = get('sortBy');
  return {
    search: get('search').slice(0, 100),
    customerType: type === 'subscriber' || type === 'standard' ? type : '',
    warningsOnly: flag('warningsOnly'),
    hasTransportation: flag('hasTransportation'),
    dateFrom: DATE.test(get('dateFrom')) ? get('dateFrom') : '',
    dateTo: DATE.test(get('dateTo')) ? get('dateTo') : '',
    ...Object.fromEntries(TEXT_KEYS.map((k) => [k, get(k).slice(0, 10)])),
    activityStatus: activity === 'active' || activity === 'inactive' || activity === 'dormant' ? activity : '',
    sortBy: (CUSTOMER_SORTS as readonly string[]).includes(sortBy) ? (sortBy as CustomerSort) : 'lastBookingDate',
    sortOrder: get('sortOrder') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: (CUSTOMER_PAGE_SIZES as readonly number[]).includes(size) ? size : CUSTOMER_DEFAULT_PAGE_SIZE,
  } as CustomerFilters;
}

/**
 * GET /api/bookings/customers/stats's query for the filters: only what is set (page, size and sort always). The address
 * is the same query without the defaults.
 */
export function queryOf(f: CustomerFilters, page = f.page, pageSize = f.pageSize): Record<string, string> {
  const q: Record<string, string> = {
    page: String(page),
    pageSize: String(pageSize),
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
  };
  if (f.search.trim()) q.search = f.search.trim();
  if (f.customerType) q.customerType = f.customerType;
  if (f.warningsOnly) q.warningsOnly = 'true';
  if (f.hasTransportation) q.hasTransportation = 'true';
  if (f.dateFrom) q.dateFrom = f.dateFrom;
  if (f.dateTo) q.dateTo = f.dateTo;
  for (const k of TEXT_KEYS) if (f[k].trim()) q[k] = f[k].trim().replace(',', '.');
  if (f.activityStatus) q.activityStatus = f.activityStatus;
  return q;
}

export function searchOf(f: CustomerFilters): string {
  const q = queryOf(f);
  const d = DEFAULT_CUSTOMER_FILTERS;
  if (f.page === d.page) delete q.page;
  if (f.pageSize === d.pageSize) delete q.pageSize;
  if (f.sortBy === d.sortBy) delete q.sortBy;
  if (f.sortOrder === d.sortOrder) delete q.sortOrder;
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : '';
}

/**
 * The same rules the server applies (contracts/customers.ts), with its Turkish messages, by field. The page is the
 * pager's business, so only the filters are judged here.
 */
export function filterErrors(f: CustomerFilters): FilterErrors {
  const parsed = customerListQuery.safeParse(queryOf(f, 1));
  if (parsed.success) return {};
  const errors: FilterErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof CustomerFilters;
    errors[key] ??= issue.message;
  }
  return errors;
}

// ---------------------------------------------------------------- loading

/** The filters of the list on screen: a report covers what is shown, not a half-typed or refused filter. */
let shownFilters: CustomerFilters = { ...DEFAULT_CUSTOMER_FILTERS };

const statsCall = (query: Record<string, string>) => client.api.bookings.customers.stats.$get({ query });

const list = addressList({
  filters: $customerFilters,
  items: $customers,
  meta: $customerMeta,
  status: $customerStatus,
  narrow: $customersNarrow,
  narrowQuery: NARROW_QUERY,
  fromSearch: filtersFromSearch,
  searchOf,
  fetchPage: async (f) =>
    (await unwrapPage(statsCall(queryOf(f)))) as { data: CustomerStatsRow[]; meta: CustomerListMeta },
  accept: (f) => {
    const errors = filterErrors(f);
    $customerErrors.set(errors);
    return Object.keys(errors).length === 0;
  },
  dateKeys: ['dateFrom', 'dateTo'],
  onLoaded: (f) => {
    shownFilters = f;
  },
  onFailed: () => {
    // behaviour.md#error-messages: an empty list with a zero summary, the message inline and as a toast.
    $customers.set([]);
    $customerMeta.set(null);
    toast('error', customerMsg.loadFailed);
  },
  onStart: () => {
    $customerHistory.set({});
    shownFilters = $customerFilters.get();
  },
});

/** Loads the current page. A newer request wins: the answer of an older one still in flight is dropped. */
export const loadCustomers = list.load;
const change = list.change;

/** Typed filters (search, the counts and rates): the box shows every keystroke; the request waits for 300 ms of quiet. */
export const setTypedFilter = (key: 'search' | (typeof TEXT_KEYS)[number], value: string) =>
  list.type({ [key]: value });

export const setCustomerSearch = (q: string) => setTypedFilter('search', q);
export const setCustomerType = (customerType: CustomerFilters['customerType']) => change({ customerType });
export const setWarningsOnly = (warningsOnly: boolean) => change({ warningsOnly });
export const setTransportation = (hasTransportation: boolean) => change({ hasTransportation });
export const setActivityStatus = (activityStatus: CustomerFilters['activityStatus']) => change({ activityStatus });
export const setSort = (sortBy: CustomerSort) => change({ sortBy });
export const setSortOrder = (sortOrder: 'asc' | 'desc') => change({ sortOrder });
export const setPageSize = (pageSize: number) => change({ pageSize });
export const setDateFrom = list.setFrom;
export const setDateTo = list.setTo;
/** 'Son 7 gün' / 'Son 30 gün': the last `days` days up to today (Istanbul), today included. */
export function setQuickRange(days: number, today = istanbulToday()) {
  return change({ dateFrom: addDays(today, -(days - 1)), dateTo: today });
}
export const clearCustomerFilters = () =>
  change({ ...DEFAULT_CUSTOMER_FILTERS, pageSize: $customerFilters.get().pageSize });

export const setCustomerPage = list.setPage;

export const hasActiveFilters = (f: CustomerFilters) =>
  searchOf({ ...f, page: 1, pageSize: DEFAULT_CUSTOMER_FILTERS.pageSize }) !== '';

// ---------------------------------------------------------------- detail

export type HistoryState =
  | { status: 'loading' }
  | { status: 'ready'; detail: CustomerDetailWire }
  | { status: 'failed' };
export const $customerHistory = map<Record<number, HistoryState>>({});

/** The detail (latest 30 bookings, top pitches) of one customer, fetched once per screen; a failure stays silent (behaviour.md#error-messages). */
export async function loadCustomerHistory(id: number): Promise<void> {
  const known = $customerHistory.get()[id];
  if (known && known.status !== 'failed') return;
  $customerHistory.setKey(id, { status: 'loading' });
  try {
    const detail = await unwrap(client.api.bookings.customers[':id'].$get({ param: { id: String(id) } }));
    $customerHistory.setKey(id, { status: 'ready', detail: detail as CustomerDetailWire });
  } catch {
    $customerHistory.setKey(id, { status: 'failed' });
  }
}

// ---------------------------------------------------------------- export

/** Every customer of the current filters, all pages (the report covers the filtered set, not the visible page). */
export const fetchAllCustomers = (f: CustomerFilters = shownFilters): Promise<CustomerStatsRow[]> =>
  allPages(
    async (page) =>
      (await unwrapPage(statsCall(queryOf(f, page, EXPORT_PAGE_SIZE)))) as {
        data: CustomerStatsRow[];
        meta: { pagination: { pageCount: number } };
      },
  );

/** Builds and downloads one report as CSV or .xlsx. */
export const exportCustomers = (report: CustomerReport, format: 'csv' | 'xlsx') =>
  downloadList(format, {
    busy: $exporting,
    read: () => fetchAllCustomers(),
    failed: customerMsg.loadFailed,
    rows: (all) => customerReportRows(report, all),
    columns: CUSTOMER_REPORT_COLUMNS[report],
    name: customerReportName(report),
    sheet: 'Müşteriler',
  });

// ---------------------------------------------------------------- start

/** Starts the screen: filters from the address, the layout from the width, back/forward restore. Returns the clean-up. */
export const startCustomers = list.start;
