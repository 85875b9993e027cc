// Every mount starts fresh: on the server the module outlives the request, and "today" must be today.
import { istanbulToday } from '../../../../contracts/dates';
import { resetCalendar } from './calendar';
import { resetDuplicate } from './duplicate';
import { $facility, type BookingFacility } from './facility';
import { resetFlow } from './flow';
import { resetForm } from './form';
import { $live } from './live';
import { resetSlots } from './slots';

export function initBookingFlow(f: BookingFacility) {
  resetBookingFlow();
  $facility.set(f);
}

export function resetBookingFlow(today = istanbulToday()) {
  resetSlots();
  resetCalendar(today);
  resetFlow();
  resetForm();
  resetDuplicate();
  $live.set('off');
}
