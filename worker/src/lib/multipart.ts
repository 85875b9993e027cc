// The pitch form's two body shapes (api.md): JSON ({data:{...}} or flat), or multipart/form-data with a `data` field (a
// JSON string) and the images under `files.images`.
import type { Context } from 'hono';
import { msg } from '../../../contracts/messages';
import { badRequest } from './errors';
import { refuseDeepJson, requireJson } from './validate';

export const IMAGES_FIELD = 'files.images';
export const VARIANTS_FIELD = 'files.variants';

export const isMultipart = (req: Request) => /^multipart\/form-data\s*;/i.test(req.headers.get('content-type') ?? '');

const unreadable = (path: string) =>
  badRequest(msg.malformedJson, { errors: [{ path: [path], message: msg.malformedJson }] });

/** The body's value (still to be validated) and the uploaded files, in the order sent. */
export async function readFormOrJson(c: Context): Promise<{ value: unknown; files: File[]; variants: File[] }> {
  if (isMultipart(c.req.raw)) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw badRequest('İstek gövdesi okunamadı', { errors: [{ path: ['data'], message: 'İstek gövdesi okunamadı' }] });
    }
    const data = form.get('data');
    let value: unknown = {};
    if (typeof data === 'string') {
      refuseDeepJson(data);
      try {
        value = JSON.parse(data);
      } catch {
        throw unreadable('data');
      }
    }
    // A file input left empty still sends one nameless, empty part: it is no image.
    const filesOf = (field: string) =>
      form.getAll(field).filter((f): f is File => typeof f !== 'string' && !(f.size === 0 && f.name === ''));
    return { value, files: filesOf(IMAGES_FIELD), variants: filesOf(VARIANTS_FIELD) };
  }
  requireJson(c.req.raw);
  // Through Hono's body cache: the depth check in app.ts has read the text already.
  const text = await c.req.text();
  if (text.trim() === '') return { value: {}, files: [], variants: [] };
  try {
    return { value: JSON.parse(text), files: [], variants: [] };
  } catch {
    throw badRequest(msg.malformedJson);
  }
}
