// Every phone field normalises +90 5XX…, 90 5XX…, 0090 5XX…, spaces and dashes to 05XXXXXXXXX: the server's
// rule, the booking form's formatter and the 'Abone Takibi' phone input of the tracking page.
import { describe, expect, it } from 'vitest';
import { msg } from '../../contracts/messages';
import { normalisePhone, phoneSchema } from '../../contracts/phone';
import { displayPhone, phoneForLookup } from '../../site/src/lib/tracking';
import { formatPhoneTyping } from '../../site/src/stores/booking';

const FORMS = [
  '+90 532 123 45 67',
  '+905321234567',
  '90 532 123 45 67',
  '905321234567',
  '0090 532 123 45 67',
  '0090-532-123-4567',
  '0532-123-45-67',
  '0 (532) 123 45 67',
  '532 123 45 67',
  '0532.123.45.67',
];

describe('one phone rule for every field', () => {
  it.each(FORMS)('the server stores %s as 05321234567', (typed) => {
    expect(normalisePhone(typed)).toBe('05321234567');
    expect(phoneSchema.parse(typed)).toBe('05321234567');
  });

  it.each(FORMS)('the booking form shows %s as 0532 123 45 67', (typed) =>
    expect(formatPhoneTyping(typed)).toBe('0532 123 45 67'),
  );

  it.each(FORMS)('the subscriber look-up shows %s as 0532 123 45 67 and sends 05321234567', (typed) => {
    expect(displayPhone(typed)).toBe('0532 123 45 67');
    expect(normalisePhone(phoneForLookup(displayPhone(typed)))).toBe('05321234567');
  });

  it('typing +90 key by key in the look-up field ends in the same number', () => {
    let shown = '';
    for (const key of '+905321234567') shown = displayPhone(shown + key);
    expect(shown).toBe('0532 123 45 67');
  });

  it('refuses what is not a Turkish mobile', () => {
    for (const bad of [
      '0212 123 45 67',
      '+44 7911 123456',
      '90 212 123 45 67',
      '0532 123 45 6',
      '+90 532 123 45 67 8',
      '05321234567x',
    ])
      expect(normalisePhone(bad)).toBeNull();
  });
});

// A 12th digit is a mistake the player must see: every phone field keeps it on screen and the rule refuses it with the
// phone message, where cutting it to 11 would have booked or looked up someone else's number.
const TOO_LONG: [pasted: string, formShows: string, lookupShows: string][] = [
  ['053212345678', '0532 123 45 67 8', '0532 123 45 67 8'],
  ['532123456789', '0532 123 45 67 89', '0532 123 45 67 89'],
  ['0532 123 45 67 8', '0532 123 45 67 8', '0532 123 45 67 8'],
  ['+90 532 123 45 67 8', '0532 123 45 67 8', '0532 123 45 67 8'],
  ['123456789012', '1234 567 89 01 2', '0123 456 78 90 12'],
];

describe('a pasted phone with a digit too many', () => {
  it.each(TOO_LONG)('the booking form shows %s whole, as %s, and the rule refuses it', (pasted, shown) => {
    expect(formatPhoneTyping(pasted)).toBe(shown);
    expect(normalisePhone(formatPhoneTyping(pasted))).toBeNull();
    expect(phoneSchema.safeParse(formatPhoneTyping(pasted)).error?.issues[0].message).toBe(msg.phoneInvalid);
  });

  it.each(TOO_LONG)(
    'the subscriber look-up shows %s whole (%s in the form, %s here) and refuses it',
    (pasted, _, shown) => {
      expect(displayPhone(pasted)).toBe(shown);
      expect(normalisePhone(phoneForLookup(displayPhone(pasted)))).toBeNull();
    },
  );

  it('90 in front is only a country code when it is 90: 91… is not turned into 0…', () => {
    expect(formatPhoneTyping('915321234567')).toBe('9153 212 34 56 7');
    expect(displayPhone('915321234567')).toBe('0915 321 23 45 67');
    expect(normalisePhone('915321234567')).toBeNull();
    // The real country code still becomes the 0.
    expect(formatPhoneTyping('905321234567')).toBe('0532 123 45 67');
    expect(displayPhone('905321234567')).toBe('0532 123 45 67');
  });
});
