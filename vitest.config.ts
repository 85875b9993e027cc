import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, defineProject } from 'vitest/config';
import { pushServiceOutbound } from './test/push-service/outbound.ts';

const migrations = await readD1Migrations(fileURLToPath(new URL('./worker/migrations', import.meta.url)));

export default defineConfig({
  test: {
    // The JSON report is what .ci/run reads for its closing 'N passed, N failed' line.
    reporters: ['default', 'json'],
    outputFile: { json: './.test-results/vitest.json' },
    projects: [
      defineProject({
        plugins: [
          cloudflareTest({
            main: './worker/src/worker.ts',
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // The Worker's fetches leave through here: push services' addresses reach the local push service that
              // globalSetup starts (test/worker/fixtures/push-service.ts), anything else goes out as it would.
              outboundService: pushServiceOutbound,
              bindings: {
                JWT_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
                // A fixed VAPID pair for the suites (never used outside tests): test/worker/web-push.test.ts verifies with it.
                VAPID_PUBLIC_KEY:
                  'BJC6VeADr5V-R96IM93ypDizsSoMl5GHJ95TGC3iLc6cuu68ETZhXC1EfdryUGSuI-uPMPVMdxr4CxqUlXLRggA',
                VAPID_PRIVATE_KEY: 'YRCICr-BjwTj6z3B1LYtoBRo9_SA4AGeqMkPY5s_s3s',
                VAPID_SUBJECT: 'mailto:bildirim@halisaha.example',
                TEST_MIGRATIONS: migrations,
                // Generous per-address limits so suites can run many requests; per-target limits are tested explicitly.
                RATE_LIMIT_BOOKING_PER_IP: '100000',
                RATE_LIMIT_LOOKUP_PER_IP: '100000',
                RATE_LIMIT_LOGIN_PER_IP: '100000',
                // The per-target limits the suites count against (the values the settings screen stores by default);
                // set as variables they override booking_rules, which test/worker/settings.rules.test.ts tests without.
                RATE_LIMIT_BOOKING_PER_PHONE: '10',
                RATE_LIMIT_LOOKUP_PER_TARGET: '30',
                RATE_LIMIT_LOGIN_PER_IDENTIFIER: '10',
                // Small enough for a test to reach the per-pitch socket cap (production: 500).
                LIVE_SOCKETS_PER_PITCH: '25',
                // The suites write D1 behind the API's back (fixtures) and read at once: no one-second memory of
                // availability answers there. test/worker/availability-memo.test.ts turns it on and tests it.
                AVAILABILITY_MEMO_MS: '0',
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          setupFiles: ['./test/worker/setup.ts'],
          globalSetup: ['./test/push-service/global-setup.ts'],
          testTimeout: 30_000,
        },
      }),
      // React islands in happy-dom.
      defineProject({
        plugins: [react()],
        test: {
          name: 'site',
          include: ['test/site/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./test/site/setup.ts'],
          // A form test types key by key through React Aria; on a loaded 2-core machine that passes 5 s.
          testTimeout: 20_000,
        },
      }),
      // Real pages in Debian's Chromium against the built Worker (one server for the whole run, see e2e/support).
      defineProject({
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      }),
    ],
  },
});
