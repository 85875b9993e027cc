// `npm run start:empty`: the production path on this machine. A local database of its own (never the demo one that
// `npm start` seeds) is migrated and never seeded; if it holds no active admin yet, the first admin account is created;
// then the build is served like `npm start` serves it. Run it again later and it just serves the same database.
//
//   PORT (default 8787), HOST (default 127.0.0.1): where it listens.
//   STATE_DIR (default .wrangler/state-first-start): the local D1/R2/Durable Object state.
//   ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD: the first admin without questions (CI, scripts); on a terminal any
//     that is missing is asked for (the password without echo). Without a terminal all three are required.
//   --no-build: serve the build already in dist/ instead of running `npm run build` first.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { NEW_PASSWORD_MIN } from '../contracts/staff';
import { newDocumentId } from '../worker/src/lib/ids';
import { hashPassword } from '../worker/src/lib/password';
import { TOOL_SWITCHES, wranglerBin } from './lib/local-server';
import { upsertStaffSql } from './lib/staff-sql';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });
const state = resolve(root, process.env.STATE_DIR || '.wrangler/state-first-start');
// The password stays in this process: nothing it starts sees ADMIN_PASSWORD.
const { ADMIN_PASSWORD: _password, ...inherited } = process.env;
const toolEnv = { ...inherited, ...TOOL_SWITCHES };

function fail(message: string): never {
  console.error(`start:empty: ${message}`);
  process.exit(1);
}

function wrangler(args: string[]): string {
  return execFileSync(process.execPath, [wranglerBin, ...args], {
    cwd: root,
    env: toolEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
}
const local = ['--local', '--persist-to', state];

// ------------------------------------------------------------------ 1. the schema, no demo data

console.log(`start:empty: yerel veritabanı ${state}`);
wrangler(['d1', 'migrations', 'apply', 'DB', ...local]);

// ------------------------------------------------------------------ 2. the first admin, once

const admins = JSON.parse(
  wrangler([
    'd1',
    'execute',
    'DB',
    ...local,
    '--json',
    '--command',
    "SELECT count(*) AS n FROM users u JOIN roles r ON r.id = u.role_id WHERE r.type = 'admin' AND u.blocked = 0",
  ]),
) as { results: { n: number }[] }[];

if (admins[0].results[0].n > 0) {
  console.log('start:empty: bir yönetici hesabı zaten var; veritabanı olduğu gibi sunuluyor.');
} else {
  const interactive = process.stdin.isTTY && process.stdout.isTTY;
  const ask = async (question: string, hidden = false) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (hidden) {
      // Echo nothing the person types after the question itself.
      const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
      let asked = false;
      out._writeToOutput = (s: string) => {
        if (!asked) out.output.write(s);
        asked = true;
      };
    }
    const answer = await new Promise<string>((ok) => rl.question(question, ok));
    rl.close();
    if (hidden) process.stdout.write('\n');
    return answer;
  };
  let username = process.env.ADMIN_USERNAME?.trim();
  let email = process.env.ADMIN_EMAIL?.trim().toLowerCase();
  let password = process.env.ADMIN_PASSWORD;
  if (!interactive && (!username || !email || !password))
    fail(
      'veritabanında yönetici yok ve terminal yok: ilk yöneticiyi ADMIN_USERNAME, ADMIN_EMAIL ve ADMIN_PASSWORD ile verin.',
    );
  if (!username || !email || !password) console.log('İlk yönetici hesabını oluşturun.');
  if (!username) username = (await ask('Kullanıcı adı: ')).trim();
  if (!email) email = (await ask('E-posta: ')).trim().toLowerCase();
  if (!password) {
    password = await ask(`Şifre (en az ${NEW_PASSWORD_MIN} karakter): `, true);
    if (password.length >= NEW_PASSWORD_MIN && (await ask('Şifre (tekrar): ', true)) !== password)
      fail('şifreler aynı değil.');
  }
  // The rules of the staff screens (contracts/staff.ts): the same username pattern and password minimum.
  if (!/^[A-Za-z0-9._-]{3,50}$/.test(username))
    fail('kullanıcı adı 3–50 karakter olmalı; yalnızca harf (a–z), rakam, nokta, tire ve alt çizgi içerebilir.');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) fail('geçerli bir e-posta adresi girin.');
  if (password.length < NEW_PASSWORD_MIN) fail(`şifre en az ${NEW_PASSWORD_MIN} karakter olmalı.`);
  if (password.length > 200) fail('şifre en fazla 200 karakter olabilir.');

  // Through a file: the password hash never appears on a command line.
  const dir = mkdtempSync(resolve(tmpdir(), 'first-admin-'));
  try {
    const file = resolve(dir, 'admin.sql');
    writeFileSync(
      file,
      upsertStaffSql({
        documentId: newDocumentId(),
        username,
        email,
        passwordHash: await hashPassword(password),
        roleId: 1,
      }),
      { mode: 0o600 },
    );
    wrangler(['d1', 'execute', 'DB', ...local, '--file', file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`start:empty: ilk yönetici hazır: ${username} <${email}>`);
}

// ------------------------------------------------------------------ 3. build and serve

if (!values['no-build']) {
  // A production build whatever the caller's NODE_ENV (a test runner's 'test' would ship React's development build).
  execFileSync('npm', ['run', 'build'], { cwd: root, env: { ...toolEnv, NODE_ENV: 'production' }, stdio: 'inherit' });
} else if (!existsSync(resolve(root, 'dist/server/wrangler.json'))) {
  fail('--no-build verildi ama dist/ içinde bir derleme yok; önce `npm run build` çalıştırın.');
}

const child = spawn(process.execPath, [resolve(root, 'scripts/serve.mjs')], {
  cwd: root,
  env: { ...toolEnv, STATE_DIR: state },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
