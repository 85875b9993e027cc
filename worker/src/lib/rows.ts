/** Maps a raw snake_case D1 row (e.g. from RETURNING *) to the camelCase drizzle shape, with 0/1 flags as booleans. */
export function camelRow<T>(row: Record<string, unknown>, booleans: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  for (const k of booleans) out[k] = out[k] === 1 || out[k] === true;
  return out as T;
}
