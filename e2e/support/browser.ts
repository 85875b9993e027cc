// Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags this closed network needs.
// playwright-core gives every launch a fresh temporary profile of its own.
import { type Browser, type BrowserContext, type ConsoleMessage, chromium, type Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';

export const origin = () => inject('origin');

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
    headless: true,
  });
  return { browser, close: () => browser.close() };
}

export async function newPage(
  browser: Browser,
  opts: { theme?: 'light' | 'dark'; width?: number; origin?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    // Another server than the shared one (a test that needs an empty database starts its own).
    baseURL: opts.origin ?? origin(),
    viewport: { width: opts.width ?? 1280, height: 900 },
    colorScheme: opts.theme ?? 'light',
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
  });
  watchConsole(context);
  const page = await context.newPage();
  return { context, page };
}

// ---------- no console error, page error or hydration warning on any page ----------

/**
 * An API answer of 4xx is how the API says no (not found, conflict, refused login), and a 404 page is answered with
 * 404: the browser logs each as 'Failed to load resource', and tests check those answers on screen. Everything else
 * logged as an error counts: 5xx, a missing script or stylesheet, a failed socket, React's errors.
 */
const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

function isApiOrDocument(url: string, page: Page): boolean {
  if (!url) return false;
  try {
    return new URL(url).pathname.startsWith('/api/') || url === page.url();
  } catch {
    return false;
  }
}

const problemsOf = new WeakMap<BrowserContext, string[]>();
const allowedOf = new WeakMap<BrowserContext, RegExp[]>();

function describeMessage(m: ConsoleMessage): string {
  const at = m.location();
  return `console.${m.type()}: ${m.text()}${at.url ? ` (${at.url}:${at.lineNumber})` : ''}`;
}

function watchPage(context: BrowserContext, page: Page) {
  const problems = problemsOf.get(context)!;
  const allowed = () => allowedOf.get(context) ?? [];
  page.on('console', (m) => {
    const text = m.text();
    const hydration = /hydrat|did not match|server rendered HTML|#418|#419|#423|#425/i.test(text);
    if (m.type() !== 'error' && !(m.type() === 'warning' && hydration)) return;
    if (m.type() === 'error' && EXPECTED_REFUSAL.test(text) && isApiOrDocument(m.location().url, page)) return;
    if (allowed().some((re) => re.test(text))) return;
    problems.push(describeMessage(m));
  });
  page.on('pageerror', (e) => {
    if (allowed().some((re) => re.test(e.message))) return;
    problems.push(`pageerror: ${e.message}`);
  });
}

/**
 * Every page of a context made by newPage is watched; the test that made it fails when any page logged a console
 * error, threw, or warned about hydration. Outside a test (beforeAll) the check runs when the context closes.
 */
function watchConsole(context: BrowserContext) {
  problemsOf.set(context, []);
  context.on('page', (page) => watchPage(context, page));
  const check = () => expect(problemsOf.get(context), 'console errors, page errors or hydration warnings').toEqual([]);
  try {
    onTestFinished(check);
  } catch {
    const close = context.close.bind(context);
    context.close = async (...args: Parameters<BrowserContext['close']>) => {
      await close(...args);
      check();
    };
  }
}

/** Hands over (and forgets) what a context's pages reported so far: for a test that provokes an error on purpose. */
export function takeConsoleProblems(context: BrowserContext): string[] {
  const problems = problemsOf.get(context) ?? [];
  return problems.splice(0, problems.length);
}

/** Lets one context log an error the test itself provokes and checks (say why at the call). */
export function allowConsole(context: BrowserContext, ...patterns: RegExp[]) {
  allowedOf.set(context, [...(allowedOf.get(context) ?? []), ...patterns]);
}

export interface SettleOptions {
  /** Wait for the network to fall quiet first (a page whose islands fetch once loaded). */
  networkIdle?: boolean;
  /** Wait until no island is left to hydrate. */
  hydrated?: boolean;
  /** Wait until nothing shows aria-busy: 'wait' fails after the timeout, 'lenient' goes on, 'ignore' does not wait. */
  busy?: 'wait' | 'lenient' | 'ignore';
  timeout?: number;
}

/** Waits until a screen is ready to read: by default its islands hydrated and none of them loading any more. */
export async function settle(
  page: Page,
  { networkIdle = false, hydrated = true, busy = 'wait', timeout = 10_000 }: SettleOptions = {},
) {
  if (networkIdle) await page.waitForLoadState('networkidle');
  if (hydrated) await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'), undefined, { timeout });
  if (busy === 'ignore') return;
  const idle = page.waitForFunction(() => !document.querySelector('[aria-busy=true]'), undefined, { timeout });
  await (busy === 'lenient' ? idle.catch(() => {}) : idle);
}

/** How many pixels the page is wider than the window (0 or less: no sideways scrolling). */
export const overflow = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

/**
 * After a tap on a free start of the pitch page: on a pitch offering several match lengths the lengths are offered
 * under the start first, the shortest that fits chosen (docs/behaviour.md#match-length); 'Devam Et' goes on to the
 * form. On a pitch offering one length the form is already there.
 */
export async function continueToForm(page: Page) {
  const form = page.getByRole('heading', { name: 'Bilgiler' });
  const next = page.locator('[data-length-continue]');
  await form.or(next).first().waitFor();
  if (!(await form.isVisible())) await next.click();
  await form.waitFor();
}
