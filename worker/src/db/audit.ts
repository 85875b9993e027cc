// The audit log (migration 0011): the only writer and reader of audit_log. Each writer is a statement for a D1 batch,
// so a change and its audit row land together or not at all (like db/events.ts for booking history). A row stores its
// event: the kind (entity_kind and action), the entity's name then (entity_label) and the facts (details); its line is
// rendered from them when read (contracts/events.ts auditLine), never stored.
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/auth';
import { type AuditEvent, auditKindParts, auditLine } from '../../../contracts/events';
import { foldSearch } from '../../../contracts/search';
import type { Db } from './client';
import { afterAChange } from './events';
import { type AuditDetails, type AuditEntityKind, type AuditRow, auditLog } from './schema';
import { rowOf } from './sql';

export interface AuditEntry {
  at: number;
  actor: Pick<PublicUser, 'id' | 'username' | 'firstName' | 'lastName'> | null;
  /** Text, or an SQL expression when the row is created in the same batch (its id is not known before). */
  entityId: string | SQL | null;
  /** What happened: its kind, the entity's name and the facts its line is rendered from. */
  event: AuditEvent;
}

/** The name a staff member is shown by: full name, else the username. Stored as a snapshot. */
export const actorName = (u: Pick<PublicUser, 'username' | 'firstName' | 'lastName'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/**
 * One audit row, as a statement to put IN THE SAME BATCH as the change it records. With `whenChanged` it is written
 * only if the statement just before it changed a row (SQLite's changes()): a guarded update that refused writes none.
 */
export function recordAudit(db: Db, entry: AuditEntry, { whenChanged = false } = {}) {
  const { entityKind, action } = auditKindParts(entry.event.kind);
  const values = {
    at: entry.at,
    actorUserId: entry.actor?.id ?? null,
    actorName: entry.actor ? actorName(entry.actor) : 'Sistem',
    entityKind: entityKind as AuditEntityKind,
    entityId: entry.entityId,
    entityLabel: entry.event.label,
    action,
    // The line is rendered from the event when read; only the rows written before the events hold one here.
    summary: '',
    details: entry.event.facts as AuditDetails,
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

/** A search term as the stored text is folded for it (lower case, Turkish letters as ASCII), NUL dropped. */
const searchTerm = (q: string) => foldSearch(q).replace(/\0/g, '');

/** An audit row with its line: the stored sentence of a row written before the events, else rendered from its event. */
export type AuditRowWithLine = AuditRow & { line: string };
const withLine = (r: AuditRow): AuditRowWithLine => ({ ...r, line: auditLine(r) });

/** What a search reads of a row: its line as staff read it, the entity's name and the staff member's. */
const matches = (r: AuditRowWithLine, term: string) =>
  [r.line, r.entityLabel ?? '', r.actorName].some((t) => foldSearch(t).includes(term));

/**
 * Newest first (at, then id), filtered by the list's filters; the count is of the filtered set. A search reads the
 * rendered lines: the rows the other filters leave are read and matched here, as no column holds the line. The log
 * grows by staff changes only (a few a day), so that set stays small; the date, actor and kind filters narrow it first.
 */
export async function listAudit(db: Db, f: AuditFilter): Promise<{ rows: AuditRowWithLine[]; total: number }> {
  const terms: SQL[] = [];
  if (f.fromMs !== undefined) terms.push(gte(auditLog.at, f.fromMs));
  if (f.toMs !== undefined) terms.push(lt(auditLog.at, f.toMs));
  if (f.actorId !== undefined) terms.push(eq(auditLog.actorUserId, f.actorId));
  if (f.entityKind !== undefined) terms.push(eq(auditLog.entityKind, f.entityKind));
  const where = terms.length ? and(...terms) : undefined;
  const newestFirst = [desc(auditLog.at), desc(auditLog.id)] as const;
  const term = f.q ? searchTerm(f.q) : '';
  if (term) {
    const found = (
      await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(...newestFirst)
    )
      .map(withLine)
      .filter((r) => matches(r, term));
    return { rows: found.slice(f.offset, f.offset + f.limit), total: found.length };
  }
  const [rows, [{ n }]] = await db.batch([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...newestFirst)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map(withLine), total: n };
}
