import type { BookingFacility } from '../../site/src/stores/booking';

/** The pitch the booking island tests work with; each test file overrides what it is about. */
export const bookingFacility = (overrides: Partial<BookingFacility> = {}): BookingFacility => ({
  slug: 'nilufer',
  documentId: 'fac-doc',
  name: 'Nilüfer Arena',
  address: 'Özlüce Mah. No: 24',
  hourlyPrice: 1500,
  depositAmount: 300,
  autoApprovalTimeout: 60,
  mapsUrl: 'https://www.google.com/maps/search/?api=1&query=40.2%2C28.9',
  amenities: ['Otopark', 'Duş'],
  transport: null,
  addons: [],
  ...overrides,
});
