import { z } from 'zod';
import { msg } from './messages';

import { normalisePhone } from './phone-format';

export { formatPhone, normalisePhone, phoneTypingDigits } from './phone-format';

export const phoneSchema = z
  .string({ error: msg.phoneRequired })
  .trim()
  .min(1, msg.phoneRequired)
  .max(32, msg.phoneInvalid)
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: msg.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  });
