// Staff accounts (Ayarlar → Personel, admin only) and the audit log's list. Every change writes its audit row
// in the same D1 batch; generated passwords are answered once and never stored or logged in clear.
import type { PublicUser, RoleType } from '../../../contracts/auth';
import { ISTANBUL_OFFSET_MS } from '../../../contracts/dates';
import type {
  AuditEntryWire,
  AuditPageMeta,
  AuditQuery,
  StaffCreateInput,
  StaffPatchInput,
  StaffUserWire,
  StaffWithPasswordWire,
} from '../../../contracts/staff';
import { staffMsg } from '../../../contracts/staff';
import { actorName, listAudit, recordAudit } from '../db/audit';
import type { Db } from '../db/client';
import { deleteSessionsOf } from '../db/sessions';
import { isUniqueRefusal } from '../db/unique';
import {
  changeStaffUser,
  insertStaffUser,
  listStaffUsers,
  staffClash,
  type UserWithRole,
  userById,
  userIdOfDocument,
} from '../db/users';
import type { SessionsEnded } from '../durable-objects/staff-hub';
import { conflict, notFound } from '../lib/errors';
import { newDocumentId } from '../lib/ids';
import { hashPassword } from '../lib/password';
import { addDays } from '../lib/time';

// No 0/O, 1/l/I: a first password is read off a screen and typed on a phone.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const GENERATED_PASSWORD_LENGTH = 14;

/** 14 characters from crypto.getRandomValues, each uniform over the alphabet (bytes past the last full run rejected). */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  const limit = 256 - (256 % ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out += ALPHABET[b % ALPHABET.length];
    }
  }
  return out;
}

export function toStaffWire({ user, role }: UserWithRole): StaffUserWire {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: role.type,
    active: !user.blocked,
    lastLoginAt: user.lastLoginAt,
    createdAt: user.createdAt,
  };
}

export async function listStaff(db: Db): Promise<StaffUserWire[]> {
  return (await listStaffUsers(db)).map(toStaffWire);
}

function clashError(clash: { username: boolean; email: boolean }) {
  const errors = [
    ...(clash.username ? [{ path: ['username'], message: staffMsg.usernameTaken }] : []),
    ...(clash.email ? [{ path: ['email'], message: staffMsg.emailTaken }] : []),
  ];
  return conflict(errors[0].message, { errors });
}

export async function createStaff(db: Db, actor: PublicUser, input: StaffCreateInput): Promise<StaffWithPasswordWire> {
  const clash = await staffClash(db, input.username, input.email);
  if (clash.username || clash.email) throw clashError(clash);
  const password = generatePassword();
  const documentId = newDocumentId();
  const now = Date.now();
  const label = actorName(input);
  const audit = recordAudit(db, {
    at: now,
    actor,
    entityId: userIdOfDocument(documentId),
    event: {
      kind: 'staff.create',
      label,
      facts: {
        username: input.username,
        changes: {
          username: { before: null, after: input.username },
          email: { before: null, after: input.email },
          role: { before: null, after: input.role },
        },
      },
    },
  });
  let id: number;
  try {
    id = await insertStaffUser(
      db,
      {
        documentId,
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(password),
        role: input.role,
        createdAt: now,
        updatedAt: now,
      },
      audit,
    );
  } catch (e) {
    // The nocase unique indexes answer a create that raced another with the same name: the same 409 as the check.
    if (!isUniqueRefusal(e, 'users')) throw e;
    const again = await staffClash(db, input.username, input.email);
    throw clashError(again.username || again.email ? again : { username: true, email: false });
  }
  return { user: toStaffWire((await userById(db, id))!), password };
}

async function existing(db: Db, id: number): Promise<UserWithRole> {
  const row = await userById(db, id);
  if (!row) throw notFound(staffMsg.notFound);
  return row;
}

/** PATCH: role and/or active. Refuses oneself, and the last active admin's disable or demotion (409). */
/** Closes the open sockets of ended sessions (services/notifications endLiveSessions, bound to the environment). */
export type EndLiveSessions = (ended: SessionsEnded) => Promise<void>;

