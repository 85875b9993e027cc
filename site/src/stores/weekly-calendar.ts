import type { InferResponseType } from 'hono/client';
import { atom, map } from 'nanostores';
import type { CalendarSlotWire, CalendarWire } from '../../../contracts/wire/calendar';
import type { FacilityWire } from '../../../contracts/wire/facility';
import { client, unwrap } from '../lib/api';
import { type LiveState, watchFacilityLive } from '../lib/facility-live';
import { addDays, istanbulToday } from '../lib/format';
import { allStaffFacilities } from '../lib/staff-facilities';
import { mondayFromParam, mondayOf, thisMonday, weekDates } from '../lib/week';

// The panel's weekly calendar (behaviour.md#management-panel 'Weekly calendar'): one pitch, one Monday-to-Sunday week, ONE request per week
// (not seven, api.md), answers kept 60 s per pitch and week (behaviour.md#constants-and-limits), refreshed live from the pitch's socket.

type CalendarAnswer = InferResponseType<(typeof client.api.facilities)[':ref']['calendar']['$get'], 200>;

export type PanelFacility = FacilityWire;
export type WeekCalendar = CalendarWire;
export type CalendarSlot = CalendarSlotWire;
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export const CACHE_MS = 60_000;
export const LOAD_FAILED = 'Takvim yüklenirken hata oluştu';
export const FACILITIES_FAILED = 'Sahalar yüklenirken hata oluştu';

export interface WeekState {
  /** The chosen pitch's slug (also `?saha=`). */
  facility: string | null;
  /** The Monday of the week on screen (also `?hafta=`). */
  monday: string;
  /** The day the mobile single-day list shows. */
  day: string;
}

export const $facilities = atom<PanelFacility[]>([]);
export const $facilitiesStatus = atom<LoadStatus>('idle');
export const $week = map<WeekState>(initialWeek());
/** The answer for the pitch and week in $week, or null while it is not there yet. */
export const $calendar = atom<WeekCalendar | null>(null);
export const $calendarStatus = atom<LoadStatus>('idle');

function initialWeek(today = istanbulToday()): WeekState {
  return { facility: null, monday: mondayOf(today), day: today };
}

/** Today if it lies in the week, otherwise its Monday. */
function defaultDay(monday: string, today = istanbulToday()): string {
  return weekDates(monday).includes(today) ? today : monday;
}

export const selectedFacility = (): PanelFacility | null =>
  $facilities.get().find((f) => f.slug === $week.get().facility) ?? null;

// ---------------------------------------------------------------- the address: ?saha=<slug>&hafta=<monday>

