// The new-booking form's model (behaviour.md#bookings 'Staff bookings'): the defaults a calendar cell fills, the request
// the values make, the checks run before sending with the server's Turkish messages, the total, the same-day refusal.
import { describe, expect, it } from 'vitest';
import { msg } from '../../contracts/messages';
import { staffBookingMsg } from '../../contracts/staff-booking';
import type { FacilityWire } from '../../contracts/wire/facility';
import type { SlotWire } from '../../contracts/wire/slot';
import { bookLabel } from '../../site/src/components/panel/calendar/slot-view';
import {
  depositOf,
  freeSlots,
  initialValues,
  type NewBookingValues,
  requestOf,
  sameDayOf,
  serverErrors,
  totalOf,
  validate,
} from '../../site/src/components/panel/new-booking/form-model';
import { ApiRequestError } from '../../site/src/lib/errors';
import type { CalendarSlot } from '../../site/src/stores/weekly-calendar';

const facility = {
  documentId: 'saha-1',
  depositAmount: 300,
  addons: [
    { id: 7, name: 'Maç videosu', price: 300, unit: 'booking', isActive: true, stockPerSlot: null, description: null },
    { id: 8, name: 'Krampon', price: 50, unit: 'person', isActive: true, stockPerSlot: 20, description: null },
  ],
  transportationService: {
    isActive: true,
    price: 100,
    description: null,
    vehicleInfo: { type: null, capacity: null },
    pickupPoints: [{ id: 'p1', name: 'Merkez', address: null, description: null, time: null, minutesBefore: 60 }],
  },
} as unknown as FacilityWire;

const slot = (over: Partial<SlotWire> = {}): SlotWire => ({
  id: 1,
  documentId: 'slot-20',
  date: '2026-11-27',
  startTime: '20:00',
  endTime: '21:00',
  startsAt: '2026-11-27T17:00:00.000Z',
  price: 1500,
  isAvailable: true,
  isPending: false,
  isPast: false,
  state: 'available',
  booking: null,
  ...over,
});

const filled = (over: Partial<NewBookingValues> = {}): NewBookingValues => ({
  ...initialValues({ facility: 'saha-1', date: '2026-11-27', slot: 'slot-20' }),
  customerName: 'Kemal Sunal',
  customerPhone: '0532 123 45 67',
  ...over,
});

