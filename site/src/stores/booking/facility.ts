// The pitch as the booking flow needs it, and the wire shapes the flow works with.
import { atom } from 'nanostores';
import type { BookingWire } from '../../../../contracts/wire/booking';
import type { FacilityWire } from '../../../../contracts/wire/facility';
import type { SlotWire } from '../../../../contracts/wire/slot';

/** `minutesBefore`: the shuttle leaves that long before the match; the shown time is derived from the chosen hour. */
export interface PickupPoint {
  id: string;
  name: string;
  address: string | null;
  description: string | null;
  time: string | null;
  minutesBefore?: number | null;
}
export interface BookingFacility {
  slug: string;
  documentId: string;
  name: string;
  address: string | null;
  hourlyPrice: number;
  depositAmount: number;
  autoApprovalTimeout: number;
  mapsUrl: string | null;
  amenities: string[];
  transport: { price: number; description: string | null; vehicle: string | null; pickupPoints: PickupPoint[] } | null;
}

export function toBookingFacility(f: FacilityWire, mapsUrl: string | null): BookingFacility {
  const t = f.transportationService;
  const vehicle = [t.vehicleInfo.type, t.vehicleInfo.capacity ? `${t.vehicleInfo.capacity} kişilik` : null]
    .filter(Boolean)
    .join(', ');
  return {
    slug: f.slug,
    documentId: f.documentId,
    name: f.name,
    address: f.address,
    hourlyPrice: f.hourlyPrice,
    depositAmount: f.depositAmount,
    autoApprovalTimeout: f.autoApprovalTimeout,
    mapsUrl,
    amenities: f.facilities.filter((a) => a.available).map((a) => a.name),
    transport: t.isActive
      ? { price: t.price, description: t.description, vehicle: vehicle || null, pickupPoints: t.pickupPoints }
      : null,
  };
}

export type Slot = SlotWire;
export type Booking = BookingWire;

export const $facility = atom<BookingFacility | null>(null);
