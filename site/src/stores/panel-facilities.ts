import { atom, computed } from 'nanostores';
import type { FacilityWire } from '../../../contracts/wire/facility';
import { client, unwrap, unwrapPage } from '../lib/api';
import { ApiRequestError, errorText, FALLBACK_ERROR } from '../lib/errors';
import { toast } from './toast';

// The pitch administration screen (behaviour.md#management-panel 'Pitch administration'): the full staff list, filtered on the client.

export const LIST_FAILED = 'Sahalar yüklenirken hata oluştu';
export type StatusFilter = 'all' | 'active' | 'inactive';
export const STATUS_FILTERS: { id: StatusFilter; label: string }[] = [
  { id: 'all', label: 'Tümü' },
  { id: 'active', label: 'Aktif' },
  { id: 'inactive', label: 'Pasif' },
];

export const $facilities = atom<FacilityWire[]>([]);
export const $facilitiesStatus = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');
export const $facilitySearch = atom('');
export const $facilityStatusFilter = atom<StatusFilter>('all');

const fold = (s: string) => s.toLocaleLowerCase('tr-TR').trim();

export const $visibleFacilities = computed(
  [$facilities, $facilitySearch, $facilityStatusFilter],
  (list, search, status) => {
    const q = fold(search);
    return list.filter(
      (f) =>
        (status === 'all' || f.isActive === (status === 'active')) &&
        (!q || fold(f.name).includes(q) || fold(f.address ?? '').includes(q) || fold(f.description ?? '').includes(q)),
    );
  },
);

export const $facilityCounts = computed($facilities, (list) => {
  const active = list.filter((f) => f.isActive).length;
  return { total: list.length, active, inactive: list.length - active };
});

/** The API's largest page; a business with more pitches is read page by page, so the count line never undercounts. */
export const LIST_PAGE_SIZE = 100;

let latest = 0;
/** (Re)reads every pitch, every page of them; a slower earlier answer never overwrites a later one. */
export async function loadFacilities(): Promise<void> {
  const mine = ++latest;
  $facilitiesStatus.set('loading');
  try {
    const all: FacilityWire[] = [];
    for (let page = 1, pageCount = 1; page <= pageCount; page++) {
      const { data, meta } = await unwrapPage(
        client.api.facilities.all.$get({
          query: { 'pagination[page]': String(page), 'pagination[pageSize]': String(LIST_PAGE_SIZE) },
        }),
      );
      if (mine !== latest) return;
      all.push(...(data as FacilityWire[]));
      pageCount = Math.min(meta?.pagination?.pageCount ?? 1, 100);
    }
    $facilities.set(all);
    $facilitiesStatus.set('ready');
  } catch {
    if (mine === latest) $facilitiesStatus.set('error');
  }
}

export function resetFacilityFilters() {
  $facilitySearch.set('');
  $facilityStatusFilter.set('all');
}

export const TOGGLE_FAILED = 'Saha durumu değiştirilirken hata oluştu';
export const DELETE_FAILED = 'Saha silinirken hata oluştu';
export const toggledText = (name: string, isActive: boolean) =>
  `${name} sahası ${isActive ? 'aktif' : 'pasif'} yapıldı`;

/** PATCH /api/facilities/:id/toggle-status, then the toast of behaviour.md#states-and-transitions and a fresh list; false when it failed. */
export async function setFacilityActive(f: Pick<FacilityWire, 'documentId' | 'name'>, isActive: boolean) {
  try {
    await unwrap(
      client.api.facilities[':ref']['toggle-status'].$patch({ param: { ref: f.documentId }, json: { isActive } }),
    );
  } catch (e) {
    toast('error', failureOr(e, TOGGLE_FAILED));
    return false;
  }
  toast('success', toggledText(f.name, isActive));
  void loadFacilities();
  return true;
}

export interface DeletedFacility {
  id: number;
  documentId: string;
  name: string;
  cancelledBookings: number;
}

/** A forced delete's decision about the deposits already received: refunded or kept (left out: decided later). */
export type DepositChoice = 'refund' | 'keep';

/**
 * DELETE /api/facilities/:id (force cancels its active bookings, behaviour.md#states-and-transitions; `deposit` says
 * what becomes of the money received on them); throws ApiRequestError as the server said.
 */
export async function deleteFacility(f: Pick<FacilityWire, 'documentId'>, force = false, deposit?: DepositChoice) {
  const query = force ? { force: 'true' as const, ...(deposit ? { deposit } : {}) } : {};
  const done: DeletedFacility = await unwrap(
    client.api.facilities[':ref'].$delete({ param: { ref: f.documentId }, query }),
  );
  void loadFacilities();
  return done;
}

/** The server's own message when it gave one, else the screen's fallback (behaviour.md#error-messages). */
export function failureOr(e: unknown, fallback: string): string {
  if (e instanceof ApiRequestError) {
    const own = errorText(e.body, undefined, '');
    if (own && own !== FALLBACK_ERROR) return own;
  }
  return fallback;
}
