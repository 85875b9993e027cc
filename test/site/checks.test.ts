// The public islands check input with hand-written twins of the contracts' zod rules (site/src/lib/checks.ts), so
// zod stays out of their bundles. Each twin must give the schema's answer and message on every input.
import { describe, expect, it } from 'vitest';
import { loginSchema } from '../../contracts/auth';
import { bookingNumberSchema } from '../../contracts/common';
import { facilityEvent } from '../../contracts/socket/facility';
import { checkBookingNumber, checkLogin, facilityEventCheck } from '../../site/src/lib/checks';

describe('hand-written twins of the zod rules', () => {
  it('booking number: same value or same message as bookingNumberSchema', () => {
    for (const raw of [
      'HSRABCDEFGH2',
      ' hsrabcdefgh2 ',
      'HSRABCDEFGH',
      'HSRABCDEFGH22',
      'HSRABCDEFGI2',
      'HSRABCDEFGO2',
      'HSR1BCDEFGH2',
      'XSRABCDEFGH2',
      '',
      '   ',
      // Pasted as people paste it: dashes, spaces, a closing dot, an en dash, a no-break space.
      'HSR-ABCDEFGH2',
      'hsr abcd efgh2',
      'HSRABCDEFGH2.',
      'HSR\u2013ABCD-EFGH2',
      '\u00a0HSRABCDEFGH2\u200b',
      'HSR-ABCD-EFGH',
      'HSR_ABCDEFGH2',
      'HSRABCDEFGH2X',
    ]) {
      const zod = bookingNumberSchema.safeParse(raw);
      const twin = checkBookingNumber(raw);
      if (zod.success) expect(twin, raw).toEqual({ value: zod.data });
      else expect(twin, raw).toEqual({ error: zod.error.issues[0].message });
    }
    // Both take a pasted number whole (behaviour.md#time-money-and-identity).
    expect(checkBookingNumber(' hsr-abcd-efgh2. ')).toEqual({ value: 'HSRABCDEFGH2' });
    expect(bookingNumberSchema.parse(' hsr-abcd-efgh2. ')).toBe('HSRABCDEFGH2');
  });

  it('login: same accepted values, and the same first message per field as loginSchema', () => {
    const cases: Array<[string, string]> = [
      ['', ''],
      ['   ', '12345'],
      ['admin', ''],
      ['admin', '12345'],
      ['admin', '123456'],
      ['  admin  ', 'gizli123'],
      ['ayse@eksik', 'gizli123'],
      ['ayse@ornek.com', 'gizli123'],
      ['ay se@ornek.com', '123'],
      ['@', 'gizli123'],
    ];
    for (const [identifier, password] of cases) {
      const zod = loginSchema.safeParse({ identifier, password });
      const twin = checkLogin(identifier, password);
      if (zod.success) {
        expect(twin, `${identifier}/${password}`).toEqual({ identifier: zod.data.identifier, password });
      } else {
        const first: Record<string, string> = {};
        for (const issue of zod.error.issues) first[String(issue.path[0])] ??= issue.message;
        expect(twin, `${identifier}/${password}`).toEqual({ errors: first });
      }
    }
  });

  it('pitch channel: accepts exactly the messages facilityEvent accepts', () => {
    const slot = {
      id: 1,
      documentId: 's1',
      date: '2026-11-20',
      startTime: '20:00',
      endTime: '21:00',
      startsAt: '2026-11-20T17:00:00.000Z',
      price: 1500,
      isAvailable: true,
      isPending: false,
      isPast: false,
      state: 'available',
      booking: null,
    };
    const messages: unknown[] = [
      { type: 'hello' },
      { type: 'slot', facility: 'f1', slot },
      {
        type: 'slot',
        facility: 'f1',
        slot: { ...slot, booking: { customerName: 'Ayşe', status: 'pending', isSubscriber: false } },
      },
      {
        type: 'slot',
        facility: 'f1',
        slot: { ...slot, booking: { customerName: 'Ayşe', status: 'cancelled', isSubscriber: false } },
      },
      { type: 'slot', facility: 'f1', slot: { ...slot, state: 'gone' } },
      { type: 'slot', facility: 'f1', slot: { ...slot, price: '1500' } },
      { type: 'slot', facility: 'f1', slot: { ...slot, isPast: undefined } },
      { type: 'slot', facility: 'f1', slot: { ...slot, startsAt: undefined } },
      { type: 'slot', facility: 1, slot },
      { type: 'slot', facility: 'f1' },
      { type: 'slots-regenerated', from: '2026-11-20', to: '2026-12-20' },
      { type: 'slots-regenerated', from: '2026-11-20' },
      { type: 'other' },
      null,
      'hello',
      [],
    ];
    for (const m of messages)
      expect(facilityEventCheck.safeParse(m).success, JSON.stringify(m)).toBe(facilityEvent.safeParse(m).success);
  });
});
