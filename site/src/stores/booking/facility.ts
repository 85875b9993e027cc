// The pitch as the booking flow needs it, and the wire shapes the flow works with.
import { atom } from 'nanostores';
import type { BookingWire } from '../../../../contracts/wire/booking';
import type { FacilityWire, WorkingHoursWire } from '../../../../contracts/wire/facility';
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
  /** Paid add-ons offered with a booking; `max` is how many one booking may take. */
  addons: BookingFacilityAddon[];
  /** Match length (docs/behaviour.md#match-length); absent reads as one slot a booking, hourly. */
  bookingTimeType?: 'hourly' | 'half-hourly';
  /** The weekly hours: the calendar's loading placeholders hold the place of each day's slots (placeholder.ts). */
  workingHours?: WorkingHoursWire | null;
  startTimeOffset?: 'full_hour' | 'half_hour';
  matchLengths?: number[];
  halfHourStarts?: boolean;
  depositPerHour?: boolean;
}

/** The wire's match-length fields (contracts/wire/facility.ts), read so while a server without them may answer. */
type LengthWire = { matchLengths?: number[]; halfHourStarts?: boolean; depositPerHour?: boolean };

export interface BookingFacilityAddon {
  id: number;
  name: string;
  description: string | null;
  /** TL per booking or per person. */
  price: number;
  unit: 'booking' | 'person';
  max: number;
}

/** A per-booking add-on comes once; a per-person one up to its stock for the hour, or 50 (the server's rule). */
const ADDON_QUANTITY_MAX = 50;

export function toBookingFacility(f: FacilityWire, mapsUrl: string | null): BookingFacility {
  const lengths = f as FacilityWire & LengthWire;
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
    addons: (f.addons ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      price: a.price,
      unit: a.unit,
      max: a.unit === 'booking' ? 1 : Math.min(a.stockPerSlot ?? ADDON_QUANTITY_MAX, ADDON_QUANTITY_MAX),
    })),
    bookingTimeType: f.bookingTimeType,
    workingHours: f.workingHours,
    startTimeOffset: f.startTimeOffset,
    matchLengths: lengths.matchLengths ?? [],
    halfHourStarts: lengths.halfHourStarts ?? true,
    depositPerHour: lengths.depositPerHour ?? false,
  };
}

export type Slot = SlotWire;
export type Booking = BookingWire;

export const $facility = atom<BookingFacility | null>(null);
