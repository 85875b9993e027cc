import type { Context } from 'hono';

type MetaOf<M> = M extends undefined ? Record<string, never> : M;

/** The success envelope of behaviour.md#errors-and-input; the meta keeps its type, so the typed client sees pagination and counts. */
export const ok = <T, M extends Record<string, unknown> | undefined = undefined>(
  c: Context,
  data: T,
  meta?: M,
  status: 200 | 201 = 200,
) => c.json({ data, meta: (meta ?? {}) as MetaOf<M> }, status);
