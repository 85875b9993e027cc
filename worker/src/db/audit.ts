// The audit log (migration 0011): the only writer and reader of audit_log. Each writer is a statement for a
// D1 batch, so a change and its audit row land together or not at all (like db/events.ts for booking history).
import { and, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/auth';
import { foldSearch } from '../../../contracts/search';
import type { Db } from './client';
import { afterAChange } from './events';
import { type AuditDetails, type AuditEntityKind, type AuditRow, auditLog } from './schema';
import { folded, rowOf } from './sql';

export interface AuditEntry {
  at: number;
  actor: Pick<PublicUser, 'id' | 'username' | 'firstName' | 'lastName'> | null;
  entityKind: AuditEntityKind;
  /** Text, or an SQL expression when the row is created in the same batch (its id is not known before). */
  entityId: string | SQL | null;
  entityLabel: string | null;
  action: string;
  /** Turkish, shown as is in the list. */
  summary: string;
  details?: AuditDetails | null;
}

/** The name a staff member is shown by: full name, else the username. Stored as a snapshot. */
export const actorName = (u: Pick<PublicUser, 'username' | 'firstName' | 'lastName'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/**
 * One audit row, as a statement to put IN THE SAME BATCH as the change it records. With `whenChanged` it is written
 * only if the statement just before it changed a row (SQLite's changes()): a guarded update that refused writes none.
 */
export function recordAudit(db: Db, entry: AuditEntry, { whenChanged = false } = {}) {
  const values = {
    at: entry.at,
    actorUserId: entry.actor?.id ?? null,
    actorName: entry.actor ? actorName(entry.actor) : 'Sistem',
    entityKind: entry.entityKind,
    entityId: entry.entityId,
    entityLabel: entry.entityLabel,
    action: entry.action,
    summary: entry.summary,
    details: entry.details ?? null,
  };
  if (!whenChanged && typeof entry.entityId !== 'object') {
    return db.insert(auditLog).values(values as typeof auditLog.$inferInsert);
  }
  // insert … select: the id may be an expression, and the row may depend on the change before it.
  const row = rowOf(auditLog, values as Parameters<typeof rowOf<typeof auditLog>>[1]);
  const one = db.select(row).from(sql`(select 1)`);
  return db.insert(auditLog).select(whenChanged ? one.where(afterAChange) : one);
}

export interface AuditFilter {
  fromMs?: number;
  toMs?: number;
  actorId?: number;
  entityKind?: AuditEntityKind;
  q?: string;
  limit: number;
  offset: number;
}

/**
 * A search term as the folded columns hold it (lower case, Turkish letters as ASCII), NUL dropped. Matched with instr,
 * like the bookings list: D1 refuses LIKE patterns over 50 bytes ('pattern too complex'), a 25-letter Turkish search.
 */
const searchTerm = (q: string) => foldSearch(q).replace(/\0/g, '');

/** Newest first (at, then id), filtered by the list's filters; the count is of the filtered set. */
export async function listAudit(db: Db, f: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
  const terms: SQL[] = [];
  if (f.fromMs !== undefined) terms.push(gte(auditLog.at, f.fromMs));
  if (f.toMs !== undefined) terms.push(lt(auditLog.at, f.toMs));
  if (f.actorId !== undefined) terms.push(eq(auditLog.actorUserId, f.actorId));
  if (f.entityKind !== undefined) terms.push(eq(auditLog.entityKind, f.entityKind));
  const term = f.q ? searchTerm(f.q) : '';
  if (term) {
    terms.push(
      or(
        sql`instr(${folded(auditLog.summary)}, ${term}) > 0`,
        sql`instr(${folded(auditLog.entityLabel)}, ${term}) > 0`,
        sql`instr(${folded(auditLog.actorName)}, ${term}) > 0`,
      )!,
    );
  }
  const where = terms.length ? and(...terms) : undefined;
  const [rows, [{ n }]] = await db.batch([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: n };
}
