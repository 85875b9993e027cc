// The pitch a per-pitch panel screen works on (Fiyatlandırma, Saha Servisleri): every pitch from the staff list, the
// one named by `?saha=` (else the first), and the choice written back to the address so a reload or a link keeps it.
import { useEffect, useState } from 'react';
import type { FacilityWire } from '../../../contracts/wire/facility';
import { allStaffPitches } from './staff-pitches';

export function usePanelPitch() {
  const [pitches, setPitches] = useState<FacilityWire[] | null>(null);
  const [pitchId, setPitchId] = useState('');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    allStaffPitches()
      .then((list) => {
        setPitches(list);
        const wanted = new URLSearchParams(location.search).get('saha');
        const first = list.find((f) => String(f.id) === wanted) ?? list[0];
        if (first) setPitchId(String(first.id));
      })
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    if (!pitchId) return;
    const url = new URL(location.href);
    url.searchParams.set('saha', pitchId);
    history.replaceState(history.state, '', url);
  }, [pitchId]);

  /** The pitch select's choices: a pitch not taking bookings says so. */
  const options = (pitches ?? []).map((f) => ({
    value: String(f.id),
    label: f.isActive ? f.name : `${f.name} (pasif)`,
  }));
  return { pitches, pitchId, setPitchId, failed, options };
}
