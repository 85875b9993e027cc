// Hand-written twins of the contracts' zod rules that the public islands need before anything is sent: the same
// answers and the same Turkish texts (contracts/texts.ts), without shipping zod to every visitor. The server still
// validates with the zod schemas; test/site/checks.test.ts holds each twin against its schema.
import { normaliseBookingNumber } from '../../../contracts/booking-number';
import { publicMsg as msg } from '../../../contracts/public-texts';
import { SLOT_STATE_NAMES } from '../../../contracts/slot-states';
import type { FacilityEvent } from '../../../contracts/socket/facility';
import type { MessageSchema } from '../../../contracts/socket/parse';

/** bookingNumberSchema: the number as sent (trimmed, upper case), or the message that refuses it. */
export function checkBookingNumber(raw: string): { value: string } | { error: string } {
  const value = normaliseBookingNumber(raw);
  return value ? { value } : { error: msg.bookingNumberInvalid };
}

export type LoginField = 'identifier' | 'password';

/** loginSchema's identifier and password rules (behaviour.md#validation): the trimmed identifier, or each field's first message. */
export function checkLogin(
  identifier: string,
  password: string,
): { identifier: string; password: string } | { errors: Partial<Record<LoginField, string>> } {
  const errors: Partial<Record<LoginField, string>> = {};
  const id = identifier.trim();
  if (!id) errors.identifier = msg.identifierRequired;
  else if (id.includes('@') && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(id)) errors.identifier = msg.emailInvalid;
  if (!password) errors.password = msg.passwordRequired;
  else if (password.length < 6) errors.password = msg.passwordTooShort;
  return errors.identifier || errors.password ? { errors } : { identifier: id, password };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (o: Record<string, unknown>, keys: string[]) => keys.every((k) => typeof o[k] === 'string');

function isSlot(v: unknown): boolean {
  if (!isObject(v)) return false;
  const booking = v.booking;
  return (
    typeof v.id === 'number' &&
    typeof v.price === 'number' &&
    strings(v, ['documentId', 'date', 'startTime', 'endTime', 'startsAt']) &&
    ['isAvailable', 'isPending', 'isPast'].every((k) => typeof v[k] === 'boolean') &&
    SLOT_STATE_NAMES.includes(v.state as never) &&
    (booking === null ||
      (isObject(booking) &&
        typeof booking.customerName === 'string' &&
        (booking.status === 'pending' || booking.status === 'approved') &&
        typeof booking.isSubscriber === 'boolean'))
  );
}

/** contracts/socket/facility.ts facilityEvent: a message of the pitch channel, or not one (then it is dropped). */
export const facilityEventCheck: MessageSchema<FacilityEvent> = {
  safeParse(data) {
    if (!isObject(data)) return { success: false };
    const ok =
      (data.type === 'hello' && (data.changedAt === undefined || typeof data.changedAt === 'number')) ||
      (data.type === 'slot' && typeof data.facility === 'string' && isSlot(data.slot)) ||
      (data.type === 'slots-regenerated' && strings(data, ['from', 'to']));
    return ok ? { success: true, data: data as FacilityEvent } : { success: false };
  },
};
