// The error-text rule of behaviour.md#error-messages: error.message, then message, then the joined details.errors, then the error's own message.
export const FALLBACK_ERROR = 'Bir hata oluştu';

export interface ApiErrorBody {
  error?: {
    status?: number;
    name?: string;
    message?: string;
    details?: { errors?: Array<{ message?: string }>; [k: string]: unknown };
  };
  message?: string;
}

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
  }
  get details() {
    return this.body?.error?.details ?? {};
  }
}

export function errorText(body: ApiErrorBody | null | undefined, own?: string, fallback = FALLBACK_ERROR): string {
  const joined = body?.error?.details?.errors
    ?.map((e) => e.message)
    .filter(Boolean)
    .join(', ');
  return body?.error?.message || body?.message || joined || own || fallback;
}

export function messageOf(e: unknown, fallback = FALLBACK_ERROR): string {
  if (e instanceof ApiRequestError) return e.message || fallback;
  if (e instanceof Error && e.name === 'AbortError') return 'İstek zaman aşımına uğradı, lütfen tekrar deneyin';
  return fallback;
}
