// axe-core run inside the page: the serious and critical WCAG 2.x A/AA violations, one line each.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol rather than added as a <script>: the pages' CSP rightly refuses
// an inline script without its nonce, and the sweep must not weaken it.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axe(page: Page): Promise<string[]> {
  // Colours are judged once they settle: a tab just clicked is still fading between its two states for a moment.
  // Endless animations (a pulsing live dot) never finish and are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return (
      result.violations as Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>
    )
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} → ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
  });
}

/**
 * Only the named rules, each whatever its tags: e.g. 'label-content-name-mismatch' (WCAG 2.5.3, label in name), which
 * axe counts as experimental and so leaves out of the tag-based run above. Same one-line form.
 */
export async function axeRules(page: Page, ids: string[]): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (only) => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, {
      runOnly: { type: 'rule', values: only },
      rules: Object.fromEntries(only.map((id) => [id, { enabled: true }])),
    });
    return (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>).map(
      (v) => `${v.impact} ${v.id} → ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
  }, ids);
}
