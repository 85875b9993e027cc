// Security headers for the API (through hono's secureHeaders) and for Astro's pages (set in entry.ts); see security.md#threat-model.

/** No referrer leaves the site (tracking URLs may carry a booking number); same-origin requests keep theirs. */
export const REFERRER_POLICY = 'same-origin';

/** JSON and images only: nothing may run, load or frame anything. */
export const API_CSP = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/**
 * The pages' policy. Scripts only from the site or carrying this response's nonce (the theme script and Astro's island
 * runtime are inline; entry.ts stamps the nonce on every script tag of the page). Styles allow 'unsafe-inline' because
 * React islands render style attributes (a nonce cannot cover an attribute); that is the only relaxation.
 */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The pitch page embeds its Google Maps location.
    'frame-src https://www.google.com https://maps.google.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Adds the page headers to an Astro answer; HTML gets the CSP and its script tags the nonce. */
export function securePageResponse(res: Response): Response {
  if (res.status === 101 || res.webSocket) return res;
  const headers = new Headers(res.headers);
  headers.set('x-content-type-options', 'nosniff');
  headers.set('referrer-policy', REFERRER_POLICY);
  headers.set('x-frame-options', 'DENY');
  headers.set('cross-origin-opener-policy', 'same-origin');
  headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  const html = (headers.get('content-type') ?? '').includes('text/html');
  if (!html || !res.body) {
    if (!headers.has('content-security-policy')) headers.set('content-security-policy', "frame-ancestors 'none'");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
  const nonce = newNonce();
  headers.set('content-security-policy', pageCsp(nonce));
  const out = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  return new HTMLRewriter()
    .on('script', {
      element(el) {
        el.setAttribute('nonce', nonce);
      },
    })
    .transform(out);
}
