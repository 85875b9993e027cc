import { errors, jwtVerify, SignJWT } from 'jose';
import { msg } from '../../../contracts/messages';
import { unauthorized } from './errors';

const ALG = 'HS256';
const ISSUER = 'halisaha';

/** `ver` is the user's token version when the token was signed: logout and a password change bump it (revocation). */
export interface TokenClaims {
  sub: string;
  role: 'admin' | 'manager';
  ver?: number;
}

function keyOf(secret: string | undefined): Uint8Array {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET must be set to at least 32 characters');
  return new TextEncoder().encode(secret);
}

export async function signToken(claims: TokenClaims, secret: string | undefined, ttlSeconds: number): Promise<string> {
  return new SignJWT({ role: claims.role, ver: claims.ver ?? 0 })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(secret));
}

/** The algorithm is pinned: tokens with alg none or any other algorithm are refused. */
export async function verifyToken(token: string, secret: string | undefined): Promise<TokenClaims> {
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
    return { sub: payload.sub, role, ver };
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw unauthorized(msg.sessionExpired);
    throw unauthorized(msg.invalidToken);
  }
}
