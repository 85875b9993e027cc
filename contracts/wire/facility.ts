// A pitch as the API and the pages speak of it (api.md): money in TL, instants as ISO strings.
import type { AddonWire } from '../addons';
import type { RatingSummaryWire } from '../ratings';

export type WeekDay = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
export interface WorkingDayWire {
  isOpen: boolean;
  start: string;
  end: string;
}
export type WorkingHoursWire = Record<WeekDay, WorkingDayWire>;

export interface FacilityImageWire {
  id: number;
  url: string;
  name: string;
  alternativeText: string;
  width: number | null;
  height: number | null;
  /** The photo and its smaller copies as an `<img srcset>` value; null when it has no copies. */
  srcset: string | null;
}

export interface AmenityWire {
  name: string;
  available: boolean;
  icon: string | null;
}

export interface PickupPointWire {
  id: string;
  name: string;
  address: string | null;
  description: string | null;
  time: string | null;
  minutesBefore: number | null;
}

export interface FacilityWire {
  id: number;
  documentId: string;
  slug: string;
  name: string;
  description: string | null;
  address: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  isActive: boolean;
  images: FacilityImageWire[];
  facilities: AmenityWire[];
  hourlyPrice: number;
  depositAmount: number;
  depositIban: string | null;
  bankName: string | null;
  recipientName: string | null;
  phoneNumbers: string[];
  email: string | null;
  googleMapsLocation: string | null;
  workingHours: WorkingHoursWire;
  bookingTimeType: 'hourly' | 'half-hourly';
  startTimeOffset: 'full_hour' | 'half_hour';
  /** Match length (docs/behaviour.md#match-length): the lengths offered, minutes ascending; half-hour starts; deposit per hour. */
  matchLengths: number[];
  halfHourStarts: boolean;
  depositPerHour: boolean;
  autoApprovalTimeout: number;
  priority: number;
  seoTitle: string | null;
  seoDescription: string | null;
  seoKeywords: string | null;
  facilityServices: string[];
  services: string[];
  /** The paid add-ons a visitor may take with a booking, active ones only, in the pitch's order. */
  addons: AddonWire[];
  /** The average and count of the ratings players gave, only from 3 ratings on; null before (docs/behaviour.md#ratings). */
  ratingSummary: RatingSummaryWire | null;
  transportationService: {
    isActive: boolean;
    price: number;
    description: string | null;
    vehicleInfo: { type: string | null; capacity: number | null };
    pickupPoints: PickupPointWire[];
  };
  createdAt: string | null;
  updatedAt: string | null;
}

/** The pitch summary that comes with its slots (GET /api/facilities/:ref/slots). */
export interface FacilitySummaryWire {
  id: number;
  documentId: string;
  slug: string;
  name: string;
  isActive: boolean;
  hourlyPrice: number;
  depositAmount: number;
  workingHours: WorkingHoursWire;
  bookingTimeType: 'hourly' | 'half-hourly';
  startTimeOffset: 'full_hour' | 'half_hour';
  matchLengths: number[];
  halfHourStarts: boolean;
  depositPerHour: boolean;
}
