import { z } from 'zod';
import { msg } from './messages';

export const isoDate = z
  .string({ error: msg.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg.dateInvalid)
  .refine((s) => {
    const d = new Date(s + 'T00:00:00Z');
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, msg.dateInvalid);

export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Saat SS:DD biçiminde olmalı').transform((s) => s.slice(0, 5));

/** Trim; an empty string becomes null (00 §7). */
export const optionalText = (max = 2000) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });

export const BOOKING_NUMBER = /^HSR[A-HJ-NP-Z2-9]{9}$/;
export const bookingNumberSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(BOOKING_NUMBER, msg.bookingNumberInvalid));

/** The first word of a name: what the public sees of someone else's booking until it is approved. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';
