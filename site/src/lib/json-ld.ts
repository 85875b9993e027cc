/**
 * Stored JSON-LD names the site's own addresses by path ('/#website', '/saha/x'); they become absolute here, under the
 * one site origin, so structured data and canonical can never disagree whatever host serves the page.
 */
export function withOrigin<T>(value: T, origin: string): T {
  if (typeof value === 'string')
    return (value.startsWith('/') && !value.startsWith('//') ? new URL(value, origin).href : value) as T;
  if (Array.isArray(value)) return value.map((v) => withOrigin(v, origin)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withOrigin(v, origin)])) as T;
  return value;
}
