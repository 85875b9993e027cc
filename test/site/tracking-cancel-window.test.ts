// The cancel window an admin sets is what the tracking page offers and says.
import { describe, expect, it } from 'vitest';
import { cancelRuleText } from '../../contracts/cancel-window';
import { cancelOption } from '../../site/src/lib/tracking';

const HOUR = 3_600_000;
const now = Date.parse('2026-05-10T09:00:00Z');
const at = (hours: number) => ({
  status: 'approved',
  isPast: false,
  startsAt: new Date(now + hours * HOUR).toISOString(),
  date: '2026-05-11',
  startTime: '20:00',
});

describe('the cancel window on the tracking page', () => {
  it('24 h by default: 30 h ahead may cancel, 23 h ahead may not, with the text the site always had', () => {
    expect(cancelOption(at(30), now)).toEqual({ kind: 'allowed' });
    expect(cancelOption(at(23), now)).toEqual({
      kind: 'too-late',
      reason: 'Rezervasyon saatine 24 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.',
    });
    expect(cancelRuleText(24)).toBe('İptal, maç saatinden en az 24 saat önce yapılabilir.');
  });

  it('48 h: 30 h ahead is too late, and the texts name 48 hours', () => {
    expect(cancelOption(at(30), now, 48)).toEqual({
      kind: 'too-late',
      reason: 'Rezervasyon saatine 48 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.',
    });
    expect(cancelOption(at(49), now, 48)).toEqual({ kind: 'allowed' });
    expect(cancelRuleText(48)).toBe('İptal, maç saatinden en az 48 saat önce yapılabilir.');
  });

  it('0 h: a booking may be cancelled until it starts', () => {
    expect(cancelOption(at(0.5), now, 0)).toEqual({ kind: 'allowed' });
    expect(cancelRuleText(0)).toBe('İptal, maç saati gelene kadar yapılabilir.');
  });
});
