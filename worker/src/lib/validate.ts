import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import { controlCharPath } from '../../../contracts/common';
import { WEEK_DAY_LABELS } from '../../../contracts/facility-form';
import { msg } from '../../../contracts/messages';
import { badRequest, unsupportedMediaType } from './errors';

/**
 * Field names as a user reads them, for the Turkish fallback below. A schema's own message always wins; this only
 * speaks for issues a schema left without one (a wrong type, a limit without a message), so no validator text — zod's
 * English or its Turkish locale ('Çok büyük: beklenen …') — ever reaches a user.
 */
const FIELD_LABELS: Record<string, string> = {
  customerName: 'Ad Soyad',
  customerPhone: 'Telefon',
  customerEmail: 'E-posta',
  notes: 'Notlar',
  reason: 'Sebep',
  facility: 'Saha',
  facilityId: 'Saha',
  bookingSlot: 'Saat',
  includesTransportation: 'Servis seçimi',
  transportationDetails: 'Servis bilgisi',
  pickupPointId: 'Alış noktası',
  clientTimestamp: 'İstemci zamanı',
  clientTimezone: 'İstemci saat dilimi',
  bookingNumber: 'Rezervasyon numarası',
  phone: 'Telefon',
  date: 'Tarih',
  from: 'Başlangıç tarihi',
  to: 'Bitiş tarihi',
  identifier: 'E-posta veya kullanıcı adı',
  username: 'Kullanıcı adı',
  firstName: 'Ad',
  lastName: 'Soyad',
  password: 'Şifre',
  q: 'Arama',
  page: 'Sayfa',
  pageSize: 'Sayfa boyutu',
  status: 'Durum',
  // the pitch form (contracts/facility-form.ts)
  name: 'Ad',
  description: 'Açıklama',
  address: 'Adres',
  latitude: 'Enlem',
  longitude: 'Boylam',
  hourlyPrice: 'Saat ücreti',
  depositAmount: 'Depozito tutarı',
  depositIban: 'IBAN',
  bankName: 'Banka adı',
  recipientName: 'Alıcı adı',
  phoneNumbers: 'Telefon numaraları',
  email: 'E-posta',
  googleMapsLocation: 'Harita konumu',
  workingHours: 'Çalışma saatleri',
  ...WEEK_DAY_LABELS,
  isOpen: 'Açık günü',
  start: 'Açılış saati',
  end: 'Kapanış saati',
  bookingTimeType: 'Rezervasyon süresi',
  startTimeOffset: 'Başlangıç saati tipi',
  autoApprovalTimeout: 'Otomatik iptal süresi',
  priority: 'Öncelik',
  seoTitle: 'SEO başlığı',
  seoDescription: 'SEO açıklaması',
  seoKeywords: 'SEO anahtar kelimeleri',
  isActive: 'Aktiflik durumu',
  facilities: 'İmkanlar',
  available: 'Kullanılabilirlik',
  icon: 'Simge',
  transportationService: 'Servis hizmeti',
  price: 'Ücret',
  vehicleInfo: 'Araç bilgisi',
  capacity: 'Araç kapasitesi',
  pickupPoints: 'Alış noktaları',
  time: 'Saat',
  minutesBefore: 'Alış süresi',
  imagesToDelete: 'Silinecek görseller',
  'files.images': 'Görseller',
  force: 'Zorla silme',
  // price rules (contracts/pricing-form.ts)
  rules: 'Fiyat kuralları',
  days: 'Günler',
  dateFrom: 'Başlangıç tarihi',
  dateTo: 'Bitiş tarihi',
  startTime: 'Başlangıç saati',
  endTime: 'Bitiş saati',
  adjustment: 'Fiyat türü',
  amount: 'Tutar',
  note: 'Not',
};

interface Fallback {
  code: string;
  /** The field was left out (no value at all), as opposed to sent with a wrong one. */
  missing?: boolean;
  maximum?: number | bigint;
  minimum?: number | bigint;
  origin?: string;
}
const MARK = '\u0000fallback:';

// Marks every issue that has no message of its own; toBadRequest turns the mark into Turkish once the full path is known.
z.config({
  customError: (iss) =>
    MARK +
    JSON.stringify({
      code: iss.code,
      missing: iss.code === 'invalid_type' && iss.input === undefined,
      maximum: (iss as { maximum?: unknown }).maximum,
      minimum: (iss as { minimum?: unknown }).minimum,
      origin: (iss as { origin?: unknown }).origin,
    } as Fallback),
});

