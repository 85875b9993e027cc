import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

function open(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Db = ReturnType<typeof open>;

// One drizzle client per D1 binding for the isolate's life: building one reads the whole schema (≈50 µs a request).
const clients = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = open(d1);
    clients.set(d1, db);
  }
  return db;
}
export { schema };
