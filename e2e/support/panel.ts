// Panel helpers for browser tests: staff sign-in for a browser context, and direct reads of the server's D1 file so
// figures on screen are checked against the database itself, not against the API that drew them.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

export const STAFF = {
  admin: { identifier: 'admin', password: 'admin1234' },
  manager: { identifier: 'mudur', password: 'mudur1234' },
} as const;

const tokens = new Map<string, string>();

/**
 * Signs the whole context in: one real login per role and test file (logins are rate limited per account, as they
 * should be), then the same HttpOnly session cookie the login sets, placed in each context's cookie jar.
 */
export async function signIn(context: BrowserContext, who: keyof typeof STAFF): Promise<string> {
  let token = tokens.get(who);
  // A logout in an earlier test revokes every token of that account: sign in again then.
  if (token && !(await context.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).ok())
    token = undefined;
  if (!token) {
    const res = await context.request.post('/api/auth/local', { data: STAFF[who] });
    if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
    token = ((await res.json()) as { data: { jwt: string } }).data.jwt;
    tokens.set(who, token);
  }
  await context.addCookies([
    { name: 'hs_session', value: token, url: inject('origin'), httpOnly: true, sameSite: 'Strict' },
  ]);
  return token;
}

/** A read-only look at the running server's local D1 database. */
export function queryDb<T>(sql: string, ...args: (string | number)[]): T[] {
  return queryDbAt<T>(inject('state'), sql, ...args);
}

/** The same for a server a test started itself (its own state directory). */
export function queryDbAt<T>(state: string, sql: string, ...args: (string | number)[]): T[] {
  const dir = resolve(state, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 file in ${dir}`);
  const db = new DatabaseSync(resolve(dir, file), { readOnly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** Istanbul's business date `days` from now. */
export const istanbulDate = (days = 0) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Digits of a figure as shown ('₺12.300' → 12300). */
export const figure = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