export function fallbackMessage(path: PropertyKey[], f: Fallback): string {
  const key = [...path].reverse().find((p) => typeof p === 'string' && p in FIELD_LABELS) as string | undefined;
  const label = key ? FIELD_LABELS[key] : null;
  if (!label) return msg.validation;
  if (f.missing) return `${label} gerekli`;
  if (f.code === 'too_big' && f.origin === 'string' && f.maximum !== undefined)
    return `${label} en fazla ${f.maximum} karakter olabilir`;
  if (f.code === 'too_small' && f.origin === 'string' && f.minimum !== undefined)
    return `${label} en az ${f.minimum} karakter olmalı`;
  return `${label} geçersiz`;
}

function messageOf(issue: z.core.$ZodIssue): string {
  if (typeof issue.message !== 'string' || !issue.message.startsWith(MARK)) return issue.message;
  try {
    return fallbackMessage(issue.path, JSON.parse(issue.message.slice(MARK.length)) as Fallback);
  } catch {
    return msg.validation;
  }
}

function toBadRequest(error: z.ZodError): never {
  const errors = error.issues.map((i) => ({ path: i.path.map(String), message: messageOf(i) }));
  throw badRequest(errors[0]?.message ?? msg.validation, { errors });
}

/** The field's own name when it has one: 'Ad Soyad geçersiz (görünmeyen) bir karakter içeriyor'. */
export function controlCharMessage(path: PropertyKey[]): string {
  const key = [...path].reverse().find((p) => typeof p === 'string' && p in FIELD_LABELS) as string | undefined;
  return key ? `${FIELD_LABELS[key]} geçersiz (görünmeyen) bir karakter içeriyor` : msg.controlChars;
}

/**
 * Runs before every schema (body, query, path, the pitch form's data field): a text or key holding a control character
 * (contracts/common.ts CONTROL_CHAR) is refused on its path, whatever schema the field has.
 */
const withoutControlChars = (value: unknown, ctx: z.RefinementCtx) => {
  const path = controlCharPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: controlCharMessage(path) });
  return value;
};
const checked = <S extends z.ZodType>(schema: S) => z.preprocess(withoutControlChars, schema) as unknown as S;

/** Write bodies may come flat or wrapped as { data: {...} } (behaviour.md#errors-and-input). */
const unwrapData = (value: unknown) =>
  value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  'data' in value &&
  typeof (value as { data: unknown }).data === 'object'
    ? (value as { data: unknown }).data
    : value;

/** Validates a value already read (a multipart form's `data` field, say) with the same messages and shape as body(). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = checked(schema).safeParse(unwrapData(value));
  if (!result.success) toBadRequest(result.error);
  return result.data as z.infer<S>;
}

const hook = (result: { success: boolean; error?: unknown }) => {
  if (!result.success) toBadRequest(result.error as z.ZodError);
};

/** A JSON media type: application/json or application/…+json, with or without parameters. */
export const isJsonType = (type: string | null | undefined) =>
  !!type && /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(type);

/**
 * How deeply objects and arrays may nest in a body. The deepest real body is the pitch form's (data → workingHours →
 * day, or data → transportationService → pickupPoints → point: 4 or 5 levels); 20 leaves room and refuses only what no
 * form sends. Without a bound, 3,000 levels overflowed the stack in a later recursion (schema, JSON.stringify).
 */
export const MAX_JSON_DEPTH = 20;

/**
 * Refuses JSON text nested deeper than MAX_JSON_DEPTH, counted on the text itself (brackets outside strings), so
 * nothing recursive ever sees it. Malformed text is left to the parser and its own message.
 */
export function refuseDeepJson(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) throw badRequest(msg.jsonTooDeep);
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
}

/**
 * JSON routes take JSON only: another type is refused with 415 instead of being read as {} (a text/plain
 * form post from a foreign page must not reach a handler). A request with no body at all still reads as {}.
 */
export function requireJson(req: Request): void {
  const type = req.headers.get('content-type');
  if (
    type
      ? !isJsonType(type)
      : Number(req.headers.get('content-length') ?? 0) > 0 || req.headers.has('transfer-encoding')
  ) {
    throw unsupportedMediaType();
  }
}

export const body = <S extends z.ZodType>(schema: S) => {
  const validate = zValidator('json', z.preprocess(unwrapData, checked(schema)) as unknown as S, hook);
  return (async (c, next) => {
    requireJson(c.req.raw);
    return validate(c, next);
  }) as typeof validate;
};
export const query = <S extends z.ZodType>(schema: S) => zValidator('query', checked(schema), hook);
export const param = <S extends z.ZodType>(schema: S) => zValidator('param', checked(schema), hook);
