// The pitch a per-pitch panel screen works on (Fiyatlandırma, Saha Servisleri): every pitch from the staff list, the
// one named by `?saha=` (else the first), and the choice written back to the address so a reload or a link keeps it.
import { useEffect, useState } from 'react';
import type { FacilityWire } from '../../../contracts/wire/facility';
import { allStaffFacilities } from './staff-facilities';

export function usePanelFacility() {
  const [facilities, setFacilities] = useState<FacilityWire[] | null>(null);
  const [facilityId, setFacilityId] = useState('');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    allStaffFacilities()
      .then((list) => {
        setFacilities(list);
        const wanted = new URLSearchParams(location.search).get('saha');
        const first = list.find((f) => String(f.id) === wanted) ?? list[0];
        if (first) setFacilityId(String(first.id));
      })
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    if (!facilityId) return;
    const url = new URL(location.href);
    url.searchParams.set('saha', facilityId);
    history.replaceState(history.state, '', url);
  }, [facilityId]);

  /** The pitch select's choices: a pitch not taking bookings says so. */
  const options = (facilities ?? []).map((f) => ({
    value: String(f.id),
    label: f.isActive ? f.name : `${f.name} (pasif)`,
  }));
  return { facilities, facilityId, setFacilityId, failed, options };
}
