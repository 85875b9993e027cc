// Local development needs a JWT secret and a VAPID key pair for Web Push; create them in .dev.vars once (never
// committed). A value already there is never changed: subscriptions made in a browser stay tied to the VAPID key.

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../.dev.vars', import.meta.url);
const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
const has = (name) => new RegExp(`^${name}=`, 'm').test(current);
const added = [];

if (!has('JWT_SECRET')) added.push(`JWT_SECRET=${randomBytes(32).toString('hex')}`);

// VAPID keys as `web-push generate-vapid-keys` prints them: base64url of the 65-byte uncompressed P-256 public point
// and of the 32-byte private scalar. Only both together: a lone half is left alone (and reported).
if (!has('VAPID_PUBLIC_KEY') && !has('VAPID_PRIVATE_KEY')) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  added.push(`VAPID_PUBLIC_KEY=${point.toString('base64url')}`, `VAPID_PRIVATE_KEY=${jwk.d}`);
} else if (!has('VAPID_PUBLIC_KEY') || !has('VAPID_PRIVATE_KEY')) {
  console.warn('.dev.vars has only one of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: remove it to get a new pair');
}
if (!has('VAPID_SUBJECT')) added.push('VAPID_SUBJECT=mailto:bildirim@halisaha.example');

if (added.length > 0) {
  writeFileSync(file, `${current}${current && !current.endsWith('\n') ? '\n' : ''}${added.join('\n')}\n`);
  console.log(`.dev.vars: added ${added.map((line) => line.split('=')[0]).join(', ')}`);
}
