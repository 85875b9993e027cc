import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import { msg } from '../../../contracts/messages';
import { badRequest } from './errors';

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

export const body = <S extends z.ZodType>(schema: S) => zValidator('json', z.preprocess(unwrapData, schema) as unknown as S, hook);
export const query = <S extends z.ZodType>(schema: S) => zValidator('query', schema, hook);
export const param = <S extends z.ZodType>(schema: S) => zValidator('param', schema, hook);
