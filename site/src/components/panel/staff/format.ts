import { ApiRequestError, messageOf } from '../../../lib/errors';

// dd.mm.yyyy HH:mm in Istanbul time (behaviour.md#public-site: dates in tr-TR), for last logins and audit rows.
const stamp = new Intl.DateTimeFormat('tr-TR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Istanbul',
});

export const dateTimeTr = (ms: number | null | undefined) => (ms ? stamp.format(new Date(ms)) : '');

/** Field errors of the one error shape, by their first path segment. */
export function fieldErrors(details: unknown): Record<string, string> {
  const errors = (details as { errors?: { path?: string[]; message?: string }[] } | undefined)?.errors ?? [];
  const out: Record<string, string> = {};
  for (const e of errors) {
    const key = e.path?.[0];
    if (key && e.message && !out[key]) out[key] = e.message;
  }
  return out;
}

/** The form's own check, refused: its messages by field, as the server's answer would give them. */
export const issueErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  fieldErrors({ errors: issues.map((i) => ({ path: i.path.map(String), message: i.message })) });

/** The server's refusal: its messages by field, or else its one message under `form`. */
export function submitErrors(e: unknown): Record<string, string> {
  const own = e instanceof ApiRequestError ? fieldErrors(e.details) : {};
  return Object.keys(own).length ? own : { form: messageOf(e) };
}
