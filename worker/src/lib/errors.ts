import { msg } from '../../../contracts/messages';
import { addTimings, type Timings } from './timing';

export type ErrorName =
  | 'ValidationError'
  | 'UnauthorizedError'
  | 'ForbiddenError'
  | 'NotFoundError'
  | 'ConflictError'
  | 'RateLimitError'
  | 'PreconditionFailedError'
  | 'PayloadTooLargeError'
  | 'UnsupportedMediaTypeError'
  | 'ServiceUnavailableError'
  | 'ApplicationError';

const STATUS: Record<ErrorName, number> = {
  ValidationError: 400,
  UnauthorizedError: 401,
  ForbiddenError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  RateLimitError: 429,
  PreconditionFailedError: 412,
  PayloadTooLargeError: 413,
  UnsupportedMediaTypeError: 415,
  ServiceUnavailableError: 503,
  ApplicationError: 500,
};

export interface FieldError {
  path: string[];
  message: string;
}
export interface ErrorDetails {
  errors?: FieldError[];
  [key: string]: unknown;
}

/** The one error the API raises; onError turns it into the single error body (behaviour.md#errors-and-input). */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly errorName: ErrorName,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.status = STATUS[errorName];
  }
  toBody() {
    return {
      data: null,
      error: { status: this.status, name: this.errorName, message: this.message, details: this.details },
    };
  }
}

export const badRequest = (message: string, details?: ErrorDetails) =>
  new ApiError('ValidationError', message, details);
export const unauthorized = (message: string = msg.unauthorized) => new ApiError('UnauthorizedError', message);
export const forbidden = (message: string = msg.forbidden) => new ApiError('ForbiddenError', message);
export const notFound = (message: string) => new ApiError('NotFoundError', message);
export const conflict = (message: string, details?: ErrorDetails) => new ApiError('ConflictError', message, details);
export const tooManyRequests = (retryAfterSeconds: number, message: string = msg.rateLimited) =>
  new ApiError('RateLimitError', message, { retryAfter: retryAfterSeconds });
export const preconditionFailed = (message: string) => new ApiError('PreconditionFailedError', message);
export const payloadTooLarge = () => new ApiError('PayloadTooLargeError', msg.bodyTooLarge);
export const unsupportedMediaType = () => new ApiError('UnsupportedMediaTypeError', msg.jsonRequired);
/** The maintenance switch: the public booking API is closed for a while. */
export const serviceUnavailable = (message: string) => new ApiError('ServiceUnavailableError', message);
export const serverError = () => new ApiError('ApplicationError', msg.generic);

/** A plain, serialisable outcome for crossing the Durable Object RPC boundary without losing the error's shape. */
export type Outcome<T> = (
  | { ok: true; value: T }
  | { ok: false; error: { name: ErrorName; message: string; details: ErrorDetails } }
) & {
  /** The object's own steps, when the request is timed (lib/timing.ts). */
  timings?: Timings;
};
export const fail = (e: ApiError): Outcome<never> => ({
  ok: false,
  error: { name: e.errorName, message: e.message, details: e.details },
});
export function unwrap<T>(o: Outcome<T>): T {
  addTimings('do.', o.timings);
  if (o.ok) return o.value;
  throw new ApiError(o.error.name, o.error.message, o.error.details);
}
