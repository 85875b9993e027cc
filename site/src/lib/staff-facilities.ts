// The staff list of pitches in full, for the panel's pitch choosers (Fiyatlandırma, Saha Servisleri, Raporlar,
// Aboneler, the weekly calendar).
import type { FacilityWire } from '../../../contracts/wire/facility';
import { allPages, client, unwrapPage } from './api';

/**
 * Every pitch of the staff list, its pages of 100 read one after another: a city can have more pitches than one page,
 * and a panel chooser that stopped at the first page would hide the rest.
 */
export function allStaffFacilities(): Promise<FacilityWire[]> {
  return allPages(
    async (page) =>
      (await unwrapPage(
        client.api.facilities.all.$get({
          query: { 'pagination[page]': String(page), 'pagination[pageSize]': '100' },
        }),
      )) as unknown as { data: FacilityWire[]; meta: { pagination: { pageCount: number } } },
  );
}
