// One real server for the whole browser-test run: the built Worker over freshly migrated, demo-seeded state.
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { root, startLocalServer } from '../../scripts/lib/local-server';

export default async function setup(project: TestProject) {
  const server = await startLocalServer({
    seed: 'demo',
    runsDir: resolve(root, 'e2e/.state'),
    // Browser tests book and look up a lot from one address.
    vars: {
      RATE_LIMIT_BOOKING_PER_IP: '100000',
      RATE_LIMIT_LOOKUP_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      // The fixed test pair of vitest.config.ts (never used outside tests): 'Bildirim al' reads the public key.
      VAPID_PUBLIC_KEY: 'BJC6VeADr5V-R96IM93ypDizsSoMl5GHJ95TGC3iLc6cuu68ETZhXC1EfdryUGSuI-uPMPVMdxr4CxqUlXLRggA',
      VAPID_PRIVATE_KEY: 'YRCICr-BjwTj6z3B1LYtoBRo9_SA4AGeqMkPY5s_s3s',
      VAPID_SUBJECT: 'mailto:bildirim@halisaha.example',
    },
  });
  project.provide('origin', server.origin);
  project.provide('state', server.state);
  return server.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string;
    state: string;
  }
}