function writeAddress() {
  if (typeof window === 'undefined') return;
  const { facility, monday } = $week.get();
  const url = new URL(window.location.href);
  if (facility) url.searchParams.set('saha', facility);
  else url.searchParams.delete('saha');
  url.searchParams.set('hafta', monday);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

// ---------------------------------------------------------------- the week's slots: one request, 60 s cache

interface CacheEntry {
  at: number;
  data: WeekCalendar;
}
const cache = new Map<string, CacheEntry>();
const keyOf = (facility: string, monday: string) => `${facility}|${monday}`;
let loadSeq = 0;

/** Forgets every kept week (a live change may touch any of them). */
export function clearCache(facility?: string) {
  if (!facility) cache.clear();
  else for (const k of [...cache.keys()]) if (k.startsWith(facility + '|')) cache.delete(k);
}

/**
 * Shows the week in $week: from the cache when younger than 60 s, otherwise in one GET …/calendar?from=&to=.
 * `force` skips the cache (live events, retry, a change made in the detail dialog); `silent` keeps the current
 * table on screen while the request runs and on failure. A newer call wins over an older one still in flight.
 */
export async function loadWeek(opts: { force?: boolean; silent?: boolean } = {}): Promise<void> {
  const { facility, monday } = $week.get();
  if (!facility) return;
  const key = keyOf(facility, monday);
  const mine = ++loadSeq;
  const hit = cache.get(key);
  if (!opts.force && hit && Date.now() - hit.at < CACHE_MS) {
    $calendar.set(hit.data);
    $calendarStatus.set('ready');
    return;
  }
  const showing = $calendar.get();
  const keep =
    opts.silent && showing?.facility.slug === facility && showing.from === monday && $calendarStatus.get() === 'ready';
  if (!keep) {
    $calendar.set(null);
    $calendarStatus.set('loading');
  }
  try {
    const data = await unwrap<CalendarAnswer>(
      client.api.facilities[':ref'].calendar.$get({
        param: { ref: facility },
        query: { from: monday, to: addDays(monday, 6) },
      }),
    );
    cache.set(key, { at: Date.now(), data });
    if (mine !== loadSeq) return;
    $calendar.set(data);
    $calendarStatus.set('ready');
  } catch {
    if (mine !== loadSeq || keep) return;
    $calendarStatus.set('error');
  }
}

export const retryWeek = () => loadWeek({ force: true });
/** After a live event or a change in the detail dialog: fresh data, the table stays while it comes. */
export function refreshWeek() {
  const { facility } = $week.get();
  if (facility) clearCache(facility);
  return loadWeek({ force: true, silent: true });
}

// ---------------------------------------------------------------- pitch and week choice

/** Loads the pitch list and opens the pitch and week the address names, or the first pitch and this week. */
export async function initWeeklyCalendar(
  search = typeof window === 'undefined' ? '' : window.location.search,
): Promise<void> {
  const params = new URLSearchParams(search);
  const today = istanbulToday();
  const monday = mondayFromParam(params.get('hafta')) ?? mondayOf(today);
  loadSeq++;
  $week.set({ facility: null, monday, day: defaultDay(monday, today) });
  $calendar.set(null);
  $calendarStatus.set('idle');
  $facilitiesStatus.set('loading');
  let list: PanelFacility[];
  try {
    list = await allStaffFacilities();
  } catch {
    $facilitiesStatus.set('error');
    return;
  }
  $facilities.set(list);
  $facilitiesStatus.set('ready');
  const wanted = params.get('saha');
  const chosen = list.find((f) => f.slug === wanted || f.documentId === wanted) ?? list[0];
  if (!chosen) return;
  $week.setKey('facility', chosen.slug);
  writeAddress();
  await loadWeek();
}

export function selectFacility(slug: string) {
  if (slug === $week.get().facility || !$facilities.get().some((f) => f.slug === slug)) return;
  $week.setKey('facility', slug);
  writeAddress();
  void loadWeek();
}

function showWeek(monday: string) {
  if (monday === $week.get().monday) return;
  $week.set({ ...$week.get(), monday, day: defaultDay(monday) });
  writeAddress();
  void loadWeek();
}

export const stepWeek = (direction: -1 | 1) => showWeek(addDays($week.get().monday, 7 * direction));
export const goThisWeek = () => showWeek(thisMonday());

export function selectDay(date: string) {
  if (weekDates($week.get().monday).includes(date)) $week.setKey('day', date);
}

// ---------------------------------------------------------------- live: the pitch's socket

export type { LiveState };
export const $live = atom<LiveState>('off');

/**
 * Watches the chosen pitch's live channel (the one the public calendar uses): any 'slot' or 'slots-regenerated'
 * event refetches the week silently, past the cache; so does a dropped socket, with polling until it is back. An
 * inactive pitch's channel opens for staff only: the browser sends the session cookie with the socket.
 */
export function watchWeekLive(): () => void {
  const f = selectedFacility();
  if (!f) return () => {};
  const ref = f.slug;
  return watchFacilityLive(ref, {
    onState: (state) => $live.set(state),
    onEvent: (event) => {
      if ((event.type === 'slot' || event.type === 'slots-regenerated') && $week.get().facility === ref)
        void refreshWeek();
    },
    resync: () => void refreshWeek(),
  });
}

/** Every mount starts fresh: on the server the module outlives the request. */
export function resetWeeklyCalendar(today = istanbulToday()) {
  loadSeq++;
  cache.clear();
  $facilities.set([]);
  $facilitiesStatus.set('idle');
  $week.set(initialWeek(today));
  $calendar.set(null);
  $calendarStatus.set('idle');
  $live.set('off');
}
