// Creates (or resets the password of) a staff account in D1: `npm run staff:create -- --username ali --email ali@ornek.com --role admin [--remote]`.
// The password is read from STAFF_PASSWORD or asked on the terminal; it never appears in the command line or in shell history.
import { execFileSync } from 'node:child_process';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { NEW_PASSWORD_MIN } from '../contracts/staff';
import { newDocumentId } from '../worker/src/lib/ids';
import { hashPassword } from '../worker/src/lib/password';
import { upsertStaffSql } from './lib/staff-sql';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', default: 'manager' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    remote: { type: 'boolean', default: false },
    // A local state other than .wrangler/state, e.g. the one `npm run start:empty` serves (.wrangler/state-first-start).
    'persist-to': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const username = values.username?.trim();
const email = values.email?.trim().toLowerCase();
if (!username || !email)
  fail(
    'Kullanım: npm run staff:create -- --username <ad> --email <e-posta> [--role admin|manager] [--first-name X] [--last-name Y] [--remote | --persist-to <dizin>]',
  );
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('Geçerli bir e-posta adresi girin');
if (values.role !== 'admin' && values.role !== 'manager') fail('--role admin ya da manager olmalı');

let password = process.env.STAFF_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question(`Şifre (en az ${NEW_PASSWORD_MIN} karakter): `);
  rl.close();
}
if (!password || password.length < NEW_PASSWORD_MIN) fail(`Şifre en az ${NEW_PASSWORD_MIN} karakter olmalı`);

const sql = upsertStaffSql({
  documentId: newDocumentId(),
  username,
  email,
  firstName: values['first-name'],
  lastName: values['last-name'],
  passwordHash: await hashPassword(password),
  roleId: values.role === 'admin' ? 1 : 2,
});

const where = values.remote
  ? ['--remote']
  : ['--local', ...(values['persist-to'] ? ['--persist-to', values['persist-to']] : [])];
execFileSync('wrangler', ['d1', 'execute', 'DB', ...where, '--command', sql], {
  stdio: 'inherit',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
});
console.log(
  `Personel hesabı hazır: ${username} <${email}> (${values.role === 'admin' ? 'Admin' : 'Manager'}) ${values.remote ? '— uzak D1' : '— yerel D1'}`,
);
