import { decodeJwt } from 'jose';
import type { LoginInput, PublicUser } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { type ChangePasswordInput, staffMsg } from '../../../contracts/staff';
import { actorName, recordAudit } from '../db/audit';
import { getDb } from '../db/client';
import { deleteSession, deleteSessionsOf, insertSession, newSessionId } from '../db/sessions';
import { changeStaffUser, endEverySession, recordLogin, userById, userByIdentifier } from '../db/users';
import { type StaffSession, staffSession, tokenLifetime, toPublicUser } from '../lib/auth';
import { badRequest, unauthorized } from '../lib/errors';
import { signToken } from '../lib/jwt';
import { burnPasswordTime, hashPassword, verifyPassword } from '../lib/password';
import {
  clearLoginBackoff,
  clearPasswordBackoff,
  enforceLoginBackoff,
  enforcePasswordBackoff,
  enforceRateLimit,
  limitsFor,
} from '../lib/rate-limit';
import { endLiveSessions } from './notifications';

export interface SignedIn {
  jwt: string;
  user: PublicUser;
  /** Seconds the cookie lives; null ends it with the browser session ('Beni hatırla' unticked). */
  cookieMaxAge: number | null;
}

/** Login by e-mail or username (behaviour.md#staff-sessions-and-permissions). `waitUntil` carries the last-login write past the answer. */
export async function signIn(
  env: Env,
  { identifier, password, remember }: LoginInput,
  address: string,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<SignedIn> {
  const { windowSeconds, rules } = await limitsFor(env, 'login', address, identifier);
  // The loose per-address budget counts every attempt; the spelling's back-off counts failures only.
  await enforceRateLimit(
    env,
    'login',
    windowSeconds,
    rules.filter((r) => r.key.startsWith('login:ip:')),
  );
  await enforceLoginBackoff(env, address, identifier);
  const db = getDb(env.DB);
  const row = await userByIdentifier(db, identifier);
  if (!row) {
    await burnPasswordTime(password);
    throw unauthorized(msg.invalidCredentials);
  }
  if (!(await verifyPassword(password, row.user.passwordHash))) throw unauthorized(msg.invalidCredentials);
  await clearLoginBackoff(env, address, [row.user.username, row.user.email]);
  if (row.user.blocked) throw unauthorized(msg.userBlocked);
  const ttl = tokenLifetime(env, Boolean(remember));
  const now = Date.now();
  const sid = newSessionId();
  // The session's row is written before its token is handed out: a token names a session that exists.
  await insertSession(db, { id: sid, userId: row.user.id, createdAt: now, expiresAt: now + ttl * 1000 }).run();
  const jwt = await signToken(
    { sub: String(row.user.id), role: row.role.type, sid, ver: row.user.tokenVersion },
    env.JWT_SECRET,
    ttl,
  );
  waitUntil(recordLogin(db, row.user.id, now));
  // Without 'Beni hatırla' the cookie ends with the browser session (and the token after 12 h at most).
  return { jwt, user: toPublicUser(row.user, row.role), cookieMaxAge: remember ? ttl : null };
}

/**
 * 'Çıkış Yap': ends this session only (its row goes, its open bell sockets close); the account's other devices stay
 * signed in. A token already revoked ends nothing.
 */
export async function signOut(env: Env, token: string | null): Promise<void> {
  const found = await staffSession(env, token).catch(() => null);
  if (!found) return;
  const { user, session } = found;
  await deleteSession(getDb(env.DB), session.sid, user.id);
  await endLiveSessions(env, { userId: user.id, sid: session.sid, sidExpiresAt: session.exp * 1000 });
}

/** 'Tüm oturumları kapat' (Hesabım): every session of the account ends, this one included, open sockets too. */
export async function signOutEverywhere(env: Env, user: PublicUser, session: StaffSession): Promise<void> {
  const db = getDb(env.DB);
  await endEverySession(db, user.id);
  await endLiveSessions(env, { userId: user.id, minVersion: session.ver + 1 });
  const label = actorName(user);
  await recordAudit(db, {
    at: Date.now(),
    actor: user,
    entityId: String(user.id),
    event: { kind: 'staff.sessions_ended', label, facts: { username: user.username } },
  }).run();
}

/**
 * PUT /api/auth/password: one's own password, the current one required. Every other session of the user ends
 * (the token version is bumped); this one stays signed in with a fresh token of the new version, of the same kind as
 * the one it replaces (a 'Beni hatırla' session stays remembered, a browser session stays one).
 */
export async function changeOwnPassword(
  env: Env,
  user: PublicUser,
  session: StaffSession,
  token: string,
  input: ChangePasswordInput,
): Promise<SignedIn> {
  // Counted before the check, so parallel guesses back off too; a wrong current password is a failure kept.
  await enforcePasswordBackoff(env, user.id, staffMsg.currentPasswordAttempts);
  const db = getDb(env.DB);
  const row = await userById(db, user.id);
  if (!row) throw unauthorized();
  if (!(await verifyPassword(input.currentPassword, row.user.passwordHash))) {
    throw badRequest(staffMsg.currentPasswordWrong, {
      errors: [{ path: ['currentPassword'], message: staffMsg.currentPasswordWrong }],
    });
  }
  await clearPasswordBackoff(env, user.id);
  const version = row.user.tokenVersion;
  const label = actorName(row.user);
  const changed = await changeStaffUser(
    db,
    user.id,
    { passwordHash: await hashPassword(input.newPassword), tokenVersion: version },
    (opts) =>
      recordAudit(
        db,
        {
          at: Date.now(),
          actor: user,
          entityId: String(user.id),
          event: { kind: 'staff.own_password', label, facts: { username: row.user.username } },
        },
        opts,
      ),
  );
  // Signed out elsewhere (or another change) in between: this session is no longer valid either.
  if (!changed) throw unauthorized(msg.sessionExpired);
  // The other devices' sessions go and their open sockets close; this session's sockets go on under the new version.
  await deleteSessionsOf(db, user.id, session.sid).run();
  await endLiveSessions(env, { userId: user.id, minVersion: version + 1, keepSid: session.sid });
  const { iat = 0, exp = 0 } = decodeJwt(token);
  const remember = exp - iat > tokenLifetime(env, false);
  const ttl = tokenLifetime(env, remember);
  const jwt = await signToken(
    { sub: String(user.id), role: row.role.type, sid: session.sid, ver: version + 1 },
    env.JWT_SECRET,
    ttl,
  );
  return { jwt, user, cookieMaxAge: remember ? ttl : null };
}
