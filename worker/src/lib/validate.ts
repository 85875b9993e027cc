import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import { msg } from '../../../contracts/messages';
import { badRequest, unsupportedMediaType } from './errors';

z.config(z.locales.tr());

function toBadRequest(error: z.ZodError): never {
  const errors = error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
  throw badRequest(errors[0]?.message ?? msg.validation, { errors });
}

/** Write bodies may come flat or wrapped as { data: {...} } (00 §6). */
const unwrapData = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) && 'data' in value && typeof (value as { data: unknown }).data === 'object'
    ? (value as { data: unknown }).data
    : value;

const hook = (result: { success: boolean; error?: unknown }) => {
  if (!result.success) toBadRequest(result.error as z.ZodError);
};

/**
 * JSON routes take JSON only (issue 7 §4): another type is refused with 415 instead of being read as {} (a text/plain
 * form post from a foreign page must not reach a handler). A request with no body at all still reads as {}.
 */
function requireJson(req: Request): void {
  const type = req.headers.get('content-type');
  if (type ? !/^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(type) : Number(req.headers.get('content-length') ?? 0) > 0 || req.headers.has('transfer-encoding')) {
    throw unsupportedMediaType();
  }
}

export const body = <S extends z.ZodType>(schema: S) => {
  const validate = zValidator('json', z.preprocess(unwrapData, schema) as unknown as S, hook);
  return (async (c, next) => {
    requireJson(c.req.raw);
    return validate(c, next);
  }) as typeof validate;
};
export const query = <S extends z.ZodType>(schema: S) => zValidator('query', schema, hook);
export const param = <S extends z.ZodType>(schema: S) => zValidator('param', schema, hook);
