// The pitch page does not jump while it loads, in real Chromium: the calendar's placeholders take the place the slots
// will take (site/src/stores/booking/placeholder.ts), so when the slots answer lands nothing below moves. The answer is
// held back half a second so the placeholders are surely painted first. Layout shift is the browser's own measure (the
// 'layout-shift' entries Lighthouse sums as CLS), taken on a phone and on a desktop, in both themes.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser';

const SLUG = 'nilufer-arena-hali-saha';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

describe('pitch page layout shift', () => {
  for (const [width, height, theme] of [
    [360, 740, 'light'],
    [412, 823, 'dark'],
    [1280, 900, 'dark'],
    [1280, 900, 'light'],
  ] as const) {
    it(`slots arriving move nothing at ${width}×${height} (${theme})`, async () => {
      const { context, page } = await newPage(browser, { theme, width });
      await page.setViewportSize({ width, height });
      let held = 0;
      await page.route(/\/api\/facilities\/[^/]+\/slots/, async (route) => {
        held++;
        await new Promise((r) => setTimeout(r, 500));
        await route.continue();
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number; __shifts: string[] };
        w.__shift = 0;
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (e.hadRecentInput) continue;
            w.__shift += e.value;
            const sources = (e as unknown as { sources?: Array<{ node?: Node | null }> }).sources ?? [];
            w.__shifts.push(
              `${e.value.toFixed(4)} ${sources.map((s) => (s.node as Element | null)?.outerHTML?.slice(0, 80) ?? '?').join(' | ')}`,
            );
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`/saha/${SLUG}`);
      // The slots have arrived: the first day lists its hours as buttons.
      await page.locator('[data-day] ul button >> visible=true').first().waitFor();
      expect(held).toBeGreaterThan(0);
      await page.waitForTimeout(500);
      const { shift, shifts } = await page.evaluate(() => {
        const w = window as unknown as { __shift: number; __shifts: string[] };
        return { shift: w.__shift, shifts: w.__shifts };
      });
      expect(shift, shifts.join('\n')).toBeLessThan(0.01);
      await context.close();
    });
  }
});
