// Slot generation at the panel's scale: 10 pitches created through the panel's API, then three months of
// slots generated for each through POST /api/facilities/:ref/generate-slots, on a private local server.
//   npm run bench:generation
// Prints the total time, the rows written and whether the target (all 10 pitches in ≤ 3 s) was met.
import { startLocalServer } from '../scripts/lib/local-server';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { benchSession, benchStaffSql } from './lib/staff';

const FACILITIES = 10;
const DAYS = 92; // today … today + 3 months, the panel's generation window (behaviour.md#slots)
const TARGET_MS = 3000;
const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Five hourly pitches open 09:00–23:00 and five half-hourly ones open 08:00–01:00 (overnight), as staff enter them. */
function facility(i: number) {
  const halfHourly = i % 2 === 1;
  const day = halfHourly
    ? { isOpen: true, start: '08:00', end: '01:00' }
    : { isOpen: true, start: '09:00', end: '23:00' };
  return {
    data: {
      name: `Bench Üretim Sahası ${i + 1}`,
      hourlyPrice: 150 + i * 10,
      depositAmount: 50,
      bookingTimeType: halfHourly ? 'half-hourly' : 'hourly',
      workingHours: Object.fromEntries(DAY_NAMES.map((d) => [d, day])),
      facilities: [{ name: 'Duş' }, { name: 'Otopark' }],
    },
  };
}

async function main() {
  console.log('bench:generation: building and starting a private server …');
  const server = await startLocalServer({
    seed: {
      sql: await benchStaffSql(2),
    },
  });
  try {
    const session = await benchSession(server.origin);
    const headers = { cookie: session, origin: server.origin, 'content-type': 'application/json' };

    const refs: string[] = [];
    const createStart = performance.now();
    for (let i = 0; i < FACILITIES; i++) {
      const res = await fetch(`${server.origin}/api/facilities`, {
        method: 'POST',
        headers,
        body: JSON.stringify(facility(i)),
      });
      const body = (await res.json()) as { data: { documentId: string } };
      if (res.status !== 201) throw new Error(`create: HTTP ${res.status} ${JSON.stringify(body)}`);
      refs.push(body.data.documentId);
    }
    const createMs = performance.now() - createStart;

    const startDate = istanbulToday();
    const endDate = addDays(startDate, DAYS);
    const perFacility: number[] = [];
    let rows = 0;
    const start = performance.now();
    for (const ref of refs) {
      const t = performance.now();
      const res = await fetch(`${server.origin}/api/facilities/${ref}/generate-slots`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ startDate, endDate, overwrite: false }),
      });
      const body = (await res.json()) as { data: { created: number } };
      if (res.status !== 200) throw new Error(`generate: HTTP ${res.status} ${JSON.stringify(body)}`);
      perFacility.push(performance.now() - t);
      rows += body.data.created;
    }
    const totalMs = performance.now() - start;

    // A second pass with overwrite: every free slot replaced (deletes and inserts), the heaviest generation there is.
    const overStart = performance.now();
    let replaced = 0;
    for (const ref of refs) {
      const res = await fetch(`${server.origin}/api/facilities/${ref}/generate-slots`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ startDate, endDate, overwrite: true }),
      });
      const body = (await res.json()) as { data: { replaced: number } };
      if (res.status !== 200) throw new Error(`overwrite: HTTP ${res.status} ${JSON.stringify(body)}`);
      replaced += body.data.replaced;
    }
    const overMs = performance.now() - overStart;

    console.log(
      `\n${FACILITIES} pitches created through POST /api/facilities in ${createMs.toFixed(0)} ms; loopback; wrangler dev (workerd); ${new Date().toISOString()}`,
    );
    console.log(`generation ${startDate} … ${endDate} (${DAYS + 1} days), one request per pitch, sequential:`);
    console.log(`  total time            ${totalMs.toFixed(0)} ms`);
    console.log(`  rows written          ${rows.toLocaleString('en')} slots`);
    console.log(
      `  per pitch             min ${Math.min(...perFacility).toFixed(0)} ms, max ${Math.max(...perFacility).toFixed(0)} ms`,
    );
    console.log(`  overwrite pass        ${overMs.toFixed(0)} ms, ${replaced.toLocaleString('en')} slots replaced`);
    console.log(`\ntarget ≤ 3 s: ${totalMs <= TARGET_MS ? 'met' : 'MISSED'}`);
  } finally {
    await server.stop();
  }
}

await main();
