// Local development needs a JWT secret; create .dev.vars once with a random one (never committed).

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../.dev.vars', import.meta.url);
const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
if (!/^JWT_SECRET=/m.test(current)) {
  writeFileSync(
    file,
    `${current}${current && !current.endsWith('\n') ? '\n' : ''}JWT_SECRET=${randomBytes(32).toString('hex')}\n`,
  );
  console.log('Created .dev.vars with a random JWT_SECRET');
}
