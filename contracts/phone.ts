import { z } from 'zod';
import { msg } from './messages';

// Turkish mobile: optional +90 or 0, then 5 and nine more digits; spaces ignored (01 §5).
const MOBILE = /^(?:\+90|0)?5\d{9}$/;

export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  if (!MOBILE.test(compact)) return null;
  return '0' + compact.slice(-10);
}

export const phoneSchema = z
  .string({ error: msg.phoneRequired })
  .trim()
  .min(1, msg.phoneRequired)
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: msg.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  });

/** 0XXX XXX XX XX, for display. */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 11) return phone;
  return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)} ${d.slice(9)}`;
}
