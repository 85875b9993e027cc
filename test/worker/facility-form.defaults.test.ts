// The pitch form's left-out fields: one with a documented default takes it (150 ₺ an hour, 09:00–23:00 every day), one
// that is truly required says 'gerekli', never 'geçersiz'.
import { beforeAll, describe, expect, it } from 'vitest';
import { FACILITY_DEFAULTS, facilityMsg, WEEK_DAYS } from '../../contracts/facility-form';
import { fallbackMessage } from '../../worker/src/lib/validate';
import { api, createStaff, expectError, type FacilityAnswer, type Invalid, json, tokenFor } from './fixtures';

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'));
});

const create = (data: Record<string, unknown>) => api('/api/facilities', { method: 'POST', json: { data }, token });
const everyDayDefault = Object.fromEntries(
  WEEK_DAYS.map((d) => [d, { isOpen: true, start: FACILITY_DEFAULTS.dayStart, end: FACILITY_DEFAULTS.dayEnd }]),
);

describe('POST /api/facilities: fields left out', () => {
  it('a pitch sent with its name only takes every documented default', async () => {
    const res = await create({ name: 'Varsayılan Saha' });
    expect(res.status).toBe(201);
    expect((await json<FacilityAnswer>(res)).data).toMatchObject({
      name: 'Varsayılan Saha',
      hourlyPrice: FACILITY_DEFAULTS.hourlyPrice,
      depositAmount: FACILITY_DEFAULTS.depositAmount,
      priority: FACILITY_DEFAULTS.priority,
      isActive: true,
      bookingTimeType: 'hourly',
      startTimeOffset: 'full_hour',
      workingHours: everyDayDefault,
    });
  });

  it('a day left out of the working hours, or a time left out of a day, takes 09:00–23:00', async () => {
    const res = await create({
      name: 'Eksik Günlü Saha',
      hourlyPrice: 200,
      workingHours: {
        monday: { isOpen: true, start: '10:00', end: '22:00' },
        tuesday: { isOpen: false },
        wednesday: { start: '08:00' },
      },
    });
    expect(res.status).toBe(201);
    expect((await json<FacilityAnswer>(res)).data.workingHours).toEqual({
      ...everyDayDefault,
      monday: { isOpen: true, start: '10:00', end: '22:00' },
      tuesday: { isOpen: false, start: '09:00', end: '23:00' },
      wednesday: { isOpen: true, start: '08:00', end: '23:00' },
    });
  });

  it('a required field left out says gerekli: the name, an amenity name, a pickup point name', async () => {
    const noName = await expectError<Invalid>(await create({ hourlyPrice: 200 }), 400);
    expect(noName.details.errors).toContainEqual({ path: ['name'], message: facilityMsg.nameRequired });
    const noAmenityName = await expectError<Invalid>(
      await create({ name: 'Saha', facilities: [{ icon: 'wifi' }] }),
      400,
    );
    expect(noAmenityName.details.errors).toContainEqual({
      path: ['facilities', '0', 'name'],
      message: facilityMsg.amenityNameRequired,
    });
    const noPickupName = await expectError<Invalid>(
      await create({
        name: 'Saha',
        transportationService: { isActive: true, pickupPoints: [{ address: 'Merkez' }] },
      }),
      400,
    );
    expect(noPickupName.details.errors).toContainEqual({
      path: ['transportationService', 'pickupPoints', '0', 'name'],
      message: facilityMsg.pickupNameRequired,
    });
  });

  it("a present value of the wrong kind still says 'geçersiz'", async () => {
    const err = await expectError<Invalid>(await create({ name: 'Saha', workingHours: 'her gün' }), 400);
    expect(err.details.errors).toContainEqual({ path: ['workingHours'], message: 'Çalışma saatleri geçersiz' });
  });
});

describe('the Turkish fallback for a field without a message of its own', () => {
  it("names a missing field 'gerekli' and a wrong one 'geçersiz'", () => {
    expect(fallbackMessage(['workingHours'], { code: 'invalid_type', missing: true })).toBe('Çalışma saatleri gerekli');
    expect(fallbackMessage(['workingHours'], { code: 'invalid_type' })).toBe('Çalışma saatleri geçersiz');
    expect(fallbackMessage(['rules', 0, 'days'], { code: 'invalid_type', missing: true })).toBe('Günler gerekli');
  });
});
