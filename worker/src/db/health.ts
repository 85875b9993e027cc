// The deep health check's question to D1: one trivial statement, sent raw (no query builder), so `npm run bench`'s
// calibration row shows what one round trip costs next to the bare route.

/** Whether D1 answers `select 1` now; any error (unreachable, overloaded, misbound) answers false. */
export function databaseAnswers(d1: D1Database): Promise<boolean> {
  return Promise.resolve()
    .then(() => d1.prepare('select 1 as one').first<{ one: number }>())
    .then((row) => row?.one === 1)
    .catch(() => false);
}
