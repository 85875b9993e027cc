import { errors, jwtVerify, SignJWT } from 'jose';
import { msg } from '../../../contracts/messages';
import { unauthorized } from './errors';

const ALG = 'HS256';
const ISSUER = 'halisaha';

/**
 * `sid` names the session (a staff_sessions row: logout deletes it); `ver` is the account's token version when the token
 * was signed (ending every session bumps it). Both must still hold for the token to work.
 */
export interface TokenClaims {
  sub: string;
  role: 'admin' | 'manager';
  sid: string;
  ver?: number;
}

function keyOf(secret: string | undefined): Uint8Array {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET must be set to at least 32 characters');
  return new TextEncoder().encode(secret);
}

export async function signToken(claims: TokenClaims, secret: string | undefined, ttlSeconds: number): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sid, ver: claims.ver ?? 0 })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(secret));
}

/** The algorithm is pinned: tokens with alg none or any other algorithm are refused. */
export async function verifyToken(
  token: string,
  secret: string | undefined,
): Promise<TokenClaims & { ver: number; exp?: number }> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALG],
      issuer: ISSUER,
      requiredClaims: ['exp', 'sub'],
    });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || (role !== 'admin' && role !== 'manager'))
      throw unauthorized(msg.invalidToken);
    const ver = payload.ver ?? 0;
    if (typeof ver !== 'number' || !Number.isInteger(ver)) throw unauthorized(msg.invalidToken);
    const sid = payload.sid;
    if (typeof sid !== 'string' || sid.length === 0 || sid.length > 64) throw unauthorized(msg.invalidToken);
    return { sub: payload.sub, role, sid, ver, exp: payload.exp };
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw unauthorized(msg.sessionExpired);
    throw unauthorized(msg.invalidToken);
  }
}
