// The panel's weekly calendar (behaviour.md#management-panel 'Weekly calendar'): a pitch's slots with the live booking of each in full.
import type { PaymentStatus } from '../bookings';
import type { SlotClosureWire } from '../closures';
import type { WorkingHoursWire } from './facility';
import type { SlotWire } from './slot';

/** Staff see the whole booking: the full name, the phone, payment and shuttle (the public slot hides them). */
export interface CalendarBookingWire {
  documentId: string;
  bookingNumber: string;
  customerName: string;
  customerPhone: string;
  status: 'pending' | 'approved';
  paymentStatus: PaymentStatus;
  isSubscriber: boolean;
  includesTransportation: boolean;
  /** The booking's own range (docs/behaviour.md#match-length): every slot it covers carries it, so one booking spans its cells. */
  startTime: string;
  endTime: string;
  duration: number;
}

export interface CalendarSlotWire extends Omit<SlotWire, 'booking' | 'closure'> {
  startsAt: string;
  /** A closed slot's closure (docs/behaviour.md#closures), with its documentId for staff ('Kaldır'); absent when open. */
  closure?: (SlotClosureWire & { documentId: string }) | null;
  booking: CalendarBookingWire | null;
  /** Live waitlist entries for this start (waiting, and the one it is held for): docs/behaviour.md#waitlist. */
  waitlist: number;
}

export interface CalendarWire {
  facility: {
    documentId: string;
    slug: string;
    name: string;
    isActive: boolean;
    hourlyPrice: number;
    workingHours: WorkingHoursWire;
  };
  from: string;
  to: string;
  slots: CalendarSlotWire[];
}
