import { hc } from 'hono/client';
import type { AppType } from '../server/app-type';
import { $session, signingOut, signOut } from '../stores/session';
import { type ApiErrorBody, ApiRequestError, errorText } from './errors';

const TIMEOUT_MS = 10_000;

/**
 * The one client: hc<AppType> typed from the Hono app, with the 10 s timeout and the 401 rule of behaviour.md#error-messages (a 401 clears the
 * session; inside /yonetim the visitor goes to /giris). The HttpOnly session cookie is the credential: the browser sends
 * it on same-origin requests, and no token is ever read or added here.
 */
async function fetchWithRules(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const signal = init?.signal ?? AbortSignal.timeout(TIMEOUT_MS);
  const res = await fetch(input, { ...init, credentials: 'same-origin', signal });
  if (
    res.status === 401 &&
    !signingOut() &&
    ($session.get().status === 'signed-in' || location.pathname.startsWith('/yonetim'))
  ) {
    void signOut();
    if (location.pathname.startsWith('/yonetim'))
      location.assign(`/giris?redirect=${encodeURIComponent(location.pathname + location.search)}`);
  }
  return res;
}

export const client = hc<AppType>(typeof location === 'undefined' ? 'http://localhost' : location.origin, {
  fetch: fetchWithRules,
});

type DataOf<T> = T extends { data: infer D } ? D : never;
type MetaOf<T> = T extends { meta: infer M } ? M : never;
type Call<T> = Promise<{ ok: boolean; status: number; json(): Promise<T> }>;

/** Resolves an hc call to its `data`, or throws ApiRequestError with the Turkish text of behaviour.md#error-messages. */
export async function unwrap<T>(call: Call<T>): Promise<DataOf<T>> {
  return (await unwrapPage(call)).data;
}

/** The same for list answers, whose `meta` (pagination, counts) the screen needs as well. */
export async function unwrapPage<T>(call: Call<T>): Promise<{ data: DataOf<T>; meta: MetaOf<T> }> {
  const res = await call;
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) throw new ApiRequestError(errorText(body as ApiErrorBody), res.status, body as ApiErrorBody);
  return body as { data: DataOf<T>; meta: MetaOf<T> };
}

/** Every row of a paged list, its pages read one after another (an export covers the filtered set, not one page). */
export async function allPages<R>(
  page: (n: number) => Promise<{ data: R[]; meta: { pagination: { pageCount: number } } }>,
): Promise<R[]> {
  const rows: R[] = [];
  let pageCount = 1;
  for (let n = 1; n <= pageCount; n++) {
    const body = await page(n);
    rows.push(...body.data);
    pageCount = body.meta.pagination.pageCount;
  }
  return rows;
}

export { ApiRequestError };

/** Uploads take longer than the 10 s of every other call (api.md: 30 s). */
export const UPLOAD_TIMEOUT_MS = 30_000;

/**
 * The one call hc's typed client cannot make: a multipart body (a pitch with its images: `data` the JSON of the values,
 * each file as `files.images`). Every JSON call goes through `client`. Same 401 rule and error text as `unwrap`.
 */
export async function send<T>(method: 'POST' | 'PUT', path: string, body: FormData): Promise<T> {
  const init: RequestInit = { method, body, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) };
  return (await unwrap<{ data: T }>(fetchWithRules(new URL(path, location.origin), init))) as T;
}

/** `send` with the answer's `meta` as well (a new pitch says how many slots it opened). */
export async function sendPage<T, M>(method: 'POST' | 'PUT', path: string, body: FormData) {
  const init: RequestInit = { method, body, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) };
  return (await unwrapPage<{ data: T; meta: M }>(fetchWithRules(new URL(path, location.origin), init))) as {
    data: T;
    meta: M | undefined;
  };
}

/**
 * The pitch form's body: the values as JSON in `data`, every new image as `files.images` (api.md) and their smaller
 * copies as `files.variants` (lib/image-variants.ts).
 */
export function facilityFormData(values: unknown, files: readonly File[], variants: readonly File[] = []): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(values));
  for (const file of files) form.append('files.images', file, file.name);
  for (const file of variants) form.append('files.variants', file, file.name);
  return form;
}
