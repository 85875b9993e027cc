// .ci/run fails, loudly and in its closing 'N passed, N failed' line, when `npm install` rewrites package-lock.json
// (an incomplete lockfile: a fresh clone is dirty at once). Runs the real script in a scratch copy with a stand-in npm
// whose install may touch the lockfile and whose test run reports three passing tests.
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/lib/local-server';

const run = promisify(execFile);
// Outside the checkout, so the script's git look-ups see no repository.
const dir = mkdtempSync(resolve(tmpdir(), 'ci-lockfile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FAKE_NPM = `#!/bin/sh
case "$1" in
  install) [ -n "$FAKE_LOCK_CHANGE" ] && printf '{"lockfileVersion":3,"packages":{"x":{}}}\\n' > package-lock.json; exit 0 ;;
  test) mkdir -p .test-results; echo '{"numPassedTests":3,"numFailedTests":0}' > .test-results/vitest.json; exit 0 ;;
esac
exit 0
`;

async function ci(lockChange: boolean) {
  const work = mkdtempSync(resolve(dir, 'run-'));
  mkdirSync(resolve(work, '.ci'));
  cpSync(resolve(root, '.ci/run'), resolve(work, '.ci/run'));
  writeFileSync(resolve(work, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n');
  const bin = resolve(work, 'bin');
  mkdirSync(bin);
  writeFileSync(resolve(bin, 'npm'), FAKE_NPM);
  chmodSync(resolve(bin, 'npm'), 0o755);
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, ...(lockChange ? { FAKE_LOCK_CHANGE: '1' } : {}) };
  try {
    const { stdout } = await run('bash', ['.ci/run'], { cwd: work, env });
    return { code: 0, stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string };
    return { code: err.code, stdout: err.stdout };
  }
}

const lastLine = (out: string) => out.trim().split('\n').at(-1);

describe('.ci/run and the lockfile', () => {
  it('passes when npm install leaves package-lock.json as committed', async () => {
    const { code, stdout } = await ci(false);
    expect(stdout).not.toContain('LOCKFILE CHANGED');
    expect(lastLine(stdout)).toBe('3 passed, 0 failed');
    expect(code).toBe(0);
  }, 60_000);

  it('fails with a clear message when npm install rewrites package-lock.json, even though the tests pass', async () => {
    const { code, stdout } = await ci(true);
    expect(stdout).toContain("LOCKFILE CHANGED: 'npm install' rewrote package-lock.json");
    expect(lastLine(stdout)).toBe('3 passed, 1 failed');
    expect(code).toBe(1);
  }, 60_000);
});
