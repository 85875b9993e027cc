// 'Yeni Rezervasyon' with a match length (docs/behaviour.md#match-length): the lengths that fit from the hour, the
// covered slots' prices added up, the deposit per hour, `duration` in the request.
import { describe, expect, it } from 'vitest';
import type { FacilityWire } from '../../contracts/wire/facility';
import type { SlotWire } from '../../contracts/wire/slot';
import {
  depositOf,
  initialValues,
  lengthsFrom,
  offersLengths,
  requestOf,
  spanFrom,
  totalOf,
} from '../../site/src/components/panel/new-booking/form-model';

const pitch = (over: Partial<FacilityWire> = {}) =>
  ({
    documentId: 'saha-1',
    bookingTimeType: 'half-hourly',
    startTimeOffset: 'full_hour',
    matchLengths: [60, 90, 120],
    halfHourStarts: false,
    depositPerHour: true,
    depositAmount: 300,
    addons: [],
    transportationService: { isActive: false, price: 0, description: null, vehicleInfo: {}, pickupPoints: [] },
    ...over,
  }) as unknown as FacilityWire;

const DAY = '2026-11-27';
function half(start: string, free = true, price = 600): SlotWire {
  const [h, m] = start.split(':').map(Number);
  const end = h * 60 + m + 30;
  return {
    id: h * 100 + m,
    documentId: `s-${start}`,
    date: DAY,
    startTime: start,
    endTime: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
    startsAt: new Date(`${DAY}T${start}:00+03:00`).toISOString(),
    price,
    isAvailable: free,
    isPending: !free,
    isPast: false,
    state: free ? 'available' : 'pending',
    booking: null,
  };
}
const day = [half('20:00'), half('20:30'), half('21:00', true, 700), half('21:30', false), half('22:00')];

describe('the staff form’s match length', () => {
  it('asks only on a pitch offering several lengths', () => {
    expect(offersLengths(pitch())).toBe(true);
    expect(offersLengths(pitch({ matchLengths: [30] }))).toBe(false);
    expect(offersLengths(null)).toBe(false);
  });

  it('offers the lengths that fit from the hour; a half-hour start where matches start on the hour offers none', () => {
    expect(lengthsFrom(pitch(), day, 's-20:00')).toEqual([60, 90]);
    expect(lengthsFrom(pitch(), day, 's-20:30')).toEqual([]);
    expect(lengthsFrom(pitch({ halfHourStarts: true }), day, 's-20:30')).toEqual([60]);
  });

  it('prices the covered slots, asks the deposit per hour and sends the duration', () => {
    const v = { ...initialValues({ facility: 'saha-1', date: DAY, slot: 's-20:00' }), duration: 90 };
    const span = spanFrom(pitch(), day, 's-20:00', 90);
    expect(span.map((s) => s.startTime)).toEqual(['20:00', '20:30', '21:00']);
    expect(totalOf(v, pitch(), day[0], span)).toBe(1900);
    expect(depositOf(v, pitch(), 90)).toBe(450);
    expect(depositOf(v, pitch({ depositPerHour: false } as Partial<FacilityWire>), 90)).toBe(300);
    expect(requestOf(v)).toMatchObject({ bookingSlot: 's-20:00', duration: 90 });
    expect(requestOf({ ...v, duration: null })).not.toHaveProperty('duration');
  });
});
