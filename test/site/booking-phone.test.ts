// Every phone field normalises +90 5XX…, 90 5XX…, 0090 5XX…, spaces and dashes to 05XXXXXXXXX: the server's
// rule, the booking form's formatter and the 'Abone Takibi' phone input of the tracking page.
import { describe, expect, it } from 'vitest';
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