export async function updateStaff(
  db: Db,
  actor: PublicUser,
  id: number,
  patch: StaffPatchInput,
  endLive: EndLiveSessions,
): Promise<StaffUserWire> {
  const row = await existing(db, id);
  const active = !row.user.blocked;
  const changesActive = patch.active !== undefined && patch.active !== active;
  const changesRole = patch.role !== undefined && patch.role !== row.role.type;
  if (!changesActive && !changesRole) return toStaffWire(row);
  if (id === actor.id && changesActive) throw conflict(staffMsg.selfDisable);
  if (id === actor.id && changesRole) throw conflict(staffMsg.selfRole);
  const label = actorName(row.user);
  const changes: { active?: { before: boolean; after: boolean }; role?: { before: RoleType; after: RoleType } } = {};
  if (changesActive) changes.active = { before: active, after: patch.active! };
  if (changesRole) changes.role = { before: row.role.type, after: patch.role! };
  const kind =
    changesRole && changesActive
      ? 'staff.update'
      : changesRole
        ? 'staff.role'
        : patch.active
          ? 'staff.enable'
          : 'staff.disable';
  const changed = await changeStaffUser(
    db,
    id,
    { blocked: changesActive ? !patch.active : undefined, role: changesRole ? patch.role : undefined },
    (opts) =>
      recordAudit(
        db,
        {
          at: Date.now(),
          actor,
          entityId: String(id),
          event: { kind, label, facts: { username: row.user.username, changes } },
        },
        opts,
      ),
  );
  if (!changed) {
    await existing(db, id);
    throw conflict(staffMsg.lastAdmin);
  }
  const after = await existing(db, id);
  // A disable or a role change ends every session of the account, open sockets included; an enable ends none.
  if (changesRole || patch.active === false) await endSessions(db, after, endLive);
  return toStaffWire(after);
}

/** The account's session rows go and its open sockets close (its token version already moved on). */
async function endSessions(db: Db, row: UserWithRole, endLive: EndLiveSessions) {
  await deleteSessionsOf(db, row.user.id).run();
  await endLive({ userId: row.user.id, minVersion: row.user.tokenVersion });
}

/** A new generated password, answered once; every session of the account ends. */
export async function resetStaffPassword(
  db: Db,
  actor: PublicUser,
  id: number,
  endLive: EndLiveSessions,
): Promise<StaffWithPasswordWire> {
  const row = await existing(db, id);
  if (id === actor.id) throw conflict(staffMsg.selfReset);
  const password = generatePassword();
  const label = actorName(row.user);
  const changed = await changeStaffUser(db, id, { passwordHash: await hashPassword(password) }, (opts) =>
    recordAudit(
      db,
      {
        at: Date.now(),
        actor,
        entityId: String(id),
        // The password is never written anywhere but its hash.
        event: { kind: 'staff.reset_password', label, facts: { username: row.user.username } },
      },
      opts,
    ),
  );
  if (!changed) throw notFound(staffMsg.notFound);
  const after = await existing(db, id);
  await endSessions(db, after, endLive);
  return { user: toStaffWire(after), password };
}

/** Istanbul days → [fromMs, toMs) epoch ms; both days included. */
function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - ISTANBUL_OFFSET_MS;
}

export async function auditPage(db: Db, q: AuditQuery): Promise<{ data: AuditEntryWire[]; meta: AuditPageMeta }> {
  const { rows, total } = await listAudit(db, {
    fromMs: q.from ? dayStart(q.from) : undefined,
    toMs: q.to ? dayStart(addDays(q.to, 1)) : undefined,
    actorId: q.actorId,
    entityKind: q.entityKind,
    q: q.q,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    data: rows.map(({ line, ...r }) => ({ ...r, summary: line, details: r.details ?? null })),
    meta: { pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.ceil(total / q.pageSize), total } },
  };
}
