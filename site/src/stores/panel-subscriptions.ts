import { atom, map } from 'nanostores';
import type { CustomerDetailWire } from '../../../contracts/customers';
import { addDays, istanbulToday } from '../../../contracts/dates';
import {
  type CreateSubscriptionInput,
  GENERATE_DAYS,
  SUBSCRIBER_LATEST,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_SEARCH_MIN,
  type SubscriberListMeta,
  type SubscriberWire,
  type SubscriptionAnswerWire,
  type SubscriptionSlotsWire,
} from '../../../contracts/subscriptions';
import type { FacilityWire } from '../../../contracts/wire/facility';
import { client, unwrap, unwrapPage } from '../lib/api';
import { allStaffFacilities } from '../lib/staff-facilities';

// The subscriptions screen (behaviour.md#management-panel 'Subscriptions'): the subscriber list with the four counters and the renewals due
// (one call, GET /api/bookings/subscriptions), the facilities for the quick form, each facility's slot view, and the calls
// the form and the detail make. The server pages, searches and counts. The quick form's own state is
// stores/subscription-form.ts.

export const LIST_FAILED = 'Aboneler yüklenirken hata oluştu';
export const FACILITIES_FAILED = 'Sahalar yüklenirken hata oluştu';
export const SEARCH_DEBOUNCE_MS = 300;

export interface SubscriberView {
  /** What is typed in the search box; it searches from 2 characters (behaviour.md#constants-and-limits). */
  search: string;
  /** 'Tümünü gör': pages of 10 instead of the latest 5 (or the first 10 matches). */
  all: boolean;
  page: number;
}

export const $subscriberView = map<SubscriberView>({ search: '', all: false, page: 1 });
export const $subscribers = atom<SubscriberWire[]>([]);
export const $subscriberMeta = atom<SubscriberListMeta | null>(null);
export const $subscriberStatus = atom<'loading' | 'ready' | 'error'>('loading');

export const $facilities = atom<FacilityWire[]>([]);
export const $facilitiesStatus = atom<'loading' | 'ready' | 'error'>('loading');

/** The search the server gets: none below 2 characters. */
export const activeSearch = (s: string) => {
  const t = s.trim();
  return t.length >= SUBSCRIBER_SEARCH_MIN ? t : '';
};

/** Latest 5 by default; a search shows the first 10; 'see all' pages of 10. */
export function listQuery(v: SubscriberView): Record<string, string> {
  const search = activeSearch(v.search);
  const q: Record<string, string> = {
    page: String(v.all ? v.page : 1),
    pageSize: String(v.all || search ? SUBSCRIBER_PAGE_SIZE : SUBSCRIBER_LATEST),
  };
  if (search) q.search = search;
  return q;
}

let sequence = 0;
let searchTimer: ReturnType<typeof setTimeout> | undefined;

/** Loads the list, the counters and the renewals; a newer request wins. */
export async function loadSubscribers(): Promise<void> {
  clearTimeout(searchTimer);
  const mine = ++sequence;
  $subscriberStatus.set('loading');
  try {
    const body = await unwrapPage(client.api.bookings.subscriptions.$get({ query: listQuery($subscriberView.get()) }));
    if (mine !== sequence) return;
    $subscribers.set(body.data as SubscriberWire[]);
    $subscriberMeta.set(body.meta as SubscriberListMeta);
    $subscriberStatus.set('ready');
  } catch {
    if (mine === sequence) $subscriberStatus.set('error');
  }
}

/** Every keystroke shows at once; the request waits for 300 ms of quiet, and only when the search changes its meaning. */
export function setSubscriberSearch(search: string) {
  const before = activeSearch($subscriberView.get().search);
  $subscriberView.set({ ...$subscriberView.get(), search, page: 1 });
  clearTimeout(searchTimer);
  if (activeSearch(search) === before) return;
  searchTimer = setTimeout(() => void loadSubscribers(), SEARCH_DEBOUNCE_MS);
}

export function showAllSubscribers(all: boolean) {
  $subscriberView.set({ ...$subscriberView.get(), all, page: 1 });
  return loadSubscribers();
}

export function setSubscriberPage(page: number) {
  $subscriberView.setKey('page', page);
  return loadSubscribers();
}

export async function loadFacilities(): Promise<void> {
  $facilitiesStatus.set('loading');
  try {
    const data = await allStaffFacilities();
    // Only an active pitch takes bookings (the server refuses the others).
    $facilities.set(data.filter((f) => f.isActive));
    $facilitiesStatus.set('ready');
  } catch {
    $facilitiesStatus.set('error');
  }
}

/** GET /api/facilities/{id}/subscription-slots: the slot range of the next 3 months and the times per weekday. */
export async function loadSlotView(ref: string): Promise<SubscriptionSlotsWire> {
  return (await unwrap(
    client.api.facilities[':ref']['subscription-slots'].$get({ param: { ref } }),
  )) as SubscriptionSlotsWire;
}

/** behaviour.md#states-and-transitions step 5: a month of slots from today for a pitch without any in the next 3 months (staff may generate). */
export async function generateMonth(ref: string, now = Date.now()) {
  const startDate = istanbulToday(now);
  return unwrap(
    client.api.facilities[':ref']['generate-slots'].$post({
      param: { ref },
      json: { startDate, endDate: addDays(startDate, GENERATE_DAYS), overwrite: false },
    }),
  );
}

/** POST /api/bookings/create-subscription; throws ApiRequestError (409 none free carries the dates in details). */
export async function createSubscription(body: CreateSubscriptionInput): Promise<SubscriptionAnswerWire> {
  return (await unwrap(client.api.bookings['create-subscription'].$post({ json: body }))) as SubscriptionAnswerWire;
}

export async function loadSubscriberDetail(id: number): Promise<CustomerDetailWire> {
  return (await unwrap(client.api.bookings.customers[':id'].$get({ param: { id: String(id) } }))) as CustomerDetailWire;
}

/** Starts the screen: the list and the facilities. */
export function startSubscriptions() {
  $subscriberView.set({ search: '', all: false, page: 1 });
  void loadSubscribers();
  void loadFacilities();
  return () => clearTimeout(searchTimer);
}