describe('the new-booking form model', () => {
  it('starts as a phone booking approved at once with the deposit due, with the cell’s pitch, day and hour', () => {
    const v = initialValues({ facility: 'saha-1', date: '2026-11-27', slot: 'slot-20' }, '2026-11-26');
    expect(v).toMatchObject({
      facility: 'saha-1',
      date: '2026-11-27',
      slot: 'slot-20',
      channel: 'phone',
      status: 'approved',
      depositMode: 'due',
      depositMethod: 'cash',
    });
    expect(initialValues({}, '2026-11-26').date).toBe('2026-11-26');
  });

  it('makes the request: the deposit’s amount and method only when received, the add-ons taken, the shuttle point', () => {
    expect(requestOf(filled())).toMatchObject({
      facility: 'saha-1',
      bookingSlot: 'slot-20',
      channel: 'phone',
      status: 'approved',
      deposit: { mode: 'due' },
      addons: [],
      transportationDetails: null,
      sameDayOverrideReason: null,
    });
    const received = requestOf(
      filled({
        depositMode: 'received',
        depositAmount: '250,50',
        depositMethod: 'transfer',
        addons: { 7: 1, 8: 0 },
        includesTransportation: true,
        pickupPointId: 'p1',
        overrideReason: '  iki maç  ',
      }),
    );
    expect(received.deposit).toEqual({ mode: 'received', amount: '250,50', method: 'transfer' });
    expect(received.addons).toEqual([{ id: 7, quantity: 1 }]);
    expect(received.transportationDetails).toEqual({ pickupPointId: 'p1' });
    expect(received.sameDayOverrideReason).toBe('iki maç');
  });

  it('checks before sending with the server’s Turkish messages, filed by field', () => {
    expect(validate(filled(), facility)).toEqual({});
    expect(validate(filled({ customerPhone: '123' }), facility)).toMatchObject({ customerPhone: msg.phoneInvalid });
    expect(validate(filled({ customerName: 'A' }), facility)).toMatchObject({ customerName: msg.nameTooShort });
    expect(validate(filled({ slot: '' }), facility)).toMatchObject({ bookingSlot: 'Boş bir saat seçin' });
    expect(validate(filled({ depositMode: 'received' }), facility)).toMatchObject({
      'deposit.amount': staffBookingMsg.amountRequired,
    });
    expect(validate(filled({ depositMode: 'received', depositAmount: '0' }), facility)).toMatchObject({
      'deposit.amount': staffBookingMsg.amountPositive,
    });
    expect(validate(filled({ depositMode: 'received', depositAmount: '250,50' }), facility)).toEqual({});
    expect(validate(filled({ includesTransportation: true }), facility)).toMatchObject({
      'transportationDetails.pickupPointId': 'Alınış noktası seçin',
    });
    expect(validate(filled({ overrideReason: 'ab' }), facility)).toMatchObject({
      sameDayOverrideReason: staffBookingMsg.overrideTooShort,
    });
  });

  it('adds the hour, the shuttle and the add-ons; the deposit is the pitch’s unless waived', () => {
    expect(totalOf(filled(), facility, slot())).toBe(1500);
    expect(totalOf(filled({ includesTransportation: true, addons: { 7: 1, 8: 4 } }), facility, slot())).toBe(
      1500 + 100 + 300 + 4 * 50,
    );
    expect(totalOf(filled(), facility, null)).toBe(0);
    expect(depositOf(filled(), facility)).toBe(300);
    expect(depositOf(filled({ depositMode: 'waived' }), facility)).toBe(0);
  });

  it('offers only free hours still ahead', () => {
    const list = [
      slot(),
      slot({ documentId: 'taken', isAvailable: false }),
      slot({ documentId: 'past', isPast: true }),
    ];
    expect(freeSlots(list).map((s) => s.documentId)).toEqual(['slot-20']);
  });

  it('reads the same-day refusal’s booking and the field errors of a refusal', () => {
    const existingBooking = {
      bookingNumberMasked: 'HSR••••••ABC',
      customerName: 'Ayşe Y.',
      facility: 'Merkez Saha',
      date: '2026-11-27',
      time: '18:00',
      endTime: '19:00',
      startsAt: '2026-11-27T15:00:00.000Z',
      status: 'pending',
    };
    const sameDay = new ApiRequestError('Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır', 409, {
      error: {
        status: 409,
        message: 'Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır',
        details: { existingBooking },
      },
    });
    expect(sameDayOf(sameDay)).toEqual(existingBooking);
    expect(sameDayOf(new ApiRequestError('Bu slot dolu', 409, { error: { details: {} } }))).toBeNull();
    const invalid = new ApiRequestError('x', 400, {
      error: {
        details: { errors: [{ path: ['deposit', 'amount'], message: staffBookingMsg.amountTooHigh }] as never },
      },
    });
    expect(serverErrors(invalid)).toEqual({ 'deposit.amount': staffBookingMsg.amountTooHigh });
    expect(serverErrors(new Error('x'))).toEqual({});
  });

  it('names a free calendar hour for the new booking, its visible words in the name', () => {
    const cell = { ...slot(), booking: null } as unknown as CalendarSlot;
    expect(bookLabel(cell)).toBe('Boş saat: 20:00–21:00 Cuma 27 Kasım, ₺1.500 için rezervasyon oluştur');
    expect(bookLabel(cell, true)).toBe('Boş saat: 20:00–21:00, ₺1.500, Cuma 27 Kasım için rezervasyon oluştur');
  });
});
