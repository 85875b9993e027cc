import type { Context } from 'hono';

/** The success envelope of 00 §6. */
export const ok = <T, M extends Record<string, unknown> | undefined = undefined>(c: Context, data: T, meta?: M, status: 200 | 201 = 200) =>
  c.json({ data, meta: meta ?? {} }, status);
