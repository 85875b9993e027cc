import { CalendarIcon } from '../ui/icons';
import { action } from './Action';

/** What 'Takvime ekle' needs of a booking: its number (the holder's own key) and whether it is still on. */
export interface CalendarBooking {
  bookingNumber: string;
  status: string;
  /** Its hour has passed: nothing left to remind of. */
  isPast?: boolean;
}

/** The holder's .ics file of one booking: its real start and end in Istanbul, the address, map link and a reminder. */
export const calendarFileUrl = (bookingNumber: string) =>
  `/api/bookings/track/${encodeURIComponent(bookingNumber)}/calendar.ics`;

/**
 * 'Takvime ekle' (behaviour.md#public-site): a plain link, no script of its own. A phone opens the file in its calendar
 * app (iOS offers 'Add to Calendar', Android the calendar chooser); a desktop downloads it. Only for a pending or
 * approved booking still ahead.
 */
export function AddToCalendar({ booking, className = '' }: { booking: CalendarBooking; className?: string }) {
  if ((booking.status !== 'pending' && booking.status !== 'approved') || booking.isPast) return null;
  return (
    <a
      href={calendarFileUrl(booking.bookingNumber)}
      className={action('secondary', 'md', className)}
      data-add-to-calendar
    >
      <CalendarIcon aria-hidden="true" />
      Takvime ekle
    </a>
  );
}
