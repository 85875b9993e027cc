import { describe, expect, it } from 'vitest';
import { $session, clearSession, restoreSession, signIn, storedSession, tokenExpiry } from '../../site/src/stores/session';

const user = { id: 1, documentId: 'd', username: 'admin', email: 'admin@example.com', firstName: 'Ayşe', lastName: 'Yılmaz', blocked: false, role: { id: 1, name: 'Admin', type: 'admin' as const } };
const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (expSeconds: number) => `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: expSeconds })}.sig`;
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('session store (01 §4)', () => {
  it('reads the expiry from the token exp claim', () => {
    expect(tokenExpiry(token(2_000_000_000))).toBe(2_000_000_000_000);
    expect(tokenExpiry('not-a-token')).toBeNull();
  });

  it('remember me keeps the session in localStorage, otherwise only for the tab', () => {
    signIn(token(inOneHour()), user, true);
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    signIn(token(inOneHour()), user, false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).not.toBeNull();
    expect($session.get()).toMatchObject({ status: 'signed-in', user: { username: 'admin' } });
  });

  it('an expired stored token means signed out on start', () => {
    localStorage.setItem('token', token(Math.floor(Date.now() / 1000) - 10));
    localStorage.setItem('user', JSON.stringify(user));
    expect(storedSession()).toBeNull();
    restoreSession();
    expect($session.get()).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clearing the session removes the stored token and user everywhere', () => {
    signIn(token(inOneHour()), user, true);
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect($session.get()).toEqual({ status: 'anonymous' });
  });
});
